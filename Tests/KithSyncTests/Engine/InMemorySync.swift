// In-memory stand-ins for both sides of a sync, for the engine's unit tests: a server
// collection with ETags, sync tokens and the 412s a real one answers, and a journal side
// holding items as fields with a three-way field merge. The end-to-end tests use the real
// journal and real servers.
import Foundation
import Kith

@testable import KithSync

/// A server collection in memory: ETags change on every write, a token names a version,
/// and every write honours `If-Match` / `If-None-Match: *` as a DAV server does.
final class MemoryRemote: RemoteCollection, @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    let url: String
    private var resources: [String: (etag: String, body: [UInt8])] = [:]
    private var version = 0
    /// For each href, the version of its last write or deletion (deletions in `gone`).
    private var written: [String: Int] = [:]
    private var gone: [String: Int] = [:]
    private var etagCounter = 0
    /// Whether `changes(since:)` answers deltas (sync-collection) or whole listings only.
    var offersSyncCollection = true
    /// Called before a write with its method and href; may change the store (another client).
    var beforeWrite: ((String, String) -> Void)?
    private(set) var requests: [String] = []

    init(url: String = "http://127.0.0.1:1/kith/contacts/") { self.url = url }

    var path: String { SyncEngineHref.path(of: url) }

    private func nextETag() -> String {
        etagCounter += 1
        return "\"e\(etagCounter)\""
    }

    /// Another client writes `body` at `name` (creating or replacing it).
    @discardableResult
    func put(name: String, body: String) -> RemoteEntry {
        lock.lock(); defer { lock.unlock() }
        return store(path + name, Array(body.utf8))
    }

    /// Another client deletes the resource.
    func remove(href: String) {
        lock.lock(); defer { lock.unlock() }
        erase(href)
    }

    /// Another client deletes everything.
    func removeAll() {
        lock.lock(); defer { lock.unlock() }
        for href in resources.keys { erase(href) }
    }

    private func store(_ href: String, _ body: [UInt8]) -> RemoteEntry {
        version += 1
        let etag = nextETag()
        resources[href] = (etag, body)
        written[href] = version
        gone[href] = nil
        return RemoteEntry(href: href, etag: etag)
    }

    private func erase(_ href: String) {
        version += 1
        resources[href] = nil
        written[href] = nil
        gone[href] = version
    }

    var bodies: [String: String] {
        lock.lock(); defer { lock.unlock() }
        return resources.mapValues { String(decoding: $0.body, as: UTF8.self) }
    }

    var hrefs: [String] { bodies.keys.sorted() }

    func changes(since token: String?) async throws -> RemoteChanges {
        return lock.withLock {
            requests.append("changes")
            let now = offersSyncCollection ? String(version) : nil
            if offersSyncCollection, let token, let since = Int(token), since <= version {
                let changed = written.filter { $0.value > since }.keys.sorted().map { RemoteEntry(href: $0, etag: resources[$0]!.etag) }
                let deleted = gone.filter { $0.value > since }.keys.sorted()
                return RemoteChanges(isComplete: false, changed: changed, deleted: deleted, token: now)
            }
            let all = resources.keys.sorted().map { RemoteEntry(href: $0, etag: resources[$0]!.etag) }
            return RemoteChanges(isComplete: true, changed: all, deleted: [], token: now)
        }
    }

    /// Whether it answers `currentToken()` (a server that keeps its token).
    var offersTokenProbe = true

    func currentToken() async throws -> String? {
        return lock.withLock {
            requests.append("token")
            return offersSyncCollection && offersTokenProbe ? String(version) : nil
        }
    }

    func fetch(_ hrefs: [String]) async throws -> [RemoteItem] {
        return lock.withLock {
            requests.append("fetch \(hrefs.count)")
            return hrefs.compactMap { href in resources[href].map { RemoteItem(entry: RemoteEntry(href: href, etag: $0.etag), body: $0.body) } }
        }
    }

    func create(name: String, body: [UInt8]) async throws -> RemoteEntry {
        let href = path + name
        beforeWrite?("PUT", href)
        return try lock.withLock {
            requests.append("create \(name)")
            if resources[href] != nil { throw RemoteError.preconditionFailed(href: href) }
            return store(href, body)
        }
    }

    func update(href: String, body: [UInt8], ifMatch etag: String) async throws -> RemoteEntry {
        beforeWrite?("PUT", href)
        return try lock.withLock {
            requests.append("update \(href)")
            guard let current = resources[href], current.etag == etag else { throw RemoteError.preconditionFailed(href: href) }
            return store(href, body)
        }
    }

    func delete(href: String, ifMatch etag: String) async throws {
        beforeWrite?("DELETE", href)
        try lock.withLock {
            requests.append("delete \(href)")
            guard let current = resources[href] else { return }
            guard current.etag == etag else { throw RemoteError.preconditionFailed(href: href) }
            erase(href)
        }
    }
}

enum SyncEngineHref {
    static func path(of url: String) -> String {
        var s = Substring(url)
        if let r = s.range(of: "://") { s = s[r.upperBound...]; s = s.firstIndex(of: "/").map { s[$0...] } ?? "/" }
        return String(s)
    }
}

/// A card as fields (`FN`, `TEL`, `NOTE` …), rendered and read in a minimal vCard.
struct MemoryCard: Hashable {
    var uid: String
    var fields: [String: String]

    var body: [UInt8] {
        var lines = ["BEGIN:VCARD", "VERSION:4.0", "UID:\(uid)"]
        for key in fields.keys.sorted() { lines.append("\(key):\(fields[key]!)") }
        lines.append("END:VCARD")
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    init(uid: String, fields: [String: String]) {
        self.uid = uid
        self.fields = fields
    }

    init?(body: [UInt8]) {
        guard let uid = ItemIdentity.uid(of: body) else { return nil }
        self.uid = uid
        var fields: [String: String] = [:]
        for line in String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = String(parts[0])
            if ["BEGIN", "END", "VERSION", "UID"].contains(key) { continue }
            fields[key] = String(parts[1])
        }
        self.fields = fields
    }
}

/// The journal's side in memory: cards by UID, status rows with their base card, and a
/// three-way field merge in which the server's value wins a field both sides changed (the
/// losing value is reported).
final class MemoryReplica: SyncReplica {
    var cards: [String: MemoryCard] = [:]
    var rows: [String: (status: SyncStatus, base: MemoryCard, synced: MemoryCard)] = [:]
    var token: String?
    var tokenSaves = 0
    /// Called before each write, with its name (to cut a sync short).
    var beforeWrite: ((String) throws -> Void)?

    func add(_ uid: String, _ fields: [String: String]) { cards[uid] = MemoryCard(uid: uid, fields: fields) }

    /// How many status rows the engine has read (a delta with nothing in it reads none).
    var rowsRead = 0

    func statusRows() throws -> [SyncStatus] { counted(rows.values.map(\.status)) }

    func statusRows(hrefs: [String]) throws -> [SyncStatus] {
        let wanted = Set(hrefs)
        return counted(rows.values.map(\.status).filter { wanted.contains($0.href) })
    }

    func statusRows(uids: [String]) throws -> [SyncStatus] { counted(uids.compactMap { rows[$0]?.status }) }

    func statusCount() throws -> Int { rows.count }

    private func counted(_ read: [SyncStatus]) -> [SyncStatus] {
        rowsRead += read.count
        return read
    }

    func localChanges() throws -> LocalChanges {
        var changes = LocalChanges(count: cards.count)
        for (uid, card) in cards.sorted(by: { $0.key < $1.key }) {
            if let row = rows[uid] {
                if row.synced != card { changes.changed.append(uid) }
            } else {
                changes.created.append(uid)
            }
        }
        changes.deleted = rows.keys.filter { cards[$0] == nil }.sorted()
        return changes
    }

    func body(uid: String) throws -> [UInt8]? { cards[uid]?.body }

    func matches(uid: String, body: [UInt8]) throws -> Bool { MemoryCard(body: body) == cards[uid] }

    func apply(uid: String, item: RemoteItem) throws -> ApplyOutcome {
        try beforeWrite?("apply")
        guard let theirs = MemoryCard(body: item.body) else { return ApplyOutcome() }
        var outcome = ApplyOutcome(changed: MemoryCard(body: item.body) != cards[uid])
        var merged = theirs
        if let mine = cards[uid] {
            let base = rows[uid]?.base.fields ?? [:]
            for key in Set(mine.fields.keys).union(theirs.fields.keys).union(base.keys) {
                let b = base[key], m = mine.fields[key], t = theirs.fields[key]
                if m == t || m == b { continue }
                if t == b {
                    merged.fields[key] = m
                } else {
                    outcome.conflicts.append(
                        SyncConflict(
                            account: "memory", kind: .contacts, uid: uid, item: theirs.fields["FN"] ?? uid, field: key, kept: t ?? "", lost: m ?? "",
                            keptSide: .remote, lostKeptIn: "note", at: Date()))
                }
            }
            outcome.needsPush = merged != theirs
        }
        cards[uid] = merged
        rows[uid] = (SyncStatus(uid: uid, href: item.entry.href, etag: item.entry.etag, hash: digest(item.body)!, stamp: 0), theirs, merged)
        if outcome.needsPush { rows[uid]!.synced = theirs }
        return outcome
    }

    func deleteLocal(uid: String) throws {
        try beforeWrite?("deleteLocal")
        cards[uid] = nil
        rows[uid] = nil
    }

    func record(uid: String, entry: RemoteEntry, body: [UInt8]) throws {
        try beforeWrite?("record")
        let card = MemoryCard(body: body)!
        rows[uid] = (SyncStatus(uid: uid, href: entry.href, etag: entry.etag, hash: digest(body)!, stamp: 0), card, card)
    }

    func forget(uid: String) throws {
        try beforeWrite?("forget")
        rows[uid] = nil
    }

    var probe: Bool?
    func tokenProbe() throws -> Bool? { probe }
    func saveTokenProbe(_ worth: Bool) throws { probe = worth }

    func saveToken(_ token: String?) throws {
        self.token = token
        tokenSaves += 1
    }

    func name(uid: String) throws -> String? { (cards[uid] ?? rows[uid]?.base)?.fields["FN"] }

    // Not SHA-256, but a faithful stand-in: equal bytes, equal digest.
    func digest(_ bytes: [UInt8]) -> String? { Data(bytes).base64EncodedString() }

    func resourceName(uid: String) -> String {
        let plain = uid.utf8.allSatisfy {
            $0 < 0x80
                && ($0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || Character(UnicodeScalar($0)).isLetter
                    || Character(UnicodeScalar($0)).isNumber)
        }
        return (plain ? uid : Data(uid.utf8).map { String(format: "%02x", $0) }.joined()) + ".vcf"
    }
}
