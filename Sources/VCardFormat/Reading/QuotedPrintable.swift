/// Quoted-printable as vCard 2.1 uses it (RFC 2045 §6.7).
public enum QuotedPrintable {
    /// Decodes `=XX` escapes and soft line breaks (`=` before a line end).
    ///
    /// - Returns: the bytes, and whether a bad `=` run was met (kept literally).
    /// - Complexity: O(n).
    public static func decode<C: RandomAccessCollection>(_ input: C) -> (bytes: [UInt8], malformed: Bool)
    where C.Element == UInt8, C.Index == Int {
        let contiguous = Array(input)
        var malformed = false
        let out = [UInt8](unsafeUninitializedCapacity: contiguous.count) { out, count in
            contiguous.withUnsafeBufferPointer { (count, malformed) = decode($0, into: out) }
        }
        return (out, malformed)
    }

    /// ``decode(_:)`` on contiguous bytes, written into `out` (room for `input.count`
    /// bytes): the count written, and whether a bad `=` run was met. The one decoder: the
    /// vCard reader calls it with a temporary buffer, so a value needs no array.
    package static func decode(
        _ input: UnsafeBufferPointer<UInt8>,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) -> (count: Int, malformed: Bool) {
        var malformed = false
        var o = 0
        var i = 0
        let end = input.count
        while i < end {
            let b = input[i]
            guard b == 0x3D else {
                out[o] = b
                o += 1
                i += 1
                continue
            }
            // soft line break
            if i + 1 < end, input[i + 1] == 0x0A { i += 2; continue }
            if i + 1 < end, input[i + 1] == 0x0D {
                i += (i + 2 < end && input[i + 2] == 0x0A) ? 3 : 2
                continue
            }
            if i + 2 < end, let h = hex(input[i + 1]), let l = hex(input[i + 2]) {
                out[o] = h << 4 | l
                o += 1
                i += 3
            } else if i + 1 == end {
                i += 1  // a trailing soft break with nothing after it
            } else {
                malformed = true
                out[o] = b
                o += 1
                i += 1
            }
        }
        return (o, malformed)
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
