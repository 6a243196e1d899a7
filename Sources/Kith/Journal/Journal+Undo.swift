import Foundation
import GRDB

extension Journal {
    /// How many undoable changes the journal remembers; older ones are forgotten.
    public static let undoHistoryLimit = 50

    /// Reverses the last undoable change (a remove, merge or edit of events, people,
    /// categories), in one transaction, and forgets it: calling it again reverses the one
    /// before. After undoing a remove, the journal holds what it held before the remove,
    /// with the same ids; the day index is recomputed for every event and day the change
    /// touched.
    ///
    /// How it works (SQLite's "automatic undo/redo with triggers"): while an undoable change
    /// runs, temporary triggers on the journal's tables record for every row inserted,
    /// updated or deleted the SQL statement that puts it back (`undoStep`, one `undoGroup`
    /// per change). Undo runs a group's statements from the last to the first, with foreign
    /// keys checked at the commit. Imports and logging install no triggers and pay nothing.
    /// - Returns: the change reversed, or nil when there is nothing to undo.
    /// - Throws: ``JournalError/cannotUndo(change:reason:)`` when a later change makes the undo
    ///   impossible (the journal is left as it was, and the change forgotten).
    /// - Complexity: O(rows the change touched).
    @discardableResult
    public func undoLast() throws -> UndoneChange? {
        do {
            return try replayLastGroup()
        } catch JournalError.database(let reason) {
            // Rolled back: forget the change that cannot be undone any more.
            let change = try write { db -> String? in
                guard let row = try Row.fetchOne(db, sql: "SELECT id, description FROM undoGroup ORDER BY id DESC LIMIT 1") else { return nil }
                try db.execute(sql: "DELETE FROM undoGroup WHERE id = ?", arguments: [row[0] as Int64])
                return row[1]
            }
            guard let change else { throw JournalError.database(reason: reason) }
            throw JournalError.cannotUndo(change: change, reason: reason)
        }
    }

    /// The changes ``undoLast()`` can reverse, newest first.
    public func undoHistory() throws -> [UndoneChange] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT description, createdAt FROM undoGroup ORDER BY id DESC").map {
                UndoneChange(description: $0[0], madeAt: Date(timeIntervalSince1970: TimeInterval($0[1] as Int64)))
            }
        }
    }
}
