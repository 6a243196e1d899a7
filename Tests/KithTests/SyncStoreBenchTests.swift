import Foundation
import GRDB
import Testing

@testable import Kith

/// Figures for issue 20's no-change sync on a large journal: run with `KITH_SYNC_BENCH` set
/// to a copy of the bench journal (never the original: this writes to it).
@Suite("Sync store figures")
struct SyncStoreBenchTests {
    @Test("with nothing changed, finding what to push is a range scan", .enabled(if: ProcessInfo.processInfo.environment["KITH_SYNC_BENCH"] != nil))
    func noChangeOnTheBenchJournal() throws {
        let path = try #require(ProcessInfo.processInfo.environment["KITH_SYNC_BENCH"])
        func seconds(_ body: () throws -> Void) rethrows -> Double {
            let t = Date()
            try body()
            return Date().timeIntervalSince(t)
        }
        var journal: Journal?
        let open = try seconds { journal = try Journal(path: path) }
        let j = try #require(journal)
        try? j.addSyncAccount(SyncAccount(name: "bench", url: "http://127.0.0.1:1/"))
        try j.setSyncCollection(account: "bench", kind: .contacts, url: "http://127.0.0.1:1/c/")
        try j.setSyncCollection(account: "bench", kind: .events, url: "http://127.0.0.1:1/e/")
        // Every item "synced": status rows as a first sync would leave them (bodies left empty).
        let fill = try seconds {
            try j.dbQueue.write { db in
                for (kind, table, code) in [("contacts", "person", 0), ("events", "event", 1)] {
                    try db.execute(
                        sql: """
                            INSERT OR REPLACE INTO syncStatus (collectionId, uid, href, etag, hash, stamp, body)
                            SELECT c.id, t.uid, '/x/' || t.uid, '"1"', '', ifnull(s.id, 0), x''
                            FROM \(table) t JOIN syncCollection c ON c.kind = ? LEFT JOIN syncChange s ON s.kind = ? AND s.uid = t.uid
                            """, arguments: [kind, code])
                }
            }
        }
        var withRows: [SyncState] = []
        let allRows = try seconds {
            withRows = [try j.syncState(account: "bench", kind: .contacts), try j.syncState(account: "bench", kind: .events)]
        }
        #expect(withRows[1].status.count > 0)
        var full: [SyncState] = []
        let fullScan = try seconds {
            full = [
                try j.syncState(account: "bench", kind: .contacts, includeStatus: false),
                try j.syncState(account: "bench", kind: .events, includeStatus: false),
            ]
        }
        for (s, kind) in zip(full, [SyncKind.contacts, .events]) {
            #expect(s.changed.isEmpty && s.created.isEmpty && s.deleted.isEmpty)
            try j.setSyncToken(account: "bench", kind: kind, token: "t", checked: s.checked)
        }
        var again: [SyncState] = []
        let incremental = try seconds {
            again = [
                try j.syncState(account: "bench", kind: .contacts, includeStatus: false),
                try j.syncState(account: "bench", kind: .events, includeStatus: false),
            ]
        }
        #expect(again.allSatisfy { $0.changed.isEmpty && $0.created.isEmpty && $0.deleted.isEmpty })
        // One edit shows, alone.
        let someone = try #require(try j.people().first)
        try j.editPerson(id: someone.id) { $0.note += " (edited)" }
        let one = try j.syncState(account: "bench", kind: .contacts)
        #expect(one.changed.count == 1)
        let counts = "\(withRows[0].status.count) people, \(withRows[1].status.count) events"
        print(
            "sync-bench: \(counts); open+migrate \(String(format: "%.2f", open)) s; status rows \(String(format: "%.2f", fill)) s;"
                + " state, full comparison \(String(format: "%.3f", fullScan)) s; state, nothing changed \(String(format: "%.3f", incremental)) s;"
                + " full comparison with every status row read \(String(format: "%.3f", allRows)) s")
    }
}
