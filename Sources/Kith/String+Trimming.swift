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
        // A non-ASCII end may be Unicode white space (U+00A0, U+2028...): Foundation decides,
        // unless nothing was trimmed at that end and it is a letter, digit, punctuation or
        // symbol (a name such as "Élodie"), which no white-space set holds.
        if start < end, u[start] >= 0x80 || u[u.index(before: end)] >= 0x80 {
            func surelyNotSpace(_ c: Unicode.Scalar) -> Bool {
                switch c.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber, .letterNumber,
                     .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                     .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .otherSymbol:
                    return true
                default:
                    return false
                }
            }
            let scalars = unicodeScalars
            guard u[start] < 0x80 || (start == u.startIndex && surelyNotSpace(scalars[start])),
                  u[u.index(before: end)] < 0x80
                    || (end == u.endIndex && surelyNotSpace(scalars[scalars.index(before: end)])) else {
                return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
            }
        }
        // Nothing to trim (nearly every value): the string itself, not a copy of its slice.
        if start == u.startIndex && end == u.endIndex, let whole = self as? String { return whole }
        return String(self[start..<end])
    }
}
