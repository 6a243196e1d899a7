import Foundation
import GRDB

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
            try EventStore.log(db, draft)
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
            try EventStore.log(db, drafts, progress: progress)
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
            try EventStore.edit(db, id: id, draft, description: &description)
        }
    }

    /// Removes an event with the traits learned in it and photos nothing else uses; the
    /// day index follows.
    /// - Throws: ``JournalError/eventNotFound(id:)``.
    public func removeEvent(id: Int64) throws {
        try undoableWrite { db, description in
            try EventStore.remove(db, id: id, description: &description)
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
}
