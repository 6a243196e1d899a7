import Foundation
import GRDB

extension Journal {
    /// Events in full, in the order of `ids` (unknown ids are skipped).
    static func fetchEvents(_ db: Database, ids: [Int64], categories: CategoryCache? = nil) throws -> [Event] {
        guard !ids.isEmpty else { return [] }
        var loader = try EventLoader(db, bulk: ids.count >= 2000, categories: categories)
        return try loader.events(ids)
    }
}

/// Loads events in full, a few hundred at a time, with one query per table (events,
/// places, people, photos, traits, kept iCalendar lines) on cached statements; places are
/// read once per loader. Reuse one loader for a stream of batches (an export).
struct EventLoader {
    let db: Database
    private let categories: [Int64: Category]
    private var places: [Int64: Place] = [:]
    /// Bulk loads only (an export): every person's name, so that people need no join, and
    /// the events that have people, photos or traits, so that the others are not looked up.
    private var names: [Int64: String]?
    private var withPeople: Set<Int64>?
    private var withPhotos: Set<Int64>?
    private var withTraits: Set<Int64>?

    /// The most ids one query binds.
    static let chunk = 500
    /// Statement sizes: a chunk is padded (repeating its last id) to the next one, so that
    /// only these few statements are ever compiled.
    private static let sizes = [1, 8, 64, chunk]

    /// - Parameters:
    ///   - bulk: for loading many events (an export, a long listing): reads every person's
    ///     name and the ids of events with people, photos or traits once, up front.
    ///   - cache: the category tree, when the caller has it already.
    init(_ db: Database, bulk: Bool = false, categories cache: CategoryCache? = nil) throws {
        self.db = db
        var categories: [Int64: Category] = [:]
        for c in try cache?.categories(db, kind: nil) ?? Journal.fetchCategories(db, kind: nil) { categories[c.id] = c }
        self.categories = categories
        guard bulk else { return }
        var names: [Int64: String] = [:]
        let people = try Row.fetchCursor(db, sql: "SELECT id, displayName FROM person")
        while let r = try people.next() { names[r[0]] = r[1] }
        self.names = names
        withPeople = try Set(Int64.fetchCursor(db, sql: "SELECT DISTINCT eventId FROM eventPerson"))
        withPhotos = try Set(Int64.fetchCursor(db, sql: "SELECT DISTINCT eventId FROM eventPhoto"))
        withTraits = try Set(Int64.fetchCursor(db, sql: "SELECT DISTINCT eventId FROM trait WHERE eventId IS NOT NULL"))
    }

    /// Events in full, in the order of `ids` (unknown ids are skipped, repeated ones repeated).
    mutating func events(_ ids: [Int64]) throws -> [Event] {
        var out: [Event] = []
        out.reserveCapacity(ids.count)
        try forEach(ids[...]) { out.append($0) }
        return out
    }

    /// Calls `body` with each event in full, in the order of `ids` (unknown ids are
    /// skipped), loading them a chunk at a time.
    mutating func forEach(_ ids: ArraySlice<Int64>, _ body: (Event) throws -> Void) throws {
        var start = ids.startIndex
        while start < ids.endIndex {
            let end = min(ids.endIndex, start + Self.chunk)
            try load(ids[start..<end], body)
            start = end
        }
    }

    private func statement(_ prefix: String, _ suffix: String, size: Int) throws -> Statement {
        let marks = String(repeating: "?,", count: size - 1) + "?"
        return try db.cachedStatement(sql: prefix + marks + suffix)
    }

    /// Runs an IN query for the chunk, or, when `only` is known, for the chunk's ids in it
    /// (none: no query).
    private func forSome(
        _ chunk: ArraySlice<Int64>, in only: Set<Int64>?, args: StatementArguments, size: Int,
        _ prefix: String, _ suffix: String, _ body: (Row) throws -> Void
    ) throws {
        var args = args, size = size
        if let only {
            let some = chunk.filter { only.contains($0) }
            if some.isEmpty { return }
            size = Self.sizes.first { $0 >= some.count } ?? Self.chunk
            args = Self.arguments(some[...], size: size)
        }
        let rows = try Row.fetchCursor(statement(prefix, suffix, size: size), arguments: args)
        while let row = try rows.next() { try body(row) }
    }

    private static func arguments(_ ids: ArraySlice<Int64>, size: Int) -> StatementArguments {
        var list = Array(ids)
        if let last = list.last { while list.count < size { list.append(last) } }
        return StatementArguments(list)
    }

    /// The columns of `event` a loaded event is built from, in ``Batch/add(_:)``'s order.
    private static let eventColumns = """
        SELECT id, uid, title, startAt, endAt, timeZone, allDay, startDay, endDay, typeId, moodId, placeId, note,
          createdAt, updatedAt FROM event
        """

    /// Events being loaded: in their order, with where each id is and each one's place id.
    private struct Batch {
        var events: [Event] = []
        var placeIDs: [Int64?] = []
        var index: [Int64: Int] = [:]

        init(capacity: Int) {
            events.reserveCapacity(capacity)
            placeIDs.reserveCapacity(capacity)
            index.reserveCapacity(capacity)
        }

        /// Appends the event of the current row of a statement over ``EventLoader/eventColumns``,
        /// without its place, people, photos, traits or lines; `zone` is its time zone column.
        mutating func add(_ row: RawColumns, zone: String, categories: [Int64: Category]) {
            let id = row.int(0), startAt = row.int(3), endAt = row.optionalInt(4)
            let typeID = row.optionalInt(9), moodID = row.optionalInt(10)
            index[id] = events.count
            placeIDs.append(row.optionalInt(11))
            events.append(
                Event(
                    id: id, uid: row.text(1), title: row.text(2), start: Date(timeIntervalSince1970: Double(startAt)),
                    end: endAt.map { Date(timeIntervalSince1970: Double($0)) }, timeZone: zone,
                    allDay: row.int(6) != 0, startDay: LocalDate(dayNumber: Int(row.int(7))), endDay: LocalDate(dayNumber: Int(row.int(8))),
                    type: typeID.flatMap { categories[$0] }, mood: moodID.flatMap { categories[$0] },
                    place: nil, people: [], note: row.text(12), photos: [], traits: [],
                    icalLines: [], createdAt: row.int(13), updatedAt: row.int(14)))
        }
    }

    /// Reads every row of `statement` (over ``eventColumns``, its arguments set) into
    /// `batch`, straight from SQLite (GRDB's checked `Row` access cost more than building
    /// the events); time zone names are made once each.
    private func read(_ statement: Statement, into batch: inout Batch) throws {
        var zones: [(bytes: [UInt8], name: String)] = []
        try statement.forEachRawRow(db) { row in
            let zone: String
            if let known = zones.first(where: { row.textEquals(5, $0.bytes) }) {
                zone = known.name
            } else {
                zone = row.text(5)
                if zones.count < 64 { zones.append((row.byteArray(5), zone)) }
            }
            batch.add(row, zone: zone, categories: categories)
        }
    }

    /// The events `SELECT … FROM event` + `tail` selects, in full and in its order.
    ///
    /// One query reads the events. Their related rows come, for a listing that is a large
    /// part of the journal, from one pass over each related table (each row's event looked
    /// up by id); for a smaller one, from batched `IN` queries on those tables' indexes.
    /// - Parameter icalLines: false skips the kept iCalendar lines.
    mutating func select(_ tail: String, arguments: StatementArguments, icalLines: Bool) throws -> [Event] {
        var batch = Batch(capacity: 64)
        let statement = try db.makeStatement(sql: Self.eventColumns + tail)
        try statement.setArguments(arguments)
        try read(statement, into: &batch)
        if batch.events.isEmpty { return [] }
        try attachPlaces(&batch)
        // A seek into an index costs about as much as reading ten rows in order: past a
        // tenth of the journal's events, whole related tables are cheaper to read.
        let lastID = try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM event")) ?? 0
        if batch.events.count >= 1000 && Int64(batch.events.count) * 10 >= lastID {
            try attachFromWholeTables(&batch, icalLines: icalLines)
        } else {
            if batch.events.count >= 1000 {
                // Few events have photos or traits: their ids (read from the tables' event
                // keys once) spare the `IN` queries of chunks that have none.
                withPhotos = try Set(Int64.fetchCursor(db, sql: "SELECT DISTINCT eventId FROM eventPhoto"))
                withTraits = try Set(Int64.fetchCursor(db, sql: "SELECT DISTINCT eventId FROM trait WHERE eventId IS NOT NULL"))
            }
            let ids = batch.events.map(\.id)
            var start = 0
            while start < ids.count {
                let chunk = ids[start..<min(ids.count, start + Self.chunk)]
                start = chunk.endIndex
                let size = Self.sizes.first { $0 >= chunk.count } ?? Self.chunk
                try attachRelations(&batch, chunk, args: Self.arguments(chunk, size: size), size: size, icalLines: icalLines)
            }
        }
        return batch.events
    }

    private mutating func load(_ chunk: ArraySlice<Int64>, _ body: (Event) throws -> Void) throws {
        let size = Self.sizes.first { $0 >= chunk.count } ?? Self.chunk
        let args = Self.arguments(chunk, size: size)
        var batch = Batch(capacity: chunk.count)
        let events = try statement(Self.eventColumns + " WHERE id IN (", ")", size: size)
        try events.setArguments(args)
        try read(events, into: &batch)
        if batch.events.isEmpty { return }
        try attachPlaces(&batch)
        try attachRelations(&batch, chunk, args: args, size: size, icalLines: true)
        for id in chunk { if let i = batch.index[id] { try body(batch.events[i]) } }
    }

    /// Sets each event's place, reading the places not read before by this loader.
    private mutating func attachPlaces(_ batch: inout Batch) throws {
        var missingPlaces: [Int64] = []
        var missingSet: Set<Int64> = []
        for case let p? in batch.placeIDs where places[p] == nil && missingSet.insert(p).inserted { missingPlaces.append(p) }
        var k = 0
        while k < missingPlaces.count {
            let part = missingPlaces[k..<min(missingPlaces.count, k + Self.chunk)]
            k += Self.chunk
            let n = Self.sizes.first { $0 >= part.count } ?? Self.chunk
            let rows = try Row.fetchCursor(
                statement("SELECT id, name, address, latitude, longitude FROM place WHERE id IN (", ")", size: n),
                arguments: Self.arguments(part, size: n))
            while let row = try rows.next() {
                let p = Place(id: row[0], name: row[1], address: row[2], latitude: row[3], longitude: row[4])
                places[p.id] = p
            }
        }
        for i in batch.events.indices { if let p = batch.placeIDs[i] { batch.events[i].place = places[p] } }
    }

    /// People, photos, traits and (if asked) kept lines of the batch's events whose ids are
    /// `chunk`, through `IN` queries of `size` bound values.
    private func attachRelations(
        _ batch: inout Batch, _ chunk: ArraySlice<Int64>, args: StatementArguments, size: Int,
        icalLines: Bool
    ) throws {
        let index = batch.index
        if let names {
            try forSome(
                chunk, in: withPeople, args: args, size: size, "SELECT eventId, personId FROM eventPerson WHERE eventId IN (",
                ") ORDER BY eventId, position"
            ) { row in
                let person: Int64 = row[1]
                if let i = index[row[0]], let name = names[person] { batch.events[i].people.append(PersonRef(id: person, displayName: name)) }
            }
        } else {
            let people = try Row.fetchCursor(
                statement(
                    """
                    SELECT ep.eventId, p.id, p.displayName FROM eventPerson ep JOIN person p ON p.id = ep.personId
                    WHERE ep.eventId IN (
                    """, ") ORDER BY ep.eventId, ep.position", size: size), arguments: args)
            while let row = try people.next() {
                if let i = index[row[0]] { batch.events[i].people.append(PersonRef(id: row[1], displayName: row[2])) }
            }
        }
        try forSome(
            chunk, in: withPhotos, args: args, size: size,
            """
            SELECT ep.eventId, p.hash, p.mediaType, p.byteCount FROM eventPhoto ep JOIN photo p ON p.hash = ep.photoHash
            WHERE ep.eventId IN (
            """, ") ORDER BY ep.eventId, ep.position"
        ) { row in
            if let i = index[row[0]] { batch.events[i].photos.append(Photo(hash: row[1], mediaType: row[2], byteCount: row[3])) }
        }
        try forSome(
            chunk, in: withTraits, args: args, size: size,
            """
            SELECT t.eventId, t.categoryId, t.text, t.id, t.personId, p.displayName FROM trait t JOIN person p ON p.id = t.personId
            WHERE t.eventId IN (
            """, ") ORDER BY t.eventId, t.position, t.id"
        ) { row in
            guard let c = categories[row[1]] else { return }
            if let i = index[row[0]] {
                batch.events[i].traits.append(EventTrait(category: c, text: row[2], id: row[3], person: PersonRef(id: row[4], displayName: row[5])))
            }
        }
        guard icalLines else { return }
        let lines = try Row.fetchCursor(
            statement(
                "SELECT eventId, lines FROM eventKeptLines WHERE eventId IN (",
                ")", size: size), arguments: args)
        while let row = try lines.next() {
            if let i = index[row[0]] { batch.events[i].icalLines = Journal.keptLines(row[1]) }
        }
    }

    /// The same as ``attachRelations(_:_:args:size:icalLines:)`` for every event of the
    /// batch, by one pass over each related table; a row's values are read only when its
    /// event is in the batch. The queries order rows as the batched ones do.
    private func attachFromWholeTables(_ batch: inout Batch, icalLines: Bool) throws {
        let index = batch.index
        // Every name once, and eventPerson in its key's order (no join, no sort): an event's
        // people are put in position order here, only for the batch's events.
        var names = self.names ?? [:]
        if self.names == nil {
            let rows = try Row.fetchCursor(db, sql: "SELECT id, displayName FROM person")
            while let r = try rows.next() { names[r[0]] = r[1] }
        }
        let links = try db.makeStatement(sql: "SELECT eventId, personId, position FROM eventPerson ORDER BY eventId")
        var current: Int?
        var lastEvent: Int64?
        var pending: [(position: Int64, person: PersonRef)] = []
        func flush() {
            guard let i = current, !pending.isEmpty else { return }
            pending.sort { $0.position < $1.position }
            batch.events[i].people.append(contentsOf: pending.lazy.map(\.person))
            pending.removeAll(keepingCapacity: true)
        }
        try links.forEachRawRow(db) { row in
            let eventID = row.int(0)
            if eventID != lastEvent {
                flush()
                lastEvent = eventID
                current = index[eventID]
            }
            guard current != nil else { return }
            let person = row.int(1)
            if let name = names[person] { pending.append((row.int(2), PersonRef(id: person, displayName: name))) }
        }
        flush()
        let photos = try Row.fetchCursor(
            db,
            sql: """
                SELECT ep.eventId, p.hash, p.mediaType, p.byteCount FROM eventPhoto ep JOIN photo p ON p.hash = ep.photoHash
                ORDER BY ep.eventId, ep.position
                """)
        while let row = try photos.next() {
            if let i = index[row[0]] { batch.events[i].photos.append(Photo(hash: row[1], mediaType: row[2], byteCount: row[3])) }
        }
        let traits = try Row.fetchCursor(
            db,
            sql: """
                SELECT t.eventId, t.categoryId, t.text, t.id, t.personId, p.displayName FROM trait t JOIN person p ON p.id = t.personId
                WHERE t.eventId IS NOT NULL ORDER BY t.eventId, t.position, t.id
                """)
        while let row = try traits.next() {
            if let i = index[row[0]], let c = categories[row[1]] {
                batch.events[i].traits.append(EventTrait(category: c, text: row[2], id: row[3], person: PersonRef(id: row[4], displayName: row[5])))
            }
        }
        guard icalLines else { return }
        let lines = try Row.fetchCursor(db, sql: "SELECT eventId, lines FROM eventKeptLines")
        while let row = try lines.next() {
            if let i = index[row[0]] { batch.events[i].icalLines = Journal.keptLines(row[1]) }
        }
    }
}
