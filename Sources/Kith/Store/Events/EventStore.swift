import Foundation
import GRDB

/// The writes of events, each inside the caller's transaction: the work behind
/// ``Journal/logEvent(_:)``, ``Journal/logEvents(_:progress:)``, ``Journal/editEvent(id:_:)`` and
/// ``Journal/removeEvent(id:)``. The pieces they share (timing, references, relations, traits)
/// follow, as `Journal` statics that imports and backups call too.
enum EventStore {
    /// Inserts `draft`, indexes its days and reads it back.
    static func log(_ db: Database, _ draft: EventDraft) throws -> Event {
        // The category tree read once, for the traits and for the event read back.
        let categories = CategoryCache()
        let id = try Journal.insertEvent(db, draft, categories: categories)
        try Journal.reindex(db, eventIDs: [id])
        return try Journal.fetchEvents(db, ids: [id], categories: categories)[0]
    }

    /// Inserts `drafts` in order, then indexes their days once; returns their ids.
    static func log(_ db: Database, _ drafts: [EventDraft], progress: ((Int) -> Void)?) throws -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(drafts.count)
        var verified = Journal.VerifiedReferences()
        for d in drafts {
            ids.append(try Journal.insertEvent(db, d, verified: &verified))
            progress?(ids.count)
        }
        try Journal.reindex(db, eventIDs: ids)
        return ids
    }

    /// Writes `draft` over event `id` (its UID, or the old one) and reads it back.
    static func edit(_ db: Database, id: Int64, _ draft: EventDraft, description: inout String) throws -> Event {
        guard let old = try Journal.fetchEvents(db, ids: [id]).first else { throw JournalError.eventNotFound(id: id) }
        description = "edit event #\(id) \(old.title)"
        let t = try Journal.timing(of: draft)
        let uid = draft.uid?.isEmpty == false ? draft.uid! : old.uid
        if let other = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM event WHERE uid = ?"), arguments: [uid]), other != id {
            throw JournalError.duplicateEventUID(uid)
        }
        let (typeID, moodID, placeID) = try Journal.checkReferences(db, draft)
        try db.cachedStatement(
            sql: """
                UPDATE event SET uid = ?, title = ?, startAt = ?, endAt = ?, timeZone = ?, allDay = ?, startDay = ?,
                  endDay = ?, typeId = ?, moodId = ?, placeId = ?, note = ?, updatedAt = ? WHERE id = ?
                """
        ).execute(arguments: [
            uid, try Journal.validTitle(draft.title), t.startAt, t.endAt, draft.timeZone, draft.allDay,
            t.startDay, t.endDay, typeID, moodID, placeID, draft.note, Journal.now(), id,
        ])
        try Journal.writeEventRelations(db, id: id, draft)
        try Journal.removeUnusedPhotos(db)
        try Journal.reindex(db, eventIDs: [id])
        return try Journal.fetchEvents(db, ids: [id])[0]
    }

    /// Deletes event `id` (its people, photos, kept lines and traits cascade) and its days
    /// in the index; photos nothing else uses go too.
    static func remove(_ db: Database, id: Int64, description: inout String) throws {
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

/// Writing events: timing, references, the event row and its people, photos, traits and
/// kept iCalendar lines.
extension Journal {
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
            let range =
                draft.allDayDates
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
        /// People found, as bits by id (person ids are small and dense): an import links
        /// hundreds of thousands of events to a few thousand people, each checked once.
        var people: [UInt64] = []
        /// For imports: the statements written once an event, taken from GRDB's cache once
        /// (nil: from the cache each time). Hashing their SQL text to find them there was
        /// 5 % of the writing thread of a calendar import.
        var statements: EventStatements?
        /// The last kept lines written and their text joined: a recurring event's
        /// occurrences in an import share them, and are checked and joined once.
        var keptLines: (lines: [String], joined: String)?

        /// The statement of `kind`: held when ``statements`` is set, else GRDB's cached one.
        func statement(_ db: Database, _ kind: EventStatementKind) throws -> Statement {
            if let statements { return try statements.statement(db, kind) }
            return try db.cachedStatement(sql: kind.sql)
        }

        func hasPerson(_ id: Int64) -> Bool {
            let word = Int(id >> 6)
            return id >= 0 && word < people.count && people[word] & (1 << UInt64(id & 63)) != 0
        }

        mutating func notePerson(_ id: Int64) {
            guard id >= 0 else { return }
            let word = Int(id >> 6)
            if word >= people.count { people.append(contentsOf: repeatElement(0, count: word + 1 - people.count)) }
            people[word] |= 1 << UInt64(id & 63)
        }
    }

    static func checkReferences(_ db: Database, _ draft: EventDraft) throws -> (Int64?, Int64?, Int64?) {
        var verified = Journal.VerifiedReferences()
        return try checkReferences(db, draft, verified: &verified)
    }

    static func checkReferences(
        _ db: Database, _ draft: EventDraft, verified: inout VerifiedReferences,
        categories: CategoryCache? = nil
    ) throws -> (Int64?, Int64?, Int64?) {
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
        var verified = Journal.VerifiedReferences()
        return try insertEvent(db, draft, verified: &verified, categories: categories)
    }

    /// `uidKnownNew`: the caller knows no event has the draft's UID (an import into a
    /// journal that had no events), so it is not looked up.
    static func insertEvent(
        _ db: Database, _ draft: EventDraft, verified: inout VerifiedReferences,
        categories: CategoryCache? = nil, uidKnownNew: Bool = false
    ) throws -> Int64 {
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
        try RawRow.run(db, verified.statement(db, .insertEvent)) { r in
            r.text(uid); r.text(title); r.int(t.startAt); r.int(t.endAt); r.text(draft.timeZone); r.int(draft.allDay ? 1 : 0)
            r.int(t.startDay); r.int(t.endDay); r.int(typeID); r.int(moodID); r.int(placeID); r.text(draft.note); r.int(now); r.int(draft.modifiedAt ?? now)
        }
        let id = db.lastInsertedRowID
        try writeEventRelations(db, id: id, draft, isNew: true, categories: categories, verified: &verified)
        return id
    }

    /// Writes people, photos, traits and kept iCalendar lines; `isNew` (an event just
    /// inserted) skips deleting the old ones; `categories` resolves the traits' categories.
    static func writeEventRelations(
        _ db: Database, id: Int64, _ draft: EventDraft, isNew: Bool = false,
        categories: CategoryCache? = nil
    ) throws {
        var verified = VerifiedReferences()
        try writeEventRelations(db, id: id, draft, isNew: isNew, categories: categories, verified: &verified)
    }

    /// `verified` remembers the people found, for the next events of an import.
    static func writeEventRelations(
        _ db: Database, id: Int64, _ draft: EventDraft, isNew: Bool = false,
        categories: CategoryCache? = nil, verified: inout VerifiedReferences
    ) throws {
        if !isNew {
            try db.cachedStatement(sql: "DELETE FROM eventPerson WHERE eventId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM eventPhoto WHERE eventId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM eventKeptLines WHERE eventId = ?").execute(arguments: [id])
        }
        if !draft.icalLines.isEmpty {
            // One row, the lines joined by LF, which no content line holds. The same lines
            // as the event before (an occurrence of the same recurring event: the same
            // array, compared in O(1)) are not checked and joined again.
            let joined: String
            if let last = verified.keptLines, last.lines == draft.icalLines {
                joined = last.joined
            } else {
                // (Bytes, not Characters: grapheme breaking over every line was a tenth of an import.)
                if draft.icalLines.contains(where: { $0.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) }) {
                    throw JournalError.invalidValue(field: "iCalendar line", reason: "a kept line holds a line break")
                }
                joined = draft.icalLines.joined(separator: "\n")
                verified.keptLines = (draft.icalLines, joined)
            }
            try RawRow.run(db, verified.statement(db, .insertKeptLines)) { r in
                r.int(id); r.text(joined)
            }
        }
        var people: [Int64] = []
        for p in draft.personIDs where !people.contains(p) {
            if !verified.hasPerson(p) {
                guard
                    try RawRow.first(
                        db, db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM person WHERE id = ?)"), { $0.int(p) },
                        read: { $0.int(0) }) == 1
                else {
                    throw JournalError.personNotFound(id: p)
                }
                verified.notePerson(p)
            }
            try RawRow.run(db, verified.statement(db, .insertEventPerson)) { r in
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
    static func writeEventTraits(
        _ db: Database, id: Int64, _ traits: [TraitDraft], people: [Int64], isNew: Bool,
        categories: CategoryCache?
    ) throws {
        // The event's traits as stored: id -> (person, category, text, position).
        var existing: [Int64: (person: Int64, category: Int64, text: String, position: Int64)] = [:]
        if !isNew {
            for row in try Row.fetchAll(
                db.cachedStatement(sql: "SELECT id, personId, categoryId, text, position FROM trait WHERE eventId = ?"),
                arguments: [id])
            {
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
}

extension Journal {
    /// An event's kept iCalendar lines as `eventKeptLines` holds them: joined by LF.
    static func keptLines(_ joined: String) -> [String] {
        joined.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// The statements a calendar import runs once an event or more, held for the import's
/// transaction (see ``Journal/VerifiedReferences/statements``).
typealias EventStatements = HeldStatements<EventStatementKind>

enum EventStatementKind: Int, HeldStatementKind {
    case insertEvent, insertKeptLines, insertEventPerson, insertEventImport, selectImported, setSource

    var sql: String {
        switch self {
        case .insertEvent:
            return """
                INSERT INTO event (uid, title, startAt, endAt, timeZone, allDay, startDay, endDay, typeId, moodId, placeId,
                  note, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        case .insertKeptLines: return "INSERT INTO eventKeptLines (eventId, lines) VALUES (?, ?)"
        case .insertEventPerson: return "INSERT INTO eventPerson (eventId, personId, position) VALUES (?, ?, ?)"
        case .insertEventImport: return "INSERT INTO eventImport (eventId, snapshot, source) VALUES (?, ?, ?)"
        case .selectImported:
            // A re-import's first question for each event (``Journal/unchangedEvent(_:uid:snapshot:_:verified:)``).
            return "SELECT e.id, i.snapshot, i.source FROM event e JOIN eventImport i ON i.eventId = e.id WHERE e.uid = ?"
        case .setSource: return "UPDATE eventImport SET source = ? WHERE eventId = ?"
        }
    }
}
