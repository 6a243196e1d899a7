import ContentLines
import Foundation
import Testing
import VCardFormat

@Suite("VCard broken input")
struct VCardBrokenInputTests {
    @Test func cardWithNoEndIsKeptAndWarned() throws {
        let r = try Fixture.read("broken-no-end.vcf")
        #expect(r.cards.map(\.formattedName) == ["First Without End", "Second Fine", "Third Truncated"])
        let missing = r.warnings.filter { $0.code == .missingEnd }
        #expect(missing.count == 2)
        #expect(missing.first?.line == 5)
        #expect(missing.first?.message.contains("line 1") == true)
    }

    @Test func badQuotedPrintableRunIsKeptWithWarning() throws {
        let r = try Fixture.read("broken-qp.vcf")
        #expect(r.cards.first?.formattedName == "Bad =ZZ run =4")
        #expect(r.cards.first?.notes == ["ok fine"])
        #expect(r.warnings.map(\.code) == [.badQuotedPrintable])
        #expect(r.warnings.first?.line == 3)
        #expect(r.warnings.first?.property == "FN")
    }

    @Test func photoThatIsNotBase64IsWarnedNotCrashed() throws {
        let r = try Fixture.read("broken-photo.vcf")
        #expect(r.cards.first?.formattedName == "Photo Problem")
        #expect(r.cards.first?.photos.isEmpty == true)
        #expect(r.warnings.map(\.code) == [.badBase64])
        #expect(r.warnings.first?.line == 4)
        // Kept verbatim, so writing it back loses nothing.
        let (text, _) = VCardWriter.write(r.cards, version: .v3_0)
        #expect(text.contains("this is *not* base64 at all!"))
    }

    @Test func strictReadingStopsAtTheFirstProblem() throws {
        let bytes = try Fixture.bytes("broken-qp.vcf")
        #expect(try VCard.read(bytes).cards.count == 1)
        #expect {
            _ = try VCard.read(bytes, strict: true)
        } throws: { error in
            guard let e = error as? VCard.ReadError else { return false }
            return e.line == 3 && e.message.hasPrefix("FN: Quoted-printable")
        }
    }

    @Test func notAVCardThrowsSayingWhy() throws {
        let bytes = try Fixture.bytes("not-a-vcard.txt")
        #expect {
            _ = try VCard.read(bytes)
        } throws: { error in
            guard let e = error as? VCard.ReadError else { return false }
            return e.message.contains("No vCard found") && e.line >= 1
        }
    }

    @Test func megabyteLineIsRead() throws {
        let payload = Base64.encode([UInt8](repeating: 0xAB, count: 750_000))
        #expect(payload.utf8.count == 1_000_000)
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Big\r\nPHOTO;ENCODING=b;TYPE=JPEG:" + payload + "\r\nEND:VCARD\r\n"
        let r = try VCard.read(Array(text.utf8))
        #expect(r.warnings.isEmpty)
        guard case .inline(let data, _)? = r.cards.first?.photos.first else { Issue.record("no photo"); return }
        #expect(data.count == 750_000)
        let (out, _) = VCardWriter.write(r.cards, version: .v4_0)
        #expect(out.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    }

    @Test func refusesXMLWithDoctype() {
        let xml =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE vcards [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\"><vcard><fn><text>&x;</text></fn></vcard></vcards>"
        #expect {
            _ = try VCard.read(Array(xml.utf8))
        } throws: { error in
            guard let e = error as? VCard.ReadError else { return false }
            return e.line == 2 && e.message.contains("DOCTYPE")
        }
    }

    @Test func brokenJSONThrows() {
        #expect(throws: VCard.ReadError.self) { _ = try VCard.read(Array("[\"vcard\", [".utf8)) }
    }

    @Test func invalidDateIsWarnedAndKept() throws {
        let r = try VCard.read(Array("BEGIN:VCARD\nVERSION:3.0\nFN:A\nBDAY:sometime in spring\nEND:VCARD\n".utf8))
        #expect(r.warnings.map(\.code) == [.invalidValue])
        #expect(r.cards[0].birthday == nil)
        #expect(r.cards[0].property("BDAY")?.value == "sometime in spring")
    }
}
