import ContentLines
import Foundation
import GRDB
import GRDBSQLite
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
                ids = try Int64.fetchAll(db, sql: "SELECT id FROM person WHERE relationId IN (\(tree.map { _ in "?" }.joined(separator: ","))) ORDER BY displayName COLLATE NOCASE, id",
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
    /// ``exportCalendar(_:toFile:)`` or ``exportCalendar(_:into:)``, which stream.
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
    public func exportCalendar(_ options: CalendarExportOptions, into sink: (UnsafeRawBufferPointer) throws -> Void) throws -> ExportSummary {
        try exportCalendar(options, sink, restart: nil)
    }

    // MARK: vdir

    /// Writes one `.vcf` per person and one `.ics` per event into `folder`, named by UID,
    /// so that khard, khal and vdirsyncer can use it. Only files whose content changed are
    /// rewritten; files of people and events that are gone are removed.
    /// - Throws: ``ImportError``-free; file system errors as ``JournalError/cannotOpen(path:reason:)``.
    public func exportVdir(to folder: URL, cancellation: Cancellation? = nil) throws -> VdirExportReport {
        let fm = FileManager.default
        let contacts = folder.appendingPathComponent("contacts"), calendar = folder.appendingPathComponent("calendar")
        // Photos too large to go inline (``EventMapping/inlinePhotoLimit``), referred to by URI.
        let photos = folder.appendingPathComponent("photos")
        var report = VdirExportReport(written: 0, unchanged: 0, removed: 0)
        var wanted: [URL: Data] = [:]
        let people = try read { db in try Int64.fetchAll(db, sql: "SELECT id FROM person") }
        for id in people {
            try cancellation.check()
            let result = try exportVCards(VCardExportOptions(version: .v4_0, personIDs: [id]))
            let uid = try person(id: id).uid
            wanted[contacts.appendingPathComponent(Journal.fileName(uid) + ".vcf")] = result.data
        }
        let absolutePhotos = photos.standardizedFileURL.absoluteURL
        try read { db in
            let referenced = try Journal.eventFiles(db, EventSelection(), photoFolder: absolutePhotos) { uid, file in
                try cancellation.check()
                wanted[calendar.appendingPathComponent(Journal.fileName(uid) + ".ics")] = file
            }
            for (hash, type) in referenced {
                let data = try Data.fetchOne(db, sql: "SELECT data FROM photo WHERE hash = ?", arguments: [hash]) ?? Data()
                wanted[photos.appendingPathComponent(hash + Journal.photoFileExtension(type))] = data
            }
        }
        let dirs = wanted.keys.contains { $0.deletingLastPathComponent() == photos } ? [contacts, calendar, photos] : [contacts, calendar]
        do {
            // Only the owner may read the copies (folders 0700, files 0600), like the journal.
            for dir in dirs { try PrivateFile.makeFolders(dir.path) }
            for (url, data) in wanted {
                if let old = try? Data(contentsOf: url), old == data {
                    PrivateFile.restrict(url.path)
                    report.unchanged += 1
                    continue
                }
                try PrivateFile.write(data, to: url.path)
                report.written += 1
            }
            for dir in [contacts, calendar] {
                for name in try fm.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".vcf") || name.hasSuffix(".ics") {
                    let url = dir.appendingPathComponent(name)
                    if wanted[url] == nil { try fm.removeItem(at: url); report.removed += 1 }
                }
            }
            // Photos no event refers to any more (names are hashes: only Kith's own files match).
            if fm.fileExists(atPath: photos.path) {
                for name in try fm.contentsOfDirectory(atPath: photos.path) where name.split(separator: ".").first?.count == 64 {
                    let url = photos.appendingPathComponent(name)
                    if wanted[url] == nil { try fm.removeItem(at: url); report.removed += 1 }
                }
            }
        } catch {
            throw JournalError.cannotOpen(path: folder.path, reason: "\(error.localizedDescription)")
        }
        return report
    }
}
