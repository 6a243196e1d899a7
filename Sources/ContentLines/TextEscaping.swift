/// TEXT escaping shared by vCard and iCalendar (`\\` `\;` `\,` `\n` `\N`), and splitting
/// structured values on separators that are not escaped.
public enum TextEscaping {
    /// Escapes `\`, `;`, `,` and line breaks for a TEXT value.
    ///
    /// - Parameter escapeComma: false for vCard 2.1-style or where commas are literal.
    /// - Complexity: O(n).
    public static func escape(_ text: String, escapeComma: Bool = true, escapeSemicolon: Bool = true) -> String {
        var needs = false
        for b in text.utf8 where b == 0x5C || b == 0x3B || b == 0x2C || b == 0x0A || b == 0x0D {
            needs = true
            break
        }
        guard needs else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        var previousCR = false
        var text = text
        text.withUTF8 { append($0, to: &out, previousCR: &previousCR, escapeComma: escapeComma, escapeSemicolon: escapeSemicolon) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `buf` TEXT-escaped to `bytes`: the one TEXT escaper of both formats (``escape(_:escapeComma:escapeSemicolon:)``
    /// and ICalendarLineWriter's text values). `previousCR` carries a CR across parts appended
    /// one after another, so that they escape as their concatenation would (CRLF is one `\n`).
    /// (Always inlined, so that the options fold away: a call with them cost the export 0.5 %.)
    @inlinable @inline(__always)
    package static func append(
        _ buf: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], previousCR: inout Bool,
        escapeComma: Bool = true, escapeSemicolon: Bool = true
    ) {
        guard let base = buf.baseAddress, !buf.isEmpty else { return }
        let n = buf.count
        var prevCR = previousCR
        var run = 0, i = 0
        while i < n {
            // Eight bytes at a time while none needs escaping (most text).
            if i + 8 <= n, !hasTextSpecial(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                prevCR = false
                continue
            }
            let b = base[i]
            i += 1
            guard b == 92 || (b == 59 && escapeSemicolon) || (b == 44 && escapeComma) || b == 10 || b == 13 else {
                prevCR = false
                continue
            }
            if i - 1 > run { bytes.append(contentsOf: UnsafeBufferPointer(start: base + run, count: i - 1 - run)) }
            run = i
            switch b {
            case 13: bytes.append(92); bytes.append(110)
            case 10: if !prevCR { bytes.append(92); bytes.append(110) }
            default: bytes.append(92); bytes.append(b)
            }
            prevCR = b == 13
        }
        if n > run { bytes.append(contentsOf: UnsafeBufferPointer(start: base + run, count: n - run)) }
        previousCR = prevCR
    }

    /// Whether any of eight bytes is one a TEXT value escapes: `\` `;` `,` LF or CR.
    @inlinable @inline(__always)
    package static func hasTextSpecial(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always) func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & (ones &* 0x80) != 0 }
        return hasZero(x ^ (ones &* 92)) || hasZero(x ^ (ones &* 59)) || hasZero(x ^ (ones &* 44))
            || hasZero(x ^ (ones &* 10)) || hasZero(x ^ (ones &* 13))
    }

    /// Undoes TEXT escaping: `\n`/`\N` become a line feed, `\\` `\;` `\,` `\:` the character;
    /// any other backslash is kept as written.
    /// - Complexity: O(n).
    public static func unescape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // The common case, no backslash: the string itself, found without a copy.
            guard bytes.contains(0x5C) else { return nil }
            return unescape(bytes, 0, bytes.count)
        } ?? text
    }

    /// Undoes TEXT escaping in `bytes[start..<end]`, as ``unescape(_:)``.
    package static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var hasEscape = false
        for k in start..<end where bytes[k] == 0x5C { hasEscape = true; break }
        guard hasEscape else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var escaped = false
        for b in bytes[start..<end] {
            if escaped {
                switch b {
                case 0x6E, 0x4E: out.append(0x0A)
                case 0x5C, 0x3B, 0x2C, 0x3A, 0x22: out.append(b)
                default: out += [0x5C, b]
                }
                escaped = false
            } else if b == 0x5C {
                escaped = true
            } else {
                out.append(b)
            }
        }
        if escaped { out.append(0x5C) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Splits `value` on `separator` where it is not preceded by a backslash; the parts stay escaped.
    ///
    /// `split("a\\;b;c", on: ";")` gives `["a\\;b", "c"]`.
    /// - Complexity: O(n).
    public static func split(_ value: String, on separator: Character) -> [String] {
        guard let sep = separator.asciiValue else { return [value] }
        var value = value
        return value.withUTF8 { bytes -> [String]? in
            var parts: [String] = []
            var start = 0
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x5C {
                    i += 2
                    continue
                }
                if b == sep {
                    parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                    start = i + 1
                }
                i += 1
            }
            if parts.isEmpty { return nil }  // no separator: the value itself
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[min(start, bytes.count)..<bytes.count]), as: UTF8.self))
            return parts
        } ?? [value]
    }

    /// Splits a structured value (`N`, `ADR`, `ORG`) into fields on `;` and each field into
    /// list items on `,`, unescaping every item.
    ///
    /// `"Doe;John,J.;;;"` gives `[["Doe"], ["John", "J."], [""], [""], [""]]`.
    public static func splitStructured(_ value: String) -> [[String]] {
        splitStructured(value, droppingEmptyItems: false)
    }

    /// ``splitStructured(_:)``, leaving out empty items when `droppingEmptyItems` (so that an
    /// empty field is an empty array, which costs nothing).
    package static func splitStructured(_ value: String, droppingEmptyItems: Bool) -> [[String]] {
        // One pass: a field ends at an unescaped `;`, an item at an unescaped `,` or `;`
        // (the escapes line up with those of splitting on `;` first, then on `,`).
        var value = value
        return value.withUTF8 { bytes in
            let n = bytes.count
            var fields: [[String]] = []
            fields.reserveCapacity(8)
            var items: [String] = []
            var start = 0
            var i = 0
            while i < n {
                let b = bytes[i]
                if b == 0x5C {
                    i += 2
                    continue
                }
                if b == 0x2C || b == 0x3B {
                    if !droppingEmptyItems || i > start { items.append(unescape(bytes, start, i)) }
                    start = i + 1
                    if b == 0x3B {
                        fields.append(items)
                        items = []
                    }
                }
                i += 1
            }
            if !droppingEmptyItems || n > start { items.append(unescape(bytes, min(start, n), n)) }
            fields.append(items)
            return fields
        }
    }

    /// Splits a list value (`CATEGORIES`, `NICKNAME`) on unescaped commas, unescaping each item.
    public static func splitList(_ value: String) -> [String] {
        split(value, on: ",").map(unescape)
    }

    /// Joins structured fields: items escaped, joined with `,` inside a field and `;` between fields.
    public static func joinStructured(_ fields: [[String]]) -> String {
        fields.map { field in field.map { escape($0) }.joined(separator: ",") }.joined(separator: ";")
    }
}
