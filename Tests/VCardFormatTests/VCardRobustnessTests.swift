import ContentLines
import Foundation
import Testing
import VCardFormat

@Suite("VCard robustness")
struct VCardRobustnessTests {
    /// Every prefix of every fixture reads without crashing: cards or a clear error.
    @Test(arguments: VCardWriterTests.vendorFixtures + ["broken-no-end.vcf", "broken-qp.vcf", "broken-photo.vcf"])
    func everyTruncationReadsOrThrowsCleanly(name: String) throws {
        let bytes = try Fixture.bytes(name)
        var read = 0, refused = 0
        for cut in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 300)) {
            do {
                let r = try VCard.read(Array(bytes[..<cut]))
                _ = VCardWriter.write(r.cards, version: .v4_0)
                _ = VCard.jCard(r.cards)
                _ = VCard.xCard(r.cards)
                read += 1
            } catch {
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        #expect(read > 0)
    }

    @Test func randomBytesNeverCrash() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("BEGIN:VCARD\r\nEND:VCARD\r\nVERSION:2.1;=:,\\\" \tQUOTED-PRINTABLE=ZZ=C3ENCODING=BASE64<[{".utf8) + [0xFF, 0xC3, 0x80, 0x00]
        for _ in 0..<300 {
            let n = Int.random(in: 0..<400, using: &rng)
            let bytes = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }
            if let r = try? VCard.read(bytes) {
                _ = VCardWriter.write(r.cards, version: .v3_0)
            }
        }
    }
}
