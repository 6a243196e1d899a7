extension Unicode.Scalar {
    /// White space as Foundation's `CharacterSet.whitespaces` has it on Linux: tab, the
    /// Unicode space separators (category Zs) and U+200B ZERO WIDTH SPACE
    /// (`BlanksTests` compares every BMP scalar with Foundation).
    var isBlank: Bool {
        switch value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)` without Foundation: its `CharacterSet` and
    /// `NSString` bridging cost `kith log` ~0.4 M instructions at first use (issue 7).
    /// Trims whole Unicode scalars at both ends, as Foundation does for this set.
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, scalars[start].isBlank { start = scalars.index(after: start) }
        while start < end {
            let before = scalars.index(before: end)
            guard scalars[before].isBlank else { break }
            end = before
        }
        return String(self[start..<end])
    }

    /// Whether the text is empty or only white space (see `Unicode.Scalar.isBlank`).
    var isBlank: Bool { unicodeScalars.allSatisfy(\.isBlank) }
}
