import Foundation
import GRDB
import ICalendarFormat

extension Journal {
    /// Imports a calendar's VEVENTs: single events as they are, recurring ones as their
    /// occurrences in the options' range (default: from the rule's start up to now).
    func importCalendar(_ calendar: ICalendar, fileName: String, format: String, options: ImportOptions) throws -> ImportReport {
        var report = ImportReport(file: fileName, format: format, dryRun: options.dryRun, items: [], failures: [],
                                  warnings: calendar.warnings.map { ImportWarning(line: $0.line, code: $0.code.rawValue, message: $0.message) })
        let resolver = calendar.timeZoneResolver(floatingTimeZone: options.timeZone)
        // What to import: (component, start, end, uid suffix).
        var units: [(event: ICalComponent, occurrence: ICalOccurrence?)] = []
        var recurring: [ICalComponent] = []
        let recurringUIDs = Set(calendar.events.filter { $0.recurrenceRule != nil || !$0.recurrenceDates.isEmpty }.compactMap(\.uid))
        for e in calendar.events {
            if e.recurrenceRule != nil || !e.recurrenceDates.isEmpty || (e.recurrenceID != nil && recurringUIDs.contains(e.uid ?? "")) {
                recurring.append(e)
            } else {
                units.append((e, nil))
            }
        }
        if !recurring.isEmpty {
            let earliest = recurring.compactMap { $0.dtStart.map(resolver.date(for:)) }.min() ?? options.now
            let from = options.from ?? earliest
            let to = options.to ?? options.now
            let sub = ICalendar(properties: calendar.properties, components: calendar.timeZones + recurring)
            for (e, occ) in sub.occurrences(from: from, to: to, resolver: resolver) { units.append((e, occ)) }
        }
        units.sort { $0.event.line < $1.event.line }

        do {
            report = try importTransaction(options.dryRun) { db in
                var report = report
                var emails: [String: Int64] = [:]
                for r in try Row.fetchAll(db, sql: "SELECT personId, value FROM personContact WHERE kind = 'email' ORDER BY personId") {
                    let v: String = r["value"]
                    if emails[v.lowercased()] == nil { emails[v.lowercased()] = r["personId"] }
                }
                var uids: [String: Int64] = [:]
                for r in try Row.fetchAll(db, sql: "SELECT id, uid FROM person") { uids[r["uid"]] = r["id"] }
                let types = try Journal.fetchCategories(db, kind: .eventType)
                let moods = try Journal.fetchCategories(db, kind: .mood)
                for (k, unit) in units.enumerated() {
                    defer { options.progress?(ImportProgress(file: fileName, done: k + 1, total: units.count)) }
                    var warnings: [ImportWarning] = []
                    let title = unit.event.summary ?? ""
                    do {
                        let draft = try EventMapping.draft(from: unit.event, occurrence: unit.occurrence, resolver: resolver,
                                                           options: options, types: types, moods: moods, emails: emails,
                                                           personUIDs: uids, warnings: &warnings)
                        try db.inSavepoint {
                            report.items.append(try Journal.importEvent(db, draft, line: unit.event.line))
                            return .commit
                        }
                        report.warnings += warnings
                    } catch {
                        let reason = (error as? EventMapping.Failure)?.reason ?? (error as? Journal.Error)?.description ?? Journal.reason(error)
                        let name = title.isEmpty ? "event \(unit.event.uid ?? String(k + 1))" : title
                        guard options.keepGoing else {
                            throw ImportError(file: fileName, line: unit.event.line, item: name, reason: reason,
                                              advice: "fix or remove that event, or import with --keep-going")
                        }
                        report.failures.append(ImportFailure(line: unit.event.line, name: name, reason: reason))
                    }
                }
                return report
            }
        } catch var e as ImportError {
            if e.file.isEmpty { e.file = fileName }
            throw e
        }
        report.warnings.sort { $0.line < $1.line }
        return report
    }

    /// Adds an event, or updates the one with its UID. What the user added in Kith (mood,
    /// people, photos, traits, a type) stays.
    static func importEvent(_ db: Database, _ new: EventDraft, line: Int) throws -> ImportItem {
        let uid = new.uid ?? ""
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM event WHERE uid = ?", arguments: [uid]),
           let old = try fetchEvents(db, ids: [id]).first {
            let current = old.draft
            var d = new
            d.moodID = new.moodID ?? current.moodID
            d.typeID = new.typeID ?? current.typeID
            d.personIDs = current.personIDs + new.personIDs.filter { !current.personIDs.contains($0) }
            d.photoHashes = current.photoHashes
            d.traits = current.traits
            if d.place == nil { d.place = current.place }
            if d.note.isEmpty { d.note = current.note }
            // Compare what is stored, not the draft's shape (instants are whole seconds).
            let t = try timing(of: d)
            let oldStart = Int64(old.start.timeIntervalSince1970)
            let oldEnd: Int64? = old.end.map { Int64($0.timeIntervalSince1970) }
            var same = d.title == current.title && t.startAt == oldStart && t.endAt == oldEnd
            same = same && d.timeZone == current.timeZone && d.allDay == current.allDay
            same = same && d.typeID == current.typeID && d.moodID == current.moodID
            same = same && d.personIDs == current.personIDs && d.note == current.note
            same = same && d.place?.name == current.place?.name && d.icalLines == current.icalLines
            if new.place?.latitude != nil { same = same && d.place?.latitude == current.place?.latitude }
            if same {
                return ImportItem(kind: .event, action: .skipped, name: old.title, line: line, reason: "same UID; nothing changed", id: id)
            }
            let (typeID, moodID, placeID) = try checkReferences(db, d)
            try db.execute(sql: """
                UPDATE event SET title = ?, startAt = ?, endAt = ?, timeZone = ?, allDay = ?, startDay = ?,
                  endDay = ?, typeId = ?, moodId = ?, placeId = ?, note = ?, updatedAt = ? WHERE id = ?
                """, arguments: [try validTitle(d.title), t.startAt, t.endAt, d.timeZone, d.allDay,
                                 t.startDay, t.endDay, typeID, moodID, placeID, d.note, now(), id])
            try writeEventRelations(db, id: id, d)
            try reindex(db, eventIDs: [id])
            return ImportItem(kind: .event, action: .updated, name: d.title, line: line, reason: "same UID; updated from the file", id: id)
        }
        let id = try insertEvent(db, new)
        try reindex(db, eventIDs: [id])
        return ImportItem(kind: .event, action: .added, name: new.title, line: line,
                          reason: new.personIDs.isEmpty ? "new event" : "new event with \(new.personIDs.count) person(s)", id: id)
    }
}
