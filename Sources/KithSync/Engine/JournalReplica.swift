// The journal's side of one collection for the sync engine, over `Journal`'s sync API
// (Sources/Kith/Journal/Journal+Sync.swift): the state read once without the status rows
// (a sync with a token reads only the rows its delta names), bodies rendered on demand,
// every write one journal transaction with its status row.
import Kith

/// `SyncReplica` over a journal's account and collection kind.
final class JournalReplica: SyncReplica {
    let journal: Journal
    let account: String
    let kind: SyncKind
    /// The state read at the start of the sync (its `checked` stamp is saved with the token).
    private var state: SyncState?
    /// The change stamp of each body rendered this sync, recorded with its status row.
    private var stamps: [String: Int64] = [:]

    init(journal: Journal, account: String, kind: SyncKind) {
        self.journal = journal
        self.account = account
        self.kind = kind
    }

    func currentState() throws -> SyncState {
        if let state { return state }
        let read = try journal.syncState(account: account, kind: kind, includeStatus: false)
        state = read
        return read
    }

    func statusRows() throws -> [SyncStatus] { try journal.syncState(account: account, kind: kind).status }

    func statusRows(hrefs: [String]) throws -> [SyncStatus] {
        hrefs.isEmpty ? [] : try journal.syncStatus(account: account, kind: kind, hrefs: hrefs)
    }

    func statusRows(uids: [String]) throws -> [SyncStatus] {
        uids.isEmpty ? [] : try journal.syncStatus(account: account, kind: kind, uids: uids)
    }

    func statusCount() throws -> Int { try currentState().statusCount }

    func localChanges() throws -> LocalChanges {
        let state = try currentState()
        return LocalChanges(
            created: state.created.map(\.uid), changed: state.changed.map(\.uid), deleted: state.deleted.map(\.uid), count: state.localCount)
    }

    func body(uid: String) throws -> [UInt8]? {
        guard let body = try journal.syncBody(account: account, kind: kind, uid: uid) else { return nil }
        stamps[uid] = body.stamp
        return body.body
    }

    func matches(uid: String, body: [UInt8]) throws -> Bool {
        try journal.syncMatches(account: account, kind: kind, uid: uid, body: body)
    }

    func apply(uid: String, item: RemoteItem) throws -> ApplyOutcome {
        let applied = try journal.applyRemote(account: account, kind: kind, href: item.entry.href, etag: item.entry.etag, body: item.body)
        return ApplyOutcome(conflicts: applied.conflicts, needsPush: applied.needsPush, changed: applied.action != .unchanged)
    }

    func deleteLocal(uid: String) throws {
        try journal.applyRemoteDeletion(account: account, kind: kind, uid: uid)
    }

    func record(uid: String, entry: RemoteEntry, body: [UInt8]) throws {
        // A body this sync rendered records the stamp it was made at; one both sides already
        // held (adopted) records the item's stamp now, read in the same transaction.
        try journal.recordPushed(account: account, kind: kind, uid: uid, href: entry.href, etag: entry.etag, body: body, stamp: stamps[uid])
    }

    func forget(uid: String) throws {
        try journal.forgetSyncStatus(account: account, kind: kind, uid: uid)
    }

    func saveToken(_ token: String?) throws {
        try journal.setSyncToken(account: account, kind: kind, token: token, checked: state?.checked)
    }

    func tokenProbe() throws -> Bool? { try currentState().tokenProbe }

    func saveTokenProbe(_ worth: Bool) throws {
        try journal.setSyncTokenProbe(account: account, kind: kind, worth: worth)
    }

    func resourceName(uid: String) -> String { Journal.syncResourceName(uid: uid, kind: kind) }

    func digest(_ bytes: [UInt8]) -> String? { nil }

    func name(uid: String) throws -> String? {
        switch kind {
        case .contacts: if let person = try journal.person(uid: uid) { return person.displayName }
        case .events: if let event = try journal.event(uid: uid) { return event.title }
        }
        return try journal.syncBase(account: account, kind: kind, uid: uid).flatMap { ItemIdentity.name(of: $0) }
    }
}
