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
    /// - Throws: ``Error/unknownCategory(kind:path:suggestions:)`` for a bad `relationPath`.
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
            return try ids.map { try Journal.vCard(db, personID: $0, version: version) }
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
    /// a yearly all-day event per birthday and anniversary.
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
    /// - Throws: ``Error/cannotOpen(path:reason:)`` when the file cannot be written.
    public func exportCalendar(_ options: CalendarExportOptions = CalendarExportOptions(), toFile path: String) throws -> ExportSummary {
        var summary: ExportSummary?
        do {
            try PrivateFile.write(to: path) { out in
                summary = try exportCalendar(options, out.put, restart: out.restart)
            }
        } catch let failure as PrivateFile.Failure {
            throw Error.cannotOpen(path: path, reason: failure.reason)
        }
        return summary!
    }

    /// Streams the calendar of ``exportCalendar(_:)`` to `sink` in pieces of about 1 MiB,
    /// in order, from one consistent read of the journal. Memory stays bounded by a batch
    /// of events, whatever the size of the journal.
    /// - Throws: what `sink` throws (nothing more is written then), or a journal error.
    /// - Complexity: O(events), with a few set-based queries per 500 events.
    public func exportCalendar(_ options: CalendarExportOptions, into sink: (UnsafeRawBufferPointer) throws -> Void) throws -> ExportSummary {
        try exportCalendar(options, sink, restart: nil)
    }

    /// The export, streamed. The VTIMEZONEs come first and must cover the zones and years
    /// of every event, kept iCalendar lines included: with `restart`, they are worked out
    /// from the events' own times and checked against what the events really used once
    /// written (the export starts over, once, in the rare case a kept line adds a zone or a
    /// year); without, kept lines that may matter are read before writing anything.
    func exportCalendar(_ options: CalendarExportOptions, _ sink: (UnsafeRawBufferPointer) throws -> Void,
                        restart: (() throws -> Void)?) throws -> ExportSummary {
        var sinkError: Swift.Error?
        // An export reads every event and its kept lines in timeline order, which is not the
        // order they are stored in: let SQLite read the file through a memory map for this
        // read (no copy per page, no page-cache churn), then go back to reading.
        try? dbQueue.inDatabase { db in try db.execute(sql: "PRAGMA mmap_size = \(Journal.exportMapSize)") }
        defer { try? dbQueue.inDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 0") } }
        let summary = try read { db -> ExportSummary? in
            do {
                let put: (UnsafeRawBufferPointer) throws -> Void = { bytes in
                    do { try sink(bytes) } catch { sinkError = error; throw SinkStopped() }
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
        if let sinkError { throw sinkError }
        return summary!
    }

    /// The most of the journal file an export maps into memory (SQLite caps it further).
    static let exportMapSize = 1 << 30

    /// Thrown through the read transaction when the sink failed; its error is rethrown after.
    private struct SinkStopped: Swift.Error {}

    /// What an export holds, read before writing: the people's e-mails and UIDs, the
    /// events in order, the yearly birthday events, and the zones and years to cover.
    private struct CalendarPlan {
        var people = EventMapping.ExportPeople()
        var ids: [Int64] = []
        var yearly: [ICalComponent] = []
        var usage = ICalTimeZoneUsage()
        let resolver = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)

        init(_ db: Database, _ options: CalendarExportOptions, readingKeptLines: Bool) throws {
            let emails = try Row.fetchCursor(db, sql: "SELECT personId, value FROM personContact WHERE kind = 'email' ORDER BY personId, position")
            while let r = try emails.next() {
                let id: Int64 = r[0]
                if people.emails[id] == nil { people.emails[id] = r[1] }
            }
            let uids = try Row.fetchCursor(db, sql: "SELECT id, uid FROM person")
            while let r = try uids.next() { people.uids[r[0]] = r[1] as String }
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
            var keptDates: [Int64: [String]] = [:]
            if readingKeptLines {
                let kept = try Row.fetchCursor(db, sql: """
                    SELECT eventId, line FROM eventICalLine WHERE line LIKE '%TZID%' OR line LIKE '%DTSTART%' OR line LIKE '%DTEND%'
                      OR line LIKE '%DUE%' OR line LIKE '%RECURRENCE-ID%' OR line LIKE '%EXDATE%' OR line LIKE '%RDATE%' OR line LIKE '%RRULE%'
                    ORDER BY eventId, position
                    """)
                while let r = try kept.next() { keptDates[r[0], default: []].append(r[1]) }
            }
            // The events' zones (in order of first use) and the years their times span.
            let (tail, args) = try Journal.eventSelection(db, EventFilter(from: options.from, to: options.to, personID: options.personID, newestFirst: false))
            let rows = try Row.fetchCursor(db, sql: "SELECT id, timeZone, allDay, startAt, endAt, startDay, endDay FROM event" + tail, arguments: args)
            while let r = try rows.next() {
                let id: Int64 = r[0]
                ids.append(id)
                if r[2] as Bool {
                    usage.noteYear(LocalDate(dayNumber: r[5]).year)
                    usage.noteYear(LocalDate(dayNumber: r[6]).adding(days: 1).year)
                } else {
                    let tzid = EventMapping.exportTZID(r[1])
                    if let tzid { usage.noteTZID(tzid) }
                    usage.noteYear(resolver.value(for: Date(timeIntervalSince1970: Double(r[3] as Int64)), tzid: tzid).year)
                    if let end = r[4] as Int64? { usage.noteYear(resolver.value(for: Date(timeIntervalSince1970: Double(end)), tzid: tzid).year) }
                }
                if !keptDates.isEmpty, let lines = keptDates[id] {
                    for raw in lines { if let p = EventMapping.property(fromKept: raw) { usage.note(p) } }
                }
            }
            for c in yearly { usage.note(c) }
        }
    }

    /// Writes the calendar with the VTIMEZONEs of `zones`; returns what the events used.
    private static func streamCalendar(_ db: Database, _ plan: CalendarPlan, zones: ICalTimeZoneUsage,
                                       _ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> (ExportSummary, ICalTimeZoneUsage) {
        var formatWarnings: [FormatWarning] = []
        var w = ICalendarLineWriter()
        var byteCount = 0
        func flush(_ w: inout ICalendarLineWriter) throws {
            byteCount += w.bytes.count
            try w.drain(sink)
        }
        w.begin("VCALENDAR")
        w.property("VERSION", value: "2.0")
        w.property("PRODID", value: "-//Kith//Kith//EN")
        w.property("X-WR-CALNAME", value: "Kith")
        for z in zones.timeZones(excluding: [], warnings: &formatWarnings) { w.write(z) }
        var used = ICalTimeZoneUsage()
        var loader = try EventLoader(db, bulk: true)
        var colors: [String: String] = [:]
        var start = 0
        while start < plan.ids.count {
            let end = min(plan.ids.count, start + 4 * EventLoader.chunk)
            try loader.forEach(plan.ids[start..<end]) { e in
                EventMapping.write(e, into: &w, resolver: plan.resolver, people: plan.people, colors: &colors, usage: &used)
            }
            start = end
            if w.bytes.count >= 1 << 20 { try flush(&w) }
        }
        for c in plan.yearly {
            used.note(c)
            w.write(c)
        }
        w.end("VCALENDAR")
        try flush(&w)
        return (ExportSummary(count: plan.ids.count + plan.yearly.count, byteCount: byteCount,
                              warnings: formatWarnings.map(\.description)), used)
    }

    // MARK: vdir

    /// Writes one `.vcf` per person and one `.ics` per event into `folder`, named by UID,
    /// so that khard, khal and vdirsyncer can use it. Only files whose content changed are
    /// rewritten; files of people and events that are gone are removed.
    /// - Throws: ``ImportError``-free; file system errors as ``Error/cannotOpen(path:reason:)``.
    public func exportVdir(to folder: URL) throws -> VdirExportReport {
        let fm = FileManager.default
        let contacts = folder.appendingPathComponent("contacts"), calendar = folder.appendingPathComponent("calendar")
        var report = VdirExportReport(written: 0, unchanged: 0, removed: 0)
        var wanted: [URL: Data] = [:]
        let people = try read { db in try Int64.fetchAll(db, sql: "SELECT id FROM person") }
        for id in people {
            let result = try exportVCards(VCardExportOptions(version: .v4_0, personIDs: [id]))
            let uid = try person(id: id).uid
            wanted[contacts.appendingPathComponent(Journal.fileName(uid) + ".vcf")] = result.data
        }
        for e in try events(EventFilter(newestFirst: false)) {
            let one = try exportCalendar(eventID: e.id)
            wanted[calendar.appendingPathComponent(Journal.fileName(e.uid) + ".ics")] = one
        }
        do {
            // Only the owner may read the copies (folders 0700, files 0600), like the journal.
            for dir in [contacts, calendar] { try PrivateFile.makeFolders(dir.path) }
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
        } catch {
            throw Error.cannotOpen(path: folder.path, reason: "\(error.localizedDescription)")
        }
        return report
    }

    /// One event as its own calendar file.
    func exportCalendar(eventID: Int64) throws -> Data {
        let e = try event(id: eventID)
        let (emails, uids) = try read { db -> ([Int64: String], [Int64: String]) in
            var emails: [Int64: String] = [:], uids: [Int64: String] = [:]
            for p in e.people {
                emails[p.id] = try String.fetchOne(db, sql: "SELECT value FROM personContact WHERE personId = ? AND kind = 'email' ORDER BY position LIMIT 1", arguments: [p.id])
                uids[p.id] = try String.fetchOne(db, sql: "SELECT uid FROM person WHERE id = ?", arguments: [p.id])
            }
            return (emails, uids)
        }
        var cal = ICalendar()
        cal.components.append(EventMapping.vevent(for: e, resolver: ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!),
                                                  emails: emails, personUIDs: uids))
        return ICalendarWriter().write(cal).data
    }

    /// A UID made safe as a file name.
    static func fileName(_ uid: String) -> String {
        String(uid.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." || $0 == "@" ? $0 : "_" })
    }
}
