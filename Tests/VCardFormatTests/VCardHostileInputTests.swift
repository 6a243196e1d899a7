import Foundation
import Testing
import VCardFormat

/// Hostile files through the whole vCard reader: each is read in bounded time with a
/// warning that says what was skipped, or refused with an error that says why.
@Suite("VCard hostile input")
struct VCardHostileInputTests {
    @discardableResult
    static func timed<T>(_ limit: Double, _ body: () throws -> T) rethrows -> T {
        let start = Date()
        let result = try body()
        let elapsed = Date().timeIntervalSince(start)
        // Generous: the tests run in parallel on a loaded machine; a quadratic slip would take hours.
        #expect(elapsed < limit, "took \(elapsed) s")
        return result
    }

    @Test func fiftyMegabytePhotoIsSkippedWithAWarningAndTheCardKept() throws {
        // 50 MB of image bytes is 66.7 MB (63.6 MiB) of base64, over the 32 MiB line limit.
        let base64 = String(repeating: "/9j/", count: 50_000_000 / 3)
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana\r\nPHOTO;ENCODING=b;TYPE=JPEG:" + base64 + "\r\nTEL:+1 555 0100\r\nEND:VCARD\r\n"
        let result = try Self.timed(60) { try VCard.read(Array(text.utf8)) }
        #expect(result.cards.count == 1)
        #expect(result.cards.first?.formattedName == "Ana")
        #expect(result.cards.first?.photos.isEmpty == true)
        #expect(result.cards.first?.property("TEL") != nil)
        let w = try #require(result.warnings.first { $0.code == .lineTooLong })
        #expect(w.line == 4 && w.property == "PHOTO")
        #expect(w.message.contains("63.6 MiB long, over the 32 MiB limit"))
    }

    @Test func hundredMegabyteNoteIsSkippedWithAWarning() throws {
        var bytes = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana\r\nNOTE:".utf8)
        bytes += [UInt8](repeating: 0x6E, count: 100 << 20)
        bytes += Array("\r\nEND:VCARD\r\n".utf8)
        let result = try Self.timed(60) { try VCard.read(bytes) }
        #expect(result.cards.first?.formattedName == "Ana")
        #expect(result.warnings.map(\.code) == [.lineTooLong])
    }

    @Test func millionPropertiesOnOneCardAreCappedWithAWarning() throws {
        var bytes = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana\r\n".utf8)
        bytes.reserveCapacity(16_000_000)
        let line = Array("X-A:1\r\n".utf8)
        for _ in 0..<1_000_000 { bytes += line }
        bytes += Array("END:VCARD\r\n".utf8)
        let result = try Self.timed(60) { try VCard.read(bytes) }
        #expect(result.cards.first?.properties.count == 99_999)  // 100,000 less VERSION
        #expect(result.warnings.filter { $0.code == .tooManyProperties }.count == 1)
    }

    @Test func deeplyNestedBeginEndIsCutWithOneWarning() throws {
        var text = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana\r\n"
        text += String(repeating: "BEGIN:A\r\nBEGIN:B\r\n", count: 50_000) + String(repeating: "END:B\r\nEND:A\r\n", count: 50_000)
        text += "EMAIL:ana@example.org\r\nEND:VCARD\r\n"
        let result = try Self.timed(60) { try VCard.read(Array(text.utf8)) }
        #expect(result.cards.count == 1)
        #expect(result.cards.first?.emails.count == 1)
        #expect(result.warnings.filter { $0.code == .tooDeep }.count == 1)
    }

    @Test func nulBytesAndInvalidUTF8AreWarned() throws {
        let bytes =
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:An".utf8) + [0x00, 0x61] + Array("\r\nNOTE:caf".utf8) + [0xE9]
            + Array("\r\nEND:VCARD\r\n".utf8)
        let result = try VCard.read(bytes)
        #expect(result.cards.first?.formattedName == "Ana")
        #expect(result.warnings.map(\.code) == [.nulByte, .invalidUTF8])
    }

    @Test func jCardNestedHundredThousandArraysDeepIsRefused() {
        let json = "[\"vcard\"," + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "]"
        Self.timed(60) {
            #expect(throws: VCard.ReadError.self) { _ = try VCard.read(Array(json.utf8)) }
        }
    }

    @Test func xCardWithExternalEntityIsRefusedAndTheFileNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("kith-xxe-\(UUID().uuidString).txt")
        try Data("KITH-SECRET-91c2".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE vcards [<!ENTITY x SYSTEM "\(secret.absoluteString)">]>
            <vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0"><vcard><fn><text>&x;</text></fn></vcard></vcards>
            """
        #expect {
            _ = try VCard.read(Array(xml.utf8))
        } throws: { error in
            guard let e = error as? VCard.ReadError else { return false }
            return e.line == 2 && e.message.contains("refused for safety") && !e.message.contains("KITH-SECRET")
        }
    }

    @Test func xCardNestedTooDeepIsRefused() {
        let xml =
            "<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">" + String(repeating: "<vcard>", count: 100_000)
            + String(repeating: "</vcard>", count: 100_000) + "</vcards>"
        Self.timed(60) {
            #expect {
                _ = try VCard.read(Array(xml.utf8))
            } throws: { error in
                (error as? VCard.ReadError)?.message.contains("more than 256 deep") == true
            }
        }
    }
}
