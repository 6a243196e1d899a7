import Foundation
import GRDB

/// Reading a Kith JSON document (the backup format) into the journal.
extension Journal {
    /// Imports a ``JournalDocument``. Into an empty journal (no people, no events) it is a
    /// restore: categories take the document's names, icons, colours and order, and
    /// categories the document lacks are removed. Into a journal with data it adds the
    /// people and events whose UIDs are new and the categories that are missing.
    func importDocument(_ data: Data, fileName: String, options: ImportOptions) throws -> ImportReport {
        let doc: JournalDocument
        do { doc = try JSONDecoder().decode(JournalDocument.self, from: data) } catch {
            throw ImportError(
                file: fileName, line: 0, item: nil,
                reason: "this JSON is not a Kith journal document, jCard or jCal (\(Journal.decodingProblem(error)))",
                advice: "import a file written by kith export json, or a .vcf/.ics file")
        }
        guard doc.format == "kith-journal", doc.version == 1 else {
            throw ImportError(
                file: fileName, line: 0, item: nil, reason: "format \(doc.format) version \(doc.version) is not known",
                advice: "import it with the Kith that wrote it")
        }
        var report = ImportReport(file: fileName, format: ImportReport.Format.kithJSON.rawValue, dryRun: options.dryRun, keepsDetails: options.keepsDetails)
        report = try importTransaction(options.dryRun, fileName: fileName) { db in
            var report = report
            let empty = try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM person) + (SELECT count(*) FROM event)") == 0
            try Journal.restoreCategories(db, doc.categories, exact: empty)
            try CadenceStore.restore(db, categories: doc.categories)
            for p in doc.photos {
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO photo (hash, mediaType, byteCount, data) VALUES (?, ?, ?, ?)").execute(arguments: [
                    p.hash, p.mediaType, p.data.count, p.data,
                ])
            }
            for p in doc.places {
                if try Int64.fetchOne(db, sql: "SELECT id FROM place WHERE name = ? COLLATE NOCASE", arguments: [p.name]) == nil {
                    try db.cachedStatement(sql: "INSERT INTO place (name, address, latitude, longitude) VALUES (?, ?, ?, ?)").execute(arguments: [
                        p.name, p.address, p.latitude, p.longitude,
                    ])
                }
            }
            for z in doc.timeZones ?? [] {
                try db.cachedStatement(sql: "INSERT INTO sourceTimeZone (tzid, text) VALUES (?, ?) ON CONFLICT(tzid) DO NOTHING").execute(arguments: [
                    z.tzid, z.text,
                ])
            }
            var personID: [String: Int64] = [:]
            for r in try Row.fetchAll(db, sql: "SELECT id, uid FROM person") { personID[r["uid"]] = r["id"] }
            let total = doc.people.count + doc.events.count
            var done = 0
            for p in doc.people {
                try options.cancellation.check()
                defer { done += 1; options.progress?(ImportProgress(file: fileName, done: done, total: total)) }
                if let id = personID[p.uid] {
                    report.record(
                        ImportItem(kind: .person, action: .skipped, name: p.displayName, line: 0, reason: "same UID; already in the journal", id: id))
                    continue
                }
                var d = PersonDraft(fields: p.fields, uid: p.uid, rev: p.rev)
                d.relationID = try p.relation.map { try Journal.resolveCategory(db, kind: .relation, path: $0).id }
                let id = try Journal.insertPerson(db, d)
                for (i, t) in p.traits.enumerated() {
                    let c = try Journal.traitCategory(db, path: t.kind)
                    try db.cachedStatement(sql: "INSERT INTO trait (personId, categoryId, text, eventId, position, createdAt) VALUES (?, ?, ?, NULL, ?, ?)")
                        .execute(arguments: [id, c.id, t.text, i, t.createdAt])
                }
                try db.cachedStatement(sql: "UPDATE person SET createdAt = ?, updatedAt = ? WHERE id = ?").execute(arguments: [
                    p.createdAt, p.updatedAt, id,
                ])
                try CadenceStore.restore(db, personID: id, from: p)
                personID[p.uid] = id
                report.record(ImportItem(kind: .person, action: .added, name: p.displayName, line: 0, reason: "new person", id: id))
            }
            for e in doc.events {
                try options.cancellation.check()
                defer { done += 1; options.progress?(ImportProgress(file: fileName, done: done, total: total)) }
                if let id = try Int64.fetchOne(db, sql: "SELECT id FROM event WHERE uid = ?", arguments: [e.uid]) {
                    report.record(ImportItem(kind: .event, action: .skipped, name: e.title, line: 0, reason: "same UID; already in the journal", id: id))
                    continue
                }
                var d = EventDraft(title: e.title, start: Date(timeIntervalSince1970: TimeInterval(e.start)), timeZone: e.timeZone)
                d.allDay = e.allDay
                if e.allDay { d.allDayDates = e.startDay...e.endDay } else { d.end = e.end.map { Date(timeIntervalSince1970: TimeInterval($0)) } }
                d.typeID = try e.type.map { try Journal.resolveCategory(db, kind: .eventType, path: $0).id }
                d.moodID = try e.mood.map { try Journal.resolveCategory(db, kind: .mood, path: $0).id }
                if let name = e.place, let place = doc.places.first(where: { $0.name == name }) {
                    d.place = PlaceDraft(name: place.name, address: place.address, latitude: place.latitude, longitude: place.longitude)
                } else if let name = e.place {
                    d.place = PlaceDraft(name: name)
                }
                d.personIDs = e.people.compactMap { personID[$0] }
                d.note = e.note
                d.photoHashes = e.photos
                // A trait names its person; one from an older document, without, was each person's.
                var created: [Int64] = []
                d.traits = []
                for t in e.traits {
                    let about = t.person.map { uid in personID[uid].map { [$0] } ?? [] } ?? d.personIDs
                    for p in about {
                        d.traits.append(TraitDraft(path: t.kind, text: t.text, personID: p))
                        created.append(t.createdAt)
                    }
                }
                d.uid = e.uid
                d.icalLines = e.icalLines
                let id = try Journal.insertEvent(db, d)
                try Journal.reindex(db, eventIDs: [id])
                let traitIDs = try Int64.fetchAll(db, sql: "SELECT id FROM trait WHERE eventId = ? ORDER BY position, id", arguments: [id])
                for (t, at) in zip(traitIDs, created) {
                    try db.execute(sql: "UPDATE trait SET createdAt = ? WHERE id = ?", arguments: [at, t])
                }
                try db.cachedStatement(sql: "UPDATE event SET createdAt = ?, updatedAt = ? WHERE id = ?").execute(arguments: [e.createdAt, e.updatedAt, id])
                report.record(ImportItem(kind: .event, action: .added, name: e.title, line: 0, reason: "new event", id: id))
            }
            return report
        }
        return report
    }

    /// Makes the categories match the document: missing ones are added; with `exact`,
    /// names, icons, colours, order and scores are taken and the others removed.
    static func restoreCategories(_ db: Database, _ items: [JournalDocument.CategoryItem], exact: Bool) throws {
        var kept = Set<Int64>()
        for c in items {
            let parts = c.path.split(separator: "/").map(String.init)
            let parentID: Int64? = parts.count == 2 ? try resolveCategory(db, kind: c.kind, path: parts[0]).id : nil
            let existing = try Int64.fetchOne(
                db,
                sql: """
                    SELECT id FROM category WHERE kind = ? AND ifnull(parentId, 0) = ? AND name = ? COLLATE NOCASE
                    """, arguments: [c.kind.rawValue, parentID ?? 0, parts.last ?? c.path])
            if let id = existing {
                if exact {
                    try db.cachedStatement(sql: "UPDATE category SET name = ?, icon = ?, color = ?, position = ?, score = ? WHERE id = ?").execute(arguments: [
                        parts.last ?? c.path, c.icon, c.color, c.position, c.score, id,
                    ])
                }
                kept.insert(id)
            } else {
                try db.cachedStatement(sql: "INSERT INTO category (kind, name, icon, color, position, parentId, score) VALUES (?, ?, ?, ?, ?, ?, ?)").execute(
                    arguments: [c.kind.rawValue, parts.last ?? c.path, c.icon, c.color, c.position, parentID, c.score])
                kept.insert(db.lastInsertedRowID)
            }
        }
        if exact {
            let extra = try Int64.fetchAll(db, sql: "SELECT id FROM category ORDER BY parentId IS NULL, id").filter { !kept.contains($0) }
            for id in extra { try db.cachedStatement(sql: "DELETE FROM category WHERE id = ?").execute(arguments: [id]) }
        }
    }

    /// A short reason from a JSON decoding error, without the document's contents.
    static func decodingProblem(_ error: any Error) -> String {
        guard let e = error as? DecodingError else { return "not valid JSON" }
        switch e {
        case .keyNotFound(let key, _): return "no \"\(key.stringValue)\" field"
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            let path = c.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not valid JSON" : "bad value at \(path)"
        @unknown default: return "not valid JSON"
        }
    }
}
