extension Unicode.Scalar {
    /// White space as Foundation's `CharacterSet.whitespaces` has it on Linux: tab, the
    /// Unicode space separators (category Zs) and U+200B ZERO WIDTH SPACE
    /// (`TextTrimmingTests` compares every BMP scalar with Foundation).
    package var isBlank: Bool {
        switch value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The line breaks of Foundation's `CharacterSet.newlines`: U+000A–U+000D, U+0085,
    /// U+2028 and U+2029.
    package var isLineBreak: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (or `.whitespaces` when `newlines`
    /// is false) without Foundation: the same result, whole Unicode scalars trimmed at both
    /// ends. Both ends ASCII (nearly every value) take a byte loop and return the string
    /// itself when nothing is trimmed.
    package func kithTrimmed(newlines: Bool = true) -> String {
        let u = utf8
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || (newlines && b >= 0x0A && b <= 0x0D) }
        let (start, end) = trimmedBounds(u, isSpace)
        if start < end, u[start] >= 0x80 || u[u.index(before: end)] >= 0x80 {
            // A non-ASCII end may be Unicode white space (U+00A0, U+2028...): trim by scalars.
            let scalars = unicodeScalars
            func trims(_ c: Unicode.Scalar) -> Bool { c.isBlank || (newlines && c.isLineBreak) }
            let (first, last) = trimmedBounds(scalars, trims)
            return String(self[first..<last])
        }
        // Nothing to trim (nearly every value): the string itself, not a copy of its slice.
        if start == u.startIndex && end == u.endIndex, let whole = self as? String { return whole }
        return String(self[start..<end])
    }

    /// Whether the text is empty or only white space (`CharacterSet.whitespaces`).
    package var isBlank: Bool { unicodeScalars.allSatisfy(\.isBlank) }
}

/// The bounds of `c` without the elements `trims` accepts at either end.
@inline(__always)
private func trimmedBounds<C: BidirectionalCollection>(_ c: C, _ trims: (C.Element) -> Bool) -> (C.Index, C.Index) {
    var start = c.startIndex, end = c.endIndex
    while start < end, trims(c[start]) { start = c.index(after: start) }
    while start < end {
        let before = c.index(before: end)
        guard trims(c[before]) else { break }
        end = before
    }
    return (start, end)
}
