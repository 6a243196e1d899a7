/// Base64 encoding and a decoder that ignores whitespace and folding.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let table: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        t[Int(UInt8(ascii: "-"))] = 62  // URL-safe alphabet, seen in some exports
        t[Int(UInt8(ascii: "_"))] = 63
        for c in [0x20, 0x09, 0x0A, 0x0D] as [UInt8] { t[Int(c)] = blank }
        t[0x3D] = pad
        return t
    }()

    /// Encodes `bytes` as standard base64 with padding and no line breaks.
    /// - Complexity: O(n).
    public static func encode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var it = bytes.makeIterator()
        while let a = it.next() {
            let b = it.next(), c = it.next()
            out.append(alphabet[Int(a >> 2)])
            out.append(alphabet[Int((a & 0x03) << 4 | (b ?? 0) >> 4)])
            out.append(b == nil ? 0x3D : alphabet[Int(((b ?? 0) & 0x0F) << 2 | (c ?? 0) >> 6)])
            out.append(c == nil ? 0x3D : alphabet[Int((c ?? 0) & 0x3F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes base64, skipping spaces, tabs and line breaks; padding is optional.
    /// - Returns: the bytes, or nil if another character occurs or the length is impossible.
    /// - Complexity: O(n).
    public static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(bytes: $0) }
    }

    /// Decodes base64 from UTF-8 bytes, with the rules of ``decode(_:)``.
    /// - Complexity: O(n).
    package static func decode(bytes input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let length = scan(input) else { return nil }
        if length == 0 { return [] }
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: length) { out, count in
            table.withUnsafeBufferPointer { t in
                var acc: UInt32 = 0
                var n = 0
                var o = 0
                for c in input {
                    let v = t[Int(c)]
                    if v >= 64 { continue }  // blanks and padding; anything else was refused by `scan`
                    acc = acc << 6 | UInt32(v)
                    n += 1
                    if n == 4 {
                        out[o] = UInt8(truncatingIfNeeded: acc >> 16)
                        out[o + 1] = UInt8(truncatingIfNeeded: acc >> 8)
                        out[o + 2] = UInt8(truncatingIfNeeded: acc)
                        o += 3
                        acc = 0
                        n = 0
                    }
                }
                switch n {
                case 0: break
                case 2:
                    out[o] = UInt8(truncatingIfNeeded: acc >> 4)
                    o += 1
                case 3:
                    out[o] = UInt8(truncatingIfNeeded: acc >> 10)
                    out[o + 1] = UInt8(truncatingIfNeeded: acc >> 2)
                    o += 2
                default: failed = true
                }
                count = o
            }
        }
        return failed ? nil : out
    }

    /// Decodes base64 as iCalendar's ATTACH and IMAGE values are read: blanks and every `=`
    /// are skipped wherever they are, bits left over at the end are dropped, and only the
    /// standard alphabet is taken (no `-` or `_`).
    /// - Returns: the bytes, or nil if another character occurs.
    /// - Complexity: O(n).
    package static func decodeLeniently(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 4 * 3)
        var acc: UInt32 = 0, bits = 0
        for b in text.utf8 {
            let v = table[Int(b)]
            if v == blank || v == pad { continue }
            if v == invalid || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") { return nil }
            acc = acc << 6 | UInt32(v); bits += 6
            if bits >= 8 { bits -= 8; out.append(UInt8(acc >> UInt32(bits) & 0xFF)) }
        }
        return out
    }

    /// Whether ``decode(_:)`` would succeed, without making the bytes.
    /// - Complexity: O(n), no allocation.
    public static func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { scan($0) != nil }
    }

    /// Whether ``decode(bytes:)`` would succeed, without making the bytes.
    package static func isValid(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        scan(bytes) != nil
    }

    /// Classes of the lookup table past the 64 digits.
    private static let blank: UInt8 = 0xFE, pad: UInt8 = 0xFD, invalid: UInt8 = 0xFF

    /// Validates `input` and returns the decoded length, or nil when it is not base64.
    private static func scan(_ input: UnsafeBufferPointer<UInt8>) -> Int? {
        table.withUnsafeBufferPointer { t in
            var digits = 0
            var padding = false
            guard let p = input.baseAddress else { return 0 }
            let n = input.count
            var i = 0
            while true {
                // A run of digits (nearly all of a photo) in a tight loop; then one other byte.
                let start = i
                // Eight bytes a step: the digits' classes are below 64, every other class is
                // at least 0xFD, so the OR of eight classes is below 64 only when all are digits.
                while i + 8 <= n {
                    let c =
                        t[Int(p[i])] | t[Int(p[i + 1])] | t[Int(p[i + 2])] | t[Int(p[i + 3])]
                        | t[Int(p[i + 4])] | t[Int(p[i + 5])] | t[Int(p[i + 6])] | t[Int(p[i + 7])]
                    if c >= 64 { break }
                    i += 8
                }
                while i < n && t[Int(p[i])] < 64 { i += 1 }
                if i > start {
                    if padding { return nil }  // data after padding
                    digits += i - start
                }
                if i == n { break }
                let v = t[Int(p[i])]
                if v == pad {
                    padding = true
                } else if v == invalid {
                    return nil
                }
                i += 1
            }
            switch digits & 3 {
            case 1: return nil
            case 0: return digits / 4 * 3
            default: return digits / 4 * 3 + (digits & 3) - 1
            }
        }
    }
}
