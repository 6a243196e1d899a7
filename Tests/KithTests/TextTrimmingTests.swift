import Foundation
import Testing

@testable import Kith

/// The ASCII fast path of trimming must give exactly what Foundation gives: values are
/// stored trimmed the same way (name folding is checked in NameMatcherTests).
@Suite("Text trimming fast path")
struct TextTrimmingTests {
    static let samples = [
        "", " ", "\t\n", "Anna", "  Anna  Berg ", "ANNA\tberg\r\n", "\u{00A0}Anna\u{00A0}", "Zoë  Ångström",
        " \u{2028}x\u{2028} ", "Ｆｕｌｌ", "a\u{0301} ", " \u{0301}b", "x\u{000B}y\u{000C}", "\r\nline\r\n", "東京 ", "tab\tend\t",
        "Élodie", "Élodie Ümit", " Élodie", "Zoë ", "Zoë\u{200B}", "\u{200B}Zoë", "«Zoë»", "Zoë\u{3000}", "\u{FEFF}Ana",
        "Ana\u{1F3FB}", "€5", "ß\u{0085}", "\u{0085}ß", "Ω\u{180E}", "中文\u{00A0}", "١٢٣", "Ⅻ", "a\u{0301}", "ᚠ\u{1680}",
        "\u{200B}x\u{200B}", "\u{2003}\t", " \u{301}a ", "\u{1680}y\u{202F}", " started bouldering ",
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

    @Test("isBlank is Foundation's white space, with and without the rest of a string")
    func blank() {
        for s in Self.samples {
            #expect(s.isBlank == s.trimmingCharacters(in: .whitespaces).isEmpty, "\(s.debugDescription)")
            #expect(Substring(s).isBlank == s.isBlank)
        }
    }

    @Test("Every BMP scalar is trimmed, or not, as Foundation trims it")
    func everyScalar() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(scalar), inside = "a" + alone + "b"
            #expect(scalar.isBlank == alone.trimmingCharacters(in: .whitespaces).isEmpty, "U+\(String(value, radix: 16))")
            #expect(
                (scalar.isBlank || scalar.isLineBreak) == alone.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                "U+\(String(value, radix: 16))")
            let padded = alone + "x" + alone
            #expect(padded.kithTrimmed() == padded.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
            #expect(padded.kithTrimmed(newlines: false) == padded.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
            #expect(inside.kithTrimmed() == inside)
        }
    }
}
