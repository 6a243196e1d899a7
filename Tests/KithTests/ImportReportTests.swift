import Foundation
import Testing

@testable import Kith

/// `kith import` without --verbose, --dry-run or --json prints only counts, so it asks the
/// report to keep only counts (`ImportOptions.keepsDetails = false`): a calendar of
/// 100,000 recurring events otherwise holds every item and warning in memory.
@Suite("Import report")
struct ImportReportTests {
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Test//EN\r
        BEGIN:VEVENT\r
        UID:weekly@example.com\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260105T180000Z\r
        RRULE:FREQ=WEEKLY;COUNT=3\r
        SUMMARY:Climbing\r
        ATTENDEE;CN=Nobody:mailto:nobody@example.com\r
        X-BAD/NAME:dropped with a warning\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:once@example.com\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260301T120000Z\r
        SUMMARY:Lunch\r
        ATTENDEE:mailto:stranger@example.com\r
        X-BAD/NAME:dropped with a warning\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func options(details: Bool) -> ImportOptions {
        var o = testOptions()
        o.keepsDetails = details
        return o
    }

    @Test("counts only: the same counts and the same journal, no items or warnings held")
    func countsOnlyCalendar() throws {
        let full = try Journal.inMemory(), counted = try Journal.inMemory()
        let a = try full.importText(Self.calendar, name: "cal.ics", options: options(details: true))
        let b = try counted.importText(Self.calendar, name: "cal.ics", options: options(details: false))
        #expect(a.count(.added) == 4 && a.items.count == 4)
        #expect(b.count(.added) == 4 && b.count(.updated) == 0 && b.count(.skipped) == 0)
        #expect(b.items.isEmpty && b.warnings.isEmpty && !b.keepsDetails)
        // One warning for each bad line: the recurring event's is not repeated for each of its occurrences.
        #expect(a.warnings.count == a.warningCount && a.warningCount == 2)
        #expect(Set(a.warnings.map(\.line)).count == 2)
        #expect(b.warningCount == a.warningCount)
        #expect(a.unmatchedAddresses == 2 && b.unmatchedAddresses == 2)
        #expect(b.warningCounts.map(\.code) == a.warningCounts.map(\.code))
        #expect(b.warningCounts.map(\.count) == a.warningCounts.map(\.count))
        #expect(try full.events(EventFilter()).map(\.title) == counted.events(EventFilter()).map(\.title))

        // Again: everything is unchanged, and counted as such (not skipped: nothing was left out).
        let again = try counted.importText(Self.calendar, name: "cal.ics", options: options(details: false))
        #expect(again.count(.unchanged) == 4 && again.count(.skipped) == 0 && again.count(.added) == 0 && again.items.isEmpty)
    }

    @Test(
        "counts only: cards count the same as with details",
        arguments: [
            "android-contacts-2.1.vcf", "apple-contacts-3.0.vcf", "friends-4.0.vcf", "colleagues.xcard.xml", "family.jcard.json",
        ])
    func countsOnlyCards(_ file: String) throws {
        let a = try Journal.inMemory().importSample(file, options: options(details: true))
        let b = try Journal.inMemory().importSample(file, options: options(details: false))
        #expect(a.count(.added) == a.added.count && a.count(.added) > 0)
        #expect(b.count(.added) == a.count(.added) && b.items.isEmpty)
        #expect(b.warningCount == a.warnings.count && b.warnings.isEmpty)
    }

    @Test("counts only: a JSON backup counts the same as with details")
    func countsOnlyBackup() throws {
        let source = try Journal.inMemory()
        for f in ["friends-4.0.vcf", "family.jcard.json", "catching-up.ics"] { try source.importSample(f) }
        let backup = try source.exportJSON().data
        let a = try Journal.inMemory().importData(backup, fileName: "backup.json", options: options(details: true))
        let b = try Journal.inMemory().importData(backup, fileName: "backup.json", options: options(details: false))
        #expect(a.count(.added) == a.items.count && a.count(.added) > 0)
        #expect(b.count(.added) == a.count(.added) && b.items.isEmpty)
    }
}
