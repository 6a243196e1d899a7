import Foundation
import Testing

@testable import ContentLines
@testable import VCardFormat

/// A reader made with `init(borrowing:)` reads the caller's bytes in place (a mapped file);
/// it must give exactly what a reader owning a copy of them gives.
@Suite struct ContentLineReaderBorrowingTests {
    static let text = """
        BEGIN:VCARD\r
        VERSION:2.1\r
        N;CHARSET=UTF-8:Søren;Kim;;;\r
        NOTE;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9 =\r
        num=C3=A9ro\r
        FN:Folded\r
         Name\r
        X-BAD LINE WITHOUT COLON\r
        PHOTO;ENCODING=BASE64;TYPE=JPEG:\r
        AAAA\r
        BBBB\r
        \r
        END:VCARD\r
        NOTE:outside\r
        BEGIN:VEVENT\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        END:VALARM\r
        SUMMARY:event\r
        END:VEVENT\r
        BEGIN:VCARD\r
        FN:never closed\r

        """

    /// The input with a UTF-8 BOM, with a UTF-16 LE BOM, with a UTF-16 BE BOM, and plain.
    static var inputs: [(String, [UInt8])] {
        let plain = Array(text.utf8)
        let utf16le: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16be: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return [("plain", plain), ("UTF-8 BOM", [0xEF, 0xBB, 0xBF] + plain), ("UTF-16 LE", utf16le), ("UTF-16 BE", utf16be)]
    }

    @Test("components and warnings read in place are those read from an owned copy")
    func components() {
        for (name, bytes) in Self.inputs {
            var owning = ContentLineReader(bytes: bytes)
            var owned: [Component] = []
            owning.readComponents { owned.append($0) }
            var borrowed: [Component] = []
            let warnings = bytes.withUnsafeBufferPointer { buf in
                var borrowing = ContentLineReader(borrowing: buf)
                borrowing.readComponents { borrowed.append($0) }
                return borrowing.warnings
            }
            #expect(owned.count == 3, "\(name)")
            #expect(borrowed == owned, "\(name)")
            #expect(warnings == owning.warnings, "\(name)")
            #expect(!warnings.isEmpty, "\(name)")
            #expect(owned.first?.properties.first { $0.name == "NOTE" }?.value == "Café numéro", "\(name)")
        }
    }

    @Test("lines one at a time, and raw components, read in place are those of an owned copy")
    func linesAndRaw() {
        for (name, bytes) in Self.inputs {
            var owning = ContentLineReader(bytes: bytes)
            var owned: [ContentLine] = []
            while let line = owning.next() { owned.append(line) }
            bytes.withUnsafeBufferPointer { buf in
                var borrowing = ContentLineReader(borrowing: buf)
                var borrowed: [ContentLine] = []
                while let line = borrowing.next() { borrowed.append(line) }
                #expect(borrowed == owned, "\(name)")
                #expect(borrowing.warnings == owning.warnings, "\(name)")

                var a = ContentLineReader(bytes: bytes), b = ContentLineReader(borrowing: buf)
                var rawOwned: [[ContentLine]] = [], rawBorrowed: [[ContentLine]] = []
                a.takeRawComponents { _, lines in rawOwned.append(lines.contentLines()) }
                b.takeRawComponents { _, lines in rawBorrowed.append(lines.contentLines()) }
                #expect(rawOwned.count == 3, "\(name)")
                #expect(rawBorrowed == rawOwned, "\(name)")
                #expect(b.warnings == a.warnings, "\(name)")
            }
        }
    }

    @Test("an owning reader copied mid-read goes on from where the copy was made")
    func copiesKeepTheirPlace() {
        let bytes = Array(Self.text.utf8)
        var reader = ContentLineReader(bytes: bytes)
        _ = reader.next()
        _ = reader.next()
        let copy = reader
        let rest = Array(sequence(state: reader) { $0.next() })
        let restOfCopy = Array(sequence(state: copy) { $0.next() })
        #expect(rest == restOfCopy)
        #expect(rest.first?.name == "N")
    }
}
