import Foundation
@testable import Kith
import Testing

/// The ASCII fast path of trimming must give exactly what Foundation gives: values are
/// stored trimmed the same way (name folding is checked in NameMatcherTests).
@Suite("Text trimming fast path")
struct TextTrimmingTests {
    static let samples = [
        "", " ", "\t\n", "Anna", "  Anna  Berg ", "ANNA\tberg\r\n", "\u{00A0}Anna\u{00A0}", "Zoë  Ångström",
        " \u{2028}x\u{2028} ", "Ｆｕｌｌ", "a\u{0301} ", " \u{0301}b", "x\u{000B}y\u{000C}", "\r\nline\r\n", "東京 ", "tab\tend\t",
        "Élodie", "Élodie Ümit", " Élodie", "Zoë ", "Zoë\u{200B}", "\u{200B}Zoë", "«Zoë»", "Zoë\u{3000}", "\u{FEFF}Ana",
        "Ana\u{1F3FB}", "€5", "ß\u{0085}", "\u{0085}ß", "Ω\u{180E}", "中文\u{00A0}", "١٢٣", "Ⅻ", "a\u{0301}", "ᚠ\u{1680}",
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
}
