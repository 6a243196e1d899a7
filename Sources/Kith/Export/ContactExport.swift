import ContentLines
import Foundation
import VCardFormat

/// People written as vCards: the modelled fields, then the kept lines.
extension ContactMapping {
    /// A person as a vCard in 4.0 form (the writer converts to 3.0).
    /// - Parameters:
    ///   - traits: the person's traits (kind path, text), newest last.
    ///   - photo: the profile photo's bytes and media type.
    static func card(
        for p: Person, traits: [(path: String, text: String)], photo: (Data, String)?,
        version: VCard.Version
    ) -> VCard {
        var lines: [ContentLine] = []
        func text(_ s: String) -> String { TextEscaping.escape(s) }
        // Groups for custom labels, avoiding the groups of kept lines (`item1.X-ABADR`).
        let usedGroups = Set(
            p.vcardLines.compactMap { raw -> String? in
                guard let dot = raw.firstIndex(of: "."), let colon = raw.firstIndex(of: ":"), dot < colon,
                    !raw[..<dot].contains(";")
                else { return nil }
                return raw[..<dot].lowercased()
            })
        var group = 0
        func nextGroup() -> String {
            repeat { group += 1 } while usedGroups.contains("item\(group)")
            return "item\(group)"
        }
        func typed(_ name: String, _ v: LabeledValue, escape: Bool = true) {
            let value = escape ? text(v.value) : v.value
            let tokens = v.label.lowercased().split(separator: ",").map { $0.kithTrimmed(newlines: false) }.filter { !$0.isEmpty }
            if tokens.allSatisfy({ knownTypes.contains($0) }) {
                var l = ContentLine(name: name, value: value)
                if !tokens.isEmpty { l.setParameter("TYPE", tokens) }
                lines.append(l)
            } else {
                let g = nextGroup()
                lines.append(ContentLine(group: g, name: name, value: value))
                lines.append(ContentLine(group: g, name: "X-ABLabel", value: text(v.label)))
            }
        }
        lines.append(ContentLine(name: "UID", value: p.uid))
        // The fields in their order (PersonFields.layout); the kept lines come last, below.
        let fields = PersonFields.plainFields
        for step in PersonFields.steps {
            switch step {
            case .name:
                lines.append(ContentLine(name: "FN", value: text(p.displayName)))
                let n = p.name
                lines.append(ContentLine(name: "N", value: [n.family, n.given, n.additional, n.prefixes, n.suffixes].map(text).joined(separator: ";")))
            case .nicknames:
                if !p.nicknames.isEmpty { lines.append(ContentLine(name: "NICKNAME", value: p.nicknames.map(text).joined(separator: ","))) }
            case .emails: for e in p.emails { typed("EMAIL", e) }
            case .phones: for t in p.phones { typed("TEL", t) }
            case .addresses:
                for a in p.addresses {
                    var l = ContentLine(
                        name: "ADR",
                        value: [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country]
                            .map { TextEscaping.escape($0) }.joined(separator: ";"))
                    let tokens = a.label.lowercased().split(separator: ",").map(String.init)
                    if !tokens.isEmpty && tokens.allSatisfy({ knownTypes.contains($0) }) {
                        l.setParameter("TYPE", tokens)
                    } else if !a.label.isEmpty {
                        l.setParameter("LABEL", [a.label])
                    }
                    lines.append(l)
                }
            case .urls: for u in p.urls { typed("URL", u, escape: false) }
            case .vcardLines: break
            case .plain(let i):
                let f = fields[i]
                switch f.vcard {
                case .text(let name, let v3):
                    if let t = f.text(p.fields), !t.isEmpty { lines.append(ContentLine(name: version == .v4_0 ? name : v3, value: text(t))) }
                case .paragraphs(let name):
                    if let t = f.text(p.fields), !t.isEmpty { lines.append(ContentLine(name: name, value: text(t))) }
                case .date(let name):
                    if let d = f.text(p.fields).flatMap({ PartialDate($0) }) { lines.append(ContentLine(name: name, value: vcardDate(d))) }
                case .byHand(.organization):
                    if !p.organization.isEmpty { lines.append(organizationLine(p)) }
                case .byHand(.photo):
                    if let (data, type) = photo {
                        var card = VCard(version: .v4_0)
                        card.photos = [.inline(data: [UInt8](data), mediaType: type)]
                        lines += card.properties
                    }
                case .none:
                    break
                }
            }
        }
        // Kept lines, parsed back; RFC 6715 lines only while their trait still exists.
        let traitTexts = Set(traits.map { $0.text })
        var keptCategories: [String] = []
        var keptTraitTexts = Set<String>()
        for raw in p.vcardLines {
            var reader = VCardLineReader(string: raw + "\r\n")
            guard let l = reader.next() else { continue }
            switch l.name {
            case "ORG":
                continue  // written above, when it still matches the organisation
            case "CATEGORIES":
                keptCategories += TextEscaping.splitList(l.value)
            case "INTEREST", "HOBBY", "EXPERTISE":
                let t = TextEscaping.unescape(l.value)
                if traitTexts.contains(t) && version == .v4_0 { lines.append(l); keptTraitTexts.insert(t) }
            default:
                lines.append(l)
            }
        }
        let categories = (p.relation.map { [$0.path] } ?? []) + keptCategories
        if !categories.isEmpty { lines.append(ContentLine(name: "CATEGORIES", value: categories.map(text).joined(separator: ","))) }
        for t in traits where !keptTraitTexts.contains(t.text) {
            if version == .v4_0 {
                if let property = TraitProperty(traitPath: t.path) {
                    lines.append(ContentLine(name: property.rawValue, value: text(t.text)))
                } else {
                    lines.append(ContentLine(name: "NOTE", value: text("\(t.path): \(t.text)")))
                }
            } else {
                lines.append(ContentLine(name: "NOTE", value: text("\(t.path): \(t.text)")))
            }
        }
        if let rev = p.rev { lines.append(ContentLine(name: "REV", value: rev)) }
        return VCard(version: .v4_0, properties: lines)
    }

    /// ORG: the structured line kept from the card while it still gives the organisation,
    /// else the organisation as one text.
    static func organizationLine(_ p: Person) -> ContentLine {
        let structured = p.vcardLines.lazy.filter { $0.hasPrefix("ORG:") || $0.hasPrefix("ORG;") }.compactMap { raw -> ContentLine? in
            var reader = VCardLineReader(string: raw + "\r\n")
            return reader.next()
        }.first { l in
            TextEscaping.split(l.value, on: ";").map(TextEscaping.unescape).filter { !$0.isEmpty }.joined(separator: ", ") == p.organization
        }
        return structured ?? ContentLine(name: "ORG", value: TextEscaping.escape(p.organization))
    }

    /// `19900412` or `--0412`.
    static func vcardDate(_ d: PartialDate) -> String {
        VCard.PartialDate(year: d.year, month: d.month, day: d.day).basicFormat
    }
}
