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
        var start = u.startIndex, end = u.endIndex
        while start < end, isSpace(u[start]) { start = u.index(after: start) }
        while start < end {
            let before = u.index(before: end)
            guard isSpace(u[before]) else { break }
            end = before
        }
        if start < end, u[start] >= 0x80 || u[u.index(before: end)] >= 0x80 {
            // A non-ASCII end may be Unicode white space (U+00A0, U+2028...): trim by scalars.
            let scalars = unicodeScalars
            func trims(_ c: Unicode.Scalar) -> Bool { c.isBlank || (newlines && c.isLineBreak) }
            var first = scalars.startIndex, last = scalars.endIndex
            while first < last, trims(scalars[first]) { first = scalars.index(after: first) }
            while first < last {
                let before = scalars.index(before: last)
                guard trims(scalars[before]) else { break }
                last = before
            }
            return String(self[first..<last])
        }
        // Nothing to trim (nearly every value): the string itself, not a copy of its slice.
        if start == u.startIndex && end == u.endIndex, let whole = self as? String { return whole }
        return String(self[start..<end])
    }

    /// Whether the text is empty or only white space (`CharacterSet.whitespaces`).
    package var isBlank: Bool { unicodeScalars.allSatisfy(\.isBlank) }
}
