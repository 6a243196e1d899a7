import Foundation
import OutsideJudges
import Testing

@testable import KithSync

/// The DAV client against real Radicale and Xandikos servers, each test with its own server
/// (free port, temporary storage), stopped by process id at the end.
@Suite(.serialized) struct DAVServerTests {
    static let servers = DAVServerKind.allCases.filter(\.shouldRun)

    static func card(uid: String, name: String) -> [UInt8] {
        Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nN:\(name);;;;\r\nEND:VCARD\r\n".utf8)
    }

    static func event(uid: String, summary: String) -> [UInt8] {
        Array(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kith//Tests//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\n"
                + "DTSTART:20260102T100000Z\r\nDTEND:20260102T110000Z\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
    }

    /// The UID inside a body (first `UID:` line).
    static func uid(_ body: [UInt8]) -> String? {
        String(decoding: body, as: UTF8.self).components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
    }

    /// Starts `kind`, opens a session on its root URL, finds or creates the Kith collections.
    static func withKith<T: Sendable>(
        _ kind: DAVServerKind, _ body: (DAVTestServer, DAVSession, DAVCollection, DAVCollection) async throws -> T
    ) async throws -> T {
        let server = try DAVTestServer(kind)
        defer { server.stop() }
        return try await DAVSession.with(
            baseURL: server.rootURL, user: server.user, password: "unused", timeouts: .init(connect: .seconds(5), read: .seconds(20))
        ) {
            session in
            let homes = try await session.discover()
            let (book, calendar) = try await session.ensureKithCollections(homes)
            return try await body(server, session, book, calendar)
        }
    }

    @Test("Discovery from the server root finds the homes and creates one Kith address book and calendar", arguments: servers)
    func discovery(kind: DAVServerKind) async throws {
        let server = try DAVTestServer(kind)
        defer { server.stop() }
        try await DAVSession.with(baseURL: server.rootURL, user: server.user, password: "x", timeouts: .init(connect: .seconds(5), read: .seconds(20))) {
            session in
            let homes = try await session.discover()
            #expect(homes.principal != nil)
            #expect(homes.addressBookHome != nil)
            #expect(homes.calendarHome != nil)
            let (book, calendar) = try await session.ensureKithCollections(homes)
            #expect(book.kind == .addressBook && calendar.kind == .calendar)
            #expect(book.url.hasSuffix("/kith-people/") && calendar.url.hasSuffix("/kith-events/"))
            // Found again, not created twice.
            let again = try await session.discover()
            #expect(again.addressBooks.filter { $0.displayName == "Kith" }.count == 1)
            #expect(again.calendars.filter { $0.displayName == "Kith" }.count == 1)
            let info = try #require(again.calendars.first { $0.displayName == "Kith" })
            #expect(info.takesEvents)
            #expect(info.syncToken != nil, "both servers offer RFC 6578 sync tokens")
            let (book2, calendar2) = try await session.ensureKithCollections(again)
            #expect(book2.url == book.url && calendar2.url == calendar.url)
            // The collection's own URL works as the starting point too.
            let direct = try await session.collection(at: book.url, kind: .addressBook)
            #expect(direct.url == book.url)
            await #expect(throws: RemoteError.self) { try await session.collection(at: calendar.url, kind: .addressBook) }
        }
    }

    @Test("Create, update and delete with ETags; 412 on a stale If-Match and on If-None-Match over an item", arguments: servers)
    func writesWithETags(kind: DAVServerKind) async throws {
        try await Self.withKith(kind) { _, _, book, calendar in
            let created = try await book.create(name: "ada.vcf", body: Self.card(uid: "ada", name: "Ada"))
            #expect(created.etag.hasPrefix("\""))
            #expect(created.href == book.path + "ada.vcf")
            await #expect(throws: RemoteError.preconditionFailed(href: book.path + "ada.vcf")) {
                try await book.create(name: "ada.vcf", body: Self.card(uid: "ada", name: "Someone else"))
            }
            let updated = try await book.update(href: created.href, body: Self.card(uid: "ada", name: "Ada Lovelace"), ifMatch: created.etag)
            #expect(updated.etag != created.etag)
            await #expect(throws: RemoteError.preconditionFailed(href: created.href)) {
                try await book.update(href: created.href, body: Self.card(uid: "ada", name: "Stale"), ifMatch: created.etag)
            }
            let items = try await book.fetch([created.href])
            #expect(items.count == 1)
            #expect(items.first?.entry.etag == updated.etag)
            let text = String(decoding: items.first?.body ?? [], as: UTF8.self)
            #expect(text.contains("FN:Ada Lovelace\r\n"))
            await #expect(throws: RemoteError.preconditionFailed(href: created.href)) {
                try await book.delete(href: created.href, ifMatch: created.etag)
            }
            try await book.delete(href: created.href, ifMatch: updated.etag)
            #expect(try await book.fetch([created.href]).isEmpty)
            // Deleting what is gone succeeds.
            try await book.delete(href: created.href, ifMatch: updated.etag)

            let event = try await calendar.create(name: "tea.ics", body: Self.event(uid: "tea", summary: "Tea"))
            let events = try await calendar.fetch([event.href])
            #expect(events.map(\.entry) == [event])
            #expect(Self.uid(events[0].body) == "tea")
        }
    }

    @Test("sync-collection gives the delta with a deleted item; an invalid token gives a complete listing", arguments: servers)
    func syncCollectionDelta(kind: DAVServerKind) async throws {
        try await Self.withKith(kind) { _, _, book, calendar in
            for collection in [book, calendar] {
                let empty = try await collection.changes(since: nil)
                #expect(empty.isComplete && empty.changed.isEmpty)
                let start = try #require(empty.token)
                var entries: [RemoteEntry] = []
                for i in 0..<3 {
                    let body = collection.kind == .addressBook ? Self.card(uid: "p\(i)", name: "P\(i)") : Self.event(uid: "e\(i)", summary: "E\(i)")
                    entries.append(try await collection.create(name: "item\(i)" + (collection.kind == .addressBook ? ".vcf" : ".ics"), body: body))
                }
                let first = try await collection.changes(since: start)
                #expect(!first.isComplete)
                #expect(Set(first.changed) == Set(entries))
                let token = try #require(first.token)
                // Nothing changed: an empty delta.
                let none = try await collection.changes(since: token)
                #expect(none.changed.isEmpty && none.deleted.isEmpty && !none.isComplete)
                // The collection's token alone (PROPFIND Depth 0) is the same one, until a change.
                #expect(try await collection.currentToken() == token)
                try await collection.delete(href: entries[1].href, ifMatch: entries[1].etag)
                let body = collection.kind == .addressBook ? Self.card(uid: "p2", name: "P2 changed") : Self.event(uid: "e2", summary: "E2 changed")
                let changed = try await collection.update(href: entries[2].href, body: body, ifMatch: entries[2].etag)
                let probed = try await collection.currentToken()
                #expect(probed != nil && probed != token)
                let delta = try await collection.changes(since: token)
                #expect(!delta.isComplete)
                #expect(delta.deleted == [entries[1].href])
                #expect(delta.changed == [changed])
                // A token the server never gave: a whole listing, never an error.
                let full = try await collection.changes(since: "http://example.invalid/sync/0")
                #expect(full.isComplete)
                #expect(Set(full.changed) == Set([entries[0], changed]))
                #expect(full.token != nil)
                // Multiget of all, plus one that is gone.
                let items = try await collection.fetch(full.changed.map(\.href) + [entries[1].href])
                #expect(Set(items.map(\.entry)) == Set(full.changed))
            }
        }
    }

    @Test("UIDs and names with '/', '@', spaces and non-ASCII; hrefs other clients chose", arguments: servers)
    func awkwardNames(kind: DAVServerKind) async throws {
        try await Self.withKith(kind) { _, session, book, _ in
            let start = try #require(try await book.changes(since: nil).token)
            // Kith's own names: the UID when safe, a SHA-256-hex name otherwise.
            let uids = ["plain-uid_1.2", "a/b@example.com", "with space", "zoë-日本"]
            var mine: [String: RemoteEntry] = [:]
            for uid in uids {
                let name = try Self.resourceName(uid) + ".vcf"
                mine[uid] = try await book.create(name: name, body: Self.card(uid: uid, name: "N \(uid)"))
            }
            // Another client's names, spelled raw by it (percent-encoded on the wire).
            var theirs: [String: String] = [:]
            for (i, name) in ["jo@example.com.vcf", "a b.vcf", "zoë.vcf", "x+y;z.vcf"].enumerated() {
                let response = try await session.send(
                    "PUT", DAVHref.resolve(book.path + DAVHref.encodeSegment(name), against: book.collectionURL),
                    headers: [("Content-Type", "text/vcard")], body: Self.card(uid: "other-\(i)", name: "Other \(i)"))
                #expect(response.isSuccess, "PUT \(name): \(response.status)")
                theirs["other-\(i)"] = book.path + DAVHref.encodeSegment(name)
            }
            let delta = try await book.changes(since: start)
            let listing = try await book.changes(since: nil)
            #expect(Set(delta.changed.map(\.href)) == Set(listing.changed.map(\.href)), "the same hrefs from sync-collection and PROPFIND")
            #expect(Set(listing.changed.map(\.href)) == Set(mine.values.map(\.href)).union(theirs.values))
            let items = try await book.fetch(listing.changed.map(\.href))
            var byUID: [String: RemoteItem] = [:]
            for item in items { byUID[Self.uid(item.body) ?? "?"] = item }
            #expect(Set(byUID.keys) == Set(uids).union(theirs.keys))
            for (uid, href) in theirs {
                let item = try #require(byUID[uid])
                #expect(item.entry.href == href)
                let updated = try await book.update(href: href, body: Self.card(uid: uid, name: "Renamed"), ifMatch: item.entry.etag)
                try await book.delete(href: updated.href, ifMatch: updated.etag)
            }
            let after = try await book.changes(since: delta.token)
            #expect(Set(after.deleted) == Set(theirs.values))
        }
    }

    @Test("A refused password is .unauthorized; a closed port and a silent server are .unreachable")
    func transportErrors() async throws {
        // Nothing listens on this port (taken and released just now).
        let port = try DAVTestServer.freePort()
        try await DAVSession.with(baseURL: "http://127.0.0.1:\(port)/", user: "u", password: "p", timeouts: .init(connect: .seconds(2), read: .seconds(2))) {
            session in
            do {
                _ = try await session.discover()
                Issue.record("discovery on a closed port succeeded")
            } catch let error as RemoteError {
                guard case .unreachable(let url, let reason) = error else { throw error }
                #expect(url.contains("127.0.0.1:\(port)"))
                #expect(reason.contains("refused"), "\(reason)")
            }
        }
        let silent = try SilentListener()
        let began = Date()
        try await DAVSession.with(baseURL: "http://127.0.0.1:\(silent.port)/", timeouts: .init(connect: .seconds(1), read: .milliseconds(800))) { session in
            let collection = DAVCollection(session: session, url: "/kith/", kind: .addressBook)
            await #expect {
                _ = try await collection.changes(since: "t")
            } throws: { error in
                guard case .unreachable(_, let reason) = error as? RemoteError else { return false }
                return reason.contains("no answer")
            }
        }
        #expect(Date().timeIntervalSince(began) < 10)
    }

    @Test("Radicale refusing a password: .unauthorized, and the password is in no error")
    func unauthorized() async throws {
        guard DAVServerKind.radicale.shouldRun else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-htpasswd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let htpasswd = folder.appendingPathComponent("users").path
        try "kith:right-password\n".write(toFile: htpasswd, atomically: true, encoding: .utf8)
        let server = try DAVTestServer(.radicale, htpasswd: htpasswd)
        defer { server.stop() }
        let secret = "wrong-secret-9f2c"
        try await DAVSession.with(baseURL: server.rootURL, user: "kith", password: secret, timeouts: .init(connect: .seconds(5), read: .seconds(20))) {
            session in
            do {
                _ = try await session.discover()
                Issue.record("a wrong password was accepted")
            } catch let error as RemoteError {
                guard case .unauthorized(let url) = error else { throw error }
                #expect(url.hasPrefix(server.rootURL))
                #expect(!"\(error)".contains(secret))
            }
        }
        try await DAVSession.with(baseURL: server.rootURL, user: "kith", password: "right-password") { session in
            let homes = try await session.discover()
            #expect(homes.principal?.hasSuffix("/kith/") == true)
        }
    }

    @Test("HTTPS with a self-signed certificate: refused without the CA file, trusted with it")
    func selfSignedTLS() async throws {
        guard DAVServerKind.radicale.shouldRun, FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { return }
        let server = try DAVTestServer(.radicale, tls: true)
        defer { server.stop() }
        #expect(server.rootURL.hasPrefix("https://"))
        _ = try await DAVSession.with(baseURL: server.rootURL, user: "kith", password: "x", timeouts: .init(connect: .seconds(5), read: .seconds(20))) {
            session in
            await #expect {
                _ = try await session.discover()
            } throws: { error in
                guard case .unreachable(_, let reason) = error as? RemoteError else { return false }
                return reason.contains("TLS") || reason.contains("certificate")
            }
        }
        try await DAVSession.with(baseURL: server.rootURL, user: "kith", password: "x", caFile: server.certificate) { session in
            let homes = try await session.discover()
            let (book, _) = try await session.ensureKithCollections(homes)
            #expect(book.url.hasPrefix("https://127.0.0.1:\(server.port)/"))
        }
        #expect(throws: RemoteError.self) { try DAVSession(baseURL: server.rootURL, caFile: "/nonexistent/ca.pem") }
    }

    /// The name-from-UID rule of the sync plan: the UID when it is only [A-Za-z0-9._-], else
    /// the SHA-256 of its UTF-8 in hex (computed by Python's hashlib, an outside judge).
    static func resourceName(_ uid: String) throws -> String {
        if uid.utf8.allSatisfy({ c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2E || c == 0x5F || c == 0x2D
        }) {
            return uid
        }
        let result = try OutsideJudge.run(OutsideJudge.python, ["-c", "import hashlib,sys; print(hashlib.sha256(sys.argv[1].encode()).hexdigest())", uid])
        return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
