import ContentLines
import Foundation
import GRDB
import ICalendarFormat
import VCardFormat

extension Journal {
    // MARK: vCard

    /// Writes people as one vCard file: the fields Kith models, the kept properties of
    /// imported cards, the category path as CATEGORIES, traits as INTEREST/HOBBY/EXPERTISE
    /// (4.0) or NOTE lines (3.0), the photo inline.
    /// - Throws: ``JournalError/unknownCategory(kind:path:suggestions:)`` for a bad `relationPath`.
    /// - Complexity: O(people + their details).
    public func exportVCards(_ options: VCardExportOptions = VCardExportOptions()) throws -> ExportResult {
        let version: VCard.Version = options.version == .v3_0 ? .v3_0 : .v4_0
        let cards = try read { db -> [VCard] in
            var ids: [Int64]
            if let path = options.relationPath {
                let c = try Journal.resolveCategory(db, kind: .relation, path: path)
                let tree = try Journal.subtreeIDs(db, id: c.id)
                ids = try Int64.fetchAll(
                    db,
                    sql: "SELECT id FROM person WHERE relationId IN (\(tree.map { _ in "?" }.joined(separator: ","))) ORDER BY displayName COLLATE NOCASE, id",
                    arguments: StatementArguments(tree))
            } else {
                ids = try Int64.fetchAll(db, sql: "SELECT id FROM person ORDER BY displayName COLLATE NOCASE, id")
            }
            if let only = options.personIDs { ids = ids.filter(only.contains) }
            return try ids.map { id in
                try options.cancellation.check()
                return try Journal.vCard(db, personID: id, version: version)
            }
        }
        var writer = VCardWriter(version: version)
        for c in cards { writer.write(c) }
        return ExportResult(data: Data(writer.bytes), count: cards.count, warnings: writer.warnings.map(\.description))
    }

    // MARK: iCalendar

    /// Writes events as one iCalendar file: a VEVENT per event with its UID, times in its
    /// zone (with VTIMEZONEs), title, a readable DESCRIPTION, place, CATEGORIES (type path
    /// and mood), ATTENDEEs for people with an e-mail and the mood's COLOR; with `birthdays`,
    /// a yearly all-day event per birthday and anniversary. Events come in the order they
    /// were added to the journal (iCalendar gives the order no meaning); the same journal
    /// always gives the same bytes.
    ///
    /// Builds the whole file in memory: for large journals prefer
    /// ``exportCalendar(_:toFile:)``, which streams.
    /// - Complexity: O(events).
    public func exportCalendar(_ options: CalendarExportOptions = CalendarExportOptions()) throws -> ExportResult {
        var data = Data()
        let summary = try exportCalendar(options, { data.append(contentsOf: $0) }, restart: { data.removeAll() })
        return ExportResult(data: data, count: summary.count, warnings: summary.warnings)
    }

    /// Writes the calendar of ``exportCalendar(_:)`` to a file only its owner may read
    /// (0600, missing folders 0700), streaming: a temporary file next to it, flushed to
    /// disk, then renamed over `path`, so a failure leaves no half-written file.
    /// - Throws: ``JournalError/cannotOpen(path:reason:)`` when the file cannot be written.
    public func exportCalendar(_ options: CalendarExportOptions = CalendarExportOptions(), toFile path: String) throws -> ExportSummary {
        var summary: ExportSummary?
        do {
            try PrivateFile.write(to: path) { out in
                summary = try exportCalendar(options, out.put, restart: out.restart)
            }
        } catch let failure as PrivateFile.Failure {
            throw JournalError.cannotOpen(path: path, reason: failure.reason)
        }
        return summary!
    }

    /// Streams the calendar of ``exportCalendar(_:)`` to `sink` in pieces of about 1 MiB,
    /// in order, from one consistent read of the journal. Memory stays bounded by a few
    /// batches of events, whatever the size of the journal.
    ///
    /// `sink` is called on the export's writing thread (events are read on this one and
    /// written on a second), one call at a time, while this call waits: never after it
    /// returns or throws.
    /// - Throws: what `sink` throws (nothing more is written then), or a journal error.
    /// - Complexity: O(events): one ordered pass over the events and each related table
    ///   (a lookup per event when only a few of them are exported).
    ///
    /// Each piece is the writer's own buffer, emptied and reused after the call: keeping
    /// it costs a copy of its bytes. `package`: only tests and tools in the package stream.
    package func exportCalendar(_ options: CalendarExportOptions, into sink: ([UInt8]) throws -> Void) throws -> ExportSummary {
        try exportCalendar(options, sink, restart: nil)
    }

    /// Writes reminders as one iCalendar file, for a calendar or to-do app to subscribe to:
    /// a yearly all-day event, with an alarm at 09:00 on the day, for each birthday and
    /// anniversary (a 29 February date falls on 28 February in common years:
    /// `RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1`), and a to-do (VTODO, DUE on the day,
    /// an alarm at 09:00, the name and last-seen day in the text) for each person due by
    /// `last` (see ``due(asOf:in:through:)``). None of the journal's events. UIDs
    /// come from each person's UID and what the item is, so exporting again gives the same
    /// UIDs, and the same journal gives the same bytes.
    /// - Parameters:
    ///   - from: the day the window starts (today, usually): who is due is counted as of it.
    ///   - last: the window's last day: people due by then get a to-do.
    ///   - personID: only this person's reminders.
    /// - Complexity: O(people with a date or a cadence).
    public func exportReminders(from: LocalDate, through last: LocalDate, personID: Int64? = nil) throws -> ExportResult {
        let calendar = try read { db in try ReminderExport.calendar(db, from: from, through: last, personID: personID) }
        let written = ICalendarWriter().write(calendar)
        return ExportResult(data: written.data, count: calendar.components.count, warnings: written.warnings.map(\.description))
    }

    // MARK: vdir

    /// Writes one `.vcf` per person and one `.ics` per event into `folder`, named by UID,
    /// so that khard, khal and vdirsyncer can use it. Only files whose content changed are
    /// rewritten; files of people and events that are gone are removed.
    /// - Throws: ``ImportError``-free; file system errors as ``JournalError/cannotOpen(path:reason:)``.
    public func exportVdir(to folder: URL, cancellation: Cancellation? = nil) throws -> VdirExportReport {
        try VdirExport.export(self, to: folder, cancellation: cancellation)
    }
}
