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

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text as one line: trimmed (``kithTrimmed(newlines:)``), and every run of tabs,
    /// line breaks and other control characters inside it, with the spaces around it, made
    /// one space. Titles, names, nicknames and place names are kept this way (issue 16): a
    /// tab or a line break in them would break every listing and table; notes keep theirs.
    /// Runs of plain spaces stay as they are.
    /// - Complexity: O(n); text with no control character (nearly every value) is returned
    ///   after one byte scan.
    package func kithSingleLine() -> String {
        let trimmed = kithTrimmed()
        var needs = false
        var previous: UInt8 = 0
        for b in trimmed.utf8 {
            // C0 controls and DEL; C1 controls (C2 80–9F); U+2028/2029 (E2 80 A8/A9).
            if b < 0x20 || b == 0x7F || (previous == 0xC2 && b >= 0x80 && b <= 0x9F)
                || (previous == 0x80 && (b == 0xA8 || b == 0xA9))
            {
                needs = true
                break
            }
            previous = b
        }
        guard needs else { return trimmed }
        func isBreak(_ c: Unicode.Scalar) -> Bool {
            c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c.value == 0x2028 || c.value == 0x2029
        }
        var out = String.UnicodeScalarView()
        var pendingBreak = false
        var spaces = String.UnicodeScalarView()
        for c in trimmed.unicodeScalars {
            if isBreak(c) {
                pendingBreak = true
                spaces.removeAll()
            } else if c == " " {
                spaces.append(c)
            } else {
                if pendingBreak { out.append(" ") } else { out.append(contentsOf: spaces) }
                pendingBreak = false
                spaces.removeAll()
                out.append(c)
            }
        }
        return String(out)
    }
}
