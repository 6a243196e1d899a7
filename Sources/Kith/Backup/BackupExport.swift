import Foundation
import GRDB

/// The whole journal as a ``JournalDocument``, the backup format.
extension Journal {
    /// See ``Journal/exportDocument(cancellation:)``.
    static func exportDocument(_ db: Database, cancellation: Cancellation?) throws -> JournalDocument {
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
            let traits = try Row.fetchAll(
                db, sql: "SELECT categoryId, text, createdAt FROM trait WHERE personId = ? AND eventId IS NULL ORDER BY position, id",
                arguments: [id]
            ).map {
                JournalDocument.TraitItem(kind: paths[$0["categoryId"]] ?? "", text: $0["text"], createdAt: $0["createdAt"])
            }
            var item = JournalDocument.PersonItem(p, traits: traits)
            try CadenceStore.export(db, personID: id, into: &item)
            people.append(item)
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
                traits.append(
                    JournalDocument.TraitItem(
                        kind: t.category.path, text: t.text, createdAt: created,
                        person: t.person.flatMap { uidOf[$0.id] }))
            }
            events.append(
                JournalDocument.EventItem(
                    uid: e.uid, title: e.title, start: Int64(e.start.timeIntervalSince1970), end: e.end.map { Int64($0.timeIntervalSince1970) },
                    timeZone: e.timeZone, allDay: e.allDay, startDay: e.startDay, endDay: e.endDay, type: e.type?.path,
                    mood: e.mood?.name, place: e.place?.name, people: e.people.compactMap { uidOf[$0.id] }, note: e.note,
                    photos: e.photos.map(\.hash), traits: traits, icalLines: e.icalLines,
                    createdAt: e.createdAt, updatedAt: e.updatedAt))
        }
        let cadences = try CadenceStore.categoryCadences(db)
        return JournalDocument(
            categories: categories.map {
                var item = JournalDocument.CategoryItem(kind: $0.kind, path: $0.path, icon: $0.icon, color: $0.color, position: $0.position, score: $0.score)
                if let c = cadences[$0.id] { (item.cadence, item.cadenceSince) = c }
                return item
            },
            places: places, photos: photos, people: people, events: events,
            timeZones: try Row.fetchAll(db, sql: "SELECT tzid, text FROM sourceTimeZone ORDER BY tzid").map {
                JournalDocument.TimeZoneItem(tzid: $0["tzid"], text: $0["text"])
            }.nilIfEmpty)
    }
}

extension Array {
    /// Nil for an empty array (a document field left out rather than written empty).
    fileprivate var nilIfEmpty: [Element]? { isEmpty ? nil : self }
}
