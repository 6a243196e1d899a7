import ContentLines

extension VCard {
    // MARK: single text values

    /// FN: the name to display.
    public var formattedName: String? {
        get { text(Self.fnName, "FN") }
        set { setText("FN", newValue) }
    }

    /// N: the structured name.
    public var name: StructuredName? {
        get {
            // vCard 2.1 has no lists: its commas stay in the text.
            let lists = version != .v2_1
            if case .raw(let raw) = storage {
                // Split straight from the bytes, with no value string first.
                let lines = raw.lines
                guard let k = lines.firstIndex(named: Self.nName) else { return nil }
                let l = lines.lines[k]
                if l.built < 0 {
                    return lines.bytes.withUnsafeBufferPointer { Self.structuredName($0, l.valueStart, l.end, lists: lists) }
                }
                var value = lines.value(k)
                return value.withUTF8 { Self.structuredName($0, 0, $0.count, lists: lists) }
            }
            guard var value = property("N")?.value else { return nil }
            return value.withUTF8 { Self.structuredName($0, 0, $0.count, lists: lists) }
        }
        set {
            let lines =
                newValue.map { n in
                    [
                        ContentLine(
                            name: "N",
                            value: TextEscaping.joinStructured([n.familyNames, n.givenNames, n.additionalNames, n.honorificPrefixes, n.honorificSuffixes]))
                    ]
                } ?? []
            replace4(["N"], lines)
        }
    }

    /// NICKNAME values, all lines joined.
    public var nicknames: [String] {
        get { properties(named: "NICKNAME").flatMap { TextEscaping.splitList($0.value) } }
        set {
            replace4(
                ["NICKNAME"], newValue.isEmpty ? [] : [ContentLine(name: "NICKNAME", value: newValue.map { TextEscaping.escape($0) }.joined(separator: ","))])
        }
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
        set {
            replace4(
                ["CATEGORIES"],
                newValue.isEmpty ? [] : [ContentLine(name: "CATEGORIES", value: newValue.map { TextEscaping.escape($0) }.joined(separator: ","))])
        }
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
        get { typedValues(Self.emailName, "EMAIL") }
        set { setTypedValues("EMAIL", newValue) }
    }

    /// TEL numbers (a `tel:` URI prefix is removed).
    public var phones: [TypedValue] {
        get { typedValues(Self.telName, "TEL", droppingTelScheme: true) }
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
                return Address(
                    poBox: f[0], extended: f[1], street: f[2], locality: f[3], region: f[4], postalCode: f[5], country: f[6],
                    types: types, preference: pref, group: p.group, label: label(group: p.group))
            }
        }
        set {
            replace4(
                ["ADR"],
                newValue.map { a in
                    var line = ContentLine(
                        group: a.group, name: "ADR",
                        value: [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country].map { TextEscaping.escape($0) }.joined(
                            separator: ";"))
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
            replace4(
                ["GENDER", "X-GENDER"],
                newValue.map { g in
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

    /// Names the hot getters look up, prepared once.
    private static let fnName = RawLine.Name("FN")
    private static let nName = RawLine.Name("N")
    private static let emailName = RawLine.Name("EMAIL")
    private static let telName = RawLine.Name("TEL")

    /// ``text(_:_:)`` for a card kept as bytes: the lines passed on as they are, not copied
    /// out of the card.
    private static func text(_ lines: RawLines, _ key: RawLine.Name) -> String? {
        lines.firstIndex(named: key).map { lines.unescapedValue($0) }
    }

    /// The unescaped value of the first property `name` (`key`, prepared); from the bytes
    /// of a card that keeps them, in one step.
    func text(_ key: RawLine.Name, _ name: String) -> String? {
        if case .raw(let raw) = storage { return Self.text(raw.lines, key) }
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
        var l: String
        if case .raw(let raw) = storage {
            let lines = raw.lines
            var next = lines.firstIndex(named: Self.labelName)
            while let k = next, !lines.hasGroup(k, group) { next = lines.firstIndex(named: Self.labelName, from: k + 1) }
            guard let k = next else { return nil }
            // The value alone, not the whole line.
            l = lines.unescapedValue(k)
        } else {
            guard let p = properties.first(where: { $0.name.sameToken("X-ABLABEL") && $0.group?.caseInsensitiveEquals(group) == true }) else { return nil }
            l = TextEscaping.unescape(p.value)
        }
        if l.hasPrefix("_$!<") && l.hasSuffix(">!$_") { l = String(l.dropFirst(4).dropLast(4)) }
        return l
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
