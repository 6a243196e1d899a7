import Foundation
import Testing
@testable import KithCLI

@Suite struct BlanksTests {
    static let samples = ["", " ", "\t", "  a b  ", "\u{00A0}x\u{3000}", "\u{2003}\t", "a", " \u{301}a ", "\n x \n",
                          "Interests/Climbing", " started bouldering ", "\u{200B}x\u{200B}", "é ", "\u{1680}y\u{202F}"]

    @Test func trimmingBlanksIsFoundationsWhitespaceTrim() {
        for text in Self.samples {
            #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            #expect(text.isBlank == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(Array(text.unicodeScalars))")
            let sub = text[...]
            #expect(sub.trimmingBlanks() == sub.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func blankScalarsAreFoundationsWhitespace() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "b"
            #expect(scalar.isBlank == (String(scalar).trimmingCharacters(in: .whitespaces).isEmpty), "U+\(String(value, radix: 16))")
            #expect(text.trimmingBlanks() == text)
        }
    }
}
