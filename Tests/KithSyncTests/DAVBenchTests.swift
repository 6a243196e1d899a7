import Foundation
import OutsideJudges
import Testing

@testable import KithSync

/// Figures, not checks: runs only with `KITH_DAV_BENCH=DIR`, a vdir written by `kith export
/// vdir` (DIR/contacts/*.vcf, DIR/calendar/*.ics). Seeds a Radicale's storage with the whole
/// vdir (as files: uploading 110,000 items one PUT at a time takes Radicale hours), then
/// times the whole listing and a sync-collection with nothing changed, one REPORT per
/// collection; and uploads `KITH_DAV_BENCH_UPLOAD` (default 1,000) cards one PUT at a time,
/// as a first sync does, against vdirsyncer uploading the same files to the same server.
///
/// 2026-11-27, debug build, 2 shared cores, Radicale 3.9.0, 4,973 cards of the bench journal:
/// first listing 84 s (Radicale parses every file once), again 2.3 s; a no-change
/// sync-collection is one REPORT with a 196-byte answer, but Radicale spends 0.83-0.98 s
/// on it (it recomputes the collection's state from every item): on Radicale the < 1 s
/// target for 100,000 events is the server's cost, not the client's.
@Suite(.serialized) struct DAVBenchTests {
    static let vdir = ProcessInfo.processInfo.environment["KITH_DAV_BENCH"]

    @Test(.enabled(if: vdir != nil)) func noChangeSyncAndUploadRate() async throws {
        let vdir = URL(fileURLWithPath: Self.vdir!)
        let server = try DAVTestServer(.radicale)
        defer { server.stop() }
        let fm = FileManager.default
        let root = server.folder.appendingPathComponent("storage/collection-root/kith")
        for (name, tag, source) in [("contacts", "VADDRESSBOOK", "contacts"), ("calendar", "VCALENDAR", "calendar")] {
            let dir = root.appendingPathComponent(name)
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            try "{\"tag\": \"\(tag)\", \"D:displayname\": \"Kith\"}".write(to: dir.appendingPathComponent(".Radicale.props"), atomically: true, encoding: .utf8)
            for file in try fm.contentsOfDirectory(atPath: vdir.appendingPathComponent(source).path) {
                try fm.copyItem(at: vdir.appendingPathComponent(source).appendingPathComponent(file), to: dir.appendingPathComponent(file))
            }
        }
        func seconds(_ start: ContinuousClock.Instant) -> String {
            String(
                format: "%.3f s", Double((ContinuousClock.now - start).components.attoseconds) / 1e18 + Double((ContinuousClock.now - start).components.seconds)
            )
        }
        try await DAVSession.with(baseURL: server.rootURL, user: server.user, timeouts: .init(connect: .seconds(10), read: .seconds(1800))) { session in
            for (name, kind) in [("contacts", DAVCollectionKind.addressBook), ("calendar", .calendar)] {
                let collection = DAVCollection(session: session, url: "/kith/\(name)/", kind: kind)
                var start = ContinuousClock.now
                let full = try await collection.changes(since: nil)
                print("bench \(name): whole listing (PROPFIND Depth 1, first: Radicale parses every item) \(full.changed.count) items in \(seconds(start))")
                start = ContinuousClock.now
                let again = try await collection.changes(since: nil)
                print("bench \(name): whole listing again \(again.changed.count) items in \(seconds(start))")
                let token = try #require(again.token)
                let before = server.log.components(separatedBy: "REPORT request").count
                for run in 1...3 {
                    start = ContinuousClock.now
                    let none = try await collection.changes(since: token)
                    #expect(none.changed.isEmpty && none.deleted.isEmpty)
                    print("bench \(name): no-change sync-collection run \(run): \(seconds(start))")
                }
                let requests = server.log.components(separatedBy: "REPORT request").count - before
                print("bench \(name): \(requests) REPORT requests for 3 no-change syncs")
            }
            // Upload: one PUT per card, If-None-Match: *, as a first sync sends them.
            let count = Int(ProcessInfo.processInfo.environment["KITH_DAV_BENCH_UPLOAD"] ?? "1000") ?? 1000
            let files = try fm.contentsOfDirectory(atPath: vdir.appendingPathComponent("contacts").path).sorted().prefix(count)
            let made = try await session.send(
                "MKCOL", DAVHref.resolve("/kith/up-kith/", against: session.baseURL), headers: [("Content-Type", "application/xml")],
                body: DAVRequestBody.mkcolAddressBook(displayName: "up-kith"))
            #expect(made.status == 201)
            let upload = try await session.collection(at: "/kith/up-kith/", kind: .addressBook)
            let start = ContinuousClock.now
            for file in files {
                let body = try Data(contentsOf: vdir.appendingPathComponent("contacts").appendingPathComponent(file))
                _ = try await upload.create(name: file, body: Array(body))
            }
            print("bench upload: Kith DAV \(files.count) cards in \(seconds(start))")
        }
    }
}
