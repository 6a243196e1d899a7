/// Base64 encoding and a decoder that ignores whitespace and folding.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let table: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        t[Int(UInt8(ascii: "-"))] = 62  // URL-safe alphabet, seen in some exports
        t[Int(UInt8(ascii: "_"))] = 63
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
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var acc: UInt32 = 0
        var n = 0
        var padding = 0
        for c in text.utf8 {
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { continue }
            if c == 0x3D { padding += 1; continue }
            if padding > 0 { return nil }  // data after padding
            let v = table[Int(c)]
            if v == 0xFF { return nil }
            acc = acc << 6 | UInt32(v)
            n += 1
            if n == 4 {
                out.append(UInt8(truncatingIfNeeded: acc >> 16))
                out.append(UInt8(truncatingIfNeeded: acc >> 8))
                out.append(UInt8(truncatingIfNeeded: acc))
                acc = 0
                n = 0
            }
        }
        switch n {
        case 0: break
        case 2: out.append(UInt8(truncatingIfNeeded: acc >> 4))
        case 3:
            out.append(UInt8(truncatingIfNeeded: acc >> 10))
            out.append(UInt8(truncatingIfNeeded: acc >> 2))
        default: return nil
        }
        return out
    }
}
