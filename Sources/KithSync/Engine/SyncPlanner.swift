// The sync planner: pure decisions, no I/O. For one item (matched by UID on both sides) it
// turns "is there a status row" × what happened locally × what happened on the server into
// one action. The engine classifies each side by comparing it with the status row (the
// content hash and ETag last synced) and applies the action; the planner's table is the
// whole policy, and its tests cover every combination.

/// What happened to an item on one side since the last sync, as the engine classified it
/// against the item's status row.
public enum SideChange: String, Sendable, Hashable, CaseIterable, Codable {
    /// Present and the same as when last synced (or absent with no status row: never there).
    case unchanged
    /// Present with no status row: new since the last sync.
    case created
    /// Present and different from what was last synced.
    case changed
    /// Absent although the status row says it was synced.
    case deleted
}

/// What the engine does with one item.
public enum SyncAction: String, Sendable, Hashable, CaseIterable, Codable {
    /// Nothing changed anywhere.
    case nothing
    /// Upload a new resource (`If-None-Match: *`).
    case pushCreate
    /// Replace the server's resource (`If-Match` its ETag).
    case pushUpdate
    /// Delete the server's resource (`If-Match` its ETag).
    case pushDelete
    /// Create the item in the journal from the server's body.
    case pullCreate
    /// Update the journal's item from the server's body (three-way, against the status row's base).
    case pullUpdate
    /// Delete the journal's item.
    case pullDelete
    /// Both sides changed differently: a three-way field merge, written to both sides.
    case merge
    /// Both sides hold the same content: only the status row is written.
    case adopt
    /// Gone on both sides: only the status row is removed.
    case forget

    /// Whether the action writes to the server.
    public var writesRemote: Bool {
        switch self {
        case .pushCreate, .pushUpdate, .pushDelete, .merge: true
        default: false
        }
    }

    /// Whether the action writes to the journal (besides the status row).
    public var writesLocal: Bool {
        switch self {
        case .pullCreate, .pullUpdate, .pullDelete, .merge: true
        default: false
        }
    }
}

/// The planner's decision table.
public enum SyncPlanner {
    /// The action for one item.
    ///
    /// - Parameters:
    ///   - hasStatus: whether the journal holds a status row for the item (it was synced before).
    ///   - local: what happened in the journal. With no status row `.changed` counts as
    ///     `.created` and `.deleted` as never there; with one, `.created` counts as `.changed`.
    ///   - remote: what happened on the server, read the same way.
    ///   - sameContent: whether the two sides' current contents are equal (only read when
    ///     both sides hold the item and at least one of them moved).
    public static func action(hasStatus: Bool, local: SideChange, remote: SideChange, sameContent: Bool) -> SyncAction {
        if !hasStatus {
            let l = local == .created || local == .changed
            let r = remote == .created || remote == .changed
            switch (l, r) {
            case (false, false): return .nothing
            case (true, false): return .pushCreate
            case (false, true): return .pullCreate
            // The same UID made on both sides (or a crash after a PUT, before its row).
            case (true, true): return sameContent ? .adopt : .merge
            }
        }
        let l: SideChange = local == .created ? .changed : local
        let r: SideChange = remote == .created ? .changed : remote
        switch (l, r) {
        case (.unchanged, .unchanged): return .nothing
        case (.unchanged, .changed): return .pullUpdate
        case (.unchanged, .deleted): return .pullDelete
        case (.changed, .unchanged): return .pushUpdate
        case (.changed, .changed): return sameContent ? .adopt : .merge
        // An edit beats a deletion: nothing is lost, the item comes back where it was deleted.
        case (.changed, .deleted): return .pushCreate
        case (.deleted, .unchanged): return .pushDelete
        case (.deleted, .changed): return .pullCreate
        case (.deleted, .deleted): return .forget
        default: return .nothing  // unreachable: `.created` was folded into `.changed`
        }
    }
}

/// Why a sync of one collection was refused before anything was written.
public enum EmptySideRefusal: Sendable, Hashable, Codable {
    /// Everything synced before is gone from the journal.
    case localEmptied(items: Int)
    /// Everything synced before is gone from the server.
    case remoteEmptied(items: Int)
}

extension SyncPlanner {
    /// The empty-side guard (as vdirsyncer's, per collection): when status rows exist and
    /// one side now holds none of the items at all, deleting everything on the other side is
    /// far more likely a mistake (a wiped journal, a recreated collection) than a wish.
    ///
    /// - Parameters:
    ///   - statusCount: the collection's status rows.
    ///   - localCount: the items of this collection's kind in the journal now.
    ///   - remoteCount: the resources in the server collection now.
    /// - Returns: the refusal, or `nil` when the sync may go on.
    public static func emptySideRefusal(statusCount: Int, localCount: Int, remoteCount: Int) -> EmptySideRefusal? {
        guard statusCount > 0 else { return nil }
        if localCount == 0 && remoteCount > 0 { return .localEmptied(items: statusCount) }
        if remoteCount == 0 && localCount > 0 { return .remoteEmptied(items: statusCount) }
        return nil
    }
}
