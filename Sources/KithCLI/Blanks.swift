extension Unicode.Scalar {
    /// White space as `CharacterSet.whitespaces` has it: tab and the Unicode space
    /// separators (category Zs).
    var isBlank: Bool {
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        return properties.generalCategory == .spaceSeparator
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
