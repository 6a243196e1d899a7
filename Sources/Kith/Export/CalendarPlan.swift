import Foundation
import GRDB
import ICalendarFormat

extension Journal {
    /// What an export holds, read before writing: the selection and how many events it
    /// has, the yearly birthday events, and the zones and years to cover.
    struct CalendarPlan {
        var selection: EventSelection
        var count = 0
        var yearly: [ICalComponent] = []
        var usage = ICalTimeZoneUsage()
        let resolver = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)

        init(_ db: Database, _ options: CalendarExportOptions, readingKeptLines: Bool) throws {
            selection = try EventSelection(db, options)
            if options.birthdays {
                let ids = try Int64.fetchAll(
                    db, sql: "SELECT id FROM person WHERE birthday IS NOT NULL OR anniversary IS NOT NULL ORDER BY displayName COLLATE NOCASE")
                for id in ids where options.personID == nil || id == options.personID {
                    let p = try Journal.fetchPerson(db, id: id)
                    for (date, kind) in [(p.birthday, EventMapping.YearlyKind.birthday), (p.anniversary, .anniversary)] {
                        guard let date else { continue }
                        yearly.append(
                            EventMapping.yearly(
                                date, summary: "\(p.displayName)'s \(kind.rawValue)",
                                uid: "kith-\(kind.rawValue)-\(p.uid)", category: kind.category))
                    }
                }
            }
            // Kept lines that may carry a TZID or a date of the span (a superset, read exactly below).
            let kept =
                readingKeptLines
                ? try ExportCursor(
                    db,
                    """
                    SELECT eventId, lines FROM eventKeptLines WHERE lines LIKE '%TZID%' OR lines LIKE '%DTSTART%' OR lines LIKE '%DTEND%'
                      OR lines LIKE '%DUE%' OR lines LIKE '%RECURRENCE-ID%' OR lines LIKE '%EXDATE%' OR lines LIKE '%RDATE%' OR lines LIKE '%RRULE%'
                    ORDER BY eventId
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
            let rows = try ExportCursor(
                db, "SELECT id, timeZone, allDay, startAt, endAt, startDay, endDay FROM event" + selection.clause + " ORDER BY id",
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
                    if current < 0 || !rows.textEquals(1, zones[current].bytes) {
                        if let z = zones.firstIndex(where: { rows.textEquals(1, $0.bytes) }) {
                            current = z
                        } else {
                            let zone = rows.byteArray(1)
                            let tzid = EventMapping.exportTZID(String(decoding: zone, as: UTF8.self))
                            if let tzid {
                                usage.noteTZID(tzid)
                                if warmUp == nil { warmUp = ZoneWarmUp(resolver) }
                                warmUp?.add(tzid)
                            }
                            zones.append((zone, tzid))
                            current = zones.count - 1
                        }
                    }
                    years.note(rows.int(3), tzid: zones[current].tzid)
                    if !rows.isNull(4) { years.note(rows.int(4), tzid: zones[current].tzid) }
                }
                if let k = kept {
                    while keptRow && k.int(0) < id { keptRow = try k.step() }
                    while keptRow && k.int(0) == id {
                        for line in Journal.keptLines(k.text(1)) {
                            if let p = EventMapping.property(fromKept: line) { usage.note(p) }
                        }
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
                    let between =
                        try Int.fetchOne(
                            db.cachedStatement(sql: "SELECT count(*) FROM event WHERE id BETWEEN ? AND ?"),
                            arguments: [firstID, lastID]) ?? 0
                    selection.sparse = count * 8 < between
                }
            }
            for c in yearly { usage.note(c) }
        }
    }
}
