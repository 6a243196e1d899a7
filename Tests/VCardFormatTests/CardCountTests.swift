import Foundation
import Testing

@testable import VCardFormat

/// `VCard.cardCount(in:)` is the total an import's progress reports before reading.
@Suite("Counting the cards of a text file")
struct CardCountTests {
    @Test("lines that begin a card, in any case, and nothing else")
    func countsBeginLines() throws {
        let text = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Ana Lima\r
            NOTE:she wrote BEGIN:VCARD in a note\r
            END:VCARD\r
            begin:vcard\r
            VERSION:4.0\r
            FN:Rui\r
            END:VCARD\r
            Begin:VCard\n
            FN:Em\n
            END:VCARD
            """
        #expect(VCard.cardCount(in: Data(text.utf8)) == 3)
        var read = 0
        _ = try VCard.readText(Data(text.utf8)) { _ in read += 1 }
        #expect(read == 3)
        #expect(VCard.cardCount(in: Data()) == 0)
        #expect(VCard.cardCount(in: Data("BEGIN:VCAR".utf8)) == 0)
    }
}
