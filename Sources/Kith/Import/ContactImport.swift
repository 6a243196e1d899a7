import ContentLines
import Foundation
import VCardFormat

/// vCards read as people: what the import takes from a card, and the lines it keeps.
extension ContactMapping {
    /// What the import takes from a card.
    /// - Returns: nil with a reason when the card has no name at all.
    static func contact(from source: VCard, warnings: inout [ImportWarning]) -> Result<ImportedContact, ImportFailure> {
        // Work in 4.0 form so kept lines are stored in one dialect.
        var lines = lines4(of: source)
        // Control characters (other than tab and line breaks) are no valid content: they go,
        // with one warning for the card, so that what Kith writes from it stays valid.
        var removedControls = false
        for i in lines.indices {
            if ContentLine.forbiddenCharacter(inValue: lines[i].value) != nil {
                lines[i].value = EventMapping.withoutControlCharacters(lines[i].value).0
                removedControls = true
            }
            for k in lines[i].parameters.indices {
                for v in lines[i].parameters[k].values.indices where ContentLine.forbiddenCharacter(inParameterValue: lines[i].parameters[k].values[v]) != nil {
                    lines[i].parameters[k].values[v] = EventMapping.withoutControlCharacters(lines[i].parameters[k].values[v]).0
                    removedControls = true
                }
            }
        }
        if removedControls {
            warnings.append(
                ImportWarning(
                    line: source.line, code: .controlCharacters,
                    message: "line \(source.line): the card held control characters; they were removed."))
        }
        let card = VCard(version: .v4_0, properties: lines, line: source.line)
        let emails = card.emails.filter { !$0.value.kithTrimmed(newlines: false).isEmpty }
        let n = card.name
        var name = PersonName()
        if let n {
            name = PersonName(
                family: n.familyNames.joined(separator: " "), given: n.givenNames.joined(separator: " "),
                additional: n.additionalNames.joined(separator: " "),
                prefixes: n.honorificPrefixes.joined(separator: " "),
                suffixes: n.honorificSuffixes.joined(separator: " "))
        }
        let orgParts = card.organization.filter { !$0.isEmpty }
        let org = orgParts.joined(separator: ", ")
        var display = card.formattedName?.kithTrimmed() ?? ""
        if display.isEmpty {
            display = [name.prefixes, name.given, name.additional, name.family, name.suffixes]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        if display.isEmpty { display = org }
        if display.isEmpty, let e = emails.first { display = e.value }
        let named = source.properties.contains { p in
            switch p.name {
            case "FN", "N", "ORG", "EMAIL": return true
            default: return false
            }
        }
        guard named, !display.isEmpty else {
            return .failure(
                ImportFailure(
                    line: source.line, name: "",
                    reason: "the card has no name: no FN, N, ORG or EMAIL to call this person by"))
        }
        var f = PersonFields(displayName: display)
        f.name = name
        f.nicknames = card.nicknames.map { $0.kithTrimmed(newlines: false) }.filter { !$0.isEmpty }
        f.emails = emails.map { LabeledValue($0.value.kithTrimmed(newlines: false), label: label($0)) }
        f.phones = card.phones.filter { !$0.value.isEmpty }.map { LabeledValue($0.value.kithTrimmed(newlines: false), label: label($0)) }
        f.urls = card.urls.filter { !$0.value.isEmpty }.map { LabeledValue($0.value, label: label($0)) }
        f.addresses = card.addresses.map { a in
            PostalAddress(
                label: label(types: a.types, label: a.label), poBox: a.poBox, extended: a.extended, street: a.street,
                locality: a.locality, region: a.region, postalCode: a.postalCode, country: a.country)
        }
        f.organization = org

        var kept: [ContentLine] = []
        var dropGroups = Set<String>()
        var photo: Data?
        var categories: [String] = []
        var traits: [(String, String)] = []
        var relation: KithCategoryLine?
        let plain = plainProperties
        var seen: UInt64 = 0  // bit i: a line of plain[i] was read
        lines: for p in card.properties {
            // A plain field's property (TITLE, NOTE, BDAY…: PersonFields.plainFields).
            let count = p.name.utf8.count
            for i in plain.indices
            where (count == plain[i].name.utf8.count && p.name == plain[i].name) || (count == plain[i].v3.utf8.count && p.name == plain[i].v3) {
                let m = plain[i]
                let field = PersonFields.plainFields[m.field]
                let first = seen & (1 << i) == 0
                seen |= 1 << i
                switch m.kind {
                case .text:
                    if first { field.setText(&f, TextEscaping.unescape(p.value)) } else { kept.append(p) }
                case .paragraphs:
                    let v = TextEscaping.unescape(p.value)
                    field.setText(&f, first ? v : (field.text(f) ?? "") + "\n\n" + v)
                case .date:
                    if let date = PartialDate(line: p) {
                        field.access.setDate(&f, date)
                    } else {
                        warnings.append(
                            ImportWarning(
                                line: p.line, code: .dateKeptAsText,
                                message: "\(p.name) \"\(p.value.prefix(40))\" is not a calendar date; kept on the person as written."))
                        kept.append(p)
                    }
                }
                continue lines
            }
            switch p.name {
            case "EMAIL", "TEL", "URL", "ADR":
                if let g = p.group { dropGroups.insert(g.uppercased()) }
            case "PHOTO" where photo == nil:
                if case .inline(let bytes, _)? = VCard(version: .v4_0, properties: [p]).photos.first,
                    case let data = Data(bytes), Photo.mediaType(of: data) != nil
                {
                    photo = data
                } else {
                    kept.append(p)
                }
            case "ORG":
                // Kith keeps one organisation string; the structured line (name;unit;unit)
                // is kept too and written back while the organisation is unchanged.
                if orgParts.count > 1 { kept.append(p) }
            case "X-ANDROID-CUSTOM":
                // Android keeps nicknames here: vnd.android.cursor.item/nickname;NAME;...
                let parts = TextEscaping.split(p.value, on: ";")
                if parts.count > 1, parts[0].lowercased() == "vnd.android.cursor.item/nickname" {
                    let nick = TextEscaping.unescape(parts[1]).kithTrimmed(newlines: false)
                    if !nick.isEmpty && !f.nicknames.contains(nick) { f.nicknames.append(nick) }
                }
                kept.append(p)
            case "CATEGORIES":
                categories += TextEscaping.splitList(p.value).map { $0.kithTrimmed(newlines: false) }.filter { !$0.isEmpty }
            case "X-KITH-TRAIT":
                // Kith's own trait line (sync bodies): the kind path and the text.
                let text = TextEscaping.unescape(p.value).kithTrimmed()
                if !text.isEmpty { traits.append((p.firstParameter("X-KIND") ?? "Traits", text)) }
            case "X-KITH-RELATION":
                let path = TextEscaping.unescape(p.value).kithTrimmed()
                if !path.isEmpty {
                    relation = KithCategoryLine(path: path, icon: p.firstParameter("X-ICON") ?? "", color: p.firstParameter("X-COLOR"), score: nil)
                }
            case "INTEREST", "HOBBY", "EXPERTISE":
                let text = TextEscaping.unescape(p.value).kithTrimmed()
                if !text.isEmpty {
                    if let property = TraitProperty(rawValue: p.name) { traits.append((property.traitPath, text)) }
                }
                kept.append(p)  // keeps LEVEL and such; exported again only while the trait exists
            default:
                if !isModelled(p.name) { kept.append(p) }
            }
        }
        kept.removeAll { $0.name == "X-ABLABEL" && $0.group.map { dropGroups.contains($0.uppercased()) } == true }
        kept = validLines(kept, warnings: &warnings)
        f.vcardLines = kept.map {
            var l = $0; l.line = 0; return ContentLineWriter.serialize(l)
        }
        let uid = card.uid?.kithTrimmed(newlines: false)
        return .success(
            ImportedContact(
                fields: f, uid: uid?.isEmpty == false ? uid : nil, rev: card.revision,
                photo: photo, categories: categories, traits: traits, line: source.line, relation: relation))
    }

    /// A plain field's vCard property, as the import reads it.
    struct PlainProperty {
        enum Kind { case text, paragraphs, date }
        /// The field's index in ``PersonFields/plainFields`` (a row copied per line showed).
        var field: Int
        /// The name in vCard 4.0, and in 3.0 (the same when 3.0 has it).
        var name: String, v3: String
        var kind: Kind
    }

    /// The plain fields that are a vCard property of their own (at most 64: a bit each).
    static let plainProperties: [PlainProperty] = PersonFields.plainFields.indices.compactMap { f in
        switch PersonFields.plainFields[f].vcard {
        case .text(let name, let v3): return PlainProperty(field: f, name: name, v3: v3, kind: .text)
        case .paragraphs(let name): return PlainProperty(field: f, name: name, v3: name, kind: .paragraphs)
        case .date(let name): return PlainProperty(field: f, name: name, v3: name, kind: .date)
        case .byHand, .none: return nil
        }
    }

    /// The kept lines that make valid content lines (RFC 6350 §3.3): a line whose group,
    /// name or value is not valid is dropped, an invalid parameter is left out, each with a
    /// warning naming its line, so that what Kith writes stays valid whatever it read.
    static func validLines(_ lines: [ContentLine], warnings: inout [ImportWarning]) -> [ContentLine] {
        lines.compactMap { l -> ContentLine? in
            if let why = ContentLine.problem(group: l.group, name: l.name, value: l.value) {
                warnings.append(
                    ImportWarning(
                        line: l.line, code: .invalidLine,
                        message: "line \(l.line): \(why); the line was dropped so that what Kith writes stays valid."))
                return nil
            }
            var l = l
            let (line, name) = (l.line, l.name)
            l.parameters.removeAll { p in
                guard let why = ContentLine.parameterProblem(name: p.name, values: p.values) else { return false }
                warnings.append(
                    ImportWarning(
                        line: line, code: .invalidParameter,
                        message: "line \(line): \(name): \(why); the parameter was dropped so that what Kith writes stays valid."))
                return true
            }
            return l
        }
    }

    /// The card's lines in 4.0 form, as `properties(for: .v4_0)` gives them, except for
    /// lines Kith reads only through the typed getters and never keeps, whose values and
    /// labels the conversion cannot change: those stay as written (converting every line
    /// of a 2.1 card, and each 3.0 `EMAIL;TYPE=INTERNET` or `TYPE=pref` line, was most of
    /// the mapping's cost). They are EMAIL and TEL, NOTE (text: a value without a
    /// backslash reads the same escaped again), URL without a backslash (a URI is
    /// unescaped once more in 3.0), and N and ADR without a backslash or comma (2.1 has
    /// no lists: a comma there is text, in 4.0 it separates items). The conversion only
    /// moves `pref` from TYPE to PREF, drops `TYPE=internet` and changes 2.1 parameters
    /// the getters do not read. A name is left as written for all of its lines or for
    /// none, and such lines come after the others: each getter reads its name's lines in
    /// order, so the values and labels are the same (checked on every card of the bench
    /// book). A card without FN, or with a backslash in an EMAIL, TEL or NOTE value, is
    /// converted whole (a missing FN is made from the other lines; FN itself is converted,
    /// so that no FN is made for the others).
    static func lines4(of source: VCard) -> [ContentLine] {
        var ignored: [FormatWarning] = []
        guard source.version != .v4_0 else { return source.properties(for: .v4_0, warnings: &ignored) }
        // Which names stay as written: all their lines qualify.
        var hasFN = false, keepURL = true, keepN = true, keepADR = true
        for p in source.properties {
            switch p.name {
            case "EMAIL", "TEL":
                if p.value.utf8.contains(0x5C) { return source.properties(for: .v4_0, warnings: &ignored) }
            case "FN":
                hasFN = true
            case "NOTE":
                if p.value.utf8.contains(0x5C) { return source.properties(for: .v4_0, warnings: &ignored) }
            case "URL":
                if keepURL && p.value.utf8.contains(0x5C) { keepURL = false }
            case "N":
                if keepN && p.value.utf8.contains(where: { $0 == 0x5C || $0 == 0x2C }) { keepN = false }
            case "ADR":
                if keepADR && p.value.utf8.contains(where: { $0 == 0x5C || $0 == 0x2C }) { keepADR = false }
            default:
                break
            }
        }
        guard hasFN else { return source.properties(for: .v4_0, warnings: &ignored) }
        var rest: [ContentLine] = [], plain: [ContentLine] = []
        rest.reserveCapacity(source.properties.count)
        for p in source.properties {
            switch p.name {
            case "EMAIL", "TEL", "NOTE": plain.append(p)
            case "URL" where keepURL: plain.append(p)
            case "N" where keepN: plain.append(p)
            case "ADR" where keepADR: plain.append(p)
            default: rest.append(p)
            }
        }
        var out = VCard(version: source.version, properties: rest, line: source.line).properties(for: .v4_0, warnings: &ignored)
        out += plain
        return out
    }

    static func label(_ v: VCard.TypedValue) -> String { label(types: v.types, label: v.label) }

    static func label(types: [String], label: String?) -> String {
        if let label, !label.isEmpty { return label }
        // A switch, not a Set: hashing every TYPE value of every card showed in profiles.
        var t = types.filter { v in
            switch v {
            case "internet", "x400", "pref": return false
            default: return true
            }
        }
        if t.count > 1 { t.removeAll { $0 == "voice" } }
        return t.joined(separator: ",")
    }

    /// REV values compared by their digits (`2026-10-02T09:15:00Z` = `20261002T091500Z`).
    static func revKey(_ rev: String?) -> String? {
        guard let rev else { return nil }
        var d = rev.utf8.filter { $0 >= 48 && $0 <= 57 }
        guard !d.isEmpty else { return nil }
        if d.count < 14 { d += repeatElement(48, count: 14 - d.count) }
        return String(decoding: d, as: UTF8.self)
    }
}

extension VCard.PartialDate {
    /// The Kith date of a vCard date: month and day must be known.
    init?(line: ContentLine) {
        let v = line.firstParameter("VALUE")?.lowercased()
        guard v == nil || v == "date" || v == "date-and-or-time" || v == "date-time" else { return nil }
        guard let d = VCard.PartialDate(line.value) else { return nil }
        self = d
        if let omit = line.firstParameter("X-APPLE-OMIT-YEAR"), let y = Int(omit), y == d.year { year = nil }
    }
}

extension PartialDate {
    /// The date of a BDAY-like line, when it has a month and day.
    init?(line: ContentLine) {
        guard let d = VCard.PartialDate(line: line), let m = d.month, let day = d.day else { return nil }
        self.init(year: d.year, month: m, day: day)
    }
}
