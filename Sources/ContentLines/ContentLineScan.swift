/// The byte scanner the content-line reader and its dialects share: line breaks, NUL bytes,
/// ASCII and UTF-8 checks, and finding one of a few bytes, eight or sixteen bytes a step.
/// Inlinable, so that a format module specialising ``ContentLineReader`` for its dialect
/// inlines these into its loops as the reader's own module does.
@usableFromInline package enum ContentLineScan {
    /// vCard 2.1's bare encoding parameter, uppercase: a line that has it is built at once.
    @usableFromInline package static let quotedPrintable = Array("QUOTED-PRINTABLE".utf8)

    /// The index just past the line break at `i` (CR, CR LF or LF), or `count`.
    @inline(__always)
    @inlinable package static func afterBreak(_ p: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> Int {
        guard i < count else { return count }
        if p[i] == 0x0D, i + 1 < count, p[i + 1] == 0x0A { return i + 2 }
        return i + 1
    }

    /// The index of the first CR, LF or NUL byte at or after `start` (or `count`), ORing the
    /// bytes before it into `seen` (folded to eight bytes: only their high bits are asked);
    /// sixteen bytes a step (SSE2 compares, measured a third cheaper than eight-byte SWAR).
    @inline(__always)
    @inlinable package static func lineEnd(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ seen: inout UInt64) -> Int {
        let raw = UnsafeRawPointer(p)
        let lf = SIMD16<UInt8>(repeating: 0x0A), cr = SIMD16<UInt8>(repeating: 0x0D), nul = SIMD16<UInt8>(repeating: 0)
        var acc = SIMD16<UInt8>(repeating: 0)
        var i = start
        #if _endian(little)
        while i &+ 16 <= count {
            let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            // 0xFF in each byte that is LF, CR or NUL, read as two words (first byte lowest).
            let hit = unsafeBitCast((v .== lf) .| (v .== cr) .| (v .== nul), to: SIMD2<UInt64>.self)
            if hit[0] | hit[1] != 0 {
                let k = hit[0] != 0 ? hit[0].trailingZeroBitCount >> 3 : 8 &+ hit[1].trailingZeroBitCount >> 3
                let w = unsafeBitCast(v, to: SIMD2<UInt64>.self), a = unsafeBitCast(acc, to: SIMD2<UInt64>.self)
                let low: UInt64 = k >= 8 ? ~0 : (1 &<< UInt64(k &<< 3)) &- 1
                let high: UInt64 = k <= 8 ? 0 : (1 &<< UInt64((k &- 8) &<< 3)) &- 1
                seen |= a[0] | a[1] | (w[0] & low) | (w[1] & high)
                return i &+ k
            }
            acc |= v
            i &+= 16
        }
        #endif
        var tail: UInt64 = 0
        while i < count {
            let b = p[i]
            if b == 0x0A || b == 0x0D || b == 0 { break }
            tail |= UInt64(b)
            i += 1
        }
        let a = unsafeBitCast(acc, to: SIMD2<UInt64>.self)
        seen |= a[0] | a[1] | tail
        return i
    }

    /// The index of the first CR or LF in `buf` from `start`, or `buf.count`; eight bytes a step.
    @inline(__always)
    @inlinable package static func lineBreak(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = buf.count
        var i = start
        if let base = UnsafeRawPointer(buf.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= count {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let lf = w ^ (ones &* 0x0A), cr = w ^ (ones &* 0x0D)
                // A zero byte of `lf` or `cr` sets its high bit; the lowest one found is exact.
                let m = (((lf &- ones) & ~lf) | ((cr &- ones) & ~cr)) & highs
                if m != 0 { return i + m.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < count {
            let b = buf[i]
            if b == 0x0A || b == 0x0D { return i }
            i += 1
        }
        return count
    }

    /// Whether `buf[start..<end]` holds a NUL byte; eight bytes a step.
    @inline(__always)
    @inlinable package static func containsNUL(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        if let base = UnsafeRawPointer(buf.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= end {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if (w &- ones) & ~w & highs != 0 { return true }
                i += 8
            }
        }
        while i < end {
            if buf[i] == 0 { return true }
            i += 1
        }
        return false
    }

    /// The index of the first byte at or after `i` (before `n`) that is `a`, `b`, `c`, `d`
    /// or `e` (repeat one to ask for fewer), or `n`; sixteen bytes a step.
    @inline(__always)
    @inlinable package static func firstOf(
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
    @inlinable package static func isASCII(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
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

    /// The index of the first byte at or after `i` (before `n`) that is not ASCII, or `n`;
    /// eight bytes a step.
    @inline(__always)
    @inlinable package static func asciiPrefix(_ base: UnsafeRawPointer, _ i: Int, _ n: Int) -> Int {
        var k = i
        while k + 8 <= n {
            let w = base.loadUnaligned(fromByteOffset: k, as: UInt64.self) & 0x8080_8080_8080_8080
            if w != 0 { return k + w.trailingZeroBitCount >> 3 }
            k += 8
        }
        while k < n, base.load(fromByteOffset: k, as: UInt8.self) < 0x80 { k += 1 }
        return k
    }

    /// Whether `buf` is valid UTF-8 (as `String(validating:)` judges it), without making a string.
    @inlinable package static func isUTF8(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(buf.baseAddress) else { return true }
        let n = buf.count
        // ASCII runs (most of any value, and all of most) are passed eight bytes a step.
        var i = asciiPrefix(base, 0, n)
        while i < n {
            let b = buf[i]
            if b < 0x80 { i = asciiPrefix(base, i + 1, n); continue }
            if b < 0xC2 { return false }
            if b < 0xE0 {
                guard i + 1 < n, buf[i + 1] & 0xC0 == 0x80 else { return false }
                i += 2
                continue
            }
            if b < 0xF0 {
                guard i + 2 < n else { return false }
                let b1 = buf[i + 1], b2 = buf[i + 2]
                guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return false }
                if b == 0xE0 && b1 < 0xA0 { return false }  // overlong
                if b == 0xED && b1 >= 0xA0 { return false }  // surrogate
                i += 3
                continue
            }
            if b < 0xF5 {
                guard i + 3 < n else { return false }
                let b1 = buf[i + 1], b2 = buf[i + 2], b3 = buf[i + 3]
                guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return false }
                if b == 0xF0 && b1 < 0x90 { return false }  // overlong
                if b == 0xF4 && b1 >= 0x90 { return false }  // past U+10FFFF
                i += 4
                continue
            }
            return false
        }
        return true
    }

    /// `String(validating: buf, as: UTF8.self)`, judged by ``isUTF8(_:)`` (ASCII runs eight
    /// bytes a step) instead of the generic validator.
    @inlinable package static func validString(_ buf: UnsafeBufferPointer<UInt8>) -> String? {
        isUTF8(buf) ? String(decoding: buf, as: UTF8.self) : nil
    }

    /// Up to eight bytes `buf[s..<e]` as one integer, the first byte lowest (ASCII
    /// uppercased when `upper`): the key of ``ContentLineDialect/known(_:)``.
    @inlinable @inline(__always)
    package static func pack(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, upper: Bool) -> UInt64 {
        var key: UInt64 = 0
        var k = e
        while k > s {
            k -= 1
            var b = buf[k]
            if upper && b >= 0x61 && b <= 0x7A { b -= 0x20 }
            key = key << 8 | UInt64(b)
        }
        return key
    }

    /// From `i`, just after a `;`: moves `i` to the `=`, `;` or `:` that ends a parameter
    /// name (or to `n`) and gives the name's bounds without the blanks around it. `scan` and
    /// `parse` split parameters through this one function, so they agree.
    @inline(__always)
    @inlinable package static func parameterName(_ buf: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ n: Int) -> (Int, Int) {
        let start = i
        i = firstOf(buf, i, n, 0x3D, 0x3B, 0x3A, 0x3A, 0x3A)
        var (ts, te) = (start, i)
        while ts < te, buf[ts] == 0x20 || buf[ts] == 0x09 { ts += 1 }
        while te > ts, buf[te - 1] == 0x20 || buf[te - 1] == 0x09 { te -= 1 }
        return (ts, te)
    }

    /// The ``RawLine`` of the logical line `buf` (which starts at `start` in its ``RawLines``)
    /// and whether it can be kept as bytes: well formed, no value to decode, valid UTF-8.
    @inlinable @inline(__always)
    package static func index(_ buf: UnsafeBufferPointer<UInt8>, start: Int, line: Int, ascii: Bool) -> (RawLine, Bool) {
        let encodingKey: UInt64 = 0x474E_4944_4F43_4E45, charsetKey: UInt64 = 0x54_4553_5241_4843
        let base64Key: UInt64 = 0x3436_4553_4142, bit8Key: UInt64 = 0x5449_4238, bit7Key: UInt64 = 0x5449_4237
        let bKey: UInt64 = 0x42
        let n = buf.count
        var i = 0
        var nameStart = 0
        var groupStart = 0
        // The name ends at the first colon or semicolon; a dot before it ends a group. Eight
        // bytes a step while they hold none of the three.
        let base = UnsafeRawPointer(buf.baseAddress)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while true {
            while let base, i &+ 8 <= n {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let colon = w ^ (ones &* 0x3A), semicolon = w ^ (ones &* 0x3B), dot = w ^ (ones &* 0x2E)
                let m = (((colon &- ones) & ~colon) | ((semicolon &- ones) & ~semicolon) | ((dot &- ones) & ~dot)) & highs
                if m != 0 {
                    i &+= m.trailingZeroBitCount >> 3
                    break
                }
                i &+= 8
            }
            if i &+ 8 > n {
                while i < n, buf[i] != 0x3A, buf[i] != 0x3B, buf[i] != 0x2E { i += 1 }
            }
            if i < n && buf[i] == 0x2E {
                groupStart = nameStart
                nameStart = i + 1
                i += 1
                continue
            }
            break
        }
        let nameEnd = i
        var decode = false
        var wellFormed = i < n && nameEnd > nameStart
        if wellFormed {
            // The parameters, scanned as `parse` splits them.
            while i < n && buf[i] == 0x3B {
                i += 1
                let (ts, te) = parameterName(buf, &i, n)
                let len = te - ts
                if i < n && buf[i] == 0x3D {
                    if len == 8 || len == 7 {
                        let key = RawLine.key(buf, ts, te)
                        if key == encodingKey || key == charsetKey { decode = true }
                    }
                    i += 1
                    while true {
                        if i < n && buf[i] == 0x22 {
                            i += 1
                            while i < n && buf[i] != 0x22 { i += 1 }
                            if i < n { i += 1 }
                            while i < n, buf[i] != 0x2C, buf[i] != 0x3B, buf[i] != 0x3A { i += 1 }
                        } else {
                            // To the comma, semicolon or colon that ends the value.
                            i = firstOf(buf, i, n, 0x2C, 0x3B, 0x3A, 0x3A, 0x3A)
                        }
                        if i < n && buf[i] == 0x2C { i += 1; continue }
                        break
                    }
                } else if len > 0 && len <= 8 {
                    let key = RawLine.key(buf, ts, te)
                    if key == base64Key || key == bit8Key || key == bit7Key || key == bKey { decode = true }
                } else if len == quotedPrintable.count {
                    var same = true
                    for k in 0..<len {
                        var b = buf[ts + k]
                        if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                        if b != quotedPrintable[k] { same = false; break }
                    }
                    if same { decode = true }
                }
            }
            wellFormed = i < n && buf[i] == 0x3A
        }
        let vs = min(i + 1, n)
        let asBytes = wellFormed && !decode && (ascii || isUTF8(UnsafeBufferPointer(rebasing: buf[vs..<n])))
        let entry = RawLine(
            line: line, start: start, groupStart: start + groupStart, nameStart: start + nameStart,
            nameEnd: start + nameEnd, valueStart: start + vs, end: start + n,
            key: nameKey(buf, nameStart, nameEnd), built: -1)
        return (entry, asBytes)
    }

    /// `RawLine.key(buf, s, min(e, s + 8))`: the name's first eight bytes uppercased, in one
    /// load when eight bytes from `s` are in `buf`.
    @inline(__always)
    @inlinable package static func nameKey(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> UInt64 {
        #if _endian(big)
        return RawLine.key(buf, s, min(e, s + 8))
        #else
        guard s &+ 8 <= buf.count, let base = UnsafeRawPointer(buf.baseAddress) else { return RawLine.key(buf, s, min(e, s + 8)) }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let length = min(e - s, 8)
        var w = base.loadUnaligned(fromByteOffset: s, as: UInt64.self)
        if length < 8 { w &= (1 &<< UInt64(length &<< 3)) &- 1 }
        // Bytes 0x61...0x7A (ASCII only) lose 0x20; no carry crosses a byte.
        let low7 = w & ~highs
        let atLeastA = low7 &+ ones &* (0x80 - 0x61), pastZ = low7 &+ ones &* (0x80 - 0x7B)
        let lower = atLeastA & ~pastZ & ~w & highs
        return w &- (lower >> 2)
        #endif
    }
}
