import Foundation
import Testing

/// `kith sync` run as a user runs it, against a real Radicale: add, sync, a second journal
/// on the same server, an edit made by another client, status, remove; the password never
/// printed nor stored.
@Suite(.enabled(if: RadicaleServer.available), .serialized)
struct SyncCommandTests {
    /// Puts `body` at `url` with the server's user and password, as another client would.
    static func curlPut(_ url: String, _ body: String, server: RadicaleServer, ifMatch: String? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var args = [
            "-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "\(server.user):\(server.password)", "-X", "PUT",
            "-H", "Content-Type: text/calendar; charset=utf-8", "--data-binary", body, url,
        ]
        if let ifMatch { args += ["-H", "If-Match: \(ifMatch)"] }
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let code = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Int32(code) ?? 0
    }

    @Test func aSecondJournalGetsEverythingAndAnEditComesBack() throws {
        let server = try RadicaleServer()
        let env = ["KITH_SYNC_PASSWORD": server.password]
        let first = try KithRunner()
        try first.ok("person", "add", "Ana Lima", "--email", "ana@example.org", "--phone", "+886 912 345 678")
        try first.ok("person", "add", "Ben Chen")
        try first.ok("log", "Coffee and a long walk", "--with", "Ana Lima", "--with", "Ben Chen", "--when", "2026-03-14 15:30", "--mood", "good")

        // The password from a command (here reading a file): never printed, never stored.
        let secret = first.folder.appendingPathComponent("password.txt")
        try Data("\(server.password)\nsecond line\n".utf8).write(to: secret)
        let added = try first.ok("sync", "add", "home", "--url", server.url, "--user", server.user, "--password-command", "cat '\(secret.path)'")
        #expect(added.contains("(created)"))
        #expect(!added.contains(server.password))
        #expect(try first.ok("sync", "status").contains("people: 0 synced, 2 to send, never synced"))
        let dry = try first.ok("sync", "--dry-run")
        #expect(dry.contains("home people: 2 to push") && dry.contains("home events: 1 to push"))
        // A dry run names whom and what it would send.
        #expect(dry.contains("Ana Lima (") && dry.contains("Coffee and a long walk ("), "\(dry)")
        #expect(try server.storedItems().isEmpty)
        let synced = try first.ok("sync")
        #expect(synced.contains("home people: 2 pushed"))
        #expect(synced.contains("home events: 1 pushed"))
        #expect(try first.ok("sync").contains("home people: up to date"))

        // A second journal on the same server gets everything.
        let second = try KithRunner()
        try second.ok("sync", "add", "home", "--url", server.url, "--user", server.user, env: env)
        let pulled = try second.ok("sync", env: env)
        #expect(pulled.contains("home people: 2 pulled"))
        #expect(pulled.contains("home events: 1 pulled"))
        let people = try second.ok("person", "list")
        #expect(people.contains("Ana Lima") && people.contains("Ben Chen"))
        let events = try second.ok("events", "--json")
        #expect(events.contains("Coffee and a long walk"))

        // Another client (khal through vdirsyncer, here its PUT) renames the event.
        let items = try server.storedItems()
        let (name, body) = try #require(items.first { $0.key.hasSuffix(".ics") })
        let edited = body.replacingOccurrences(of: "SUMMARY:Coffee and a long walk", with: "SUMMARY:Coffee and a very long walk")
        #expect(edited != body)
        let url = try #require(try Self.itemURL(server: server, name: name, first: first))
        let code = try Self.curlPut(url, edited, server: server)
        #expect(code == 201 || code == 204)
        for journal in [first, second] {
            let back = try journal.ok("sync", env: env)
            #expect(back.contains("events: 1 pulled"), "\(back)")
            #expect(try journal.ok("events", "--json").contains("Coffee and a very long walk"))
        }

        // Both sides retitle the event: one title wins, the other is kept in the note, reported,
        // and listed by `kith sync status`.
        try first.ok("edit", "1", "--title", "Coffee at the harbour")
        let current = try #require(try server.storedItems()[name])
        let rained = current.replacingOccurrences(of: "SUMMARY:Coffee and a very long walk", with: "SUMMARY:Coffee in the rain")
        #expect(rained != current)
        #expect([201, 204].contains(try Self.curlPut(url, rained, server: server)))
        let clash = try first.ok("sync", env: env)
        #expect(clash.contains("conflict: ") && clash.contains("Coffee in the rain") && clash.contains("Coffee at the harbour"), "\(clash)")
        let listed = try first.ok("sync", "status")
        #expect(listed.contains("1 conflict (") && listed.contains("is in the note"), "\(listed)")
        #expect(try first.ok("sync", "status", "--json").contains("\"field\" : "))

        // The password is nowhere: not in any output, not in either journal file.
        for runner in [first, second] {
            let status = try runner.ok("sync", "status")
            #expect(status.contains("people: 2 synced, last synced ") && status.contains("events: 1 synced"))
            #expect(!status.contains(server.password))
            let file = try Data(contentsOf: URL(fileURLWithPath: runner.journal))
            #expect(file.range(of: Data(server.password.utf8)) == nil)
        }
    }

    @Test func aSelfSignedServerIsTrustedThroughTheCAFileKeptWithTheAccount() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { return }
        let server = try RadicaleServer(tls: true)
        let cert = try #require(server.certificate)
        let env = ["KITH_SYNC_PASSWORD": server.password]
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        // Without the certificate: refused, said plainly.
        let untrusted = try kith.run(["sync", "add", "home", "--url", server.url, "--user", server.user], env: env)
        #expect(untrusted.status == 1 && untrusted.stderr.hasPrefix("kith: cannot reach \(server.url)"), "\(untrusted.stderr)")
        let missing = try kith.run(["sync", "add", "home", "--url", server.url, "--ca-file", "no-such.pem"], env: env)
        #expect(missing.status == 1 && missing.stderr.hasPrefix("kith: cannot read the CA file no-such.pem ("))
        // With it, once: every later sync trusts it without being told again.
        try kith.ok("sync", "add", "home", "--url", server.url, "--user", server.user, "--ca-file", cert, env: env)
        #expect(try kith.ok("sync", env: env).contains("home people: 1 pushed"))
        #expect(try kith.ok("sync", "status").contains("trusts the certificates in \(cert)"))
        #expect(try server.storedItems().count == 1)
    }

    @Test func mistakesAreToldAsKithLines() throws {
        let server = try RadicaleServer()
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        let wrong = try kith.run(["sync", "add", "home", "--url", server.url, "--user", server.user], env: ["KITH_SYNC_PASSWORD": "not-it"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("kith: the server refused the user name or password"))
        #expect(!wrong.stderr.contains("not-it"))
        let unknown = try kith.run(["sync", "work"])
        #expect(unknown.status == 1 && unknown.stderr.hasPrefix("kith: no sync account"))
        let reserved = try kith.run(["sync", "add", "status", "--url", server.url])
        #expect(reserved.status == 2)

        // The empty-side guard: the server's collection emptied by another client.
        let env = ["KITH_SYNC_PASSWORD": server.password]
        try kith.ok("sync", "add", "home", "--url", server.url, "--user", server.user, env: env)
        try kith.ok("sync", env: env)
        let url = try #require(try Self.itemURL(server: server, name: "", first: kith, kind: "contacts"))
        for name in try server.storedItems().keys where name.hasSuffix(".vcf") {
            #expect(try Self.curl("DELETE", url + name, server: server) == 200)
        }
        let refused = try kith.run(["sync"], env: env)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("refused"))
        #expect(refused.stderr.hasPrefix("kith: sync of home refused"))
        #expect(try kith.ok("person", "list").contains("Ana Lima"))
        let json = try kith.ok("sync", "--force", "--json", env: env)
        #expect(json.contains("\"deletedLocally\" : 1"))
        try kith.ok("sync", "remove", "home")
        #expect(try kith.ok("sync", "status").contains("No sync account"))
    }

    static func curl(_ method: String, _ url: String, server: RadicaleServer) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "\(server.user):\(server.password)", "-X", method, url]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let code = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Int32(code) ?? 0
    }

    static func itemURL(server: RadicaleServer, name: String, first: KithRunner, kind: String = "events") throws -> String? {
        let status = try first.ok("sync", "status", "--json")
        guard let data = status.data(using: .utf8),
            let accounts = try JSONSerialization.jsonObject(with: data) as? [[String: Any]],
            let collections = accounts.first?["collections"] as? [[String: Any]],
            let calendar = collections.first(where: { $0["kind"] as? String == kind })?["url"] as? String
        else { return nil }
        return calendar + name
    }
}
