import Foundation
import Testing
import VCardFormat

/// Inputs that once crashed or hung a fuzz target (Scripts/fuzz.sh), kept in Fixtures/fuzz.
@Suite("VCard fuzz findings")
struct VCardFuzzFindingsTests {
    static let files: [String] = {
        let dir = Bundle.module.url(forResource: "Fixtures/fuzz", withExtension: nil)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir?.path ?? "")) ?? []
        return names.sorted().map { "fuzz/" + $0 }
    }()

    @Test func findingsAreKept() {
        #expect(Self.files.count >= 1)
    }

    /// Each finding is read (as the fuzz target does: read, then write in every version and
    /// read again) without crashing, and either refused with a message or read with warnings.
    @Test(arguments: files)
    func findingIsReadOrRefusedClearly(_ name: String) throws {
        let bytes = try Fixture.bytes(name)
        let start = Date()
        do {
            let result = try VCard.read(bytes)
            #expect(!result.warnings.isEmpty || !result.cards.isEmpty)
            for version in [VCard.Version.v2_1, .v3_0, .v4_0] {
                let text = VCardWriter.write(result.cards, version: version).text
                _ = try? VCard.read(Array(text.utf8))
            }
        } catch {
            #expect(!error.message.isEmpty)
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func xmlElementNameThatIsNotUTF8IsRefused() throws {
        let bytes = try Fixture.bytes("fuzz/xml-name-not-utf8.xml")
        #expect {
            _ = try VCard.read(bytes)
        } throws: { error in
            guard let e = error as? VCard.ReadError else { return false }
            return e.line == 1 && e.message.contains("not valid UTF-8")
        }
    }
}

extension VCardFuzzFindingsTests {
    @Test func emptyProcessingInstructionIsRefused() throws {
        let bytes = try Fixture.bytes("fuzz/xml-empty-processing-instruction.xml")
        #expect {
            _ = try VCard.read(bytes)
        } throws: { error in
            (error as? VCard.ReadError)?.message.contains("processing instruction with no content") == true
        }
    }
}
