// One sync of one collection: ask the server what changed since the token, fetch the
// changed bodies, classify both sides against the status rows (all of them only when the
// server lists the whole collection; else just those the changes name), plan every item with
// `SyncPlanner`, then apply: pushes with ETags (`If-Match`, `If-None-Match: *`), pulls
// through the journal, each status row written right after its change, and the token
// saved last, so that a sync cut short anywhere resumes without duplicates or false
// conflicts. A 412 re-reads that one item and plans it again.
import Kith

/// Syncs collections, one at a time, between the journal and a server.
public struct SyncEngine: Sendable {
    /// Sync even when one side has become empty (the empty-side guard's override).
    public var force: Bool
    /// Plan only: read both sides, write nothing, return the plan.
    public var dryRun: Bool
    /// Checked before each item; a cancelled sync throws `JournalError.cancelled` with every
    /// item so far applied and recorded, and the token not saved.
    public var cancellation: Cancellation?
    /// How many times one item is read and planned again after a 412 before giving up.
    public var maxReplans = 3
    /// Told, after each item of a collection was looked at, how many of how many (a first
    /// upload of thousands of items goes at the server's pace, one PUT each). Not called in
    /// a dry run.
    public var progress: (@Sendable (SyncProgress) -> Void)?

    public init(force: Bool = false, dryRun: Bool = false, cancellation: Cancellation? = nil) {
        self.force = force
        self.dryRun = dryRun
        self.cancellation = cancellation
    }

    /// Syncs one collection.
    ///
    /// - Parameters:
    ///   - kind: what the collection holds.
    ///   - token: the sync token saved by the last sync, if any.
    ///   - remote: the server collection.
    ///   - replica: the journal's side of it.
    /// - Returns: what was done (or planned); `refused` is set when the empty-side guard
    ///   stopped it, in which case nothing was written.
    public func sync(kind: SyncKind, token: String?, remote: some RemoteCollection, replica: some SyncReplica) async throws -> CollectionReport {
        var run = CollectionRun(engine: self, kind: kind, remote: remote, replica: replica)
        return try await run.sync(token: token)
    }
}

/// How far a sync of one collection is: `done` of the `total` items it has to look at.
public struct SyncProgress: Sendable, Hashable {
    public var kind: SyncKind
    public var done: Int
    public var total: Int
}

/// The state of one collection's sync while it runs.
private struct CollectionRun<Remote: RemoteCollection, Replica: SyncReplica> {
    let engine: SyncEngine
    let kind: SyncKind
    let remote: Remote
    let replica: Replica
    var report: CollectionReport
    /// Status rows by UID (updated to the server's href and ETag when only those moved).
    var rows: [String: SyncStatus] = [:]
    /// The status rows as read, by UID.
    var stored: [String: SyncStatus] = [:]
    var localState: [String: SideChange] = [:]
    var remoteState: [String: SideChange] = [:]
    /// The server bodies read this sync, by UID.
    var remoteItems: [String: RemoteItem] = [:]
    /// What this sync wrote to the server: href → new ETag, and the hrefs it deleted.
    var written: [String: String] = [:]
    var erased: Set<String> = []

    init(engine: SyncEngine, kind: SyncKind, remote: Remote, replica: Replica) {
        self.engine = engine
        self.kind = kind
        self.remote = remote
        self.replica = replica
        self.report = CollectionReport(url: remote.url, kind: kind)
    }

    mutating func sync(token: String?) async throws -> CollectionReport {
        try engine.cancellation.checkSync()
        let changes = try await remoteChanges(since: token)
        report.incremental = !changes.isComplete
        try engine.cancellation.checkSync()

        // The status rows: all of them against a complete listing; after a delta, only the
        // rows its hrefs name, then those of the UIDs found in the bodies and changed in the
        // journal, so that a sync with nothing changed reads nothing in proportion to the journal.
        let statusCount: Int
        if changes.isComplete {
            let all = try replica.statusRows()
            for row in all { rows[row.uid] = row }
            statusCount = all.count
        } else {
            for row in try replica.statusRows(hrefs: changes.changed.map(\.href) + changes.deleted) { rows[row.uid] = row }
            statusCount = try replica.statusCount()
        }
        var uidByHref: [String: String] = [:]
        for row in rows.values { uidByHref[row.href] = row.uid }

        // The server's side: what is gone, and the bodies of what is new or has a new ETag.
        var goneHrefs = Set(changes.deleted)
        if changes.isComplete {
            let listed = Set(changes.changed.map(\.href))
            for row in rows.values where !listed.contains(row.href) { goneHrefs.insert(row.href) }
        }
        let stale = changes.changed.filter { entry in
            guard let uid = uidByHref[entry.href], let row = rows[uid] else { return true }
            return row.etag != entry.etag
        }
        let fetched = stale.isEmpty ? [] : try await remote.fetch(stale.map(\.href))
        let fetchedHrefs = Set(fetched.map(\.entry.href))
        for entry in stale where !fetchedHrefs.contains(entry.href) { goneHrefs.insert(entry.href) }

        // The journal's side.
        let local = try replica.localChanges()
        if !changes.isComplete {
            let named = fetched.compactMap { ItemIdentity.uid(of: $0.body) } + local.created + local.changed + local.deleted
            let missing = Array(Set(named.filter { rows[$0] == nil })).sorted()
            for row in try replica.statusRows(uids: missing) { rows[row.uid] = row }
        }
        stored = rows
        for uid in local.created { localState[uid] = rows[uid] == nil ? .created : .changed }
        for uid in local.changed { localState[uid] = .changed }
        for uid in local.deleted { localState[uid] = .deleted }

        for item in fetched { try classifyRemote(item) }
        for href in goneHrefs {
            if let uid = uidByHref[href], remoteItems[uid] == nil { remoteState[uid] = .deleted }
        }

        // The empty-side guard, before anything is written.
        let remoteCount: Int
        if changes.isComplete {
            remoteCount = Set(changes.changed.map(\.href)).count
        } else {
            let gone = remoteState.values.filter { $0 == .deleted }.count
            let new = remoteState.values.filter { $0 == .created }.count
            remoteCount = statusCount - gone + new
        }
        if let refusal = SyncPlanner.emptySideRefusal(statusCount: statusCount, localCount: local.count, remoteCount: remoteCount),
            !engine.force
        {
            report.refused = refusal
            return report
        }

        let uids = Set(localState.keys).union(remoteState.keys).union(remoteItems.keys).sorted()
        for (index, uid) in uids.enumerated() {
            if !engine.dryRun, let progress = engine.progress { progress(SyncProgress(kind: kind, done: index, total: uids.count)) }
            try engine.cancellation.checkSync()
            let action = try plan(uid)
            if action == .nothing {
                // Only the server's ETag or href moved (same body): keep the row current.
                if !engine.dryRun, let item = remoteItems[uid], let row = stored[uid], row.etag != item.entry.etag || row.href != item.entry.href {
                    try replica.record(uid: uid, entry: item.entry, body: item.body)
                }
                continue
            }
            var name: String?
            if engine.dryRun { name = try remoteItems[uid].flatMap { ItemIdentity.name(of: $0.body) } ?? replica.name(uid: uid) }
            report.plan.append(PlannedItem(uid: uid, action: action, href: rows[uid]?.href ?? remoteItems[uid]?.entry.href, name: name))
            if engine.dryRun {
                count(action)
            } else {
                try await apply(uid, action)
            }
        }
        if !engine.dryRun, let progress = engine.progress, !uids.isEmpty { progress(SyncProgress(kind: kind, done: uids.count, total: uids.count)) }
        if !engine.dryRun { try replica.saveToken(try await tokenAfterWrites(changes.token)) }
        return report
    }

    /// What changed on the server. With a token, first ask for the collection's token alone
    /// when that has proved worth it (or is not known yet): the same token means nothing
    /// changed, and the REPORT is not sent. Whether it is worth it is learnt from the syncs
    /// that send both: the probe must take less than half the REPORT's time (Xandikos: 4 ms
    /// against 1.5 s at 100,000 events; Radicale computes both from every item alike). A
    /// probe found not worth it is tried again one sync in eight (a server just started
    /// answers its first request slowly), and one that finds the token unchanged is worth it.
    mutating func remoteChanges(since token: String?) async throws -> RemoteChanges {
        guard let token else { return try await remote.changes(since: nil) }
        let known = try replica.tokenProbe()
        guard known != false || Int.random(in: 0..<8) == 0 else { return try await remote.changes(since: token) }
        let clock = ContinuousClock()
        let began = clock.now
        let current = try await remote.currentToken()
        let probed = clock.now - began
        try engine.cancellation.checkSync()
        if current == token {
            // It spared a REPORT: worth it, even if once found slow (a server just started).
            if known != true, !engine.dryRun { try replica.saveTokenProbe(true) }
            return RemoteChanges(isComplete: false, changed: [], deleted: [], token: token)
        }
        let reportStart = clock.now
        let changes = try await remote.changes(since: token)
        let worth = current != nil && probed * 2 < clock.now - reportStart
        if worth != known, !engine.dryRun { try replica.saveTokenProbe(worth) }
        return changes
    }

    /// The token to save. The one read at the start predates this sync's own writes: a
    /// server that answers a delta as the difference of two states (Xandikos) would then
    /// never report an item this sync created and someone later deleted. So after writing,
    /// ask again: when the only changes since are this sync's own, the new token is safe;
    /// otherwise keep the old one, and the next sync sees the others' changes.
    mutating func tokenAfterWrites(_ token: String?) async throws -> String? {
        guard let token, !written.isEmpty || !erased.isEmpty else { return token }
        let after = try await remote.changes(since: token)
        let onlyOurs =
            !after.isComplete && after.changed.allSatisfy { written[$0.href] == $0.etag }
            && after.deleted.allSatisfy { erased.contains($0) || written[$0] != nil }
        return onlyOurs ? after.token : token
    }

    /// Sorts one server body into created, changed or unchanged against its status row.
    mutating func classifyRemote(_ item: RemoteItem) throws {
        guard let uid = ItemIdentity.uid(of: item.body) else {
            report.skipped.append(item.entry.href)
            return
        }
        if let seen = remoteItems[uid] {
            // Two resources with one UID: keep the one the status row knows, skip the other.
            if rows[uid]?.href == item.entry.href {
                report.skipped.append(seen.entry.href)
            } else {
                report.skipped.append(item.entry.href)
                return
            }
        }
        remoteItems[uid] = item
        if let row = rows[uid] {
            if let digest = replica.digest(item.body), digest == row.hash {
                remoteState[uid] = .unchanged
                rows[uid] = SyncStatus(uid: uid, href: item.entry.href, etag: item.entry.etag, hash: row.hash, stamp: row.stamp)
            } else {
                remoteState[uid] = .changed
            }
        } else {
            remoteState[uid] = .created
        }
    }

    func plan(_ uid: String) throws -> SyncAction {
        let local = localState[uid] ?? .unchanged
        let remoteChange = remoteState[uid] ?? .unchanged
        var same = false
        let localHas = local == .created || local == .changed
        let remoteHas = remoteChange == .created || remoteChange == .changed
        if localHas, remoteHas, let item = remoteItems[uid] {
            same = try replica.matches(uid: uid, body: item.body)
        }
        return SyncPlanner.action(hasStatus: rows[uid] != nil, local: local, remote: remoteChange, sameContent: same)
    }

    mutating func count(_ action: SyncAction) {
        switch action {
        case .pushCreate, .pushUpdate: report.pushed += 1
        case .pushDelete: report.deletedRemotely += 1
        case .pullCreate, .pullUpdate: report.pulled += 1
        case .pullDelete: report.deletedLocally += 1
        case .merge: report.merged += 1
        case .adopt: report.adopted += 1
        case .forget, .nothing: break
        }
    }

    /// Applies one action; on a 412, reads the item again and applies its new plan.
    mutating func apply(_ uid: String, _ first: SyncAction) async throws {
        var action = first
        var attempt = 0
        while true {
            do {
                count(try await perform(uid, action))
                return
            } catch RemoteError.preconditionFailed(let href) {
                attempt += 1
                if attempt > engine.maxReplans { throw RemoteError.preconditionFailed(href: href) }
                report.replanned += 1
                try await reread(uid, href: href)
                action = try plan(uid)
                if action == .nothing { return }
            }
        }
    }

    /// Reads one resource again after a 412 and classifies it afresh.
    mutating func reread(_ uid: String, href: String) async throws {
        remoteItems[uid] = nil
        let items = try await remote.fetch([href])
        if let item = items.first, ItemIdentity.uid(of: item.body) == uid {
            remoteState[uid] = nil
            try classifyRemote(item)
        } else {
            remoteState[uid] = rows[uid] == nil ? .unchanged : .deleted
        }
    }

    /// Performs one action; returns what it turned out to be (a pull that changed nothing
    /// in the journal counts as adopted).
    mutating func perform(_ uid: String, _ action: SyncAction) async throws -> SyncAction {
        let row = rows[uid]
        switch action {
        case .nothing:
            return .nothing
        case .pushCreate:
            // Gone from the journal in the meantime: nothing to send.
            guard let body = try replica.body(uid: uid) else { return .nothing }
            let name = replica.resourceName(uid: uid)
            do {
                let entry = try await remote.create(name: name, body: body)
                written[entry.href] = entry.etag
                try replica.record(uid: uid, entry: entry, body: body)
            } catch RemoteError.preconditionFailed {
                // Something is at that name already: read it there (a create retried after a crash).
                throw RemoteError.preconditionFailed(href: Self.href(of: name, in: remote.url))
            }
        case .pushUpdate:
            guard let row, let body = try replica.body(uid: uid) else { return .nothing }
            let entry = try await remote.update(href: row.href, body: body, ifMatch: row.etag)
            written[entry.href] = entry.etag
            try replica.record(uid: uid, entry: entry, body: body)
        case .pushDelete:
            guard let row else { return .nothing }
            try await remote.delete(href: row.href, ifMatch: row.etag)
            erased.insert(row.href)
            try replica.forget(uid: uid)
        case .pullCreate, .pullUpdate, .merge:
            guard let item = remoteItems[uid] else { return .nothing }
            let outcome = try replica.apply(uid: uid, item: item)
            report.conflicts += outcome.conflicts
            // The journal now holds the server body as its base; a 412 on the push below
            // re-reads the item against that row, and merges again from it.
            rows[uid] = SyncStatus(uid: uid, href: item.entry.href, etag: item.entry.etag, hash: replica.digest(item.body) ?? "", stamp: rows[uid]?.stamp ?? 0)
            if outcome.needsPush, let body = try replica.body(uid: uid) {
                let entry = try await remote.update(href: item.entry.href, body: body, ifMatch: item.entry.etag)
                written[entry.href] = entry.etag
                try replica.record(uid: uid, entry: entry, body: body)
            }
            if !outcome.changed && !outcome.needsPush { return .adopt }
        case .pullDelete:
            try replica.deleteLocal(uid: uid)
        case .adopt:
            guard let item = remoteItems[uid] else { return .nothing }
            try replica.record(uid: uid, entry: item.entry, body: item.body)
        case .forget:
            try replica.forget(uid: uid)
        }
        return action
    }

    /// The href (path) of a resource named `name` in the collection at `url`.
    static func href(of name: String, in url: String) -> String {
        var path = Substring(url)
        if let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? "/"
        }
        return path.hasSuffix("/") ? path + name : path + "/" + name
    }
}

extension Optional where Wrapped == Cancellation {
    /// Throws `JournalError.cancelled` when there is a cancellation and it was cancelled.
    func checkSync() throws {
        if let c = self { try c.check() }
    }
}
