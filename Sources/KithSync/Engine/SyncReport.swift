// What one sync did (or, for a dry run, would do), per collection: the counts a user reads,
// the conflicts with both values, and the plan itself. Codable for `kith sync --json`.
import Kith

/// One planned or applied action on one item.
public struct PlannedItem: Sendable, Hashable, Codable {
    public var uid: String
    public var action: SyncAction
    /// The server resource, when there is one.
    public var href: String?
    /// The person's name or the event's title, in a dry run (from the server's body, else the
    /// journal, else the body last synced); nil otherwise.
    public var name: String?

    public init(uid: String, action: SyncAction, href: String?, name: String? = nil) {
        self.uid = uid
        self.action = action
        self.href = href
        self.name = name
    }
}

/// What a sync did with one collection.
public struct CollectionReport: Sendable, Hashable, Codable {
    public var url: String
    public var kind: SyncKind
    /// Items created or updated in the journal from the server.
    public var pulled = 0
    /// Items created or updated on the server from the journal.
    public var pushed = 0
    /// Items deleted in the journal because they were deleted on the server.
    public var deletedLocally = 0
    /// Items deleted on the server because they were deleted in the journal.
    public var deletedRemotely = 0
    /// Items both sides had changed, merged field by field.
    public var merged = 0
    /// Items both sides held alike, only recorded.
    public var adopted = 0
    /// Items whose write met a changed ETag (412) and were read and planned again.
    public var replanned = 0
    /// Fields both sides had changed: the kept and the losing value.
    public var conflicts: [SyncConflict] = []
    /// Server resources that could not be read as an item (no UID, or a UID already seen).
    public var skipped: [String] = []
    /// Set when the empty-side guard refused the collection (nothing was written).
    public var refused: EmptySideRefusal?
    /// Every item that needed an action (all of them in a dry run).
    public var plan: [PlannedItem] = []
    /// Whether the server sent a delta (sync-collection) rather than a whole listing.
    public var incremental = false

    public init(url: String, kind: SyncKind) {
        self.url = url
        self.kind = kind
    }

    /// Whether anything moved.
    public var changedAnything: Bool {
        pulled + pushed + deletedLocally + deletedRemotely + merged + adopted > 0
    }
}

/// What one sync of one account did.
public struct SyncReport: Sendable, Hashable, Codable {
    public var account: String
    public var dryRun: Bool
    public var collections: [CollectionReport]

    public init(account: String, dryRun: Bool, collections: [CollectionReport] = []) {
        self.account = account
        self.dryRun = dryRun
        self.collections = collections
    }

    /// Whether a collection was refused by the empty-side guard.
    public var refused: Bool { collections.contains { $0.refused != nil } }
}
