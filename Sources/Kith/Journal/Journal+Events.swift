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

    /// Every place, by name.
    public func places() throws -> [Place] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM place ORDER BY name COLLATE NOCASE")).map(Journal.place(from:))
        }
    }
}
