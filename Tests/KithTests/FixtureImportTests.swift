import Foundation
import Testing

@testable import Kith

/// Files shaped like real exports (Google, Apple, Outlook, Thunderbird, Android, Meetup),
/// taken from the format layers' fixtures, go through the journal import.
@Suite("Import of real-world files")
struct FixtureImportTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static let contacts = [
        "android-2.1.vcf", "apple-contacts.vcf", "canonical-3.0.vcf", "canonical-4.0.vcf",
        "feature-phone-shift-jis.vcf", "google-contacts.vcf", "ios.vcf", "outlook-2.1.vcf",
        "rfc6351-xcard.xml", "rfc7095-jcard.json", "thunderbird-4.0.vcf", "broken-photo.vcf", "broken-qp.vcf",
    ]
    static let calendars = ["apple.ics", "google.ics", "meetup.ics", "outlook.ics", "thunderbird.ics"]

    @Test("contact exports import without failure, and again without change", arguments: contacts)
    func contactFile(_ name: String) throws {
        let j = try Journal.inMemory()
        let url = Self.tests.appendingPathComponent("VCardFormatTests/Fixtures/" + name)
        let r = try j.importFile(at: url, options: testOptions())
        #expect(r.failures.isEmpty)
        #expect(!r.added.isEmpty)
        let before = try j.everyone()
        let again = try j.importFile(at: url, options: testOptions())
        #expect(again.added.isEmpty && again.updated.isEmpty)
        #expect(try j.everyone() == before)
    }

    @Test("calendar exports import without failure, and again without change", arguments: calendars)
    func calendarFile(_ name: String) throws {
        let j = try Journal.inMemory()
        let url = Self.tests.appendingPathComponent("ICalendarFormatTests/Fixtures/" + name)
        let r = try j.importFile(at: url, options: testOptions())
        #expect(r.failures.isEmpty)
        #expect(!r.added.isEmpty)
        let again = try j.importFile(at: url, options: testOptions())
        #expect(again.added.isEmpty && again.updated.isEmpty)
        try j.checkInvariants()
    }

    @Test("a file with no card at all is refused with a reason")
    func notAVCard() throws {
        let j = try Journal.inMemory()
        let url = Self.tests.appendingPathComponent("VCardFormatTests/Fixtures/not-a-vcard.txt")
        #expect(throws: Journal.ImportError.self) { try j.importFile(at: url, options: testOptions()) }
    }
}
