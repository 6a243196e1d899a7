import Foundation
import GRDB
import GRDBSQLite

extension Journal {
    // MARK: Writing

    /// Logs an event: people, type, mood, place (reused by name), photos and traits (each
    /// about one person of the event, with the event as source). Updates the day
    /// index in the same transaction.
    /// - Throws: ``JournalError/invalidTimeZone(_:)``, ``JournalError/invalidEventTime(reason:)``,
    ///   ``JournalError/personNotFound(id:)``, ``JournalError/wrongCategoryKind(expected:path:)``,
    ///   ``JournalError/unknownCategory(kind:path:suggestions:)`` for a trait kind,
    ///   ``JournalError/invalidCoordinates(latitude:longitude:)``, ``JournalError/photoNotFound(hash:)``,
    ///   ``JournalError/duplicateEventUID(_:)``.
    @discardableResult
    public func logEvent(_ draft: EventDraft) throws -> Event {
        try write { db in
            // The category tree read once, for the traits and for the event read back.
            let categories = CategoryCache()
            let id = try Journal.insertEvent(db, draft, categories: categories)
            try Journal.reindex(db, eventIDs: [id])
            return try Journal.fetchEvents(db, ids: [id], categories: categories)[0]
        }
    }

    /// Logs many events in one transaction (all or none), updating the day index once at
    /// the end: for imports and benchmarks.
    /// - Parameter drafts: the events, written in this order.
    /// - Parameter progress: called after each event with the number written so far.
    /// - Returns: the new events' ids, in order.
    /// - Throws: the errors of ``logEvent(_:)``; nothing is written then.
    /// - Complexity: O(events + days they touch).
    @discardableResult
    public func logEvents(_ drafts: [EventDraft], progress: ((Int) -> Void)? = nil) throws -> [Int64] {
        try write { db in
            var ids: [Int64] = []
            ids.reserveCapacity(drafts.count)
            var verified = VerifiedReferences()
            for d in drafts {
                ids.append(try Journal.insertEvent(db, d, verified: &verified))
                progress?(ids.count)
            }
            try Journal.reindex(db, eventIDs: ids)
            return ids
        }
    }

    /// Changes an event: `change` receives the current fields and edits them (time, people,
    /// mood, traits...). Each trait stays about its one person, who must still be in the
    /// event; traits kept from the draft keep their ids. The day index follows in the same
    /// transaction.
    ///
    /// `change` runs before the write transaction, so it may call the journal (for example
    /// to resolve a mood); the last writer wins.
    /// - Throws: ``JournalError/eventNotFound(id:)`` and the errors of ``logEvent(_:)``.
    @discardableResult
    public func editEvent(id: Int64, _ change: (inout EventDraft) throws -> Void) throws -> Event {
        var draft = try event(id: id).draft
        try change(&draft)
        return try undoableWrite { db, description in
            guard let old = try Journal.fetchEvents(db, ids: [id]).first else { throw JournalError.eventNotFound(id: id) }
            description = "edit event #\(id) \(old.title)"
            let t = try Journal.timing(of: draft)
            let uid = draft.uid?.isEmpty == false ? draft.uid! : old.uid
            if let other = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM event WHERE uid = ?"), arguments: [uid]), other != id {
                throw JournalError.duplicateEventUID(uid)
            }
            let (typeID, moodID, placeID) = try Journal.checkReferences(db, draft)
            try db.cachedStatement(sql: """
                UPDATE event SET uid = ?, title = ?, startAt = ?, endAt = ?, timeZone = ?, allDay = ?, startDay = ?,
                  endDay = ?, typeId = ?, moodId = ?, placeId = ?, note = ?, updatedAt = ? WHERE id = ?
                """).execute(arguments: [uid, try Journal.validTitle(draft.title), t.startAt, t.endAt, draft.timeZone, draft.allDay,
                                 t.startDay, t.endDay, typeID, moodID, placeID, draft.note, Journal.now(), id])
            try Journal.writeEventRelations(db, id: id, draft)
            try Journal.removeUnusedPhotos(db)
            try Journal.reindex(db, eventIDs: [id])
            return try Journal.fetchEvents(db, ids: [id])[0]
        }
    }

    /// Removes an event with the traits learned in it and photos nothing else uses; the
    /// day index follows.
    /// - Throws: ``JournalError/eventNotFound(id:)``.
    public func removeEvent(id: Int64) throws {
        try undoableWrite { db, description in
            guard let title = try String.fetchOne(db.cachedStatement(sql: "SELECT title FROM event WHERE id = ?"), arguments: [id]) else {
                throw JournalError.eventNotFound(id: id)
            }
            description = "remove event #\(id) \(title)"
            let days = try Int.fetchAll(db.cachedStatement(sql: "SELECT day FROM dayEvent WHERE eventId = ?"), arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM event WHERE id = ?").execute(arguments: [id])
            try Journal.removeUnusedPhotos(db)
            try Journal.recomputeDays(db, days)
        }
    }

    // MARK: Reading

    /// One event in full.
    /// - Throws: ``JournalError/eventNotFound(id:)``.
    public func event(id: Int64) throws -> Event {
        try read { db in
            guard let e = try Journal.fetchEvents(db, ids: [id]).first else { throw JournalError.eventNotFound(id: id) }
            return e
        }
    }

    /// The event with this UID, if any.
    public func event(uid: String) throws -> Event? {
        try read { db in
            guard let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM event WHERE uid = ?"), arguments: [uid]) else { return nil }
            return try Journal.fetchEvents(db, ids: [id]).first
        }
    }

    /// The timeline: events matching every given filter, newest first unless asked otherwise.
    ///
    /// One query reads the events in order; their places, people, photos, traits and kept
    /// iCalendar lines come from one query per table for a long listing, or a few batched
    /// ones for a short one.
    /// - Parameter filter: which events, in which order and how many.
    /// - Parameter icalLines: false leaves ``Event/icalLines`` empty (a listing that does
    ///   not show them skips reading them; ``event(id:)`` has them).
    /// - Complexity: one pass over the selected events, plus one per related table.
    public func events(_ filter: EventFilter = EventFilter(), icalLines: Bool = true) throws -> [Event] {
        try read { db in
            // SQLite selects, the events are put in order here: by the local day and wall-clock
            // time they show, which no stored column holds (issue 16).
            var unlimited = filter
            unlimited.limit = nil
            var (tail, args) = try Journal.eventSelection(db, unlimited, ordered: false)
            if let limit = filter.limit {
                // The first `limit` events in local order all fall on or after (newest first)
                // the local day of the `limit`-th event in day order: select those days whole.
                guard limit > 0 else { return [] }
                var dayArgs = args
                dayArgs += [limit - 1]
                let boundary = try Int.fetchOne(db, sql: "SELECT startDay FROM event" + tail
                    + (filter.newestFirst ? " ORDER BY startDay DESC" : " ORDER BY startDay") + " LIMIT 1 OFFSET ?", arguments: dayArgs)
                if let boundary {
                    tail += (tail.isEmpty ? " WHERE " : " AND ") + (filter.newestFirst ? "startDay >= ?" : "startDay <= ?")
                    args += [boundary]
                }
            }
            var loader = try EventLoader(db)
            var events = Journal.inLocalOrder(try loader.select(tail, arguments: args, icalLines: icalLines), newestFirst: filter.newestFirst)
            if let limit = filter.limit, events.count > limit { events.removeLast(events.count - limit) }
            return events
        }
    }

    /// `events` by the local day and wall-clock time each shows (its start in its own zone),
    /// then by id: an event at 23:00 in Asia/Taipei comes after one at 20:00 in Europe/Lisbon
    /// on the same local day, though it happened first.
    /// - Complexity: O(n log n); one zone offset per event.
    public static func inLocalOrder(_ events: [Event], newestFirst: Bool = false) -> [Event] {
        // Per zone, the last offset asked for holds from that instant to the zone's next
        // transition: events mostly come in time order, so few offsets are looked up.
        var zones: [String: (zone: TimeZone?, from: Date, until: Date, offset: Int)] = [:]
        var keys: [(day: Int, local: Int64, id: Int64, at: Int)] = []
        keys.reserveCapacity(events.count)
        for i in events.indices {
            let start = events[i].start
            let seconds = Int64(start.timeIntervalSince1970.rounded(.down))
            var offset = 0
            if !events[i].allDay {
                let name = events[i].timeZone
                if let known = zones[name], known.from <= start, start < known.until {
                    offset = known.offset
                } else {
                    let zone = zones[name].map(\.zone) ?? TimeZoneCache.shared.zone(name)
                    offset = zone?.secondsFromGMT(for: start) ?? 0
                    let until = zone?.nextDaylightSavingTimeTransition(after: start) ?? .distantFuture
                    zones[name] = (zone, start, until, offset)
                }
            }
            keys.append((events[i].startDay.dayNumber, seconds + Int64(offset), events[i].id, i))
        }
        if newestFirst {
            keys.sort { ($0.day, $0.local, $0.id) > ($1.day, $1.local, $1.id) }
        } else {
            keys.sort { ($0.day, $0.local, $0.id) < ($1.day, $1.local, $1.id) }
        }
        return keys.map { events[$0.at] }
    }

    /// The `WHERE … ORDER BY … LIMIT` part of a query on `event` that selects a filter's
    /// events in timeline order, with its arguments.
    /// - Parameter ordered: false leaves out the `ORDER BY` when there is no limit (the
    ///   caller sorts).
    static func eventSelection(_ db: Database, _ filter: EventFilter, ordered: Bool = true) throws -> (String, StatementArguments) {
        var clauses: [String] = []
        var args: [(any DatabaseValueConvertible)?] = []
        if let from = filter.from { clauses.append("endDay >= ?"); args.append(from.dayNumber) }
        if let to = filter.to { clauses.append("startDay <= ?"); args.append(to.dayNumber) }
        if let p = filter.personID {
            clauses.append("id IN (SELECT eventId FROM eventPerson WHERE personId = ?)"); args.append(p)
        }
        if let t = filter.typeID {
            let ids = try Journal.subtreeIDs(db, id: Journal.requireCategory(db, id: t, kind: .eventType).id)
            clauses.append("typeId IN (\(ids.map { _ in "?" }.joined(separator: ",")))")
            args += ids.map { $0 as (any DatabaseValueConvertible)? }
        }
        if let m = filter.moodID { clauses.append("moodId = ?"); args.append(m) }
        if let place = filter.place, !place.isEmpty {
            clauses.append("placeId IN (SELECT id FROM place WHERE kith_fold(name) LIKE ? ESCAPE '\\')")
            args.append("%" + Journal.likeEscaped(NameMatcher.fold(place)) + "%")
        }
        if let search = filter.search {
            for word in search.split(whereSeparator: { $0.isWhitespace }) {
                clauses.append("(kith_fold(title) LIKE ? ESCAPE '\\' OR kith_fold(note) LIKE ? ESCAPE '\\')")
                let pattern = "%" + Journal.likeEscaped(NameMatcher.fold(String(word))) + "%"
                args.append(pattern); args.append(pattern)
            }
        }
        var sql = ""
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
        if ordered || filter.limit != nil {
            sql += filter.newestFirst ? " ORDER BY startAt DESC, id DESC" : " ORDER BY startAt, id"
        }
        if let limit = filter.limit { sql += " LIMIT ?"; args.append(limit) }
        return (sql, StatementArguments(args))
    }

    /// Every place, by name.
    public func places() throws -> [Place] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM place ORDER BY name COLLATE NOCASE")).map(Journal.place(from:))
        }
    }

    // MARK: Internals

    static func likeEscaped(_ s: String) -> String {
        var out = ""
        for ch in s {
            if ch == "%" || ch == "_" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    static func validTitle(_ title: String) throws -> String {
        let t = title.kithSingleLine()
        guard !t.isEmpty else { throw JournalError.invalidValue(field: "event title", reason: "it is empty") }
        return t
    }

    struct Timing {
        var startAt: Int64, endAt: Int64?, startDay: Int, endDay: Int
    }

    /// Instants rounded down to whole seconds, and the local days touched.
    static func timing(of draft: EventDraft) throws -> Timing {
        guard let tz = TimeZoneCache.shared.zone(draft.timeZone) else { throw JournalError.invalidTimeZone(draft.timeZone) }
        if draft.allDay {
            let range = draft.allDayDates
                ?? LocalDate(draft.start, in: tz)...max(LocalDate(draft.start, in: tz), LocalDate(draft.end ?? draft.start, in: tz))
            let startAt = Int64(range.lowerBound.startInstant(in: tz).timeIntervalSince1970.rounded(.down))
            let endAt = Int64(range.upperBound.adding(days: 1).startInstant(in: tz).timeIntervalSince1970.rounded(.down))
            return Timing(startAt: startAt, endAt: endAt, startDay: range.lowerBound.dayNumber, endDay: range.upperBound.dayNumber)
        }
        let startAt = Int64(draft.start.timeIntervalSince1970.rounded(.down))
        let endAt = draft.end.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        if let endAt, endAt < startAt {
            throw JournalError.invalidEventTime(reason: "it ends before it starts (give an end after the start, or a positive duration)")
        }
        let (s, e) = days(startAt: startAt, endAt: endAt, allDay: false, timeZone: tz)
        return Timing(startAt: startAt, endAt: endAt, startDay: s, endDay: e)
    }

    /// The first and last local day (`yyyymmdd`) an event touches. An end exactly at a
    /// midnight does not touch the day after.
    static func days(startAt: Int64, endAt: Int64?, allDay: Bool, timeZone tz: TimeZone) -> (Int, Int) {
        let s = LocalDate(Date(timeIntervalSince1970: Double(startAt)), in: tz).dayNumber
        guard let endAt, endAt > startAt else { return (s, s) }
        let e = LocalDate(Date(timeIntervalSince1970: Double(endAt - 1)), in: tz).dayNumber
        return (s, max(s, e))
    }

    /// Type and mood ids already checked in this transaction (their kind cannot change in it).
    struct VerifiedReferences {
        // A few ids each, searched in order: a `Set<Int64>` costs `kith log` a first-use scan of
        // the binary's conformance records (issue 7).
        var types: [Int64] = []
        var moods: [Int64] = []
        /// Places written so far, for imports (nil: every place is looked up).
        var places: PlaceCache?
    }

    /// The places an import wrote, by exact name, with the values it gave them: an event at
    /// a known place with nothing new to say about it needs no lookup and no UPDATE (two
    /// statements for most events of a calendar). Emptied when a savepoint rolls back.
    final class PlaceCache {
        var byName: [String: (id: Int64, address: String?, latitude: Double?, longitude: Double?)] = [:]
    }

    static func checkReferences(_ db: Database, _ draft: EventDraft) throws -> (Int64?, Int64?, Int64?) {
        var verified = VerifiedReferences()
        return try checkReferences(db, draft, verified: &verified)
    }

    static func checkReferences(_ db: Database, _ draft: EventDraft, verified: inout VerifiedReferences,
                                categories: CategoryCache? = nil) throws -> (Int64?, Int64?, Int64?) {
        if let t = draft.typeID, !verified.types.contains(t) {
            _ = try requireCategory(db, id: t, kind: .eventType, cache: categories)
            verified.types.append(t)
        }
        if let m = draft.moodID, !verified.moods.contains(m) {
            _ = try requireCategory(db, id: m, kind: .mood, cache: categories)
            verified.moods.append(m)
        }
        let placeID = try draft.place.map { try upsertPlace(db, $0, cache: verified.places) }
        return (draft.typeID, draft.moodID, placeID)
    }

    static func insertEvent(_ db: Database, _ draft: EventDraft, categories: CategoryCache? = nil) throws -> Int64 {
        var verified = VerifiedReferences()
        return try insertEvent(db, draft, verified: &verified, categories: categories)
    }

    /// `uidKnownNew`: the caller knows no event has the draft's UID (an import into a
    /// journal that had no events), so it is not looked up.
    static func insertEvent(_ db: Database, _ draft: EventDraft, verified: inout VerifiedReferences,
                            categories: CategoryCache? = nil, uidKnownNew: Bool = false) throws -> Int64 {
        let t = try timing(of: draft)
        let title = try validTitle(draft.title)
        let uid = draft.uid?.isEmpty == false ? draft.uid! : newUID()
        if !uidKnownNew, try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM event WHERE uid = ?)"), arguments: [uid]) == true {
            throw JournalError.duplicateEventUID(uid)
        }
        let (typeID, moodID, placeID) = try checkReferences(db, draft, verified: &verified, categories: categories)
        let now = Journal.now()
        // Bound straight to SQLite (`RawRow`): GRDB's checked arguments cost about as much as
        // the insert itself, 100,000 times in a calendar import.
        try RawRow.run(db, db.cachedStatement(sql: """
            INSERT INTO event (uid, title, startAt, endAt, timeZone, allDay, startDay, endDay, typeId, moodId, placeId,
              note, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)) { r in
            r.text(uid); r.text(title); r.int(t.startAt); r.int(t.endAt); r.text(draft.timeZone); r.int(draft.allDay ? 1 : 0)
            r.int(t.startDay); r.int(t.endDay); r.int(typeID); r.int(moodID); r.int(placeID); r.text(draft.note); r.int(now); r.int(draft.modifiedAt ?? now)
        }
        let id = db.lastInsertedRowID
        try writeEventRelations(db, id: id, draft, isNew: true, categories: categories)
        return id
    }

    /// Writes people, photos, traits and kept iCalendar lines; `isNew` (an event just
    /// inserted) skips deleting the old ones; `categories` resolves the traits' categories.
    static func writeEventRelations(_ db: Database, id: Int64, _ draft: EventDraft, isNew: Bool = false,
                                    categories: CategoryCache? = nil) throws {
        if !isNew {
            try db.cachedStatement(sql: "DELETE FROM eventPerson WHERE eventId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM eventPhoto WHERE eventId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM eventICalLine WHERE eventId = ?").execute(arguments: [id])
        }
        if !draft.icalLines.isEmpty {
            let insertLine = try db.cachedStatement(sql: "INSERT INTO eventICalLine (eventId, position, line) VALUES (?, ?, ?)")
            for (i, line) in draft.icalLines.enumerated() {
                try RawRow.run(db, insertLine) { r in r.int(id); r.int(i); r.text(line) }
            }
        }
        var people: [Int64] = []
        for p in draft.personIDs where !people.contains(p) {
            guard try RawRow.first(db, db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM person WHERE id = ?)"), { $0.int(p) },
                                   read: { $0.int(0) }) == 1 else {
                throw JournalError.personNotFound(id: p)
            }
            try RawRow.run(db, db.cachedStatement(sql: "INSERT INTO eventPerson (eventId, personId, position) VALUES (?, ?, ?)")) { r in
                r.int(id); r.int(p); r.int(people.count)
            }
            people.append(p)
        }
        var photos: [String] = []
        for h in draft.photoHashes where !photos.contains(h) {
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM photo WHERE hash = ?)"), arguments: [h]) == true else {
                throw JournalError.photoNotFound(hash: h)
            }
            try db.cachedStatement(sql: "INSERT INTO eventPhoto (eventId, photoHash, position) VALUES (?, ?, ?)").execute(arguments: [id, h, photos.count])
            photos.append(h)
        }
        try writeEventTraits(db, id: id, draft.traits, people: people, isNew: isNew, categories: categories)
    }

    /// Writes the traits of an event, each about one of its `people`: a draft with an id
    /// of one of the event's traits updates that row (its id and date stay), one without
    /// is inserted, and the event's other traits are deleted.
    /// - Throws: ``JournalError/traitPersonMissing(text:people:)`` for a trait without a person in
    ///   an event with several, ``JournalError/traitPersonNotInEvent(text:person:people:)``.
    static func writeEventTraits(_ db: Database, id: Int64, _ traits: [TraitDraft], people: [Int64], isNew: Bool,
                                 categories: CategoryCache?) throws {
        // The event's traits as stored: id -> (person, category, text, position).
        var existing: [Int64: (person: Int64, category: Int64, text: String, position: Int64)] = [:]
        if !isNew {
            for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT id, personId, categoryId, text, position FROM trait WHERE eventId = ?"),
                                        arguments: [id]) {
                existing[row[0]] = (row[1], row[2], row[3], row[4])
            }
        }
        if traits.isEmpty {
            if !existing.isEmpty { try db.cachedStatement(sql: "DELETE FROM trait WHERE eventId = ?").execute(arguments: [id]) }
            return
        }
        if people.isEmpty {
            throw JournalError.invalidValue(field: "trait", reason: "traits are learned about people; add someone to the event")
        }
        func names() throws -> [String] {
            try people.map { try String.fetchOne(db.cachedStatement(sql: "SELECT displayName FROM person WHERE id = ?"), arguments: [$0]) ?? "#\($0)" }
        }
        var kept: Set<Int64> = []
        // Positions only grow along the drafts; a kept row keeps its own where it can, so an
        // edit that does not touch a trait leaves its row as it was.
        var last: Int64 = -1
        let now = Journal.now()
        for trait in traits {
            let text = trait.text.kithTrimmed()
            guard !text.isEmpty else { throw JournalError.invalidValue(field: "trait", reason: "its text is empty") }
            let person: Int64
            if let p = trait.personID {
                guard people.contains(p) else {
                    let name = try String.fetchOne(db.cachedStatement(sql: "SELECT displayName FROM person WHERE id = ?"), arguments: [p])
                    guard let name else { throw JournalError.personNotFound(id: p) }
                    throw JournalError.traitPersonNotInEvent(text: text, person: name, people: try names())
                }
                person = p
            } else if people.count == 1 {
                person = people[0]
            } else {
                throw JournalError.traitPersonMissing(text: text, people: try names())
            }
            let category = try traitCategory(db, path: trait.path, cache: categories)
            if let t = trait.id, let old = existing[t], kept.insert(t).inserted {
                let position = old.position >= last ? old.position : last + 1
                last = position
                if (old.person, old.category, old.text, old.position) != (person, category.id, text, position) {
                    try db.cachedStatement(sql: "UPDATE trait SET personId = ?, categoryId = ?, text = ?, position = ? WHERE id = ?")
                        .execute(arguments: [person, category.id, text, position, t])
                }
            } else {
                last += 1
                try db.cachedStatement(sql: "INSERT INTO trait (personId, categoryId, text, eventId, position, createdAt) VALUES (?, ?, ?, ?, ?, ?)")
                    .execute(arguments: [person, category.id, text, id, last, now])
            }
        }
        for t in Set(existing.keys).subtracting(kept) {
            try db.cachedStatement(sql: "DELETE FROM trait WHERE id = ?").execute(arguments: [t])
        }
    }

    /// Resolves a trait kind path, creating a missing subcategory under an existing kind.
    static func traitCategory(_ db: Database, path: String, cache: CategoryCache? = nil) throws -> Category {
        do {
            return try resolveCategory(db, kind: .trait, path: path, cache: cache)
        } catch JournalError.unknownCategory(let kind, let p, let suggestions) {
            let parts = path.split(separator: "/").map { String($0).kithTrimmed(newlines: false) }
            guard parts.count == 2 else { throw JournalError.unknownCategory(kind: kind, path: p, suggestions: suggestions) }
            let main = try resolveCategory(db, kind: .trait, path: parts[0])
            guard main.parentID == nil else { throw JournalError.categoryTreeTooDeep(path: path) }
            defer { cache?.invalidate() }
            return try insertCategory(db, kind: .trait, path: main.path + "/" + parts[1], icon: nil, color: nil, score: nil)
        }
    }

    static func upsertPlace(_ db: Database, _ draft: PlaceDraft, cache: PlaceCache? = nil) throws -> Int64 {
        let name = draft.name.kithSingleLine()
        guard !name.isEmpty else { throw JournalError.invalidValue(field: "place name", reason: "it is empty") }
        if (draft.latitude == nil) != (draft.longitude == nil) {
            throw JournalError.invalidValue(field: "coordinates", reason: "give both latitude and longitude")
        }
        if let lat = draft.latitude, let lon = draft.longitude {
            guard (-90...90).contains(lat), (-180...180).contains(lon), lat.isFinite, lon.isFinite else {
                throw JournalError.invalidCoordinates(latitude: lat, longitude: lon)
            }
        }
        // A known place keeps its address and coordinates: other events stand there, and a
        // new event must not move them. Only what it lacks is filled in; a deliberate move
        // is ``Journal/editPlace(named:newName:coordinates:address:)``. The per-import cache
        // knows which of them the row already has (nil: not known, the UPDATEs below check).
        if let known = cache?.byName[name], draft.address == nil || known.address != nil,
           draft.latitude == nil || known.latitude != nil {
            return known.id
        }
        let id: Int64
        if let found = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM place WHERE name = ? COLLATE NOCASE"), arguments: [name]) {
            id = found
            if let a = draft.address {
                try db.cachedStatement(sql: "UPDATE place SET address = ? WHERE id = ? AND address IS NULL").execute(arguments: [a, id])
            }
            if let lat = draft.latitude, let lon = draft.longitude {
                try db.cachedStatement(sql: "UPDATE place SET latitude = ?, longitude = ? WHERE id = ? AND latitude IS NULL AND longitude IS NULL")
                    .execute(arguments: [lat, lon, id])
            }
        } else {
            try db.cachedStatement(sql: "INSERT INTO place (name, address, latitude, longitude) VALUES (?, ?, ?, ?)").execute(arguments: [name, draft.address, draft.latitude, draft.longitude])
            id = db.lastInsertedRowID
        }
        // What the row now holds, as far as this draft and the cache say (nil: not known).
        let before = cache?.byName[name]
        cache?.byName[name] = (id, draft.address ?? before?.address, draft.latitude ?? before?.latitude,
                               draft.longitude ?? before?.longitude)
        return id
    }

    static func place(from row: Row) -> Place {
        Place(id: row["id"], name: row["name"], address: row["address"], latitude: row["latitude"], longitude: row["longitude"])
    }

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
    private func forSome(_ chunk: ArraySlice<Int64>, in only: Set<Int64>?, args: StatementArguments, size: Int,
                         _ prefix: String, _ suffix: String, _ body: (Row) throws -> Void) throws {
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
            events.append(Event(
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
        let s = statement.sqliteStatement
        defer { sqlite3_reset(s) }
        let row = RawColumns(statement: s)
        var zones: [(bytes: [UInt8], name: String)] = []
        while true {
            let rc = sqlite3_step(s)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw DatabaseError.lastStep(db, sql: statement.sql) }
            let zone: String
            let z = row.bytes(5)
            if let known = zones.first(where: { $0.bytes.elementsEqual(z) }) {
                zone = known.name
            } else {
                zone = row.text(5)
                if zones.count < 64 { zones.append((Array(z), zone)) }
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
            let rows = try Row.fetchCursor(statement("SELECT id, name, address, latitude, longitude FROM place WHERE id IN (", ")", size: n),
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
    private func attachRelations(_ batch: inout Batch, _ chunk: ArraySlice<Int64>, args: StatementArguments, size: Int,
                                 icalLines: Bool) throws {
        let index = batch.index
        if let names {
            try forSome(chunk, in: withPeople, args: args, size: size, "SELECT eventId, personId FROM eventPerson WHERE eventId IN (",
                        ") ORDER BY eventId, position") { row in
                let person: Int64 = row[1]
                if let i = index[row[0]], let name = names[person] { batch.events[i].people.append(PersonRef(id: person, displayName: name)) }
            }
        } else {
            let people = try Row.fetchCursor(statement("""
                SELECT ep.eventId, p.id, p.displayName FROM eventPerson ep JOIN person p ON p.id = ep.personId
                WHERE ep.eventId IN (
                """, ") ORDER BY ep.eventId, ep.position", size: size), arguments: args)
            while let row = try people.next() {
                if let i = index[row[0]] { batch.events[i].people.append(PersonRef(id: row[1], displayName: row[2])) }
            }
        }
        try forSome(chunk, in: withPhotos, args: args, size: size, """
            SELECT ep.eventId, p.hash, p.mediaType, p.byteCount FROM eventPhoto ep JOIN photo p ON p.hash = ep.photoHash
            WHERE ep.eventId IN (
            """, ") ORDER BY ep.eventId, ep.position") { row in
            if let i = index[row[0]] { batch.events[i].photos.append(Photo(hash: row[1], mediaType: row[2], byteCount: row[3])) }
        }
        try forSome(chunk, in: withTraits, args: args, size: size, """
            SELECT t.eventId, t.categoryId, t.text, t.id, t.personId, p.displayName FROM trait t JOIN person p ON p.id = t.personId
            WHERE t.eventId IN (
            """, ") ORDER BY t.eventId, t.position, t.id") { row in
            guard let c = categories[row[1]] else { return }
            if let i = index[row[0]] {
                batch.events[i].traits.append(EventTrait(category: c, text: row[2], id: row[3], person: PersonRef(id: row[4], displayName: row[5])))
            }
        }
        guard icalLines else { return }
        let lines = try Row.fetchCursor(statement("SELECT eventId, line FROM eventICalLine WHERE eventId IN (",
                                                  ") ORDER BY eventId, position", size: size), arguments: args)
        while let row = try lines.next() {
            if let i = index[row[0]] { batch.events[i].icalLines.append(row[1]) }
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
        let s = links.sqliteStatement
        defer { sqlite3_reset(s) }
        let row = RawColumns(statement: s)
        var current: Int?
        var lastEvent: Int64?
        var pending: [(position: Int64, person: PersonRef)] = []
        func flush() {
            guard let i = current, !pending.isEmpty else { return }
            pending.sort { $0.position < $1.position }
            batch.events[i].people.append(contentsOf: pending.lazy.map(\.person))
            pending.removeAll(keepingCapacity: true)
        }
        while true {
            let rc = sqlite3_step(s)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw DatabaseError.lastStep(db, sql: links.sql) }
            let eventID = row.int(0)
            if eventID != lastEvent {
                flush()
                lastEvent = eventID
                current = index[eventID]
            }
            guard current != nil else { continue }
            let person = row.int(1)
            if let name = names[person] { pending.append((row.int(2), PersonRef(id: person, displayName: name))) }
        }
        flush()
        let photos = try Row.fetchCursor(db, sql: """
            SELECT ep.eventId, p.hash, p.mediaType, p.byteCount FROM eventPhoto ep JOIN photo p ON p.hash = ep.photoHash
            ORDER BY ep.eventId, ep.position
            """)
        while let row = try photos.next() {
            if let i = index[row[0]] { batch.events[i].photos.append(Photo(hash: row[1], mediaType: row[2], byteCount: row[3])) }
        }
        let traits = try Row.fetchCursor(db, sql: """
            SELECT t.eventId, t.categoryId, t.text, t.id, t.personId, p.displayName FROM trait t JOIN person p ON p.id = t.personId
            WHERE t.eventId IS NOT NULL ORDER BY t.eventId, t.position, t.id
            """)
        while let row = try traits.next() {
            if let i = index[row[0]], let c = categories[row[1]] {
                batch.events[i].traits.append(EventTrait(category: c, text: row[2], id: row[3], person: PersonRef(id: row[4], displayName: row[5])))
            }
        }
        guard icalLines else { return }
        let lines = try Row.fetchCursor(db, sql: "SELECT eventId, line FROM eventICalLine ORDER BY eventId, position")
        while let row = try lines.next() {
            if let i = index[row[0]] { batch.events[i].icalLines.append(row[1]) }
        }
    }
}
