import Foundation
import GRDB
import ICalendarFormat

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
    /// Whether the events carry Kith's whole record for another Kith (sync bodies): see
    /// ``EventMapping/ExportEvent/syncFields``.
    var syncFields = false

    init(_ db: Database, _ selection: Journal.EventSelection) throws {
        self.db = db
        self.selection = selection
        var categories: [Int64: Category] = [:]
        for c in try Journal.fetchCategories(db, kind: nil) { categories[c.id] = c }
        self.categories = categories
    }

    /// Calls `body` with each event, in order of id, and the text its ranges index.
    mutating func forEach(_ body: (EventMapping.ExportEvent, Span<UInt8>) throws -> Void) throws {
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
        let events = try ExportCursor(
            db,
            """
            SELECT id, uid, title, startAt, endAt, timeZone, allDay, startDay, endDay, typeId, moodId, placeId, note, updatedAt
            FROM event
            """ + selection.clause + " ORDER BY id", selection.arguments)
        defer { events.close() }
        // The primary keys of eventPerson and eventKeptLines start with eventId: both are read in key order.
        let persons = try ExportCursor(db, "SELECT eventId, personId, position FROM eventPerson WHERE eventId BETWEEN ? AND ? ORDER BY eventId", range)
        defer { persons.close() }
        let traits = try ExportCursor(
            db,
            """
            SELECT eventId, categoryId, text, group_concat(personId, ',') FROM trait WHERE eventId BETWEEN ? AND ?
            GROUP BY eventId, categoryId, text ORDER BY eventId, min(position), min(id)
            """, range)
        defer { traits.close() }
        let lines = try ExportCursor(db, "SELECT eventId, lines FROM eventKeptLines WHERE eventId BETWEEN ? AND ? ORDER BY eventId", range)
        defer { lines.close() }
        // eventPhoto's key starts with eventId too; the bytes are read only for inline photos.
        let photos = try ExportCursor(
            db,
            """
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
            // Most events have no people: no call to empty an empty array.
            if !who.isEmpty { who.removeAll(keepingCapacity: true) }
            while personRow && persons.int(0) < id { personRow = try persons.step() }
            while personRow && persons.int(0) == id {
                who.append((persons.int(2), persons.int(1)))
                personRow = try persons.step()
            }
            if who.count > 1 { who.sort { ($0.position, $0.id) < ($1.position, $1.id) } }
            var eventPeople: [EventMapping.ExportPerson] = []
            for w in who { if let p = try person(w.id) { eventPeople.append(p) } }
            var eventTraits: [EventTrait] = []
            var traitAbout: [[String]] = []
            while traitRow && traits.int(0) < id { traitRow = try traits.step() }
            while traitRow && traits.int(0) == id {
                if let c = categories[traits.int(1)] {
                    eventTraits.append(EventTrait(category: c, text: traits.text(2)))
                    if syncFields {
                        let ids = traits.isNull(3) ? [] : traits.text(3).split(separator: ",").compactMap { Int64($0) }
                        traitAbout.append(try ids.sorted().compactMap { try person($0)?.uid })
                    }
                }
                traitRow = try traits.step()
            }
            let mark = batch.lineMark
            while lineRow && lines.int(0) < id { lineRow = try lines.step() }
            while lineRow && lines.int(0) == id {
                batch.appendLines(1, of: lines)
                lineRow = try lines.step()
            }
            if !eventPhotos.isEmpty { eventPhotos.removeAll(keepingCapacity: true) }
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
            let (zoneIndex, tzid) = allDay ? (-1, nil) : zone(events)
            let place = events.isNull(11) ? nil : try self.place(events.int(11))
            let type = events.isNull(9) ? nil : categories[events.int(9)]
            let mood = events.isNull(10) ? nil : categories[events.int(10)]
            batch.append(
                ExportBatch.Item(
                    event: EventMapping.ExportEvent(
                        uid: batch.append(1, of: events), title: batch.append(2, of: events), note: batch.append(12, of: events),
                        tzid: tzid, zone: zoneIndex, allDay: allDay, startAt: events.int(3), endAt: events.isNull(4) ? nil : events.int(4),
                        startDay: LocalDate(dayNumber: Int(events.int(7))), endDay: LocalDate(dayNumber: Int(events.int(8))),
                        updatedAt: events.int(13), type: type, mood: mood, place: place,
                        people: eventPeople, traits: eventTraits, keptLines: [], photos: eventPhotos.map(\.photo),
                        syncFields: syncFields, traitAbout: traitAbout),
                    linesStart: mark.byte, lines: mark.line..<batch.lineMark.line))
            if batch.count >= size { batch = try body(consume batch) }
        }
        if batch.count > 0 { _ = try body(batch) }
    }

    /// The number (in order of first use) and TZID of the zone column (5) of the event
    /// row, worked out once per zone.
    private mutating func zone(_ events: ExportCursor) -> (Int, String?) {
        // Neighbouring events are often in the same zone: the last one is looked at first.
        if lastZone < zones.count, events.textEquals(5, zones[lastZone].bytes) { return (lastZone, zones[lastZone].tzid) }
        if let z = zones.firstIndex(where: { events.textEquals(5, $0.bytes) }) {
            lastZone = z
            return (z, zones[z].tzid)
        }
        let bytes = events.byteArray(5)
        let tzid = EventMapping.exportTZID(String(decoding: bytes, as: UTF8.self))
        zones.append((bytes, tzid))
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
        let p = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT displayName, uid, (SELECT value FROM personContact WHERE personId = person.id AND kind = 'email' ORDER BY position LIMIT 1)
                    FROM person WHERE id = ?
                    """), arguments: [id]
        )
        .map { EventMapping.ExportPerson(name: $0[0], email: $0[2], uid: $0[1]) }
        people[id] = p
        return p
    }
}
