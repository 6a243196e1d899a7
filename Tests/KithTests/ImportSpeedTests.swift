import Foundation
import ICalendarFormat
import Testing
import VCardFormat

@testable import Kith

/// The mechanics that make big imports fast (issue 17) give what the plain way gave:
/// streamed cards, events inserted without lookups into an empty journal, unchanged events
/// skipped without loading them, and the import's larger page cache given back.
@Suite("Import speed mechanics")
struct ImportSpeedTests {
    /// Everyone, without what differs between two journals given the same files (row ids,
    /// times, the UIDs made for cards without one), sorted by name.
    static func people(_ j: Journal) throws -> [Person] {
        try j.everyone().values.map { p in
            var p = p
            p.id = 0; p.createdAt = 0; p.updatedAt = 0; p.uid = ""
            return p
        }.sorted { ($0.displayName, $0.emails.map(\.value).joined(separator: ",")) < ($1.displayName, $1.emails.map(\.value).joined(separator: ",")) }
    }

    /// Every event as one line of what a user sees and what goes back out on export.
    static func events(_ j: Journal) throws -> [String] {
        try j.events().map { e in
            [
                e.uid, e.title, "\(e.start.timeIntervalSince1970)", e.end.map { "\($0.timeIntervalSince1970)" } ?? "-",
                e.timeZone, "\(e.allDay)", e.people.map(\.displayName).joined(separator: ","), e.place?.name ?? "-",
                e.note, e.type?.path ?? "-", e.mood?.name ?? "-", e.icalLines.joined(separator: "\n"),
            ].joined(separator: "|")
        }.sorted()
    }

    /// A text book of `count` cards, varied enough to match, merge and warn (a third share
    /// an e-mail with an earlier card; some have no UID).
    static func book(_ count: Int) -> String {
        var out = ""
        for i in 0..<count {
            out += "BEGIN:VCARD\r\nVERSION:3.0\r\n"
            if i % 5 != 0 { out += "UID:card-\(i)\r\n" }
            out += "N:Person\(i);Given;;;\r\nFN:Given Person\(i)\r\n"
            out += "EMAIL;TYPE=INTERNET:p\(i % 3 == 2 ? i - 1 : i)@example.org\r\n"
            out += "TEL;TYPE=CELL:+351 91\(String(format: "%07d", i))\r\n"
            out += "NOTE:" + String(repeating: "A note long enough to fill the file. ", count: 4) + "\r\n"
            if i % 7 == 0 { out += "BDAY:1980-13-40\r\n" }  // a warning
            if i % 11 == 0 { out += "CATEGORIES:Friends/College\r\n" }
            out += "X-CUSTOM:kept \(i)\r\nEND:VCARD\r\n"
        }
        return out
    }

    @Test("a book of 2 MiB and more imports on two threads with the same people and report as the whole-file read")
    func streamedBookMatchesWholeRead() throws {
        let text = Self.book(6_500)
        #expect(text.utf8.count >= 2 << 20)  // VCard.twoThreadMinimumBytes: read on two threads
        let streamed = try JournalKind.onDisk.make(), whole = try JournalKind.onDisk.make()
        let a = try streamed.journal.importText(text, name: "book.vcf")
        let read = try VCard.read(Array(text.utf8))
        let b = try whole.journal.importCards(
            read.cards, readerWarnings: read.warnings, fileName: "book.vcf",
            format: "vCard 3.0", options: testOptions())
        // The same items, and the same warnings (in line order; the reader's and the
        // mapping's warnings of one line may come in either order).
        #expect(a.items == b.items && a.failures == b.failures && a.format == b.format)
        #expect(a.warnings.map(\.description).sorted() == b.warnings.map(\.description).sorted())
        #expect(a.warnings.map(\.line) == b.warnings.map(\.line))
        #expect(a.count(.added) > 3_000 && a.warningCount > 0)
        #expect(try Self.people(streamed.journal) == Self.people(whole.journal))
    }

    @Test("a streamed import reports progress against the number of cards in the file")
    func streamedProgressTotal() throws {
        let t = try JournalKind.inMemory.make()
        let text = Self.book(30).replacingOccurrences(
            of: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-1\r\n",
            with: "begin:vcard\r\nVERSION:3.0\r\nUID:card-1\r\n")
        final class Seen: @unchecked Sendable { var last: [(Int, Int)] = [] }
        let seen = Seen()
        var options = testOptions()
        options.progress = { p in seen.last.append((p.done, p.total)) }
        try t.journal.importText(text, name: "book.vcf", options: options)
        #expect(seen.last.count == 30)
        #expect(seen.last.allSatisfy { $0.1 == 30 })
        #expect(seen.last.last?.0 == 30)
    }

    @Test("a card that fails stops a streamed import with its own line and reason, and nothing is kept")
    func streamedFailureKeepsItsMessage() throws {
        let t = try JournalKind.onDisk.make()
        // A card with no name at all fails; the ones before it would have been added.
        let text = Self.book(6_500) + "BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:nameless\r\nEND:VCARD\r\n"
        let lines = text.components(separatedBy: "\r\n").count - 1
        do {
            try t.journal.importText(text, name: "book.vcf")
            Issue.record("the nameless card was imported")
        } catch let e as Journal.ImportError {
            #expect(e.file == "book.vcf")
            #expect(e.line == lines - 3)
            #expect(!e.reason.contains("Reading stopped"))
        }
        #expect(try t.journal.people().isEmpty)
    }

    /// A calendar with single, all-day, multi-day and recurring events, people, places and
    /// kept properties.
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Test//Speed//EN\r
        BEGIN:VEVENT\r
        UID:one@example.org\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260105T100000Z\r
        DTEND:20260105T110000Z\r
        SUMMARY:Coffee with Ana\r
        LOCATION:Blue Bottle\r
        GEO:25.033;121.5654\r
        ATTENDEE;CN=Ana Lima:mailto:ana@example.org\r
        X-KEPT:yes\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:two@example.org\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;VALUE=DATE:20260110\r
        DTEND;VALUE=DATE:20260113\r
        SUMMARY:Trip\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:three@example.org\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260201T080000Z\r
        DURATION:PT1H\r
        RRULE:FREQ=WEEKLY;COUNT=4\r
        SUMMARY:Weekly run\r
        ATTENDEE:mailto:ana@example.org\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:four@example.org\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260301T230000Z\r
        DTEND:20260302T010000Z\r
        SUMMARY:Late dinner\r
        DESCRIPTION:Over midnight\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static let ana = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ana\r\nFN:Ana Lima\r\nEMAIL:ana@example.org\r\nEND:VCARD\r\n"

    @Test("events imported into an empty journal without UID lookups are those the lookups give", arguments: JournalKind.allCases)
    func emptyJournalMatchesLookups(_ kind: JournalKind) throws {
        let empty = try kind.make(), other = try kind.make()
        for t in [empty, other] { try t.journal.importText(Self.ana, name: "ana.vcf") }
        // One event already there: the import looks every UID up.
        try other.journal.importText(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:zero@example.org\r\nDTSTART:20250101T100000Z\r\nSUMMARY:Before\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
            name: "zero.ics")
        let a = try empty.journal.importText(Self.calendar, name: "cal.ics")
        let b = try other.journal.importText(Self.calendar, name: "cal.ics")
        // The same report but for the ids (the other journal has one event more).
        #expect(a.count(.added) == 7 && a.warnings == b.warnings)
        #expect(a.items.map { "\($0.action) \($0.name) \($0.line) \($0.reason)" } == b.items.map { "\($0.action) \($0.name) \($0.line) \($0.reason)" })
        #expect(try Self.events(empty.journal) == Self.events(other.journal).filter { !$0.hasPrefix("zero@") })
        try empty.journal.checkInvariants()
        try other.journal.checkInvariants()
    }

    @Test("an unchanged calendar imported again changes nothing, with or without details, and keeps the user's edits", arguments: [true, false])
    func reimportWithoutDetails(_ details: Bool) throws {
        let t = try JournalKind.onDisk.make()
        try t.journal.importText(Self.ana, name: "ana.vcf")
        try t.journal.importText(Self.calendar, name: "cal.ics")
        let one = try #require(try t.journal.event(uid: "one@example.org"))
        _ = try t.journal.editEvent(id: one.id) {
            $0.title = "Coffee, edited"; $0.personIDs = []
        }
        let before = try Self.events(t.journal)
        var options = testOptions()
        options.keepsDetails = details
        let r = try t.journal.importText(Self.calendar, name: "cal.ics", options: options)
        // The edited title stays; the attendee the user took off comes back (people are only added).
        #expect(r.count(.added) == 0 && r.count(.updated) == 1 && r.count(.unchanged) == 6 && r.count(.skipped) == 0)
        let after = try Self.events(t.journal)
        #expect(after.first { $0.hasPrefix("one@") }?.contains("|Coffee, edited|") == true)
        #expect(after.first { $0.hasPrefix("one@") }?.contains("|Ana Lima|") == true)
        #expect(after.filter { !$0.hasPrefix("one@") } == before.filter { !$0.hasPrefix("one@") })
        try t.journal.checkInvariants()
        if details {
            #expect(r.items.contains { $0.reason.contains("kept your edits to: title") })
        }
    }

    @Test("a VEVENT as it was last time is not mapped again; what its mapping reads changing maps it again")
    func unchangedVEventsNotMapped() throws {
        let t = try JournalKind.onDisk.make()
        try t.journal.importText(Self.ana, name: "ana.vcf")
        // An attendee nobody in the journal has, on the single event and on the recurring one.
        let calendar = Self.calendar.replacingOccurrences(
            of: "SUMMARY:Trip\r\n", with: "SUMMARY:Trip\r\nATTENDEE;CN=Bo:mailto:bo@example.org\r\n")
        var quiet = testOptions()
        quiet.keepsDetails = false
        func reimport(_ text: String = calendar, options: ImportOptions? = nil) throws -> ImportReport {
            try t.journal.importText(text, name: "cal.ics", options: options ?? quiet)
        }
        let first = try reimport(options: testOptions())
        #expect(first.count(.added) == 7 && first.unmappedUnchanged == 0 && first.unmatchedAddresses == 1)
        let before = try Self.events(t.journal)
        // All seven events (three singles, the four runs) found unchanged without mapping,
        // with the report a full merge gives.
        let again = try reimport()
        #expect(again.count(.unchanged) == 7 && again.unmappedUnchanged == 7)
        #expect(again.unmatchedAddresses == first.unmatchedAddresses)
        #expect(try Self.events(t.journal) == before)
        // Bo's card arrives: the journal's people are part of what the mapping read, so the
        // events are mapped again and Bo is linked to the trip.
        try t.journal.importText("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bo\r\nFN:Bo\r\nEMAIL:bo@example.org\r\nEND:VCARD\r\n", name: "bo.vcf")
        let linked = try reimport()
        #expect(linked.unmappedUnchanged == 0 && linked.count(.updated) == 1 && linked.unmatchedAddresses == 0)
        #expect(try Self.events(t.journal).first { $0.hasPrefix("two@") }?.contains("|Bo|") == true)
        #expect(try reimport().unmappedUnchanged == 7)
        // The user takes Ana off the coffee: only that event is merged again (she comes back).
        let one = try #require(try t.journal.event(uid: "one@example.org"))
        _ = try t.journal.editEvent(id: one.id) { $0.personIDs = [] }
        let back = try reimport()
        #expect(back.unmappedUnchanged == 6 && back.count(.updated) == 1)
        #expect(try Self.events(t.journal).first { $0.hasPrefix("one@") }?.contains("|Ana Lima|") == true)
        // A VEVENT that changes is mapped again (here to the same fields: a floating time
        // in UTC), and so is every VEVENT when floating times are read in another zone.
        let floating = calendar.replacingOccurrences(of: "DTSTART:20260301T230000Z", with: "DTSTART:20260301T230000")
        let same = try reimport(floating)
        #expect(same.unmappedUnchanged == 6 && same.count(.unchanged) == 7)
        var berlin = quiet
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let moved = try reimport(floating, options: berlin)
        #expect(moved.unmappedUnchanged == 0 && moved.count(.updated) > 0)
        #expect(try t.journal.event(uid: "four@example.org")?.start == Date(timeIntervalSince1970: 1_772_402_400))
        #expect(try reimport(floating, options: berlin).unmappedUnchanged == 7)
        let renamed = try reimport(floating.replacingOccurrences(of: "SUMMARY:Weekly run", with: "SUMMARY:Weekly long run"), options: berlin)
        #expect(renamed.count(.updated) == 4 && renamed.unmappedUnchanged == 3)
        try t.journal.checkInvariants()
    }

    @Test("a re-import that finds every event unchanged from its first pass reads the file once, and reports as the second pass would")
    func everyEventUnchangedReadsOnce() throws {
        let t = try JournalKind.onDisk.make()
        try t.journal.importText(Self.ana, name: "ana.vcf")
        // Beside the usual events: a task and a journal entry, a VEVENT without a UID, two
        // with one UID, two addresses nobody has (each written twice, differently), a
        // recurring event that starts after now, and a cancelled occurrence of the weekly run.
        let extra = """
            BEGIN:VTODO\r
            UID:todo@example.org\r
            SUMMARY:Buy a present\r
            END:VTODO\r
            BEGIN:VJOURNAL\r
            UID:note@example.org\r
            SUMMARY:Thoughts\r
            END:VJOURNAL\r
            BEGIN:VEVENT\r
            DTSTART:20260401T100000Z\r
            SUMMARY:No UID\r
            ATTENDEE;CN=Bo:mailto:Bo@Example.org\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:twice@example.org\r
            DTSTART:20260402T100000Z\r
            SUMMARY:First of two\r
            ATTENDEE;PARTSTAT=ACCEPTED;CN=Bo:mailto:bo@example.org\r
            ORGANIZER;CN=Cy:urn:uuid:cy\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:twice@example.org\r
            DTSTART:20260403T100000Z\r
            SUMMARY:Second of two\r
            ATTENDEE;CN=Cy:urn:uuid:cy\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:later@example.org\r
            DTSTART:20300101T100000Z\r
            RRULE:FREQ=YEARLY\r
            SUMMARY:Not yet\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:three@example.org\r
            RECURRENCE-ID:20260208T080000Z\r
            DTSTART:20260208T080000Z\r
            STATUS:CANCELLED\r
            SUMMARY:Weekly run\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let calendar = Self.calendar.replacingOccurrences(of: "END:VCALENDAR\r\n", with: extra)
        var quiet = testOptions()
        quiet.keepsDetails = false
        // Imports through the importer's own reading, counting the passes over the file.
        final class Passes: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
        }
        func reimport(_ passes: Passes) throws -> ImportReport {
            let data = Data(calendar.utf8)
            let reader = ICalendarReader(floatingTimeZone: quiet.timeZone)
            return try t.journal.importCalendar(fileName: "cal.ics", format: "iCalendar", options: quiet) { body in
                passes.lock.withLock { passes.count += 1 }
                return try reader.stream(data, file: "cal.ics") { c, _ in try body(c) }.warnings
            }
        }
        let firstPasses = Passes()
        let first = try reimport(firstPasses)
        #expect(firstPasses.count == 2)
        #expect(first.count(.added) == 9 && first.eventsWithoutUID == 1 && first.unmatchedAddresses == 2)
        let before = try Self.events(t.journal)
        let againPasses = Passes()
        let again = try reimport(againPasses)
        #expect(againPasses.count == 1)
        #expect(again.count(.unchanged) == 9 && again.unmappedUnchanged == 9 && again.count(.added) == 0)
        #expect(again.unmatchedAddresses == first.unmatchedAddresses && again.eventsWithoutUID == 1)
        #expect(again.warnings == first.warnings && again.heldComponents == first.heldComponents)
        // The same items explained, in file order: the task, the journal entry, the rule
        // without occurrences, the cancelled run.
        #expect(again.explained.map { "\($0.line) \($0.reason)" } == first.explained.map { "\($0.line) \($0.reason)" })
        #expect(again.count(.skipped) == 4 && again.explained.map(\.line) == again.explained.map(\.line).sorted())
        #expect(try Self.events(t.journal) == before)
        // One event changed in the file: the second pass reads it again, and only it is updated.
        let changedPasses = Passes()
        let edited = calendar.replacingOccurrences(of: "SUMMARY:Second of two", with: "SUMMARY:Second of two, moved")
        let data = Data(edited.utf8)
        let reader = ICalendarReader(floatingTimeZone: quiet.timeZone)
        let changed = try t.journal.importCalendar(fileName: "cal.ics", format: "iCalendar", options: quiet) { body in
            changedPasses.lock.withLock { changedPasses.count += 1 }
            return try reader.stream(data, file: "cal.ics") { c, _ in try body(c) }.warnings
        }
        #expect(changedPasses.count == 2 && changed.count(.updated) == 1 && changed.unmappedUnchanged == 8)
        #expect(changed.unmatchedAddresses == first.unmatchedAddresses)
        try t.journal.checkInvariants()
    }

    @Test("an attendee written in two Unicode spellings counts once as unmatched, on the first import and again")
    func unmatchedSpellingsCountOnce() throws {
        let t = try JournalKind.onDisk.make()
        var quiet = testOptions()
        quiet.keepsDetails = false
        // "José" composed (U+00E9) and decomposed (e + U+0301): one name to a reader.
        let calendar = """
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:a@example.org\r
            DTSTART:20260301T100000Z\r
            SUMMARY:Lunch\r
            ATTENDEE;CN=Jos\u{E9}:urn:uuid:j1\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:b@example.org\r
            DTSTART:20260302T100000Z\r
            SUMMARY:Walk\r
            ATTENDEE;CN=Jose\u{301}:urn:uuid:j2\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let first = try t.journal.importText(calendar, name: "cal.ics", options: quiet)
        let again = try t.journal.importText(calendar, name: "cal.ics", options: quiet)
        #expect(first.unmatchedAddresses == 1 && again.unmatchedAddresses == 1)
        #expect(again.count(.unchanged) == 2 && again.unmappedUnchanged == 2)
    }

    @Test("a VEVENT whose mapping warns is mapped at every import, and warns each time")
    func warningVEventsMappedAgain() throws {
        let t = try JournalKind.onDisk.make()
        // The trip without a SUMMARY: titled "Untitled event", with a warning.
        let calendar = Self.calendar.replacingOccurrences(of: "SUMMARY:Trip\r\n", with: "")
        var quiet = testOptions()
        quiet.keepsDetails = false
        let first = try t.journal.importText(calendar, name: "cal.ics", options: quiet)
        let again = try t.journal.importText(calendar, name: "cal.ics", options: quiet)
        #expect(first.warningCount == 1 && again.warningCount == 1)
        #expect(again.count(.unchanged) == 7 && again.unmappedUnchanged == 6)
        let nulls = try t.journal.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM eventImport WHERE source IS NULL")
        }
        #expect(nulls == 1)
    }

    @Test("the import's larger page cache is given back when it ends, even when it fails")
    func cacheSizeRestored() throws {
        let t = try JournalKind.onDisk.make()
        func cacheSize() throws -> Int64? {
            try t.journal.read { db in try RawRow.first(db, db.makeStatement(sql: "PRAGMA cache_size"), { _ in }, read: { $0.int(0) }) }
        }
        #expect(try cacheSize() == -Int64(Journal.defaultCacheKiB))
        try t.journal.importText(Self.calendar, name: "cal.ics")
        #expect(try cacheSize() == -Int64(Journal.defaultCacheKiB))
        #expect(throws: Journal.ImportError.self) {
            try t.journal.importText("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:No start\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", name: "bad.ics")
        }
        #expect(try cacheSize() == -Int64(Journal.defaultCacheKiB))
    }
}
