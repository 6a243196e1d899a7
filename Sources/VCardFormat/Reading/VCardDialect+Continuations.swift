import ContentLines

/// The continuations of vCard 2.1 the shared unfolder asks about: quoted-printable soft
/// breaks and bare base64 lines (a BASE64 value continued on lines with no leading blank).
extension VCardDialect {
    static let qpNeedle = Array("QUOTED-PRINTABLE".utf8)
    static let base64Needle = Array("BASE64".utf8)

    package static var hasLegacyContinuations: Bool { true }

    package static func declaresQuotedPrintable(_ line: ContentLineBytes) -> Bool { declares(qpNeedle, line.buffer) }

    package static func declaresBase64(_ line: ContentLineBytes) -> Bool { declares(base64Needle, line.buffer) }

    /// Whether the physical line at `start` is non-empty and only base64 characters (no colon).
    /// Asked after nearly every line (and answered in a few bytes), so inlined.
    @inline(__always)
    package static func isBareBase64Line(_ input: ContentLineBytes, at start: Int) -> Bool {
        guard let base = input.buffer.baseAddress else { return false }
        return isBareBase64Line(base, start, input.buffer.count)
    }

    /// ``isBareBase64Line(at:)`` on `p[start..<count]`.
    @inline(__always)
    static func isBareBase64Line(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Bool {
        // Bit b of `low` (bytes 0..<64) or `high` (64..<128) is set when byte b is a base64 character:
        // + / 0-9 = in `low`, A-Z a-z in `high`. Most lines stop at their property name's colon.
        let low: UInt64 = (1 << 0x2B) | (1 << 0x2F) | (0x3FF << 0x30) | (1 << 0x3D)
        let high: UInt64 = (0x3FF_FFFF << (0x41 - 64)) | (0x3FF_FFFF << (0x61 - 64))
        #if _endian(little)
        if start &+ 16 <= count {
            // A colon or semicolon (not base64) in the first sixteen bytes, before any line
            // break, settles it for nearly every line: sixteen bytes compared at once.
            let colon = SIMD16<UInt8>(repeating: 0x3A), semicolon = SIMD16<UInt8>(repeating: 0x3B)
            let lf = SIMD16<UInt8>(repeating: 0x0A), cr = SIMD16<UInt8>(repeating: 0x0D)
            let v = UnsafeRawPointer(base + start).loadUnaligned(as: SIMD16<UInt8>.self)
            let stop = unsafeBitCast((v .== colon) .| (v .== semicolon), to: SIMD2<UInt64>.self)
            let brk = unsafeBitCast((v .== lf) .| (v .== cr), to: SIMD2<UInt64>.self)
            let firstStop = stop[0] != 0 ? stop[0].trailingZeroBitCount : stop[1] != 0 ? 64 &+ stop[1].trailingZeroBitCount : 128
            let firstBreak = brk[0] != 0 ? brk[0].trailingZeroBitCount : brk[1] != 0 ? 64 &+ brk[1].trailingZeroBitCount : 128
            if firstStop < firstBreak { return false }
        }
        #endif
        var i = start
        while i < count {
            let b = base[i]
            let ok = b < 64 ? (low >> UInt64(b)) & 1 != 0 : b < 128 && (high >> UInt64(b &- 64)) & 1 != 0
            if !ok {
                if b == 0x0A || b == 0x0D { break }
                return false
            }
            i += 1
        }
        return i > start
    }

    /// Whether the parameters before the first colon contain `needle` (ASCII, case-insensitive).
    /// On the bytes in place (a generic walk over an array slice cost ~35 instructions a byte).
    static func declares(_ needle: [UInt8], _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let stop = ContentLineScan.firstOf(line, 0, line.count, 0x3A, 0x22, 0x22, 0x22, 0x22)
        if stop < line.count && line[stop] == 0x22 { return declaresQuoted(needle, line) }
        // No quote before the first colon: the needle anywhere before it (its first letter
        // occurs once in it, so this is what the matcher below finds).
        return needle.withUnsafeBufferPointer { nd in
            let m = nd.count
            guard stop >= m else { return false }
            var j = 0
            while j <= stop - m {
                var b = line[j]
                if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                if b == nd[0] {
                    var k = 1
                    while k < m {
                        var c = line[j + k]
                        if c >= 0x61 && c <= 0x7A { c -= 0x20 }
                        if c != nd[k] { break }
                        k += 1
                    }
                    if k == m { return true }
                }
                j += 1
            }
            return false
        }
    }

    /// ``declares(_:_:)`` for a line with a quote before its first colon.
    static func declaresQuoted(_ needle: [UInt8], _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var matched = 0
        var inQuote = false
        for b in line {
            if b == 0x22 { inQuote.toggle() }
            if b == 0x3A && !inQuote { return false }
            let u = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b
            if u == needle[matched] {
                matched += 1
                if matched == needle.count { return true }
            } else {
                matched = u == needle[0] ? 1 : 0
            }
        }
        return false
    }
}
