import ContentLines

/// Reading TYPE and PREF parameters: the common types as codes, packed keys, ``TypeList``.
extension VCard {
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
    static func addTypes(_ value: String, to types: inout TypeList) {
        var value = value
        let ascii = value.withUTF8 { addASCIITypes($0, to: &types) }
        if ascii { return }
        addOtherTypes(value, to: &types)
    }

    /// ``addTypes(_:to:)`` for a value in bytes.
    static func addTypes(_ bytes: UnsafeBufferPointer<UInt8>, to types: inout TypeList) {
        if addASCIITypes(bytes, to: &types) { return }
        addOtherTypes(String(decoding: bytes, as: UTF8.self), to: &types)
    }

    static func addOtherTypes(_ value: String, to types: inout TypeList) {
        for part in value.split(separator: ",") {
            let l = part.lowercased()
            if l == "pref" { types.pref = true } else { types.append(l) }
        }
    }

    /// ``addTypes(_:to:)`` for ASCII bytes; false (and nothing added) for other bytes.
    static func addASCIITypes(_ bytes: UnsafeBufferPointer<UInt8>, to types: inout TypeList) -> Bool {
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
    static func lowercasedKey(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
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
    static func addASCIIPart(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, key: UInt64, to types: inout TypeList) {
        let len = end - start
        guard len > 0 else { return }
        // Short parts (nearly all) are matched as one integer.
        if len <= 8 && key == 0x66657270 {  // "pref"
            types.pref = true
        } else if len <= 8, case let code = knownTypeCode(key), code > 0 {
            types.append(code: code)
        } else {
            // Any other part ("pref" is four bytes, matched above).
            types.append(
                String(unsafeUninitializedCapacity: len) { out in
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
    static func knownTypeCode(_ key: UInt64) -> Int {
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
