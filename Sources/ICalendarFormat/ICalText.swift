import ContentLines
import Foundation

/// TEXT escaping of RFC 5545 §3.3.11.
enum ICalText {
    /// ``TextEscaping/escape(_:escapeComma:escapeSemicolon:)``: one TEXT escaper for both
    /// formats. (Unescaping differs: here a backslash before any other character stands for
    /// that character; vCard keeps it.)
    static func escape(_ s: String) -> String { TextEscaping.escape(s) }

    /// Undoes TEXT escapes: `\\n` and `\\N` are newlines, a backslash before any other
    /// character stands for that character, and a trailing backslash is kept.
    static func unescape(_ text: String) -> String {
        var s = text
        return s.withUTF8 { b -> String in
            guard b.count > 1, let base = b.baseAddress, memchr(base, 92, b.count) != nil else { return text }
            return unescape(bytes: b)
        }
    }

    /// ``unescape(_:)`` of the string decoded from `b`, in one pass over the bytes and one
    /// validation, or nil when the bytes might not be valid UTF-8 (the caller then decodes
    /// first, repairing, and unescapes the string).
    ///
    /// The result is the same as decoding first whenever it is not nil: a removed backslash
    /// stood right before the byte it escapes (kept, or `n`/`N` made a newline), so when
    /// that byte is no UTF-8 continuation byte (0x80...0xBF) the removal was at a character
    /// boundary of the result; when the result is valid UTF-8 too, so was the input (ASCII
    /// bytes put back at character boundaries), and then decoding repaired nothing.
    static func unescapeIfValid(bytes b: UnsafeBufferPointer<UInt8>) -> String? {
        unescape(bytes: b, strict: true)
    }

    /// ``unescape(_:)`` from bytes (always builds a new string).
    static func unescape(bytes b: UnsafeBufferPointer<UInt8>) -> String {
        unescape(bytes: b, strict: false)!
    }

    /// Both: `strict` gives nil where ``unescapeIfValid(bytes:)`` does; otherwise invalid
    /// UTF-8 in the result is repaired.
    @inline(__always)
    private static func unescape(bytes b: UnsafeBufferPointer<UInt8>, strict: Bool) -> String? {
        let n = b.count
        guard n > 0, let base = b.baseAddress else { return "" }
        // Copy the runs between backslashes whole (memchr finds the next one), not byte by byte.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { out -> String? in
            let dst = out.baseAddress!
            var o = 0, i = 0
            while i < n {
                let run: Int
                if let p = memchr(base + i, 92, n - i) {
                    run = UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - (base + i)
                } else {
                    run = n - i
                }
                if run > 0 { (dst + o).initialize(from: base + i, count: run); o += run; i += run }
                if i >= n { break }
                // b[i] is a backslash.
                if i + 1 < n {
                    let e = b[i + 1]
                    if strict && e & 0xC0 == 0x80 { return nil }
                    dst[o] = e == 110 || e == 78 ? 10 : e
                    o += 1; i += 2
                } else {
                    dst[o] = 92
                    o += 1; i += 1
                }
            }
            let result = UnsafeBufferPointer(start: dst, count: o)
            return strict ? String(validating: result, as: UTF8.self) : String(decoding: result, as: UTF8.self)
        }
    }

    /// Splits on commas that are not escaped.
    static func splitList(_ s: String) -> [String] {
        var parts: [String] = []
        var cur: [UInt8] = []
        var esc = false
        for b in s.utf8 {
            if esc { cur.append(b); esc = false; continue }
            if b == 92 { esc = true; cur.append(b); continue }
            if b == 44 { parts.append(String(decoding: cur, as: UTF8.self)); cur = []; continue }
            cur.append(b)
        }
        parts.append(String(decoding: cur, as: UTF8.self))
        return parts
    }
}
