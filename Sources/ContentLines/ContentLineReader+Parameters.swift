import Foundation
import KithBase

/// Scanning names and parameters: the split points, literals for common tokens, RFC 6868 carets.
extension ContentLineReader {
    /// From `i`, just after a `;`: moves `i` to the `=`, `;` or `:` that ends a parameter
    /// name (or to `n`) and gives the name's bounds without the blanks around it. `scan` and
    /// `parse` split parameters through this one function, so they agree.
    @inline(__always)
    static func parameterName(_ buf: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ n: Int) -> (Int, Int) {
        let start = i
        i = firstOf(buf, i, n, 0x3D, 0x3B, 0x3A, 0x3A, 0x3A)
        var (ts, te) = (start, i)
        while ts < te, buf[ts] == 0x20 || buf[ts] == 0x09 { ts += 1 }
        while te > ts, buf[te - 1] == 0x20 || buf[te - 1] == 0x09 { te -= 1 }
        return (ts, te)
    }

    /// The index of the first byte at or after `i` (before `n`) that is `a`, `b`, `c`, `d`
    /// or `e` (repeat one to ask for fewer), or `n`; sixteen bytes a step.
    @inline(__always)
    static func firstOf(
        _ buf: UnsafeBufferPointer<UInt8>, _ i: Int, _ n: Int,
        _ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, _ e: UInt8
    ) -> Int {
        var i = i
        #if _endian(little)
        if let base = UnsafeRawPointer(buf.baseAddress) {
            // (Typed splats: `SIMD16(repeating:)` left to inference was not specialized.)
            let va = SIMD16<UInt8>(repeating: a), vb = SIMD16<UInt8>(repeating: b), vc = SIMD16<UInt8>(repeating: c)
            let vd = SIMD16<UInt8>(repeating: d), ve = SIMD16<UInt8>(repeating: e)
            while i &+ 16 <= n {
                let v = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let hit = unsafeBitCast((v .== va) .| (v .== vb) .| (v .== vc) .| (v .== vd) .| (v .== ve), to: SIMD2<UInt64>.self)
                if hit[0] != 0 { return i &+ hit[0].trailingZeroBitCount >> 3 }
                if hit[1] != 0 { return i &+ 8 &+ hit[1].trailingZeroBitCount >> 3 }
                i &+= 16
            }
        }
        #endif
        while i < n {
            let x = buf[i]
            if x == a || x == b || x == c || x == d || x == e { return i }
            i += 1
        }
        return n
    }

    @inline(__always)
    static func isASCII(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        let n = buf.count
        guard let base = UnsafeRawPointer(buf.baseAddress) else { return true }
        while k + 8 <= n {
            if base.loadUnaligned(fromByteOffset: k, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            k += 8
        }
        while k < n {
            if buf[k] & 0x80 != 0 { return false }
            k += 1
        }
        return true
    }

    @inline(__always)
    static func string(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
        if e > s, e - s <= 8, let known = known(pack(buf, s, e, upper: false)) { return known }
        return String(decoding: UnsafeBufferPointer(rebasing: buf[s..<e]), as: UTF8.self)
    }

    /// The index of the parameter named `name` (uppercase), appended with no values if new.
    @inline(__always)
    static func parameterIndex(_ parameters: inout [ContentLine.Parameter], _ name: String) -> Int {
        for k in parameters.indices where parameters[k].name.sameToken(name) { return k }
        parameters.append(ContentLine.Parameter(uppercased: name, values: []))
        return parameters.count - 1
    }

    /// A parameter value with RFC 6868 caret escapes (`^n` `^^` `^'`) decoded.
    static func parameterValue(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
        var hasCaret = false
        for k in s..<e where buf[k] == 0x5E { hasCaret = true; break }
        if !hasCaret {
            // vCard 2.1's encoding, too long for ``known(_:)``: a literal, not a new string.
            if e - s == 16, let base = UnsafeRawPointer(buf.baseAddress),
                base.loadUnaligned(fromByteOffset: s, as: UInt64.self) == 0x502D_4445_544F_5551,
                base.loadUnaligned(fromByteOffset: s + 8, as: UInt64.self) == 0x454C_4241_544E_4952
            {
                return "QUOTED-PRINTABLE"
            }
            return string(buf, s, e)
        }
        var out: [UInt8] = []
        var k = s
        while k < e {
            let b = buf[k]
            if b == 0x5E, k + 1 < e {
                switch buf[k + 1] {
                case 0x6E, 0x4E: out.append(0x0A); k += 2; continue
                case 0x5E: out.append(0x5E); k += 2; continue
                case 0x27: out.append(0x22); k += 2; continue
                default: break
                }
            }
            out.append(b)
            k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces and tabs.
    package func trimmingASCIISpaces() -> String {
        let u = utf8
        guard let first = u.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        let last = u.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
        if first == u.startIndex && last == u.index(before: u.endIndex) { return self }
        return String(self[first...last])
    }
}
