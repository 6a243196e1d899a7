import Foundation
import Testing

@testable import KithSync

/// A server that fails mid-sync (through `fault_proxy.py` in front of Radicale): the sync
/// ends with a clear `RemoteError`, and the next sync completes with every item on both
/// sides once: nothing lost, nothing duplicated.
@Suite(.serialized) struct DAVFaultTests {
    /// METHOD:N:ACTION rules. A sync from scratch of 6 local and 2 server cards sends: the
    /// PROPFIND listing, one multiget REPORT, then 6 PUTs.
    static let faults = ["PUT:3:500", "PUT:2:412", "PUT:4:409", "PUT:1:404", "REPORT:1:500", "PROPFIND:1:500", "PUT:2:stall", "REPORT:1:stall"]

    @Test("A fault mid-sync: a clear error, then the next sync completes with nothing lost or duplicated", arguments: faults)
    func faultThenRecovery(rule: String) async throws {
        guard DAVServerKind.radicale.shouldRun else { return }
        let server = try DAVTestServer(.radicale)
        defer { server.stop() }
        let timeouts = DAVTimeouts(connect: .seconds(3), read: .milliseconds(1500))
        // The collection and two cards another client made, straight to the server.
        let bookPath = try await DAVSession.with(baseURL: server.rootURL, user: server.user, password: "x") { session in
            let (book, _) = try await session.ensureKithCollections(try await session.discover())
            for uid in ["srv-1", "srv-2"] {
                _ = try await book.create(name: "\(uid).vcf", body: MemoryCard(uid: uid, fields: ["FN": "Server \(uid)"]).body)
            }
            return book.path
        }
        let replica = MemoryReplica()
        for i in 1...6 { replica.add("loc-\(i)", ["FN": "Local \(i)", "NOTE": "n\(i)"]) }

        let proxy = try FaultProxy(upstream: "http://127.0.0.1:\(server.port)", rules: [rule])
        defer { proxy.stop() }
        let first: Result<CollectionReport, any Error> = await DAVSession.withResult(baseURL: proxy.url, user: server.user, timeouts: timeouts) { session in
            try await SyncEngine().sync(
                kind: .contacts, token: nil, remote: DAVCollection(session: session, url: bookPath, kind: .addressBook), replica: replica)
        }
        #expect(proxy.injected.count == 1, "the fault \(rule) was injected")
        switch first {
        case .success(let report):
            // Only a 412 on a create may be absorbed: the engine re-reads and re-plans the item.
            #expect(rule.contains(":412"), "the sync succeeded despite \(rule): \(report)")
        case .failure(let error):
            let remote = try #require(error as? RemoteError, "\(error)")
            let text = "\(remote)"
            if rule.hasSuffix("stall") {
                guard case .unreachable(_, let reason) = remote else { Issue.record("\(text)"); return }
                #expect(reason.contains("no answer"))
            } else {
                #expect(text.contains("127.0.0.1:\(proxy.port)") || text.contains(bookPath), "the error names where: \(text)")
            }
        }
        // The next sync, through the same proxy (the rule fired once), completes.
        let second = try await DAVSession.with(baseURL: proxy.url, user: server.user, timeouts: timeouts) { session in
            try await SyncEngine().sync(
                kind: .contacts, token: replica.token, remote: DAVCollection(session: session, url: bookPath, kind: .addressBook), replica: replica)
        }
        #expect(second.refused == nil)
        // Both sides hold the same 8 UIDs, once each.
        let wanted = Set((1...6).map { "loc-\($0)" } + ["srv-1", "srv-2"])
        #expect(Set(replica.cards.keys) == wanted)
        try await DAVSession.with(baseURL: server.rootURL, user: server.user) { session in
            let book = DAVCollection(session: session, url: bookPath, kind: .addressBook)
            let listing = try await book.changes(since: nil)
            let items = try await book.fetch(listing.changed.map(\.href))
            let uids = items.compactMap { ItemIdentity.uid(of: $0.body) }
            #expect(uids.count == 8, "one resource per UID on the server: \(uids.sorted())")
            #expect(Set(uids) == wanted)
            for item in items {
                let uid = try #require(ItemIdentity.uid(of: item.body))
                #expect(MemoryCard(body: item.body) == replica.cards[uid], "\(uid) is the same on both sides")
            }
        }
        // And a third sync has nothing to do.
        let third = try await DAVSession.with(baseURL: proxy.url, user: server.user, timeouts: timeouts) { session in
            try await SyncEngine().sync(
                kind: .contacts, token: replica.token, remote: DAVCollection(session: session, url: bookPath, kind: .addressBook), replica: replica)
        }
        #expect(!third.changedAnything, "\(third)")
    }
}

extension DAVSession {
    /// `with`, the body's error kept as a value (the session is closed either way).
    static func withResult<T: Sendable>(
        baseURL: String, user: String?, timeouts: DAVTimeouts, _ body: (DAVSession) async throws -> T
    ) async -> Result<T, any Error> {
        do {
            return .success(try await DAVSession.with(baseURL: baseURL, user: user, timeouts: timeouts, body))
        } catch {
            return .failure(error)
        }
    }
}
