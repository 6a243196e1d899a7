import ContentLines

extension VCard {
    // MARK: single text values

    /// FN: the name to display.
    public var formattedName: String? {
        get { text("FN") }
        set { setText("FN", newValue) }
    }

    /// N: the structured name.
    public var name: StructuredName? {
        get {
            guard let value = firstValue("N") else { return nil }
            var f: [[String]]
            if version == .v2_1 {
                f = structuredFields(value).map { $0.filter { !$0.isEmpty } }
            } else {
                // Empty items (an item that unescapes to nothing has an empty range) left out.
                f = TextEscaping.splitStructured(value, droppingEmptyItems: true)
            }
            while f.count < 5 { f.append([]) }
            return StructuredName(familyNames: f[0], givenNames: f[1], additionalNames: f[2], honorificPrefixes: f[3], honorificSuffixes: f[4])
        }
        set {
            let lines = newValue.map { n in
                [ContentLine(name: "N", value: TextEscaping.joinStructured([n.familyNames, n.givenNames, n.additionalNames, n.honorificPrefixes, n.honorificSuffixes]))]
            } ?? []
            replace4(["N"], lines)
        }
    }

    /// NICKNAME values, all lines joined.
    public var nicknames: [String] {
        get { properties(named: "NICKNAME").flatMap { TextEscaping.splitList($0.value) } }
        set { replace4(["NICKNAME"], newValue.isEmpty ? [] : [ContentLine(name: "NICKNAME", value: newValue.map { TextEscaping.escape($0) }.joined(separator: ","))]) }
    }

    /// ORG: organisation name then units; empty if none.
    public var organization: [String] {
        get { property("ORG").map { TextEscaping.split($0.value, on: ";").map(TextEscaping.unescape) } ?? [] }
        set { replace4(["ORG"], newValue.isEmpty ? [] : [ContentLine(name: "ORG", value: newValue.map { TextEscaping.escape($0) }.joined(separator: ";"))]) }
    }

    /// TITLE values.
    public var titles: [String] {
        get { texts("TITLE") }
        set { setTexts("TITLE", newValue) }
    }

    /// ROLE values.
    public var roles: [String] {
        get { texts("ROLE") }
        set { setTexts("ROLE", newValue) }
    }

    /// NOTE values.
    public var notes: [String] {
        get { texts("NOTE") }
        set { setTexts("NOTE", newValue) }
    }

    /// CATEGORIES values, all lines joined.
    public var categories: [String] {
        get { properties(named: "CATEGORIES").flatMap { TextEscaping.splitList($0.value) } }
        set { replace4(["CATEGORIES"], newValue.isEmpty ? [] : [ContentLine(name: "CATEGORIES", value: newValue.map { TextEscaping.escape($0) }.joined(separator: ","))]) }
    }

    /// UID: the stable identifier.
    public var uid: String? {
        get { property("UID")?.value }
        set { replace4(["UID"], newValue.map { [ContentLine(name: "UID", value: $0)] } ?? []) }
    }

    /// REV: the last revision timestamp, as written.
    public var revision: String? {
        get { property("REV")?.value }
        set { replace4(["REV"], newValue.map { [ContentLine(name: "REV", value: $0)] } ?? []) }
    }

    /// KIND (`individual`, `group`, `org`, `location`); `X-KIND` and Apple's
    /// `X-ADDRESSBOOKSERVER-KIND` are read too.
    public var kind: String? {
        get { (property("KIND") ?? property("X-KIND") ?? property("X-ADDRESSBOOKSERVER-KIND"))?.value.lowercased() }
        set { replace4(["KIND", "X-KIND", "X-ADDRESSBOOKSERVER-KIND"], newValue.map { [ContentLine(name: "KIND", value: $0)] } ?? []) }
    }

    /// TZ, as written (`Europe/Paris`, `-05:00`).
    public var timeZone: String? {
        get { property("TZ").map { TextEscaping.unescape($0.value) } }
        set { replace4(["TZ"], newValue.map { [ContentLine(name: "TZ", value: TextEscaping.escape($0))] } ?? []) }
    }

    // MARK: dates

    /// BDAY, with or without a year (`--0412`, Apple's `X-APPLE-OMIT-YEAR`); nil if absent or not a date.
    public var birthday: PartialDate? {
        get { property("BDAY").flatMap { PartialDate(line: $0) } }
        set { replace4(["BDAY"], newValue.map { [ContentLine(name: "BDAY", value: $0.basicFormat)] } ?? []) }
    }

    /// ANNIVERSARY (or `X-ANNIVERSARY` in 3.0), with or without a year.
    public var anniversary: PartialDate? {
        get {
            if let p = property("ANNIVERSARY") ?? property("X-ANNIVERSARY") { return PartialDate(line: p) }
            // Apple Contacts: itemN.X-ABDATE labelled _$!<Anniversary>!$_.
            let apple = properties(named: "X-ABDATE").first { label(group: $0.group)?.caseInsensitiveEquals("Anniversary") == true }
            return apple.flatMap { PartialDate(line: $0) }
        }
        set { replace4(["ANNIVERSARY", "X-ANNIVERSARY"], newValue.map { [ContentLine(name: "ANNIVERSARY", value: $0.basicFormat)] } ?? []) }
    }

    // MARK: typed lists

    /// EMAIL addresses.
    public var emails: [TypedValue] {
        get { typedValues("EMAIL") }
        set { setTypedValues("EMAIL", newValue) }
    }

    /// TEL numbers (a `tel:` URI prefix is removed).
    public var phones: [TypedValue] {
        get {
            var values = typedValues("TEL")
            for k in values.indices where values[k].value.hasASCIIPrefixIgnoringCase("tel:") {
                values[k].value = String(values[k].value.dropFirst(4))
            }
            return values
        }
        set { setTypedValues("TEL", newValue) }
    }

    /// URL values (Apple's 3.0 `https\://` escaping is undone).
    public var urls: [TypedValue] {
        get { typedValues("URL", text: true) }
        set { setTypedValues("URL", newValue, text: false) }
    }

    /// IMPP (instant messaging) URIs.
    public var impps: [TypedValue] {
        get { typedValues("IMPP", text: false) }
        set { setTypedValues("IMPP", newValue, text: false) }
    }

    /// RELATED people (`TYPE=spouse`…), URIs or text.
    public var related: [TypedValue] {
        get {
            // Apple Contacts keeps related names as itemN.X-ABRELATEDNAMES with a label (Spouse…).
            let apple = typedValues("X-ABRELATEDNAMES").map { v in
                var v = v
                if let l = v.label { v.types = [l.lowercased()] }
                return v
            }
            return typedValues("RELATED", text: false) + typedValues("X-RELATED", text: false) + apple
        }
        set { replace4(["X-RELATED"], []); setTypedValues("RELATED", newValue, text: false) }
    }

    /// MEMBER URIs of a group card.
    public var members: [String] {
        get { (properties(named: "MEMBER") + properties(named: "X-MEMBER") + properties(named: "X-ADDRESSBOOKSERVER-MEMBER")).map(\.value) }
        set { replace4(["MEMBER", "X-MEMBER", "X-ADDRESSBOOKSERVER-MEMBER"], newValue.map { ContentLine(name: "MEMBER", value: $0) }) }
    }

    /// INTEREST values (RFC 6715).
    public var interests: [TypedValue] {
        get { typedValues("INTEREST") + typedValues("X-INTEREST") }
        set { replace4(["X-INTEREST"], []); setTypedValues("INTEREST", newValue) }
    }

    /// HOBBY values (RFC 6715).
    public var hobbies: [TypedValue] {
        get { typedValues("HOBBY") + typedValues("X-HOBBY") }
        set { replace4(["X-HOBBY"], []); setTypedValues("HOBBY", newValue) }
    }

    /// EXPERTISE values (RFC 6715).
    public var expertise: [TypedValue] {
        get { typedValues("EXPERTISE") + typedValues("X-EXPERTISE") }
        set { replace4(["X-EXPERTISE"], []); setTypedValues("EXPERTISE", newValue) }
    }

    /// ADR postal addresses.
    public var addresses: [Address] {
        get {
            properties(named: "ADR").map { p in
                var f = structuredFields(p.value).map { $0.joined(separator: ",") }
                while f.count < 7 { f.append("") }
                let (types, pref) = Self.typesAndPreference(p)
                return Address(poBox: f[0], extended: f[1], street: f[2], locality: f[3], region: f[4], postalCode: f[5], country: f[6],
                               types: types, preference: pref, group: p.group, label: label(group: p.group))
            }
        }
        set {
            replace4(["ADR"], newValue.map { a in
                var line = ContentLine(group: a.group, name: "ADR",
                    value: [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country].map { TextEscaping.escape($0) }.joined(separator: ";"))
                Self.setTypesAndPreference(&line, a.types, a.preference)
                return line
            })
        }
    }

    /// GEO position; 3.0 `lat;lon` and 4.0 `geo:lat,lon` are both read.
    public var geo: Geo? {
        get {
            guard let v = property("GEO")?.value else { return nil }
            let body = v.lowercased().hasPrefix("geo:") ? String(v.dropFirst(4).prefix { $0 != ";" }) : v
            let parts = body.split(whereSeparator: { $0 == "," || $0 == ";" }).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count >= 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
            return Geo(latitude: lat, longitude: lon)
        }
        set { replace4(["GEO"], newValue.map { [ContentLine(name: "GEO", value: "geo:\($0.latitude),\($0.longitude)")] } ?? []) }
    }

    /// GENDER (or `X-GENDER` in 3.0).
    public var gender: Gender? {
        get {
            guard let p = property("GENDER") ?? property("X-GENDER") else { return nil }
            let f = TextEscaping.split(p.value, on: ";").map(TextEscaping.unescape)
            let sex = f.first.flatMap { $0.isEmpty ? nil : $0 }
            let identity = f.count > 1 && !f[1].isEmpty ? f[1] : nil
            return Gender(sex: sex, identity: identity)
        }
        set {
            replace4(["GENDER", "X-GENDER"], newValue.map { g in
                var v = g.sex ?? ""
                if let i = g.identity { v += ";" + TextEscaping.escape(i) }
                return [ContentLine(name: "GENDER", value: v)]
            } ?? [])
        }
    }

    /// PHOTO values, inline or URI; lines that do not decode are left out (the reader warns).
    public var photos: [Media] {
        get { media("PHOTO") }
        set { setMedia("PHOTO", newValue) }
    }

    /// LOGO values, inline or URI.
    public var logos: [Media] {
        get { media("LOGO") }
        set { setMedia("LOGO", newValue) }
    }

    // MARK: - Helpers

    /// Fields split on `;` and items on `,`; vCard 2.1 has no lists, so its commas stay in the text.
    func structuredFields(_ value: String) -> [[String]] {
        if version == .v2_1 { return TextEscaping.split(value, on: ";").map { [TextEscaping.unescape($0)] } }
        return TextEscaping.splitStructured(value)
    }

    /// The value (still escaped) of the first property named `name`; read from the bytes
    /// of a card that keeps them.
    func firstValue(_ name: String) -> String? {
        guard case .raw(let raw) = storage else { return property(name)?.value }
        let key = RawLine.Name(name)
        let lines = raw.lines
        return lines.firstIndex(named: key).map { lines.value($0) }
    }

    func text(_ name: String) -> String? {
        if case .raw = storage { return firstValue(name).map { TextEscaping.unescape($0) } }
        let upper = name.uppercasedIfNeeded
        let properties = self.properties
        guard let k = properties.firstIndex(where: { $0.name.sameToken(upper) }) else { return nil }
        return TextEscaping.unescape(properties[k].value)
    }

    func texts(_ name: String) -> [String] {
        properties(named: name).map { TextEscaping.unescape($0.value) }
    }

    mutating func setText(_ name: String, _ value: String?) {
        replace4([name], value.map { [ContentLine(name: name, value: TextEscaping.escape($0))] } ?? [])
    }

    mutating func setTexts(_ name: String, _ values: [String]) {
        replace4([name], values.map { ContentLine(name: name, value: TextEscaping.escape($0)) })
    }

    /// Replaces properties with lines given in 4.0 form, converted to this card's version.
    mutating func replace4(_ names: Set<String>, _ lines: [ContentLine]) {
        var ignored: [FormatWarning] = []
        let converted = lines.compactMap { Self.convert($0, from: .v4_0, to: version, warnings: &ignored) }
        var all = names
        if version < .v4_0 { for n in names where PropertyKind.only4.contains(n) { all.insert(PropertyKind.name3(for: n)) } }
        replaceProperties(named: all, with: converted)
    }

    private static let labelName = RawLine.Name("X-ABLABEL")

    func label(group: String?) -> String? {
        guard let group else { return nil }
        let found: ContentLine?
        if case .raw(let raw) = storage {
            let lines = raw.lines
            var next = lines.firstIndex(named: Self.labelName)
            while let k = next, !lines.hasGroup(k, group) { next = lines.firstIndex(named: Self.labelName, from: k + 1) }
            found = next.map { lines.contentLine($0) }
        } else {
            found = properties.first(where: { $0.name.sameToken("X-ABLABEL") && $0.group?.caseInsensitiveEquals(group) == true })
        }
        guard let p = found else { return nil }
        var l = TextEscaping.unescape(p.value)
        if l.hasPrefix("_$!<") && l.hasSuffix(">!$_") { l = String(l.dropFirst(4).dropLast(4)) }
        return l
    }

    static func typesAndPreference(_ p: ContentLine) -> ([String], Int?) {
        var types: [String] = []
        types.reserveCapacity(4)
        var pref: Int?
        var prefFromType = false
        // As `firstParameter("PREF")` and `parameter("TYPE")`: the first of each name counts.
        var sawPref = false, sawType = false
        for param in p.parameters {
            if param.name.sameToken("PREF") {
                if !sawPref, let first = param.values.first { pref = Int(first) }
                sawPref = true
            } else if param.name.sameToken("TYPE") {
                if sawType { continue }
                sawType = true
                for t in param.values { addTypes(t, to: &types, pref: &prefFromType) }
            }
        }
        if prefFromType { pref = pref ?? 1 }
        return (types, pref)
    }

    /// ``typesAndPreference(_:)`` for a line kept as bytes with plain parameters: TYPE
    /// values and bare vCard 2.1 names in order (as the reader merges them), the first PREF
    /// parameter's first value.
    static func typesAndPreference(_ lines: RawLines, _ k: Int) -> ([String], Int?) {
        var types: [String] = []
        types.reserveCapacity(4)
        var pref: Int?
        var prefFromType = false
        var sawPref = false
        lines.forEachParameter(k) { name, hasValues, values in
            guard name.count > 0 else { return }
            if !hasValues {
                // Bare parameter: the reader files it under TYPE (its name uppercased, which
                // lowercasing here undoes).
                addTypes(name, to: &types, pref: &prefFromType)
                return
            }
            let key = RawLine.key(name, 0, min(8, name.count))
            if name.count == 4 && key == 0x46455250 {  // PREF
                if !sawPref {
                    let end = values.firstIndex(of: 0x2C) ?? values.count
                    pref = Int(String(decoding: UnsafeBufferPointer(rebasing: values[0..<end]), as: UTF8.self))
                }
                sawPref = true
            } else if name.count == 4 && key == 0x45505954 {  // TYPE
                addTypes(values, to: &types, pref: &prefFromType)
            }
        }
        if prefFromType { pref = pref ?? 1 }
        return (types, pref)
    }

    /// Splits one TYPE value on commas (empty parts dropped), lowercases the parts, and
    /// takes `pref` out as a flag.
    private static func addTypes(_ value: String, to types: inout [String], pref: inout Bool) {
        var value = value
        let ascii = value.withUTF8 { addASCIITypes($0, to: &types, pref: &pref) }
        if ascii { return }
        addOtherTypes(value, to: &types, pref: &pref)
    }

    /// ``addTypes(_:to:pref:)`` for a value in bytes.
    private static func addTypes(_ bytes: UnsafeBufferPointer<UInt8>, to types: inout [String], pref: inout Bool) {
        if addASCIITypes(bytes, to: &types, pref: &pref) { return }
        addOtherTypes(String(decoding: bytes, as: UTF8.self), to: &types, pref: &pref)
    }

    private static func addOtherTypes(_ value: String, to types: inout [String], pref: inout Bool) {
        for part in value.split(separator: ",") {
            let l = part.lowercased()
            if l == "pref" { pref = true } else { types.append(l) }
        }
    }

    /// ``addTypes(_:to:pref:)`` for ASCII bytes; false (and nothing added) for other bytes.
    private static func addASCIITypes(_ bytes: UnsafeBufferPointer<UInt8>, to types: inout [String], pref: inout Bool) -> Bool {
        do {
            for b in bytes where b >= 0x80 { return false }
            var start = 0
            let n = bytes.count
            for i in 0...n where i == n || bytes[i] == 0x2C {
                if i > start {
                    if i - start <= 8 {
                        // Short parts (nearly all) are matched as one integer, lowercased.
                        var key: UInt64 = 0
                        var k = i
                        while k > start {
                            k -= 1
                            let b = bytes[k]
                            key = key << 8 | UInt64((b >= 0x41 && b <= 0x5A) ? b | 0x20 : b)
                        }
                        if key == 0x66657270 { pref = true; start = i + 1; continue }  // "pref"
                        if let known = knownType(key) { types.append(known); start = i + 1; continue }
                    }
                    let part = String(unsafeUninitializedCapacity: i - start) { out in
                        for k in start..<i {
                            let b = bytes[k]
                            out[k - start] = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
                        }
                        return i - start
                    }
                    if part.sameToken("pref") { pref = true } else { types.append(part) }
                }
                start = i + 1
            }
            return true
        }
    }

    /// The common TYPE values as literals, from their lowercased bytes packed first byte
    /// lowest: no string is made for them.
    private static func knownType(_ key: UInt64) -> String? {
        switch key {
        case 0x74656E7265746E69: return "internet"
        case 0x656D6F68: return "home"
        case 0x6B726F77: return "work"
        case 0x6C6C6563: return "cell"
        case 0x6563696F76: return "voice"
        case 0x786166: return "fax"
        case 0x726568746F: return "other"
        case 0x6E69616D: return "main"
        case 0x656E6F687069: return "iphone"
        case 0x7265676170: return "pager"
        case 0x74786574: return "text"
        case 0x6F65646976: return "video"
        case 0x67736D: return "msg"
        case 0x736262: return "bbs"
        case 0x6D65646F6D: return "modem"
        case 0x726163: return "car"
        case 0x6E647369: return "isdn"
        case 0x736370: return "pcs"
        case 0x30303478: return "x400"
        case 0x6D6F64: return "dom"
        case 0x6C746E69: return "intl"
        case 0x6C6174736F70: return "postal"
        case 0x6C6563726170: return "parcel"
        default: return nil
        }
    }

    static func setTypesAndPreference(_ line: inout ContentLine, _ types: [String], _ pref: Int?) {
        line.setParameter("TYPE", types)
        line.setParameter("PREF", pref.map { [String($0)] } ?? [])
    }

    func typedValues(_ name: String, text: Bool = true) -> [TypedValue] {
        var result: [TypedValue] = []
        if case .raw(let raw) = storage {
            // Read from the bytes; a line with quoted or caret-escaped parameters is built.
            let key = RawLine.Name(name)
            let lines = raw.lines
            var next = lines.firstIndex(named: key)
            while let k = next {
                next = lines.firstIndex(named: key, from: k + 1)
                let l = lines.lines[k]
                if l.built >= 0 || !l.plainParameters {
                    let p = lines.contentLine(k)
                    let (types, pref) = Self.typesAndPreference(p)
                    result.append(TypedValue(text ? TextEscaping.unescape(p.value) : p.value, types: types, preference: pref, group: p.group, label: label(group: p.group)))
                    continue
                }
                let (types, pref) = Self.typesAndPreference(lines, k)
                let value = lines.value(k), group = lines.group(k)
                result.append(TypedValue(text ? TextEscaping.unescape(value) : value, types: types, preference: pref, group: group, label: label(group: group)))
            }
            return result
        }
        let name = name.uppercasedIfNeeded
        let properties = self.properties
        // By index: the lines are read in place, not copied whole.
        for k in properties.indices where properties[k].name.sameToken(name) {
            let (types, pref) = Self.typesAndPreference(properties[k])
            let value = properties[k].value, group = properties[k].group
            result.append(TypedValue(text ? TextEscaping.unescape(value) : value, types: types, preference: pref, group: group, label: label(group: group)))
        }
        return result
    }

    mutating func setTypedValues(_ name: String, _ values: [TypedValue], text: Bool = true) {
        replace4([name], values.map { v in
            var line = ContentLine(group: v.group, name: name, value: text ? TextEscaping.escape(v.value) : v.value)
            Self.setTypesAndPreference(&line, v.types, v.preference)
            return line
        })
    }

    func media(_ name: String) -> [Media] {
        properties(named: name).compactMap { p in
            switch RawMedia(line: p) {
            case .inline(let base64, let mt)?:
                return Base64.decode(base64).map { .inline(data: $0, mediaType: mt) }
            case .uri(let uri, let mt)?:
                return .uri(uri, mediaType: mt)
            case nil:
                return nil
            }
        }
    }

    mutating func setMedia(_ name: String, _ values: [Media]) {
        replace4([name], values.map { m in
            switch m {
            case .inline(let data, let mt):
                return ContentLine(name: name, value: "data:\(mt ?? "application/octet-stream");base64," + Base64.encode(data))
            case .uri(let uri, let mt):
                var l = ContentLine(name: name, value: uri)
                if let mt { l.setParameter("MEDIATYPE", [mt]) }
                return l
            }
        })
    }
}

extension String {
    /// Whether the string starts with `prefix` (ASCII), ignoring ASCII case.
    func hasASCIIPrefixIgnoringCase(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard utf8.count >= count else { return false }
        var copy = self
        return copy.withUTF8 { bytes in
            for k in 0..<count {
                let a = bytes[k], b = prefix.utf8Start[k]
                let la = (a >= 0x41 && a <= 0x5A) ? a | 0x20 : a
                let lb = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
                if la != lb { return false }
            }
            return true
        }
    }
}
