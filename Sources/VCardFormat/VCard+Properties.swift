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

    static func typesAndPreference(_ p: ContentLine) -> ([String], Int?) {
        var types = TypeList()
        var pref: Int?
        // As `firstParameter("PREF")` and `parameter("TYPE")`: the first of each name counts.
        var sawPref = false, sawType = false
        for param in p.parameters {
            if param.name.sameToken("PREF") {
                if !sawPref, let first = param.values.first { pref = Int(first) }
                sawPref = true
            } else if param.name.sameToken("TYPE") {
                if sawType { continue }
                sawType = true
                for t in param.values { addTypes(t, to: &types) }
            }
        }
        if types.pref { pref = pref ?? 1 }
        return (types.array, pref)
    }

    /// ``typesAndPreference(_:)`` for a line kept as bytes, its parameters read as
    /// ``ContentLineReader`` parses them: TYPE values (quoted or not, repeated TYPEs merged in
    /// order) and bare vCard 2.1 names (which the reader files under TYPE), and the first
    /// value of the first PREF. Nil when a TYPE or PREF value holds an RFC 6868 caret escape
    /// (the built line decodes it) or a quote is not closed.
    static func typesAndPreference(_ lines: RawLines, _ k: Int) -> ([String], Int?)? {
        let l = lines.lines[k]
        return lines.bytes.withUnsafeBufferPointer { buf -> ([String], Int?)? in
            var types = TypeList()
            var pref: Int?
            var sawPref = false
            var i = l.nameEnd
            let colon = l.valueStart - 1
            let base = UnsafeRawPointer(buf.baseAddress!)
            while i < colon && buf[i] == 0x3B {
                i += 1
                let ps = i
                var ts = ps, te: Int
                // `TYPE=` or `PREF=` (any case; nearly every parameter): the name known from
                // one word, with no scan and nothing to trim. Anything else is scanned.
                let word = i + 5 <= colon ? base.loadUnaligned(fromByteOffset: i, as: UInt32.self) & 0xDFDF_DFDF : 0
                if (word == 0x45505954 || word == 0x46455250) && buf[i + 4] == 0x3D {
                    i += 4
                    te = i
                } else {
                    while i < colon, buf[i] != 0x3D, buf[i] != 0x3B { i += 1 }
                    te = i
                    while ts < te, buf[ts] == 0x20 || buf[ts] == 0x09 { ts += 1 }
                    while te > ts, buf[te - 1] == 0x20 || buf[te - 1] == 0x09 { te -= 1 }
                }
                guard i < colon && buf[i] == 0x3D else {
                    // Bare parameter: the reader files it under TYPE (its name uppercased,
                    // which lowercasing here undoes).
                    if te > ts { addTypes(UnsafeBufferPointer(rebasing: buf[ts..<te]), to: &types) }
                    continue
                }
                i += 1
                // TYPE or PREF, any case: four bytes with the ASCII case bit cleared.
                var key: UInt32 = 0
                if te - ts == 4 {
                    key = UInt32(buf[ts]) | UInt32(buf[ts + 1]) << 8 | UInt32(buf[ts + 2]) << 16 | UInt32(buf[ts + 3]) << 24
                    key &= 0xDFDF_DFDF
                }
                let isType = key == 0x45505954, isPref = key == 0x46455250
                var first = true
                while true {
                    let vs: Int, ve: Int
                    if i < colon && buf[i] == 0x22 {
                        // A quoted value: up to the closing quote; what follows it up to a
                        // separator is dropped, as the reader drops it.
                        i += 1
                        vs = i
                        while i < colon && buf[i] != 0x22 { i += 1 }
                        if i == colon { return nil }
                        ve = i
                        i += 1
                        while i < colon, buf[i] != 0x2C, buf[i] != 0x3B { i += 1 }
                    } else if isType {
                        // An unquoted TYPE value holds no comma: one part, judged in the
                        // pass that finds its end (its key, whether it is ASCII, a caret).
                        vs = i
                        var high: UInt8 = 0
                        while i < colon {
                            let b = buf[i]
                            if b == 0x2C || b == 0x3B { break }
                            if b == 0x5E { return nil }
                            high |= b
                            i += 1
                        }
                        ve = i
                        if high < 0x80 {
                            addASCIIPart(buf, vs, ve, key: Self.lowercasedKey(buf, vs, ve), to: &types)
                        } else {
                            addOtherTypes(String(decoding: UnsafeBufferPointer(rebasing: buf[vs..<ve]), as: UTF8.self), to: &types)
                        }
                        if i < colon && buf[i] == 0x2C {
                            i += 1
                            continue
                        }
                        break
                    } else {
                        vs = i
                        while i < colon, buf[i] != 0x2C, buf[i] != 0x3B { i += 1 }
                        ve = i
                    }
                    if isType || (isPref && first && !sawPref) {
                        let value = UnsafeBufferPointer(rebasing: buf[vs..<ve])
                        if value.contains(0x5E) { return nil }
                        if isType {
                            addTypes(value, to: &types)
                        } else {
                            pref = Int(String(decoding: value, as: UTF8.self))
                        }
                    }
                    first = false
                    if i < colon && buf[i] == 0x2C {
                        i += 1
                        continue
                    }
                    break
                }
                if isPref { sawPref = true }
            }
            if types.pref { pref = pref ?? 1 }
            return (types.array, pref)
        }
    }

    /// Splits one TYPE value on commas (empty parts dropped), lowercases the parts, and
    /// takes `pref` out as a flag.
    private static func addTypes(_ value: String, to types: inout TypeList) {
        var value = value
        let ascii = value.withUTF8 { addASCIITypes($0, to: &types) }
        if ascii { return }
        addOtherTypes(value, to: &types)
    }

    /// ``addTypes(_:to:)`` for a value in bytes.
    private static func addTypes(_ bytes: UnsafeBufferPointer<UInt8>, to types: inout TypeList) {
        if addASCIITypes(bytes, to: &types) { return }
        addOtherTypes(String(decoding: bytes, as: UTF8.self), to: &types)
    }

    private static func addOtherTypes(_ value: String, to types: inout TypeList) {
        for part in value.split(separator: ",") {
            let l = part.lowercased()
            if l == "pref" { types.pref = true } else { types.append(l) }
        }
    }

    /// ``addTypes(_:to:)`` for ASCII bytes; false (and nothing added) for other bytes.
    private static func addASCIITypes(_ bytes: UnsafeBufferPointer<UInt8>, to types: inout TypeList) -> Bool {
        var any: UInt8 = 0
        for b in bytes { any |= b }
        if any >= 0x80 { return false }
        let n = bytes.count
        var start = 0
        while start <= n {
            // One part, up to a comma; its first eight bytes lowercased into a key as it goes.
            var i = start
            var key: UInt64 = 0
            while i < n {
                let b = bytes[i]
                if b == 0x2C { break }
                if i - start < 8 { key |= UInt64((b >= 0x41 && b <= 0x5A) ? b | 0x20 : b) << (8 * UInt64(i - start)) }
                i += 1
            }
            addASCIIPart(bytes, start, i, key: key, to: &types)
            start = i + 1
        }
        return true
    }

    /// The first eight bytes (at most) of the ASCII bytes `buf[start..<end]`, lowercased and
    /// packed first byte lowest: read as one word where the buffer allows, lowercased eight
    /// at a time.
    @inline(__always)
    private static func lowercasedKey(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        let len = min(end - start, 8)
        guard len > 0 else { return 0 }
        var x: UInt64
        if start + 8 <= buf.count, let base = UnsafeRawPointer(buf.baseAddress) {
            x = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            if len < 8 { x &= (1 << (8 * UInt64(len))) - 1 }
        } else {
            x = 0
            for k in 0..<len { x |= UInt64(buf[start + k]) << (8 * UInt64(k)) }
        }
        // Bytes below 0x80: a byte is in A...Z when adding 0x3F sets its top bit and adding
        // 0x25 does not; the top bit shifted down to 0x20 lowercases it.
        let atLeastA = (x &+ 0x3F3F_3F3F_3F3F_3F3F) & 0x8080_8080_8080_8080
        let pastZ = (x &+ 0x2525_2525_2525_2525) & 0x8080_8080_8080_8080
        return x | ((atLeastA & ~pastZ) >> 2)
    }

    /// Adds the ASCII part `bytes[start..<end]` (no comma in it), lowercased, given `key`,
    /// its first eight bytes lowercased and packed first byte lowest; `pref` is taken out as
    /// a flag, an empty part dropped.
    @inline(__always)
    private static func addASCIIPart(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, key: UInt64, to types: inout TypeList) {
        let len = end - start
        guard len > 0 else { return }
        // Short parts (nearly all) are matched as one integer.
        if len <= 8 && key == 0x66657270 {  // "pref"
            types.pref = true
        } else if len <= 8, case let code = knownTypeCode(key), code > 0 {
            types.append(code: code)
        } else {
            // Any other part ("pref" is four bytes, matched above).
            types.append(String(unsafeUninitializedCapacity: len) { out in
                for k in 0..<len {
                    let b = bytes[start + k]
                    out[k] = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
                }
                return len
            })
        }
    }

    /// The common TYPE values, by code (0 is none); see ``knownTypeCode(_:)``.
    static let typeNames: [String] = [
        "", "internet", "home", "work", "cell", "voice", "fax", "other", "main", "iphone", "pager", "text",
        "video", "msg", "bbs", "modem", "car", "isdn", "pcs", "x400", "dom", "intl", "postal", "parcel",
    ]
    /// Every common type alone, and every pair of them, as arrays made once: most values
    /// have one or two types, and share these instead of making an array each.
    static let oneType: [[String]] = typeNames.map { [$0] }
    static let twoTypes: [[String]] = typeNames.flatMap { a in typeNames.map { b in [a, b] } }

    /// The code in ``typeNames`` of a common TYPE value, from its lowercased bytes packed
    /// first byte lowest; 0 for any other.
    private static func knownTypeCode(_ key: UInt64) -> Int {
        switch key {
        case 0x74656E7265746E69: return 1  // internet
        case 0x656D6F68: return 2  // home
        case 0x6B726F77: return 3  // work
        case 0x6C6C6563: return 4  // cell
        case 0x6563696F76: return 5  // voice
        case 0x786166: return 6  // fax
        case 0x726568746F: return 7  // other
        case 0x6E69616D: return 8  // main
        case 0x656E6F687069: return 9  // iphone
        case 0x7265676170: return 10  // pager
        case 0x74786574: return 11  // text
        case 0x6F65646976: return 12  // video
        case 0x67736D: return 13  // msg
        case 0x736262: return 14  // bbs
        case 0x6D65646F6D: return 15  // modem
        case 0x726163: return 16  // car
        case 0x6E647369: return 17  // isdn
        case 0x736370: return 18  // pcs
        case 0x30303478: return 19  // x400
        case 0x6D6F64: return 20  // dom
        case 0x6C746E69: return 21  // intl
        case 0x6C6174736F70: return 22  // postal
        case 0x6C6563726170: return 23  // parcel
        default: return 0
        }
    }

    static func setTypesAndPreference(_ line: inout ContentLine, _ types: [String], _ pref: Int?) {
        line.setParameter("TYPE", types)
        line.setParameter("PREF", pref.map { [String($0)] } ?? [])
    }

    func typedValues(_ name: String, text: Bool = true) -> [TypedValue] {
        typedValues(RawLine.Name(name), name, text: text)
    }

    /// The properties `name` (`key`, prepared) as typed values; `droppingTelScheme` takes a
    /// `tel:` prefix (any case) off each value, as ``phones`` does.
    func typedValues(_ key: RawLine.Name, _ name: String, text: Bool = true, droppingTelScheme: Bool = false) -> [TypedValue] {
        var result: [TypedValue] = []
        if case .raw(let raw) = storage {
            // Found in one pass, so the result is made at its size.
            let lines = raw.lines
            let (count, packed) = lines.indices(named: key)
            guard count > 0 else { return result }
            if count == 1 && lines.lines.count <= 256 {
                // One value (the common case): an array literal, made at its size in one step.
                return [typedValue(lines, Int(truncatingIfNeeded: packed & 0xFF), text: text, droppingTelScheme: droppingTelScheme)]
            }
            result.reserveCapacity(count)
            if count <= 8 && lines.lines.count <= 256 {
                for j in 0..<count {
                    let k = Int(truncatingIfNeeded: packed >> (8 * UInt64(j)) & 0xFF)
                    result.append(typedValue(lines, k, text: text, droppingTelScheme: droppingTelScheme))
                }
            } else {
                var next = lines.firstIndex(named: key)
                while let k = next {
                    result.append(typedValue(lines, k, text: text, droppingTelScheme: droppingTelScheme))
                    next = lines.firstIndex(named: key, from: k + 1)
                }
            }
            return result
        }
        let name = name.uppercasedIfNeeded
        let properties = self.properties
        // By index: the lines are read in place, not copied whole.
        for k in properties.indices where properties[k].name.sameToken(name) {
            let (types, pref) = Self.typesAndPreference(properties[k])
            let value = properties[k].value, group = properties[k].group
            var v = text ? TextEscaping.unescape(value) : value
            if droppingTelScheme { v = Self.droppingTelScheme(v) }
            result.append(TypedValue(v, types: types, preference: pref, group: group, label: label(group: group)))
        }
        return result
    }

    /// The typed value of the line at `k` of a card kept as bytes: read from the bytes,
    /// unless the line is kept built or its TYPE or PREF needs the parser.
    @inline(__always)
    private func typedValue(_ lines: RawLines, _ k: Int, text: Bool, droppingTelScheme: Bool) -> TypedValue {
        let l = lines.lines[k]
        if l.built < 0, let typed = Self.typesAndPreference(lines, k) {
            let (types, pref) = typed
            let group = lines.group(k)
            let value = lines.bytes.withUnsafeBufferPointer { buf -> String in
                var s = l.valueStart
                let e = l.end
                if text && UnsafeBufferPointer(rebasing: buf[s..<e]).contains(0x5C) {
                    let v = TextEscaping.unescape(buf, s, e)
                    return droppingTelScheme ? Self.droppingTelScheme(v) : v
                }
                // No escape: the value is its bytes, and a `tel:` followed by ASCII (or
                // nothing) is four characters to drop.
                if droppingTelScheme && e - s >= 4 && buf[s] | 0x20 == 0x74 && buf[s + 1] | 0x20 == 0x65
                    && buf[s + 2] | 0x20 == 0x6C && buf[s + 3] == 0x3A {
                    if s + 4 < e && buf[s + 4] >= 0x80 {
                        return Self.droppingTelScheme(String(decoding: UnsafeBufferPointer(rebasing: buf[s..<e]), as: UTF8.self))
                    }
                    s += 4
                }
                return String(decoding: UnsafeBufferPointer(rebasing: buf[s..<e]), as: UTF8.self)
            }
            return TypedValue(value, types: types, preference: pref, group: group, label: label(group: group))
        }
        let p = lines.contentLine(k)
        let (types, pref) = Self.typesAndPreference(p)
        var v = text ? TextEscaping.unescape(p.value) : p.value
        if droppingTelScheme { v = Self.droppingTelScheme(v) }
        return TypedValue(v, types: types, preference: pref, group: p.group, label: label(group: p.group))
    }

    /// `value` without a leading `tel:` (any case), as ``phones`` gives it.
    static func droppingTelScheme(_ value: String) -> String {
        value.hasASCIIPrefixIgnoringCase("tel:") ? String(value.dropFirst(4)) : value
    }

    /// A structured name from the escaped value `bytes[start..<end]`: fields split on `;`,
    /// items on `,` when `lists` (vCard 2.1 has none), each item unescaped; empty items left
    /// out (an item that unescapes to nothing has an empty range) and fields past the fifth
    /// ignored. One pass, with no array of fields.
    static func structuredName(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, lists: Bool) -> StructuredName {
        var name = StructuredName()
        var field = 0
        var s = start
        var i = start
        while i < end {
            let b = bytes[i]
            if b == 0x5C {
                i += 2
                continue
            }
            if b == 0x3B || (lists && b == 0x2C) {
                if i > s { name.append(TextEscaping.unescape(bytes, s, i), field: field) }
                s = i + 1
                if b == 0x3B {
                    field += 1
                    if field == 5 { return name }
                }
            }
            i += 1
        }
        if end > s { name.append(TextEscaping.unescape(bytes, s, end), field: field) }
        return name
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

extension VCard.StructuredName {
    /// Adds `item` to the field at `field` (0 family … 4 suffixes).
    /// A field's first item makes its array as a literal, in one step (no growing).
    fileprivate mutating func append(_ item: String, field: Int) {
        switch field {
        case 0: if familyNames.isEmpty { familyNames = [item] } else { familyNames.append(item) }
        case 1: if givenNames.isEmpty { givenNames = [item] } else { givenNames.append(item) }
        case 2: if additionalNames.isEmpty { additionalNames = [item] } else { additionalNames.append(item) }
        case 3: if honorificPrefixes.isEmpty { honorificPrefixes = [item] } else { honorificPrefixes.append(item) }
        case 4: if honorificSuffixes.isEmpty { honorificSuffixes = [item] } else { honorificSuffixes.append(item) }
        default: break
        }
    }
}

/// The TYPE values of one property while they are gathered: the common ones as codes (no
/// string made), made into an array once at the end, a shared one for one or two of them.
struct TypeList {
    /// Up to four codes in ``VCard/typeNames``, eight bits each, first lowest (while not spilled).
    private var codes: UInt32 = 0
    private var count = 0
    /// Every value as a string, once one is not common or there are more than four.
    private var strings: [String] = []
    private var spilled = false
    /// Whether `pref` was among the values.
    var pref = false

    mutating func append(code: Int) {
        if !spilled && count < 4 {
            codes |= UInt32(truncatingIfNeeded: code) << (8 * UInt32(count))
            count += 1
            return
        }
        spill()
        strings.append(VCard.typeNames[code])
    }

    mutating func append(_ type: String) {
        spill()
        strings.append(type)
    }

    private mutating func spill() {
        guard !spilled else { return }
        spilled = true
        strings.reserveCapacity(count + 4)
        for j in 0..<count { strings.append(VCard.typeNames[code(j)]) }
    }

    private func code(_ j: Int) -> Int { Int(truncatingIfNeeded: codes >> (8 * UInt32(j)) & 0xFF) }

    /// The values in order.
    var array: [String] {
        if spilled { return strings }
        switch count {
        case 0: return []
        case 1: return VCard.oneType[code(0)]
        case 2: return VCard.twoTypes[code(0) * VCard.typeNames.count + code(1)]
        default: return (0..<count).map { VCard.typeNames[code($0)] }
        }
    }
}
