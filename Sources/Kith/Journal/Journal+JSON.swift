import Foundation
import GRDB

extension Journal {
    /// The whole journal as a ``JournalDocument``, in a stable order.
    /// - Parameter cancellation: checked once per person and event; when cancelled, the
    ///   export throws ``JournalError/cancelled``.
    /// - Complexity: O(size of the journal).
    public func exportDocument(cancellation: Cancellation? = nil) throws -> JournalDocument {
        try read { db in
            let categories = try Journal.fetchCategories(db, kind: nil)
            let paths = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.path) })
            let places = try Row.fetchAll(db, sql: "SELECT name, address, latitude, longitude FROM place ORDER BY name COLLATE NOCASE, id").map {
                JournalDocument.PlaceItem(name: $0["name"], address: $0["address"], latitude: $0["latitude"], longitude: $0["longitude"])
            }
            let photos = try Row.fetchAll(db, sql: "SELECT hash, mediaType, data FROM photo ORDER BY hash").map {
                JournalDocument.PhotoItem(hash: $0["hash"], mediaType: $0["mediaType"], data: $0["data"])
            }
            var people: [JournalDocument.PersonItem] = []
            var uidOf: [Int64: String] = [:]
            for id in try Int64.fetchAll(db, sql: "SELECT id FROM person ORDER BY uid") {
                try cancellation.check()
                let p = try Journal.fetchPerson(db, id: id)
                uidOf[id] = p.uid
                let traits = try Row.fetchAll(db, sql: "SELECT categoryId, text, createdAt FROM trait WHERE personId = ? AND eventId IS NULL ORDER BY position, id",
                                              arguments: [id]).map {
                    JournalDocument.TraitItem(kind: paths[$0["categoryId"]] ?? "", text: $0["text"], createdAt: $0["createdAt"])
                }
                people.append(JournalDocument.PersonItem(
                    uid: p.uid, displayName: p.displayName, name: p.name, nicknames: p.nicknames, birthday: p.birthday,
                    anniversary: p.anniversary, emails: p.emails, phones: p.phones, addresses: p.addresses,
                    organization: p.organization, title: p.title, urls: p.urls, note: p.note, relation: p.relation?.path,
                    photo: p.photoHash, rev: p.rev, vcardLines: p.vcardLines, traits: traits,
                    createdAt: p.createdAt, updatedAt: p.updatedAt))
            }
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM event ORDER BY startAt, uid")
            let byID = Dictionary(uniqueKeysWithValues: try Journal.fetchEvents(db, ids: ids).map { ($0.id, $0) })
            var events: [JournalDocument.EventItem] = []
            for id in ids {
                try cancellation.check()
                guard let e = byID[id] else { continue }
                var traits: [JournalDocument.TraitItem] = []
                for t in e.traits {
                    let created = try Int64.fetchOne(db, sql: "SELECT createdAt FROM trait WHERE id = ?", arguments: [t.id]) ?? e.createdAt
                    traits.append(JournalDocument.TraitItem(kind: t.category.path, text: t.text, createdAt: created,
                                                            person: t.person.flatMap { uidOf[$0.id] }))
                }
                events.append(JournalDocument.EventItem(
                    uid: e.uid, title: e.title, start: Int64(e.start.timeIntervalSince1970), end: e.end.map { Int64($0.timeIntervalSince1970) },
                    timeZone: e.timeZone, allDay: e.allDay, startDay: e.startDay, endDay: e.endDay, type: e.type?.path,
                    mood: e.mood?.name, place: e.place?.name, people: e.people.compactMap { uidOf[$0.id] }, note: e.note,
                    photos: e.photos.map(\.hash), traits: traits, icalLines: e.icalLines,
                    createdAt: e.createdAt, updatedAt: e.updatedAt))
            }
            return JournalDocument(
                categories: categories.map {
                    JournalDocument.CategoryItem(kind: $0.kind, path: $0.path, icon: $0.icon, color: $0.color, position: $0.position, score: $0.score)
                },
                places: places, photos: photos, people: people, events: events,
                timeZones: try Row.fetchAll(db, sql: "SELECT tzid, text FROM sourceTimeZone ORDER BY tzid").map {
                    JournalDocument.TimeZoneItem(tzid: $0["tzid"], text: $0["text"])
                }.nilIfEmpty)
        }
    }

    /// The whole journal as JSON (see ``JournalDocument`` for the shape): the lossless
    /// backup format. Importing it into an empty journal gives back the same document.
    public func exportJSON(cancellation: Cancellation? = nil) throws -> ExportResult {
        let doc = try exportDocument(cancellation: cancellation)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(doc)
        return ExportResult(data: data + Data("\n".utf8), count: doc.people.count + doc.events.count, warnings: [])
    }

    /// Imports a ``JournalDocument``. Into an empty journal (no people, no events) it is a
    /// restore: categories take the document's names, icons, colours and order, and
    /// categories the document lacks are removed. Into a journal with data it adds the
    /// people and events whose UIDs are new and the categories that are missing.
    func importDocument(_ data: Data, fileName: String, options: ImportOptions) throws -> ImportReport {
        let doc: JournalDocument
        do { doc = try JSONDecoder().decode(JournalDocument.self, from: data) } catch {
            throw ImportError(file: fileName, line: 0, item: nil,
                reason: "this JSON is not a Kith journal document, jCard or jCal (\(Journal.decodingProblem(error)))",
                advice: "import a file written by kith export json, or a .vcf/.ics file")
        }
        guard doc.format == "kith-journal", doc.version == 1 else {
            throw ImportError(file: fileName, line: 0, item: nil, reason: "format \(doc.format) version \(doc.version) is not known",
                              advice: "import it with the Kith that wrote it")
        }
        var report = ImportReport(file: fileName, format: "Kith JSON", dryRun: options.dryRun, keepsDetails: options.keepsDetails)
        do {
            report = try importTransaction(options.dryRun) { db in
                var report = report
                let empty = try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM person) + (SELECT count(*) FROM event)") == 0
                try Journal.restoreCategories(db, doc.categories, exact: empty)
                for p in doc.photos {
                    try db.cachedStatement(sql: "INSERT OR IGNORE INTO photo (hash, mediaType, byteCount, data) VALUES (?, ?, ?, ?)").execute(arguments: [p.hash, p.mediaType, p.data.count, p.data])
                }
                for p in doc.places {
                    if try Int64.fetchOne(db, sql: "SELECT id FROM place WHERE name = ? COLLATE NOCASE", arguments: [p.name]) == nil {
                        try db.cachedStatement(sql: "INSERT INTO place (name, address, latitude, longitude) VALUES (?, ?, ?, ?)").execute(arguments: [p.name, p.address, p.latitude, p.longitude])
                    }
                }
                for z in doc.timeZones ?? [] {
                    try db.cachedStatement(sql: "INSERT INTO sourceTimeZone (tzid, text) VALUES (?, ?) ON CONFLICT(tzid) DO NOTHING").execute(arguments: [z.tzid, z.text])
                }
                var personID: [String: Int64] = [:]
                for r in try Row.fetchAll(db, sql: "SELECT id, uid FROM person") { personID[r["uid"]] = r["id"] }
                let total = doc.people.count + doc.events.count
                var done = 0
                for p in doc.people {
                    try options.cancellation.check()
                    defer { done += 1; options.progress?(ImportProgress(file: fileName, done: done, total: total)) }
                    if let id = personID[p.uid] {
                        report.record(ImportItem(kind: .person, action: .skipped, name: p.displayName, line: 0, reason: "same UID; already in the journal", id: id))
                        continue
                    }
                    var d = PersonDraft(displayName: p.displayName, name: p.name, nicknames: p.nicknames, birthday: p.birthday,
                                        anniversary: p.anniversary, emails: p.emails, phones: p.phones, addresses: p.addresses,
                                        organization: p.organization, title: p.title, urls: p.urls, note: p.note,
                                        photoHash: p.photo, uid: p.uid, rev: p.rev, vcardLines: p.vcardLines)
                    d.relationID = try p.relation.map { try Journal.resolveCategory(db, kind: .relation, path: $0).id }
                    let id = try Journal.insertPerson(db, d)
                    for (i, t) in p.traits.enumerated() {
                        let c = try Journal.traitCategory(db, path: t.kind)
                        try db.cachedStatement(sql: "INSERT INTO trait (personId, categoryId, text, eventId, position, createdAt) VALUES (?, ?, ?, NULL, ?, ?)").execute(arguments: [id, c.id, t.text, i, t.createdAt])
                    }
                    try db.cachedStatement(sql: "UPDATE person SET createdAt = ?, updatedAt = ? WHERE id = ?").execute(arguments: [p.createdAt, p.updatedAt, id])
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
        } catch var e as ImportError {
            if e.file.isEmpty { e.file = fileName }
            throw e
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
            let existing = try Int64.fetchOne(db, sql: """
                SELECT id FROM category WHERE kind = ? AND ifnull(parentId, 0) = ? AND name = ? COLLATE NOCASE
                """, arguments: [c.kind.rawValue, parentID ?? 0, parts.last ?? c.path])
            if let id = existing {
                if exact {
                    try db.cachedStatement(sql: "UPDATE category SET name = ?, icon = ?, color = ?, position = ?, score = ? WHERE id = ?").execute(arguments: [parts.last ?? c.path, c.icon, c.color, c.position, c.score, id])
                }
                kept.insert(id)
            } else {
                try db.cachedStatement(sql: "INSERT INTO category (kind, name, icon, color, position, parentId, score) VALUES (?, ?, ?, ?, ?, ?, ?)").execute(arguments: [c.kind.rawValue, parts.last ?? c.path, c.icon, c.color, c.position, parentID, c.score])
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

private extension Array {
    /// Nil for an empty array (a document field left out rather than written empty).
    var nilIfEmpty: [Element]? { isEmpty ? nil : self }
}
