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

    /// One person as a 4.0-form card, ready for ``VCardWriter``.
    static func vCard(_ db: Database, personID: Int64, version: VCard.Version) throws -> VCard {
        let p = try fetchPerson(db, id: personID)
        let kinds = Dictionary(uniqueKeysWithValues: try fetchCategories(db, kind: .trait).map { ($0.id, $0.path) })
        var traits: [(path: String, text: String)] = []
        var seen = Set<String>()
        for r in try Row.fetchAll(db, sql: "SELECT categoryId, text FROM trait WHERE personId = ? ORDER BY createdAt, id", arguments: [personID]) {
            let path = kinds[r["categoryId"]] ?? "Traits"
            let text: String = r["text"]
            if seen.insert(path + "\u{0}" + text).inserted { traits.append((path, text)) }
        }
        var photo: (Data, String)?
        if let h = p.photoHash, let r = try Row.fetchOne(db, sql: "SELECT data, mediaType FROM photo WHERE hash = ?", arguments: [h]) {
            photo = (r["data"], r["mediaType"])
        }
        return ContactMapping.card(for: p, traits: traits, photo: photo, version: version)
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

    /// The export, streamed. The VTIMEZONEs come first and must cover the zones and years
    /// of every event, kept iCalendar lines included: with `restart`, they are worked out
    /// from the events' own times and checked against what the events really used once
    /// written (the export starts over, once, in the rare case a kept line adds a zone or a
    /// year); without, kept lines that may matter are read before writing anything.
    ///
    /// Events are written in the order they are stored (by id: the order they came into the
    /// journal), not in time order: iCalendar gives the order no meaning (khal, Thunderbird
    /// and Python's icalendar sort for themselves), and storage order lets the export read
    /// `event`, `eventICalLine` and the people of events as merge joins, each one ordered
    /// pass, instead of seeking scattered pages for every batch of events.
    ///
    /// Events are read on the calling thread and written on a second one (see
    /// ``ExportPipeline``), which calls `sink`, one call at a time and never after this
    /// returns; an error on either thread stops both and is thrown here.
    func exportCalendar(_ options: CalendarExportOptions, _ sink: (UnsafeRawBufferPointer) throws -> Void,
                        restart: (() throws -> Void)?) throws -> ExportSummary {
        var sinkError: (any Error)?
        // An export reads every event and its kept lines: let SQLite read the file through a
        // memory map for this read (no copy per page, no page-cache churn), then go back to reading.
        try? dbQueue.inDatabase { db in try db.execute(sql: "PRAGMA mmap_size = \(Journal.exportMapSize)") }
        defer { try? dbQueue.inDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 0") } }
        let summary = try withoutActuallyEscaping(sink) { sink in
            try read { db -> ExportSummary? in
                do {
                    // Called on the writing thread while this one waits for it (see ExportPipeline).
                    let put: (UnsafeRawBufferPointer) throws -> Void = { bytes in
                        do {
                            try options.cancellation.check()
                            try sink(bytes)
                        } catch { sinkError = error; throw SinkStopped() }
                    }
                    let plan = try CalendarPlan(db, options, readingKeptLines: restart == nil)
                    let (summary, used) = try Journal.streamCalendar(db, plan, zones: plan.usage, put)
                    if used == plan.usage || restart == nil { return summary }
                    do { try restart?() } catch { sinkError = error; throw SinkStopped() }
                    return try Journal.streamCalendar(db, plan, zones: used, put).0
                } catch is SinkStopped {
                    return nil
                }
            }
        }
        if let sinkError { throw sinkError }
        return summary!
    }

    /// The most of the journal file an export maps into memory (SQLite caps it further).
    static let exportMapSize = 1 << 30

    /// Thrown through the read transaction when the sink failed; its error is rethrown after.
    private struct SinkStopped: Error {}

    /// Which events an export writes: a `WHERE` clause on `event` (empty for all) and its
    /// values.
    struct EventSelection {
        var clause = ""
        var arguments = StatementArguments()
        /// The lowest and highest id it can hold, to narrow the reads of related tables.
        var ids: ClosedRange<Int64> = Int64.min...Int64.max
        /// Whether it holds few of the events between those ids (a person's, a month's):
        /// the related rows are then looked up per event rather than read in one pass.
        var sparse = false

        /// Every event.
        init() {}

        /// One event.
        init(id: Int64) {
            clause = " WHERE id = ?"
            arguments = [id]
            ids = id...id
            sparse = true
        }

        /// The events of ``CalendarExportOptions`` (days and person), by the timeline's rules.
        init(_ db: Database, _ options: CalendarExportOptions) throws {
            guard options.from != nil || options.to != nil || options.personID != nil else { return }
            let (tail, args) = try Journal.eventSelection(db, EventFilter(from: options.from, to: options.to, personID: options.personID, newestFirst: false))
            clause = " WHERE id IN (SELECT id FROM event" + tail + ")"
            arguments = args
        }
    }

    /// What an export holds, read before writing: the selection and how many events it
    /// has, the yearly birthday events, and the zones and years to cover.
    private struct CalendarPlan {
        var selection: EventSelection
        var count = 0
        var yearly: [ICalComponent] = []
        var usage = ICalTimeZoneUsage()
        let resolver = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)

        init(_ db: Database, _ options: CalendarExportOptions, readingKeptLines: Bool) throws {
            selection = try EventSelection(db, options)
            if options.birthdays {
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM person WHERE birthday IS NOT NULL OR anniversary IS NOT NULL ORDER BY displayName COLLATE NOCASE")
                for id in ids where options.personID == nil || id == options.personID {
                    let p = try Journal.fetchPerson(db, id: id)
                    for (date, what) in [(p.birthday, "birthday"), (p.anniversary, "anniversary")] {
                        guard let date else { continue }
                        yearly.append(EventMapping.yearly(date, summary: "\(p.displayName)'s \(what)", uid: "kith-\(what)-\(p.uid)",
                                                          category: what == "birthday" ? "Birthday" : "Anniversary"))
                    }
                }
            }
            // Kept lines that may carry a TZID or a date of the span (a superset, read exactly below).
            let kept = readingKeptLines ? try ExportCursor(db, """
                SELECT eventId, line FROM eventICalLine WHERE line LIKE '%TZID%' OR line LIKE '%DTSTART%' OR line LIKE '%DTEND%'
                  OR line LIKE '%DUE%' OR line LIKE '%RECURRENCE-ID%' OR line LIKE '%EXDATE%' OR line LIKE '%RDATE%' OR line LIKE '%RRULE%'
                ORDER BY eventId, position
                """) : nil
            defer { kept?.close() }
            var keptRow = try kept?.step() ?? false
            // The events' zones in order of first use, and the local years of their times
            // and days, exactly as writing them notes them (see LocalYears).
            var zones: [(bytes: [UInt8], tzid: String?)] = []
            var current = -1
            var years = LocalYears()
            // The zones' rules are built on another thread as the zones turn up (the VTIMEZONEs and
            // the events written need them; the few times near a New Year converted below, too).
            var warmUp: ZoneWarmUp?
            defer { warmUp?.finish() }
            var firstID = Int64.max, lastID = Int64.min
            let rows = try ExportCursor(db, "SELECT id, timeZone, allDay, startAt, endAt, startDay, endDay FROM event" + selection.clause + " ORDER BY id",
                                        selection.arguments)
            defer { rows.close() }
            while try rows.step() {
                let id = rows.int(0)
                count += 1
                firstID = min(firstID, id); lastID = max(lastID, id)
                if rows.int(2) != 0 {
                    years.note(year: LocalDate(dayNumber: Int(rows.int(5))).year)
                    years.note(year: LocalDate(dayNumber: Int(rows.int(6))).adding(days: 1).year)
                } else {
                    let zone = rows.bytes(1)
                    if current < 0 || !sameBytes(zones[current].bytes, zone) {
                        if let z = zones.firstIndex(where: { sameBytes($0.bytes, zone) }) {
                            current = z
                        } else {
                            let tzid = EventMapping.exportTZID(String(decoding: zone, as: UTF8.self))
                            if let tzid {
                                usage.noteTZID(tzid)
                                if warmUp == nil { warmUp = ZoneWarmUp(resolver) }
                                warmUp?.add(tzid)
                            }
                            zones.append((Array(zone), tzid))
                            current = zones.count - 1
                        }
                    }
                    years.note(rows.int(3), tzid: zones[current].tzid)
                    if !rows.isNull(4) { years.note(rows.int(4), tzid: zones[current].tzid) }
                }
                if let k = kept {
                    while keptRow && k.int(0) < id { keptRow = try k.step() }
                    while keptRow && k.int(0) == id {
                        if let p = EventMapping.property(fromKept: k.text(1)) { usage.note(p) }
                        keptRow = try k.step()
                    }
                }
            }
            if let span = years.finish(resolver) {
                usage.noteYear(span.lowerBound)
                usage.noteYear(span.upperBound)
            }
            if count > 0 {
                selection.ids = firstID...lastID
                // A pass reads the related rows of every event between the two ids; a lookup
                // per event costs about what reading those of five or so events does.
                if !selection.clause.isEmpty {
                    let between = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM event WHERE id BETWEEN ? AND ?"),
                                                   arguments: [firstID, lastID]) ?? 0
                    selection.sparse = count * 8 < between
                }
            }
            for c in yearly { usage.note(c) }
        }
    }

    /// The local years of an export's times, as ``EventMapping/write(_:into:resolver:colors:usage:prefixes:)``
    /// will note them, worked out before writing: the VTIMEZONEs come first and must cover
    /// every year. Local years do not always grow with the instant (a zone that turns its
    /// clocks back at New Year, such as America/Phoenix in 1944, has an instant in the new
    /// year before one in the old), so each time counts, not only the first and last of a
    /// zone. But no zone is two days from UTC: a time more than two days inside the span
    /// found so far cannot widen it, and one more than two days from a New Year is in the
    /// year of its UTC date. Only the few times near a New Year that could still widen the
    /// span are converted in their zone, at the end: the zones' rules are seldom needed here
    /// (the writing thread builds them, while events are read).
    struct LocalYears {
        private(set) var span: ClosedRange<Int>?
        /// Instants whose local year, in any zone, is surely within `span`.
        private var inside: Range<Int64> = 0..<0
        /// Times within two days of a New Year (UTC), whose local year depends on the zone.
        private var nearNewYear: [(instant: Int64, tzid: String?)] = []

        /// Notes the local year of a time in `tzid` (UTC for nil).
        mutating func note(_ instant: Int64, tzid: String?) {
            if inside.contains(instant) { return }
            let utc = ICalDateTime(utc: Date(timeIntervalSince1970: Double(instant)))
            if (utc.month == 12 && utc.day >= 30) || (utc.month == 1 && utc.day <= 2) {
                nearNewYear.append((instant, tzid))
            } else {
                note(year: utc.year)
            }
        }

        mutating func note(year: Int) {
            if let s = span, s.contains(year) { return }
            let s = span.map { min($0.lowerBound, year)...max($0.upperBound, year) } ?? year...year
            span = s
            let margin: Int64 = 2 * 86400
            guard let first = LocalDate(year: s.lowerBound, month: 1, day: 1), let end = LocalDate(year: s.upperBound + 1, month: 1, day: 1) else {
                inside = 0..<0
                return
            }
            let low = Int64(first.daysSinceEpoch) * 86400 + margin, high = Int64(end.daysSinceEpoch) * 86400 - margin
            inside = low < high ? low..<high : 0..<0
        }

        /// The span, once the times near a New Year that could widen it are converted.
        mutating func finish(_ resolver: ICalTimeZoneResolver) -> ClosedRange<Int>? {
            for (instant, tzid) in nearNewYear where !inside.contains(instant) {
                let date = Date(timeIntervalSince1970: Double(instant))
                let utc = ICalDateTime(utc: date)
                // Its local year is that of its UTC date or the one across the New Year.
                let across = utc.month == 12 ? utc.year + 1 : utc.year - 1
                if let s = span, s.contains(utc.year), s.contains(across) { continue }
                note(year: resolver.value(for: date, tzid: tzid).year)
            }
            nearNewYear.removeAll()
            return span
        }
    }

    /// Writes the calendar with the VTIMEZONEs of `zones`; returns what the events used.
    /// This thread reads the events in batches; a second one builds the VTIMEZONEs (while
    /// the first batches are read), writes the events of each batch in order and hands the
    /// bytes to `sink`.
    private static func streamCalendar(_ db: Database, _ plan: CalendarPlan, zones: ICalTimeZoneUsage,
                                       _ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> (ExportSummary, ICalTimeZoneUsage) {
        let pipeline = ExportPipeline()
        let writer = CalendarStreamWriter(resolver: plan.resolver, zones: zones, yearly: plan.yearly,
                                          sources: try Journal.sourceTimeZones(db), sink: sink)
        let thread = Thread { writer.run(pipeline) }
        thread.start()
        var leftOutPhotos = 0
        do {
            var rows = try EventRows(db, plan.selection)
            try rows.forEachBatch(size: 512) { try pipeline.send($0) }
            leftOutPhotos = rows.leftOutPhotos
            pipeline.finish(stopping: false)
        } catch is ExportPipeline.Stopped {
            pipeline.finish(stopping: true)
        } catch {
            pipeline.finish(stopping: true)
            throw error
        }
        // The writing thread is done: what it left is ours to read.
        if let failure = writer.failure { throw failure }
        var warnings = writer.warnings.map(\.description)
        if leftOutPhotos > 0 {
            warnings.append("\(leftOutPhotos) \(leftOutPhotos == 1 ? "photo" : "photos") larger than \(Photo.sizeText(EventMapping.inlinePhotoLimit)) left out of the calendar (kith export vdir writes them beside it; kith photo ID writes one out)")
        }
        return (ExportSummary(count: plan.count + plan.yearly.count, byteCount: writer.byteCount, warnings: warnings), writer.used)
    }

    /// Each event of `selection` as its own calendar file (with the VTIMEZONEs its times
    /// need), in storage order, with its UID.
    /// - Parameter photoFolder: where photos too large to go inline are referred to (see
    ///   ``EventRows/photoFolder``).
    /// - Returns: the photos referred to by URI (hash and media type), for the caller to copy there.
    @discardableResult
    static func eventFiles(_ db: Database, _ selection: EventSelection, photoFolder: URL? = nil,
                           _ body: (String, Data) throws -> Void) throws -> [String: String] {
        let resolver = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        var colors: [String: String] = [:]
        var prefixes = EventMapping.DatePrefixes()
        let sources = try Journal.sourceTimeZones(db)
        var rows = try EventRows(db, selection)
        rows.photoFolder = photoFolder
        try rows.forEach { e in
            var usage = ICalTimeZoneUsage()
            var event = ICalendarLineWriter()
            EventMapping.write(e, into: &event, resolver: resolver, colors: &colors, usage: &usage, prefixes: &prefixes)
            var file = ICalendarLineWriter()
            file.begin("VCALENDAR")
            file.property("VERSION", value: "2.0")
            file.property("PRODID", value: "-//Kith//Kith//EN")
            var warnings: [FormatWarning] = []
            for z in usage.timeZones(excluding: [], sources: sources, warnings: &warnings) { file.write(z) }
            file.appendLines(event)
            file.end("VCALENDAR")
            try body(String(decoding: e.uid, as: UTF8.self), Data(file.bytes))
        }
        return rows.referencedPhotos
    }

    /// `.jpg`, `.png`… for a photo's media type; `.img` for one Kith does not know.
    static func photoFileExtension(_ mediaType: String) -> String {
        Photo.fileExtension(mediaType: mediaType) ?? ".img"
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

    /// One event as its own calendar file.
    /// - Throws: ``JournalError/eventNotFound(id:)``.
    func exportCalendar(eventID: Int64) throws -> Data {
        try read { db in
            var file: Data?
            try Journal.eventFiles(db, EventSelection(id: eventID)) { _, data in file = data }
            guard let file else { throw JournalError.eventNotFound(id: eventID) }
            return file
        }
    }

    /// A UID made safe as a file name.
    static func fileName(_ uid: String) -> String {
        String(uid.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." || $0 == "@" ? $0 : "_" })
    }
}

/// The events of an export's selection in storage order (by id), each with its place,
/// people, traits and kept iCalendar lines, read as merge joins: one ordered pass over
/// `event`, one over each related table (their keys start with the event's id), instead
/// of a lookup per batch of events. Text columns stay SQLite's bytes; only the few values
/// shared by many events (categories, places, people, zones) become `String`s, once.
struct EventRows {
    private let db: Database
    private let selection: Journal.EventSelection
    private let categories: [Int64: Category]
    private var places: [Int64: EventMapping.ExportPlace?] = [:]
    private var people: [Int64: EventMapping.ExportPerson?] = [:]
    private var zones: [(bytes: [UInt8], tzid: String?)] = []
    private var lastZone = 0
    /// Where photos over ``EventMapping/inlinePhotoLimit`` are copied (a vdir's `photos`
    /// folder), referred to by their `file:` URI; nil leaves them out (a single calendar file).
    var photoFolder: URL?
    /// The photos referred to by URI: hash and media type, for the caller to copy.
    private(set) var referencedPhotos: [String: String] = [:]
    /// How many photos were too large to go inline and had no folder to go to.
    private(set) var leftOutPhotos = 0

    init(_ db: Database, _ selection: Journal.EventSelection) throws {
        self.db = db
        self.selection = selection
        var categories: [Int64: Category] = [:]
        for c in try Journal.fetchCategories(db, kind: nil) { categories[c.id] = c }
        self.categories = categories
    }

    /// Calls `body` with each event, in order of id. Its bytes are valid during the call only.
    mutating func forEach(_ body: (EventMapping.ExportEvent) throws -> Void) throws {
        try forEachBatch(size: 64) { batch in
            try batch.forEach(body)
            var empty = batch
            empty.removeAll()
            return empty
        }
    }

    /// Reads the events, in order of id, into batches of `size` (the last may hold fewer):
    /// `body` takes each full batch and gives back an empty one to fill next.
    mutating func forEachBatch(size: Int, _ body: (ExportBatch) throws -> ExportBatch) throws {
        let range: StatementArguments = [selection.ids.lowerBound, selection.ids.upperBound]
        let events = try ExportCursor(db, """
            SELECT id, uid, title, startAt, endAt, timeZone, allDay, startDay, endDay, typeId, moodId, placeId, note, updatedAt
            FROM event
            """ + selection.clause + " ORDER BY id", selection.arguments)
        defer { events.close() }
        // The primary keys of eventPerson and eventICalLine start with eventId: both are read in key order.
        let persons = try ExportCursor(db, "SELECT eventId, personId, position FROM eventPerson WHERE eventId BETWEEN ? AND ? ORDER BY eventId", range)
        defer { persons.close() }
        let traits = try ExportCursor(db, """
            SELECT eventId, categoryId, text FROM trait WHERE eventId BETWEEN ? AND ?
            GROUP BY eventId, categoryId, text ORDER BY eventId, min(position), min(id)
            """, range)
        defer { traits.close() }
        let lines = try ExportCursor(db, "SELECT eventId, line FROM eventICalLine WHERE eventId BETWEEN ? AND ? ORDER BY eventId, position", range)
        defer { lines.close() }
        // eventPhoto's key starts with eventId too; the bytes are read only for inline photos.
        let photos = try ExportCursor(db, """
            SELECT ep.eventId, ep.position, p.hash, p.mediaType,
                   CASE WHEN p.byteCount <= \(EventMapping.inlinePhotoLimit) THEN p.data END
            FROM eventPhoto ep JOIN photo p ON p.hash = ep.photoHash
            WHERE ep.eventId BETWEEN ? AND ? ORDER BY ep.eventId
            """, range)
        defer { photos.close() }
        var personRow = try persons.step(), traitRow = try traits.step(), lineRow = try lines.step()
        var photoRow = try photos.step()
        var eventPhotos: [(position: Int64, photo: EventMapping.ExportPhoto)] = []
        var who: [(position: Int64, id: Int64)] = []
        var batch = ExportBatch()
        while try events.step() {
            let id = events.int(0)
            if selection.sparse {
                let only: StatementArguments = [id, id]
                personRow = try persons.restart(only)
                traitRow = try traits.restart(only)
                lineRow = try lines.restart(only)
                photoRow = try photos.restart(only)
            }
            who.removeAll(keepingCapacity: true)
            while personRow && persons.int(0) < id { personRow = try persons.step() }
            while personRow && persons.int(0) == id {
                who.append((persons.int(2), persons.int(1)))
                personRow = try persons.step()
            }
            if who.count > 1 { who.sort { ($0.position, $0.id) < ($1.position, $1.id) } }
            var eventPeople: [EventMapping.ExportPerson] = []
            for w in who { if let p = try person(w.id) { eventPeople.append(p) } }
            var eventTraits: [EventTrait] = []
            while traitRow && traits.int(0) < id { traitRow = try traits.step() }
            while traitRow && traits.int(0) == id {
                if let c = categories[traits.int(1)] { eventTraits.append(EventTrait(category: c, text: traits.text(2))) }
                traitRow = try traits.step()
            }
            let mark = batch.lineMark
            while lineRow && lines.int(0) < id { lineRow = try lines.step() }
            while lineRow && lines.int(0) == id {
                batch.appendLine(lines.bytes(1))
                lineRow = try lines.step()
            }
            eventPhotos.removeAll(keepingCapacity: true)
            while photoRow && photos.int(0) < id { photoRow = try photos.step() }
            while photoRow && photos.int(0) == id {
                let hash = photos.text(2), type = photos.text(3)
                if !photos.isNull(4) {
                    eventPhotos.append((photos.int(1), EventMapping.ExportPhoto(mediaType: type, data: photos.blob(4), uri: nil)))
                } else if let folder = photoFolder {
                    let file = folder.appendingPathComponent(hash + Journal.photoFileExtension(type))
                    referencedPhotos[hash] = type
                    eventPhotos.append((photos.int(1), EventMapping.ExportPhoto(mediaType: type, data: nil, uri: file.absoluteString)))
                } else {
                    leftOutPhotos += 1
                }
                photoRow = try photos.step()
            }
            if eventPhotos.count > 1 { eventPhotos.sort { $0.position < $1.position } }
            let allDay = events.int(6) != 0
            let (zoneIndex, tzid) = allDay ? (-1, nil) : zone(events.bytes(5))
            let place = events.isNull(11) ? nil : try self.place(events.int(11))
            let type = events.isNull(9) ? nil : categories[events.int(9)]
            let mood = events.isNull(10) ? nil : categories[events.int(10)]
            batch.append(ExportBatch.Item(
                uid: batch.append(events.bytes(1)), title: batch.append(events.bytes(2)), note: batch.append(events.bytes(12)),
                tzid: tzid, zone: zoneIndex, allDay: allDay, startAt: events.int(3), endAt: events.isNull(4) ? nil : events.int(4),
                startDay: LocalDate(dayNumber: Int(events.int(7))), endDay: LocalDate(dayNumber: Int(events.int(8))),
                updatedAt: events.int(13), type: type, mood: mood, place: place,
                people: eventPeople, traits: eventTraits, linesStart: mark.byte, lines: mark.line..<batch.lineMark.line,
                photos: eventPhotos.map(\.photo)))
            if batch.count >= size { batch = try body(consume batch) }
        }
        if batch.count > 0 { _ = try body(batch) }
    }

    /// The number (in order of first use) and TZID of a zone column, worked out once per zone.
    private mutating func zone(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, String?) {
        // Neighbouring events are often in the same zone: the last one is looked at first.
        if lastZone < zones.count, sameBytes(zones[lastZone].bytes, bytes) { return (lastZone, zones[lastZone].tzid) }
        if let z = zones.firstIndex(where: { sameBytes($0.bytes, bytes) }) {
            lastZone = z
            return (z, zones[z].tzid)
        }
        let tzid = EventMapping.exportTZID(String(decoding: bytes, as: UTF8.self))
        zones.append((Array(bytes), tzid))
        lastZone = zones.count - 1
        return (lastZone, tzid)
    }

    private mutating func place(_ id: Int64) throws -> EventMapping.ExportPlace? {
        if let known = places[id] { return known }
        let p = try Row.fetchOne(db.cachedStatement(sql: "SELECT name, address, latitude, longitude FROM place WHERE id = ?"), arguments: [id])
            .map { EventMapping.ExportPlace(Place(id: id, name: $0[0], address: $0[1], latitude: $0[2], longitude: $0[3])) }
        places[id] = p
        return p
    }

    private mutating func person(_ id: Int64) throws -> EventMapping.ExportPerson? {
        if let known = people[id] { return known }
        let p = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT displayName, uid, (SELECT value FROM personContact WHERE personId = person.id AND kind = 'email' ORDER BY position LIMIT 1)
            FROM person WHERE id = ?
            """), arguments: [id])
            .map { EventMapping.ExportPerson(name: $0[0], email: $0[2], uid: $0[1]) }
        people[id] = p
        return p
    }
}

/// A SELECT stepped straight through SQLite, its text read as bytes without a `String`
/// per value: several of these step side by side on one connection for the export's
/// merge joins. Column values are valid until the next step.
struct ExportCursor: SQLiteColumns {
    private let db: Database
    private let sql: String
    private let grdbStatement: Statement
    let statement: OpaquePointer

    init(_ db: Database, _ sql: String, _ arguments: StatementArguments = StatementArguments()) throws {
        let s = try db.cachedStatement(sql: sql)
        try s.setArguments(arguments)
        self.db = db
        self.sql = sql
        grdbStatement = s
        statement = s.sqliteStatement
    }

    /// Runs the query again with other values; moves to its first row (false: none).
    func restart(_ arguments: StatementArguments) throws -> Bool {
        try grdbStatement.setArguments(arguments)
        return try step()
    }

    /// Moves to the next row; false at the end.
    /// - Throws: `DatabaseError` with SQLite's message.
    func step() throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw DatabaseError.lastStep(db, sql: sql)
        }
    }

    /// Leaves the statement as GRDB expects to find it: reset, no values bound.
    func close() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }
}

/// Whether two byte strings are equal (a zone column against a known zone), without
/// the generic element-by-element comparison.
@inline(__always)
private func sameBytes(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let base = b.baseAddress, !a.isEmpty else { return true }
    return a.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, a.count) == 0 }
}
