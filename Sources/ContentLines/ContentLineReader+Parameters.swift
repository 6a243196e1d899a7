import Foundation
import KithBase

/// Scanning names and parameters: the split points, literals for common tokens, RFC 6868 carets.
extension ContentLineReader {
    @inline(__always)
    @inlinable static func string(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
        if e > s, e - s <= 8, let known = Dialect.known(ContentLineScan.pack(buf, s, e, upper: false)) { return known }
        return String(decoding: UnsafeBufferPointer(rebasing: buf[s..<e]), as: UTF8.self)
    }

    /// The literal ``ContentLineDialect/known(_:)`` has for `buf[s..<e]` ASCII-uppercased
    /// (at most eight bytes), or nil.
    @inlinable @inline(__always)
    static func knownUppercased(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String? {
        e > s && e - s <= 8 ? Dialect.known(ContentLineScan.pack(buf, s, e, upper: true)) : nil
    }

    /// `buf[s..<e]` ASCII-uppercased: the dialect's literal when it has one.
    @inlinable @inline(__always)
    static func upperString(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
        if let known = knownUppercased(buf, s, e) { return known }
        var lower = false
        for k in s..<e where buf[k] >= 0x61 && buf[k] <= 0x7A { lower = true; break }
        if !lower { return string(buf, s, e) }
        return String(unsafeUninitializedCapacity: e - s) { out in
            for k in s..<e {
                let b = buf[k]
                out[k - s] = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b
            }
            return e - s
        }
    }

    /// The index of the parameter named `name` (uppercase), appended with no values if new.
    @inline(__always)
    @inlinable static func parameterIndex(_ parameters: inout [ContentLine.Parameter], _ name: String) -> Int {
        for k in parameters.indices where parameters[k].name.sameToken(name) { return k }
        parameters.append(ContentLine.Parameter(uppercased: name, values: []))
        return parameters.count - 1
    }

    /// A parameter value with RFC 6868 caret escapes (`^n` `^^` `^'`) decoded.
    @inlinable static func parameterValue(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
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
    @inlinable package func trimmingASCIISpaces() -> String {
        let u = utf8
        guard let first = u.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        let last = u.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
        if first == u.startIndex && last == u.index(before: u.endIndex) { return self }
        return String(self[first...last])
    }
}
