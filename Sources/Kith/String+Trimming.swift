import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (or `.whitespaces` when `newlines`
    /// is false), without Foundation's bridging when both ends are ASCII; the same result.
    func kithTrimmed(newlines: Bool = true) -> String {
        let u = utf8
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || (newlines && b >= 0x0A && b <= 0x0D) }
        var start = u.startIndex, end = u.endIndex
        while start < end, isSpace(u[start]) { start = u.index(after: start) }
        while start < end {
            let before = u.index(before: end)
            guard isSpace(u[before]) else { break }
            end = before
        }
        // A non-ASCII end may be Unicode white space (U+00A0, U+2028...): Foundation decides.
        if start < end, u[start] >= 0x80 || u[u.index(before: end)] >= 0x80 {
            return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
        }
        return String(self[start..<end])
    }
}
