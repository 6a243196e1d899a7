import ContentLines
import Foundation
import Testing

@testable import VCardFormat

/// A large file is read on two threads (one splits lines, the caller's makes the cards):
/// the cards, their order, the warnings and the way an error stops the read must be those
/// of the read on one thread.
@Suite struct VCardTwoThreadReadTests {
    /// An address book of `count` cards, varied enough to fill batches by count and by
    /// size: some cards carry a large folded photo, some are 2.1 with quoted-printable
    /// notes, and a few things warn (a VEVENT between cards, a card without VERSION, a
    /// line outside any card, a card with no END before the next BEGIN).
    static func book(_ count: Int, photoBytes: Int = 600_000) -> [UInt8] {
        var text = ""
        let photo: String = {
            let chunk = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJg"
            var s = ""
            while s.utf8.count < photoBytes { s += chunk }
            // Folded at 75 bytes, as writers do.
            var folded = "", line = "PHOTO;ENCODING=b;TYPE=PNG:"
            for ch in s {
                if line.utf8.count >= 75 { folded += line + "\r\n"; line = " " }
                line.append(ch)
            }
            return folded + line + "\r\n"
        }()
        for k in 0..<count {
            switch k % 7 {
            case 0:
                text += "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8:Søren;Kim \(k);;;\r\nFN:Kim \(k)\r\n"
                text += "NOTE;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9 =\r\nnum=C3=A9ro \(k)\r\nTEL;CELL;PREF:+45 \(k)\r\nEND:VCARD\r\n"
            case 1 where k % 49 == 1:
                text += "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Photo \(k)\r\n" + photo + "END:VCARD\r\n"
            case 2 where k % 100 == 2:
                text += "BEGIN:VEVENT\r\nSUMMARY:not a card\r\nEND:VEVENT\r\n"
                text += "BEGIN:VCARD\r\nFN:No version \(k)\r\nEND:VCARD\r\n"
            case 3 where k % 100 == 3:
                text += "NOTE:outside any card\r\n"
                text += "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Unclosed \(k)\r\n"
            default:
                text += "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana Lopes \(k)\r\nN:Lopes;Ana;;;\r\n"
                text += "EMAIL;TYPE=work:ana\(k)@example.org\r\nitem1.TEL;TYPE=\"cell,voice\":+351 \(k)\r\n"
                text += "item1.X-ABLabel:mobile\r\nNOTE:line one\\nline two\\, with a comma\r\nEND:VCARD\r\n"
            }
        }
        return Array(text.utf8)
    }

    static func read(_ bytes: [UInt8], twoThreads: Bool) throws -> (cards: [VCard], warnings: [FormatWarning]) {
        var cards: [VCard] = []
        let warnings = try VCard.readText(bytes, raw: true, twoThreads: twoThreads) { cards.append($0) }
        return (cards, warnings)
    }

    @Test("a large book read on two threads gives the cards, in order, and the warnings of one thread")
    func sameAsOneThread() throws {
        let bytes = Self.book(1_000)
        #expect(bytes.count > 4 * VCard.twoThreadMinimumBytes)
        let one = try Self.read(bytes, twoThreads: false)
        let two = try Self.read(bytes, twoThreads: true)
        #expect(one.cards.count == 1_000)
        #expect(two.cards.count == one.cards.count)
        #expect(two.cards.map(\.line) == one.cards.map(\.line))
        #expect(two.cards == one.cards)
        #expect(two.warnings == one.warnings)
        #expect(!one.warnings.isEmpty)
        #expect(one.warnings.contains { $0.code == .unknownComponent })
        #expect(one.warnings.contains { $0.code == .propertyOutsideComponent })
        #expect(one.warnings.contains { $0.code == .missingEnd })
        // The typed values come through the second thread too.
        let photoCard = try #require(two.cards.first { $0.formattedName == "Photo 1" })
        #expect(photoCard.photos.count == 1)
        #expect(two.cards[0].notes == ["Café numéro 0"])
        #expect(two.cards[0].phones.map(\.types) == [["cell"]])
    }

    @Test("the default picks two threads only for large files, with the same result")
    func defaultChoice() throws {
        let large = Self.book(400)
        #expect(large.count >= VCard.twoThreadMinimumBytes)
        var cards: [VCard] = []
        let warnings = try VCard.readText(large) { cards.append($0) }
        let one = try Self.read(large, twoThreads: false)
        #expect(cards == one.cards)
        #expect(warnings == one.warnings)
        let small = Self.book(20, photoBytes: 100)
        #expect(small.count < VCard.twoThreadMinimumBytes)
        var smallCards: [VCard] = []
        _ = try VCard.readText(small) { smallCards.append($0) }
        #expect(smallCards == (try Self.read(small, twoThreads: false)).cards)
    }

    struct Refused: Error {}

    @Test("an error from the body stops a two-thread read at once, with no card after it", arguments: [0, 1, 37, 999])
    func bodyErrorStops(at failing: Int) throws {
        let bytes = Self.book(1_000, photoBytes: 20_000)
        var seen = 0
        do {
            _ = try VCard.readText(bytes, raw: true, twoThreads: true) { _ in
                if seen == failing { throw Refused() }
                seen += 1
            }
            Issue.record("the read did not stop")
        } catch {
            #expect(error.message.contains("Refused"))
        }
        #expect(seen == failing)
    }

    @Test("a file with no card fails the same way on two threads")
    func noCard() throws {
        let bytes = Array(String(repeating: "NOTE:nothing here\r\n", count: 20_000).utf8)
        var messages: [String] = []
        for twoThreads in [false, true] {
            do {
                _ = try Self.read(bytes, twoThreads: twoThreads)
                Issue.record("read a file with no card")
            } catch {
                messages.append("\(error)")
            }
        }
        #expect(messages.count == 2)
        #expect(messages.first == messages.last)
        #expect(messages.first?.contains("No vCard found") == true)
    }

    @Test("many two-thread reads in a row each finish and agree (no thread left waiting)")
    func repeated() throws {
        let bytes = Self.book(120, photoBytes: 5_000)
        let expected = try Self.read(bytes, twoThreads: false)
        for _ in 0..<50 {
            let two = try Self.read(bytes, twoThreads: true)
            #expect(two.cards == expected.cards)
            #expect(two.warnings == expected.warnings)
        }
    }
}
