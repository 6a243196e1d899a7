/// Quoted-printable as vCard 2.1 uses it (RFC 2045 §6.7).
public enum QuotedPrintable {
    /// Decodes `=XX` escapes and soft line breaks (`=` before a line end).
    ///
    /// - Returns: the bytes, and whether a bad `=` run was met (kept literally).
    /// - Complexity: O(n).
    public static func decode<C: RandomAccessCollection>(_ input: C) -> (bytes: [UInt8], malformed: Bool)
    where C.Element == UInt8, C.Index == Int {
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var malformed = false
        var i = input.startIndex
        let end = input.endIndex
        while i < end {
            let b = input[i]
            guard b == 0x3D else {
                out.append(b)
                i += 1
                continue
            }
            // soft line break
            if i + 1 < end, input[i + 1] == 0x0A { i += 2; continue }
            if i + 2 < end + 1, i + 1 < end, input[i + 1] == 0x0D {
                i += (i + 2 < end && input[i + 2] == 0x0A) ? 3 : 2
                continue
            }
            if i + 2 < end, let h = hex(input[i + 1]), let l = hex(input[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else if i + 1 == end {
                i += 1  // a trailing soft break with nothing after it
            } else {
                malformed = true
                out.append(b)
                i += 1
            }
        }
        return (out, malformed)
    }

    /// Encodes bytes as quoted-printable on one logical line (no soft breaks).
    public static func encode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in bytes {
            if (b >= 33 && b <= 126 && b != 0x3D) || b == 0x20 {
                out.append(b)
            } else {
                out += [0x3D, digits[Int(b >> 4)], digits[Int(b & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always)
    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x37
        case 0x61...0x66: return c - 0x57
        default: return nil
        }
    }
}
