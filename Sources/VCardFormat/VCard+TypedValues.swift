import ContentLines

/// Building typed values (TEL, EMAIL, URL, …), structured names and media from properties.
extension VCard {
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
    func typedValue(_ lines: RawLines, _ k: Int, text: Bool, droppingTelScheme: Bool) -> TypedValue {
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
                    && buf[s + 2] | 0x20 == 0x6C && buf[s + 3] == 0x3A
                {
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
        replace4(
            [name],
            values.map { v in
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
        replace4(
            [name],
            values.map { m in
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

extension VCard.StructuredName {
    /// Adds `item` to the field at `field` (0 family … 4 suffixes).
    /// A field's first item makes its array as a literal, in one step (no growing).
    mutating func append(_ item: String, field: Int) {
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
