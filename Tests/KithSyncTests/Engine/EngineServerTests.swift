import Foundation
import Testing

@testable import KithSync

/// The engine with the real DAV client against real Radicale and Xandikos: two in-memory
/// journals syncing through one server, and a third client writing to it directly.
@Suite(.serialized) struct EngineServerTests {
    static let servers = DAVServerKind.allCases.filter(\.shouldRun)

    func cards(_ replica: MemoryReplica) -> [String: [String: String]] { replica.cards.mapValues(\.fields) }

    @Test("Two journals converge through one server, edits and deletions both ways", arguments: servers)
    func twoJournals(kind: DAVServerKind) async throws {
        try await DAVServerTests.withKith(kind) { _, _, book, _ in
            let a = MemoryReplica(), b = MemoryReplica()
            a.add("ada", ["FN": "Ada Lovelace", "TEL": "+44 1"])
            a.add("a/b@example.org", ["FN": "Slash At"])
            a.add("Zoë Ünï", ["FN": "Zoë"])
            let engine = SyncEngine()
            func sync(_ r: MemoryReplica) async throws -> CollectionReport {
                try await engine.sync(kind: .contacts, token: r.token, remote: book, replica: r)
            }
            #expect(try await sync(a).pushed == 3)
            #expect(!(try await sync(a)).changedAnything)
            #expect(try await sync(b).pulled == 3)
            #expect(cards(b) == cards(a))

            // Another client renames Ada on the server: both journals get it.
            let listing = try await book.changes(since: nil)
            let items = try await book.fetch(listing.changed.map(\.href))
            let ada = try #require(items.first { ItemIdentity.uid(of: $0.body) == "ada" })
            let edited = String(decoding: ada.body, as: UTF8.self).replacingOccurrences(of: "FN:Ada Lovelace", with: "FN:Ada King")
            _ = try await book.update(href: ada.entry.href, body: Array(edited.utf8), ifMatch: ada.entry.etag)
            #expect(try await sync(a).pulled == 1)
            #expect(try await sync(b).pulled == 1)
            #expect(a.cards["ada"]?.fields["FN"] == "Ada King" && cards(b) == cards(a))

            // B deletes one, A edits another field of Ada while B edits her phone: merged.
            b.cards["Zoë Ünï"] = nil
            b.cards["ada"]!.fields["TEL"] = "+44 2"
            a.cards["ada"]!.fields["EMAIL"] = "ada@example.org"
            let fromB = try await sync(b)
            #expect(fromB.deletedRemotely == 1 && fromB.pushed == 1)
            let fromA = try await sync(a)
            #expect(fromA.deletedLocally == 1 && fromA.merged == 1 && fromA.conflicts.isEmpty)
            #expect(try await sync(b).pulled == 1)
            #expect(cards(b) == cards(a))
            #expect(a.cards["ada"]?.fields["TEL"] == "+44 2" && a.cards["ada"]?.fields["EMAIL"] == "ada@example.org")
            #expect(a.cards.keys.sorted() == ["a/b@example.org", "ada"])
            // Quiet on both sides now.
            #expect(!(try await sync(a)).changedAnything)
            #expect(!(try await sync(b)).changedAnything)
        }
    }

    @Test("The empty-side guard on a real server: a wiped collection deletes nothing here", arguments: servers)
    func emptiedServer(kind: DAVServerKind) async throws {
        try await DAVServerTests.withKith(kind) { _, _, book, _ in
            let a = MemoryReplica()
            a.add("ada", ["FN": "Ada"])
            a.add("alan", ["FN": "Alan"])
            _ = try await SyncEngine().sync(kind: .contacts, token: a.token, remote: book, replica: a)
            for entry in try await book.changes(since: nil).changed { try await book.delete(href: entry.href, ifMatch: entry.etag) }
            let report = try await SyncEngine().sync(kind: .contacts, token: a.token, remote: book, replica: a)
            #expect(report.refused == .remoteEmptied(items: 2))
            #expect(a.cards.count == 2)
        }
    }
}
