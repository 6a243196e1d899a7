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
    @inlinable static func scan(
        from start: Int, line: Int, ascii: Bool, into raw: inout RawLines,
        warnings: inout [FormatWarning]
    ) -> Bool {
        let (entry, asBytes) = raw.bytes.withUnsafeBufferPointer { all in
            ContentLineScan.index(UnsafeBufferPointer(rebasing: all[start...]), start: start, line: line, ascii: ascii)
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

    @inlinable package static func parse(_ buf: UnsafeBufferPointer<UInt8>, line: Int, warnings: inout [FormatWarning]) -> ContentLine? {
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
        // What the dialect's `decodeValue` reads (when it `decodesEncodings`): the first value
        // of ENCODING (uppercased) and of CHARSET.
        // The value decoded, neither parameter is kept: CHARSET never, ENCODING when it is
        // quoted-printable; so they are not stored in the first place.
        var encoding: String?
        var dropEncoding = false
        var charset: String?
        while i < n && buf[i] == 0x3B {
            i += 1
            let (ts, te) = ContentLineScan.parameterName(buf, &i, n)
            let pname = Self.upperString(buf, ts, te)
            if i < n && buf[i] == 0x3D {
                i += 1
                // Values go straight into the parameter (merged with an earlier one of the
                // same name), with no array of their own; a nameless parameter's are dropped.
                let isCharset = Dialect.decodesEncodings && pname.sameToken("CHARSET")
                let isEncoding = Dialect.decodesEncodings && !isCharset && pname.sameToken("ENCODING")
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
                    if Dialect.decodesEncodings && encoding == nil {
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
        let value = Dialect.decodeValue(
            ContentLineBytes(UnsafeBufferPointer(rebasing: buf[vs..<n])), name: name, encoding: encoding, charset: charset,
            line: line, warnings: &warnings)
        return ContentLine(line: line, group: group, name: name, parameters: parameters, value: value)
    }
}
