import ContentLines

extension VCard {
    /// This card converted to `target`: properties in that version's form, FN (and for 3.0 N)
    /// added when missing. Use it to normalise cards on import (e.g. everything to 4.0).
    public func converted(to target: Version) -> (card: VCard, warnings: [FormatWarning]) {
        var warnings: [FormatWarning] = []
        let lines = properties(for: target, warnings: &warnings)
        return (VCard(version: target, properties: lines, line: line), warnings)
    }

    /// This card's properties in the form `target` expects, with warnings for what changed
    /// meaning or could not be carried. Same-version conversion returns the lines unchanged
    /// apart from adding a missing FN (and N for 3.0).
    /// - Complexity: O(total size of the properties).
    public func properties(for target: Version, warnings: inout [FormatWarning]) -> [ContentLine] {
        var out: [ContentLine] = []
        out.reserveCapacity(properties.count + 2)
        for p in properties {
            if let converted = Self.convert(p, from: version, to: target, warnings: &warnings) {
                out.append(converted)
            }
        }
        if target >= .v3_0 && !out.contains(where: { $0.name == "FN" }) {
            let fn = derivedFormattedName()
            warnings.append(
                FormatWarning(
                    line: line, property: "FN", code: .missingProperty,
                    message: "Card has no FN (formatted name), which vCard \(target.rawValue) requires; wrote \"\(fn)\" made from its other properties."))
            out.insert(ContentLine(name: "FN", value: TextEscaping.escape(fn)), at: 0)
        }
        if target == .v3_0 && !out.contains(where: { $0.name == "N" }) {
            let fnIndex = out.firstIndex { $0.name == "FN" } ?? 0
            out.insert(ContentLine(name: "N", value: ";;;;"), at: min(out.count, fnIndex + 1))
        }
        return out
    }

    /// A display name from N, ORG, EMAIL or TEL, for a card with no FN.
    func derivedFormattedName() -> String {
        if let n = name {
            let parts = n.honorificPrefixes + n.givenNames + n.additionalNames + n.familyNames + n.honorificSuffixes
            let joined = parts.filter { !$0.isEmpty }.joined(separator: " ")
            if !joined.isEmpty { return joined }
        }
        if let org = organization.first(where: { !$0.isEmpty }) { return org }
        if let e = emails.first { return e.value }
        if let t = phones.first { return t.value }
        return "Unnamed"
    }

    /// Converts one property between versions; nil when it cannot be carried (warned).
    static func convert(
        _ line: ContentLine, from source: Version, to target: Version,
        warnings: inout [FormatWarning]
    ) -> ContentLine? {
        if source == target { return line }
        if source == .v3_0 && target == .v4_0 && unchangedFrom3To4(line) { return line }
        var p = line
        // Names the target lacks.
        if target == .v3_0 {
            if PropertyKind.only4.contains(p.name) {
                let newName = PropertyKind.name3(for: p.name)
                if p.name != "ANNIVERSARY" && !newName.hasPrefix("X-ADDRESSBOOKSERVER-") {
                    warnings.append(
                        FormatWarning(
                            line: line.line, property: p.name, code: .convertedForVersion,
                            message: "vCard 3.0 has no \(p.name); written as \(newName)."))
                }
                p.name = newName
            }
        } else if target == .v4_0 {
            if let name4 = PropertyKind.name4(for: p.name) {
                p.name = name4
            } else if p.name == "PROFILE" {
                return nil  // PROFILE:VCARD only marks a 3.0 MIME directory; 4.0 has no such thing.
            } else if PropertyKind.only3.contains(p.name) {
                warnings.append(
                    FormatWarning(
                        line: line.line, property: p.name, code: .convertedForVersion,
                        message: "vCard 4.0 has no \(p.name); written as X-\(p.name)."))
                p.name = "X-" + p.name
            }
        }
        let kind = PropertyKind.of(p.name)
        // 2.1 text has no comma escaping: re-escape for 3.0/4.0.
        if source == .v2_1 {
            switch kind {
            case .text: p.value = TextEscaping.escape(TextEscaping.unescape(p.value))
            case .list: p.value = TextEscaping.escape(TextEscaping.unescape(p.value), escapeComma: false)
            case .structured(let fields):
                var parts = TextEscaping.split(p.value, on: ";").map { TextEscaping.escape(TextEscaping.unescape($0), escapeComma: p.name != "ORG") }
                if !fields.isEmpty && parts.count < fields.count {
                    parts += Array(repeating: "", count: fields.count - parts.count)
                }
                p.value = parts.joined(separator: ";")
            default: break
            }
            if let v = p.firstParameter("VALUE"), v.caseInsensitiveEquals("URL") { p.setParameter("VALUE", ["uri"]) }
            if let enc = p.firstParameter("ENCODING"), enc.caseInsensitiveEquals("8BIT") || enc.caseInsensitiveEquals("7BIT") {
                p.removeParameter("ENCODING")  // the text is already decoded; 3.0 and 4.0 have no such encodings
            }
        }
        // PREF: 4.0 has PREF=n, earlier versions TYPE=pref.
        var types = p.parameter("TYPE")
        if target == .v4_0 {
            if let k = types.firstIndex(where: { $0.caseInsensitiveEquals("pref") }) {
                types.remove(at: k)
                p.setParameter("TYPE", types)
                if p.parameter("PREF").isEmpty { p.setParameter("PREF", ["1"]) }
            }
        } else if !p.parameter("PREF").isEmpty {
            p.removeParameter("PREF")
            if !types.contains(where: { $0.caseInsensitiveEquals("pref") }) { p.setParameter("TYPE", types + ["pref"]) }
        }
        switch kind {
        case .date:
            convertDate(&p, to: target)
        case .binary:
            convertBinary(&p, to: target, warnings: &warnings)
        default:
            break
        }
        if PropertyKind.isURI(p.name) && source < .v4_0 && p.value.utf8.contains(0x5C) {
            // Apple writes `https\://` in 3.0; a URI has no escapes.
            p.value = TextEscaping.unescape(p.value)
        }
        switch p.name {
        case "GEO":
            if target == .v4_0, !p.value.lowercased().hasPrefix("geo:") {
                let parts = TextEscaping.split(p.value, on: ";")
                if parts.count == 2 { p.value = "geo:\(parts[0].trimmingASCIISpaces()),\(parts[1].trimmingASCIISpaces())" }
            } else if target == .v3_0, p.value.lowercased().hasPrefix("geo:") {
                let body = p.value.dropFirst(4).split(separator: ";").first ?? ""
                let parts = body.split(separator: ",")
                if parts.count >= 2 { p.value = "\(parts[0]);\(parts[1])" }
                p.removeParameter("VALUE")
            }
        case "TEL":
            if target == .v3_0, p.value.lowercased().hasPrefix("tel:") {
                p.value = String(p.value.dropFirst(4))
                p.removeParameter("VALUE")
            }
        case "EMAIL" where target == .v4_0:
            // vCard 3.0's TYPE=internet is the only kind of email there is in 4.0.
            let t = p.parameter("TYPE").filter { !$0.caseInsensitiveEquals("internet") }
            p.setParameter("TYPE", t)
        default:
            break
        }
        return p
    }

    /// Whether ``convert(_:from:to:warnings:)`` from 3.0 to 4.0 would give `line` back as it
    /// is: no name to change, no date or binary value, no URI escapes, no `TYPE=pref` or
    /// `TYPE=internet`. Most lines of a 3.0 card (Apple, Google) are such; this decides it
    /// with one look at the name and the TYPE values instead of running every rule.
    static func unchangedFrom3To4(_ line: ContentLine) -> Bool {
        let name = line.name
        let u = name.utf8
        // The names below start with one of these letters; comparing a String with each case
        // costs more than the rest of this check, so most names (FN, EMAIL, TEL, UID…) skip it.
        switch u.first {
        case 0x41, 0x42, 0x43, 0x44, 0x47, 0x4B, 0x4C, 0x4D, 0x4E, 0x50, 0x53:  // A B C D G K L M N P S
            switch name {
            case "PROFILE", "BDAY", "ANNIVERSARY", "DEATHDATE", "PHOTO", "LOGO", "SOUND", "KEY", "GEO":
                return false
            case "LABEL", "AGENT", "MAILER", "NAME", "CLASS", "SORT-STRING":
                return false  // PropertyKind.only3
            default:
                break
            }
        default:
            break
        }
        if u.count > 2 && u.first == 0x58 && u[u.index(after: u.startIndex)] == 0x2D {
            // X- names: some stand for a 4.0 property (X-ANNIVERSARY, X-GENDER…).
            if PropertyKind.name4(for: name) != nil { return false }
        } else if PropertyKind.isURI(name) && line.value.utf8.contains(0x5C) {
            return false
        }
        let email = name == "EMAIL"
        for parameter in line.parameters where parameter.name == "TYPE" {
            if email && parameter.values.isEmpty { return false }
            for v in parameter.values {
                if v.caseInsensitiveEquals("pref") || (email && v.caseInsensitiveEquals("internet")) { return false }
            }
        }
        return true
    }

    /// BDAY-like values: 4.0 basic and `--MMDD`; 3.0 extended and Apple's yearless form.
    static func convertDate(_ p: inout ContentLine, to target: Version) {
        guard let date = PartialDate(line: p) else { return }
        p.removeParameter("X-APPLE-OMIT-YEAR")
        if target == .v4_0 {
            p.value = date.basicFormat
            if !p.parameter("VALUE").isEmpty { p.removeParameter("VALUE") }
        } else {
            if date.year == nil, let m = date.month, let d = date.day {
                p.setParameter("X-APPLE-OMIT-YEAR", ["1604"])
                p.value = "1604-" + pad2(m) + "-" + pad2(d)
            } else {
                p.value = date.extendedFormat
            }
            p.removeParameter("VALUE")
        }
    }

    /// PHOTO-like values: 4.0 `data:` URIs, 3.0 `ENCODING=b;TYPE=JPEG`, URIs as `VALUE=uri` in 3.0.
    static func convertBinary(_ p: inout ContentLine, to target: Version, warnings: inout [FormatWarning]) {
        guard let media = RawMedia(line: p) else { return }
        for name in ["ENCODING", "VALUE", "MEDIATYPE"] { p.removeParameter(name) }
        // TYPE on PHOTO in 2.1/3.0 is the image format (JPEG); in 4.0 it is home/work.
        let formatType = p.parameter("TYPE").filter { !["home", "work", "pref"].contains($0.lowercased()) }
        p.setParameter("TYPE", p.parameter("TYPE").filter { !formatType.contains($0) })
        switch media {
        case .inline(let base64, let mediaType):
            if target == .v4_0 {
                p.value = "data:\(mediaType ?? "application/octet-stream");base64," + base64
            } else {
                p.setParameter("ENCODING", ["b"])
                if let mediaType, let sub = mediaType.split(separator: "/").last {
                    p.setParameter("TYPE", p.parameter("TYPE") + [sub.uppercased()])
                }
                p.value = base64
            }
        case .uri(let uri, let mediaType):
            p.value = uri
            if target == .v4_0 {
                if let mediaType { p.setParameter("MEDIATYPE", [mediaType]) }
            } else {
                p.setParameter("VALUE", ["uri"])
                if let mediaType, let sub = mediaType.split(separator: "/").last {
                    p.setParameter("TYPE", p.parameter("TYPE") + [sub.uppercased()])
                }
            }
        }
    }
}

/// A binary property's value in a version-neutral form.
enum RawMedia {
    case inline(base64: String, mediaType: String?)
    case uri(String, mediaType: String?)

    init?(line p: ContentLine) {
        let encoding = p.firstParameter("ENCODING")?.lowercased()
        let formatType = p.parameter("TYPE").first { !["home", "work", "pref"].contains($0.lowercased()) }
        var mediaType = p.firstParameter("MEDIATYPE")
        if mediaType == nil, let t = formatType {
            mediaType = t.contains("/") ? t.lowercased() : Self.mediaType(forFormat: t, property: p.name)
        }
        if p.value.hasPrefix("data:") {
            guard let comma = p.value.firstIndex(of: ",") else { return nil }
            let header = p.value[p.value.index(p.value.startIndex, offsetBy: 5)..<comma]
            let parts = header.split(separator: ";")
            let mt = parts.first.map(String.init).flatMap { $0.contains("/") ? $0 : nil } ?? mediaType
            let payload = String(p.value[p.value.index(after: comma)...])
            if parts.contains(where: { $0.lowercased() == "base64" }) {
                self = .inline(base64: payload, mediaType: mt)
            } else {
                let raw = payload.removingPercentEncoding ?? payload
                self = .inline(base64: Base64.encode(Array(raw.utf8)), mediaType: mt)
            }
        } else if encoding == "b" || encoding == "base64" {
            // Spaces and tabs are single ASCII bytes: filtering UTF-8 bytes is the same as
            // filtering scalars, and much cheaper on a photo of hundreds of kilobytes.
            let value = p.value
            let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            let compact = value.utf8.contains(where: isBlank) ? String(decoding: value.utf8.filter { !isBlank($0) }, as: UTF8.self) : value
            self = .inline(base64: compact, mediaType: mediaType)
        } else {
            self = .uri(p.value, mediaType: mediaType)
        }
    }

    static func mediaType(forFormat t: String, property: String) -> String {
        let lower = t.lowercased()
        switch property {
        case "SOUND": return "audio/" + lower
        case "KEY": return lower == "pgp" ? "application/pgp-keys" : "application/" + lower
        default: return "image/" + (lower == "jpg" ? "jpeg" : lower)
        }
    }
}

@inline(__always)
func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

@inline(__always)
func pad4(_ n: Int) -> String {
    let s = String(n)
    return s.count >= 4 ? s : String(repeating: "0", count: 4 - s.count) + s
}
