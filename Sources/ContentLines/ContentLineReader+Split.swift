import Foundation
import KithBase

/// Splitting one logical line into group, name, parameters and value, and indexing raw lines.
extension ContentLineReader {
    // MARK: - Splitting one logical line

    /// Indexes the logical line appended last to `raw.bytes` (from `start`), having checked
    /// what ``parse(_:line:warnings:)`` checks; returns false for a line skipped (its bytes
    /// taken off again, with the warning `parse` gives). A line that would warn or whose value
    /// needs decoding (ENCODING, CHARSET, not UTF-8) is built by `parse` and kept built, with
    /// only the bytes before its value. `ascii`: the caller saw that the line is all ASCII.
    static func scan(
        from start: Int, line: Int, ascii: Bool, into raw: inout RawLines,
        warnings: inout [FormatWarning]
    ) -> Bool {
        let (entry, asBytes) = raw.bytes.withUnsafeBufferPointer { all in
            index(UnsafeBufferPointer(rebasing: all[start...]), start: start, line: line, ascii: ascii)
        }
        if asBytes {
            raw.lines.append(entry)
            return true
        }
        let n = raw.bytes.count - start
        let parsed = raw.bytes.withUnsafeBufferPointer { all in
            parse(UnsafeBufferPointer(rebasing: all[start...]), line: line, warnings: &warnings)
        }
        guard let parsed else {
            raw.bytes.removeLast(n)
            return false
        }
        var kept = entry
        kept.built = raw.built.count
        kept.end = entry.valueStart
        raw.built.append(parsed)
        raw.bytes.removeLast(start + n - entry.valueStart)
        raw.lines.append(kept)
        return true
    }

    /// The ``RawLine`` of the logical line `buf` (which starts at `start` in its ``RawLines``)
    /// and whether it can be kept as bytes: well formed, no value to decode, valid UTF-8.
    @inline(__always)
    static func index(_ buf: UnsafeBufferPointer<UInt8>, start: Int, line: Int, ascii: Bool) -> (RawLine, Bool) {
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
                let (ts, te) = Self.parameterName(buf, &i, n)
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
                            i = Self.firstOf(buf, i, n, 0x2C, 0x3B, 0x3A, 0x3A, 0x3A)
                        }
                        if i < n && buf[i] == 0x2C { i += 1; continue }
                        break
                    }
                } else if len > 0 && len <= 8 {
                    let key = RawLine.key(buf, ts, te)
                    if key == base64Key || key == bit8Key || key == bit7Key || key == bKey { decode = true }
                } else if len == qpNeedle.count {
                    var same = true
                    for k in 0..<len {
                        var b = buf[ts + k]
                        if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                        if b != qpNeedle[k] { same = false; break }
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
            key: Self.nameKey(buf, nameStart, nameEnd), built: -1)
        return (entry, asBytes)
    }

    /// `RawLine.key(buf, s, min(e, s + 8))`: the name's first eight bytes uppercased, in one
    /// load when eight bytes from `s` are in `buf`.
    @inline(__always)
    static func nameKey(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> UInt64 {
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

    /// The index of the first byte at or after `i` (before `n`) that is not ASCII, or `n`;
    /// eight bytes a step.
    @inline(__always)
    static func asciiPrefix(_ base: UnsafeRawPointer, _ i: Int, _ n: Int) -> Int {
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
    static func isUTF8(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
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

    package static func parse(_ buf: UnsafeBufferPointer<UInt8>, line: Int, warnings: inout [FormatWarning]) -> ContentLine? {
        let n = buf.count
        var i = 0
        var nameStart = 0
        var group: String?
        while i < n {
            let c = buf[i]
            if c == 0x3A || c == 0x3B { break }
            if c == 0x2E {
                group = Self.string(buf, nameStart, i)
                nameStart = i + 1
            }
            i += 1
        }
        let name = Self.upperString(buf, nameStart, i)
        if i == n || name.isEmpty {
            let preview = Self.string(buf, 0, min(n, 40))
            warnings.append(
                FormatWarning(
                    line: line, property: nil, code: .malformedLine,
                    message: i == n
                        ? "Line has no colon, so no value: \"\(preview)\"; skipped."
                        : "Line has no property name: \"\(preview)\"; skipped."))
            return nil
        }
        var parameters: [ContentLine.Parameter] = []
        // What `decodeValue` reads: the first value of ENCODING (uppercased) and of CHARSET.
        // The value decoded, neither parameter is kept: CHARSET never, ENCODING when it is
        // quoted-printable; so they are not stored in the first place.
        var encoding: String?
        var dropEncoding = false
        var charset: String?
        while i < n && buf[i] == 0x3B {
            i += 1
            let (ts, te) = Self.parameterName(buf, &i, n)
            let pname = Self.upperString(buf, ts, te)
            if i < n && buf[i] == 0x3D {
                i += 1
                // Values go straight into the parameter (merged with an earlier one of the
                // same name), with no array of their own; a nameless parameter's are dropped.
                let isCharset = pname.sameToken("CHARSET"), isEncoding = !isCharset && pname.sameToken("ENCODING")
                var k = -1
                if !pname.isEmpty && !isCharset && !(isEncoding && (encoding == nil || dropEncoding)) {
                    if parameters.isEmpty { parameters.reserveCapacity(4) }
                    k = Self.parameterIndex(&parameters, pname)
                }
                while true {
                    let value: String
                    if i < n && buf[i] == 0x22 {
                        i += 1
                        let vs = i
                        while i < n && buf[i] != 0x22 { i += 1 }
                        value = Self.parameterValue(buf, vs, i)
                        if i < n { i += 1 }
                        while i < n, buf[i] != 0x2C, buf[i] != 0x3B, buf[i] != 0x3A { i += 1 }
                    } else {
                        let vs = i
                        while i < n {
                            let c = buf[i]
                            if c == 0x2C || c == 0x3B || c == 0x3A { break }
                            i += 1
                        }
                        value = Self.parameterValue(buf, vs, i)
                    }
                    if isCharset {
                        if charset == nil { charset = value }
                    } else if isEncoding && encoding == nil {
                        encoding = value.uppercasedIfNeeded
                        dropEncoding = encoding == "QUOTED-PRINTABLE"
                        if !dropEncoding {
                            if parameters.isEmpty { parameters.reserveCapacity(4) }
                            k = Self.parameterIndex(&parameters, pname)
                        }
                    }
                    if k >= 0 { parameters[k].values.append(value) }
                    if i < n && buf[i] == 0x2C { i += 1; continue }
                    break
                }
            } else {
                // vCard 2.1 bare parameter: TEL;CELL;PREF, or ;QUOTED-PRINTABLE.
                if pname.isEmpty { continue }
                let key: String
                switch pname {
                case "QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B":
                    key = "ENCODING"
                    if encoding == nil {
                        encoding = pname.uppercasedIfNeeded
                        dropEncoding = encoding == "QUOTED-PRINTABLE"
                    }
                    if dropEncoding { continue }
                default: key = "TYPE"
                }
                let k = Self.parameterIndex(&parameters, key)
                parameters[k].values.append(pname)
            }
        }
        if i >= n || buf[i] != 0x3A {
            warnings.append(
                FormatWarning(
                    line: line, property: name, code: .malformedLine,
                    message: "Parameters are not followed by a colon; skipped."))
            return nil
        }
        let vs = i + 1
        let value = decodeValue(
            UnsafeBufferPointer(rebasing: buf[vs..<n]), name: name, encoding: encoding, charset: charset,
            line: line, warnings: &warnings)
        return ContentLine(line: line, group: group, name: name, parameters: parameters, value: value)
    }
}
