// What the sync engine needs of the journal's side of one collection: its status rows (all of
// them for a complete listing, else only those a delta or a local change names), what
// changed locally since they were written, the bodies Kith sends, and the writes that apply a
// server item or record a push (each with its status row in one journal transaction). The
// journal implements it over `Journal`'s sync API (`JournalReplica`); the engine's tests
// implement it in memory. `SyncKind`, `SyncStatus` and `SyncConflict` are the journal's (Kith).
import Kith

/// What changed in the journal since the status rows were written, found without rendering
/// a body (an indexed comparison of local stamps with the rows).
public struct LocalChanges: Sendable, Hashable {
    /// Items with no status row.
    public var created: [String]
    /// Items whose status row is older than their last edit.
    public var changed: [String]
    /// Status rows whose item is gone.
    public var deleted: [String]
    /// How many items of the collection's kind the journal holds now.
    public var count: Int

    public init(created: [String] = [], changed: [String] = [], deleted: [String] = [], count: Int) {
        self.created = created
        self.changed = changed
        self.deleted = deleted
        self.count = count
    }
}

/// What applying a server item did in the journal.
public struct ApplyOutcome: Sendable, Hashable {
    /// Fields both sides had changed.
    public var conflicts: [SyncConflict]
    /// Whether the journal's item now differs from the server body (a merge kept local
    /// edits), so that it must be pushed.
    public var needsPush: Bool
    /// Whether the journal's item changed (false when it already said what the server says).
    public var changed: Bool

    public init(conflicts: [SyncConflict] = [], needsPush: Bool = false, changed: Bool = true) {
        self.conflicts = conflicts
        self.needsPush = needsPush
        self.changed = changed
    }
}

/// The journal's side of one collection, as the sync engine sees it.
public protocol SyncReplica {
    /// Every status row of the collection: a complete listing is compared with all of them.
    func statusRows() throws -> [SyncStatus]
    /// The status rows of these hrefs (as the server spelled them); hrefs with no row are left
    /// out. A sync-collection delta names only what changed, so a sync reads only those rows.
    func statusRows(hrefs: [String]) throws -> [SyncStatus]
    /// The status rows of these UIDs; UIDs with no row are left out.
    func statusRows(uids: [String]) throws -> [SyncStatus]
    /// How many status rows the collection has (the empty-side guard's measure of the last sync).
    func statusCount() throws -> Int
    /// What changed locally since the rows were written.
    func localChanges() throws -> LocalChanges
    /// The body Kith sends for the item with this UID (built on the server body last synced,
    /// so what Kith does not model is kept), or `nil` when the journal has no such item.
    func body(uid: String) throws -> [UInt8]?
    /// Whether the journal's item and this server body say the same thing (a push whose
    /// status row was never written, or the same edit made on both sides).
    func matches(uid: String, body: [UInt8]) throws -> Bool
    /// Creates or updates the journal's item from a server body: a three-way field merge
    /// against the status row's base when there is one. Writes the status row (`entry`,
    /// the body's hash, the body as the new base) in the same transaction.
    func apply(uid: String, item: RemoteItem) throws -> ApplyOutcome
    /// Deletes the journal's item and its status row in one transaction.
    func deleteLocal(uid: String) throws
    /// Writes the status row after a push or for a body both sides already hold.
    func record(uid: String, entry: RemoteEntry, body: [UInt8]) throws
    /// Removes the status row (the item is gone on both sides).
    func forget(uid: String) throws
    /// Saves the collection's sync token, after every item is applied.
    func saveToken(_ token: String?) throws
    /// Whether asking the server for its token alone (`RemoteCollection.currentToken()`)
    /// proved worth it before a sync-collection REPORT; nil while not known.
    func tokenProbe() throws -> Bool?
    /// Records what the last probe showed.
    func saveTokenProbe(_ worth: Bool) throws
    /// The name a new item is created under on the server, derived from its UID alone (so
    /// that a create retried after a crash lands on the same resource): the UID when it is
    /// only `A-Z a-z 0-9 . _ -`, else a hash of it; then `.vcf` or `.ics`.
    func resourceName(uid: String) -> String
    /// The item's name (a person's name, an event's title) for a dry run's plan: from the
    /// journal, else from the body last synced; nil when neither knows it.
    func name(uid: String) throws -> String?
    /// The SHA-256 (hex) of these bytes, as status rows hold it; `nil` when the replica
    /// cannot tell (then a new ETag alone counts as a change, and applying it changes nothing).
    func digest(_ bytes: [UInt8]) -> String?
}
