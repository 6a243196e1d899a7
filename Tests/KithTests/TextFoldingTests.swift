import Foundation
@testable import Kith
import Testing

/// The ASCII fast paths must give exactly what the Foundation paths give: names typed by
/// people match the same way, and values are stored trimmed the same way.
@Suite("Text folding and trimming fast paths")
struct TextFoldingTests {
    static let samples = [
        "", " ", "\t\n", "Anna", "  Anna  Berg ", "ANNA\tberg\r\n", "\u{00A0}Anna\u{00A0}", "Zoë  Ångström",
        " \u{2028}x\u{2028} ", "Ｆｕｌｌ", "a\u{0301} ", " \u{0301}b", "x\u{000B}y\u{000C}", "\r\nline\r\n", "東京 ", "tab\tend\t",
    ]

    @Test("kithTrimmed equals Foundation's trimming, with and without newlines")
    func trimming() {
        for s in Self.samples {
            #expect(s.kithTrimmed() == s.trimmingCharacters(in: .whitespacesAndNewlines), "\(s.debugDescription)")
            #expect(s.kithTrimmed(newlines: false) == s.trimmingCharacters(in: .whitespaces), "\(s.debugDescription)")
            let sub = Substring(s)
            #expect(sub.kithTrimmed() == sub.trimmingCharacters(in: .whitespacesAndNewlines), "\(s.debugDescription)")
        }
    }

    @Test("fold of ASCII text equals Foundation's folding; non-ASCII still folds diacritics")
    func folding() {
        for s in Self.samples where s.utf8.allSatisfy({ $0 < 0x80 }) {
            let slow = s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            #expect(NameMatcher.fold(s) == slow, "\(s.debugDescription)")
        }
        #expect(NameMatcher.fold("  Zoë   ÅNGSTRÖM ") == "zoe angstrom")
        #expect(NameMatcher.foldASCII("Zoë") == nil)
    }
}
