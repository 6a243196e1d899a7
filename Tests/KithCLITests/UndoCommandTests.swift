import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `kith undo`, reading commands that never create a journal, and a journal the user may
/// not write.
@Suite struct UndoCommandTests {
    /// A journal with two people and an event between them.
    func sample() throws -> KithRunner {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--in", "Friends/College", "--email", "ana@example.com")
        try kith.ok("person", "add", "Ben Okafor")
        try kith.ok(
            "log", "Coffee", "--with", "Ana Lima", "--with", "Ben", "--mood", "good", "--at", "Blue Bottle",
            "--when", "2026-11-20 15:30")
        return kith
    }

    @Test("kith undo after person remove brings the person back, says what it undid, and the JSON export is the same")
    func undoPersonRemove() throws {
        let kith = try sample()
        let before = try kith.ok("export", "json", "-o", "-")
        #expect(try kith.ok("person", "remove", "Ana Lima").contains("Ana Lima"))
        #expect(try kith.ok("export", "json", "-o", "-") != before)
        #expect(try kith.ok("undo") == "undid: remove person Ana Lima (#1)\n")
        #expect(try kith.ok("export", "json", "-o", "-") == before)
        #expect(try kith.ok("person", "list").contains("#1"))
        _ = try ReliabilityTests.openSound(kith.journal)
        // Nothing left: said so, status 1.
        let none = try kith.fails("undo")
        #expect(none.status == 1)
        #expect(none.stderr.hasPrefix("kith: nothing to undo ("))
    }

    @Test("kith undo reverses remove, edit, merge and category remove --reassign, newest first")
    func undoEachKind() throws {
        let kith = try sample()
        let before = try kith.ok("export", "json", "-o", "-")
        try kith.ok("remove", "1")
        try kith.ok("person", "merge", "Ana Lima", "Ben Okafor")
        try kith.ok("person", "edit", "Ana Lima", "--name", "Ana Souza")
        try kith.ok("category", "remove", "relation", "Friends/College", "--reassign", "Friends/Close")
        try kith.ok("category", "edit", "eventType", "Chat", "--name", "Talk")
        #expect(try kith.ok("undo") == "undid: edit event type Chat\n")
        #expect(try kith.ok("undo") == "undid: remove relation category Friends/College (moved to Friends/Close)\n")
        #expect(try kith.ok("undo") == "undid: edit person Ana Lima (#1)\n")
        #expect(try kith.ok("undo") == "undid: merge Ben Okafor (#2) into Ana Lima (#1)\n")
        #expect(try kith.ok("undo") == "undid: remove event #1 Coffee\n")
        #expect(try kith.ok("export", "json", "-o", "-") == before)
        // The removed event's id is not given again.
        #expect(try kith.ok("log", "Tea", "--with", "Ana").contains("#2"))
    }

    @Test("after removing the newest event, the next one logged gets a new number")
    func newestEventIdNotReused() throws {
        let kith = try sample()
        try kith.ok("remove", "1")
        let logged = try kith.ok("log", "Walk", "--with", "Ben")
        #expect(logged.hasPrefix("logged #2 "), "\(logged)")
    }

    static let readingCommands: [[String]] = [
        ["events"], ["show", "1"], ["person", "list"], ["person", "show", "Ana"], ["calendar"], ["calendar", "2026"],
        ["day"], ["traits"], ["category", "list"], ["export", "json", "-o", "-"], ["export", "vcard", "-o", "-"],
        ["export", "ics", "-o", "-"], ["export", "vdir", "out"], ["undo"],
    ]

    @Test(
        "reading commands with no journal at the path say so and how to start one, exit 1, and create nothing",
        arguments: readingCommands)
    func readingCommandsCreateNothing(arguments: [String]) throws {
        let kith = try KithRunner()
        let typo = kith.folder.appendingPathComponent("typo.sqlit").path
        let r = try kith.run(arguments + ["--journal", typo], journal: false)
        #expect(r.status == 1)
        #expect(r.stderr == "kith: no journal at \(typo) (run `kith log …` or `kith import …` to start one, or check --journal)\n")
        #expect(!FileManager.default.fileExists(atPath: typo))
        // The default place (under $HOME here): not even its folder is made.
        let d = try kith.run(arguments, journal: false)
        #expect(d.status == 1)
        #expect(d.stderr.hasPrefix("kith: no journal at \(kith.folder.path)/.local/share/kith/journal.sqlite ("))
        #expect(try FileManager.default.contentsOfDirectory(atPath: kith.folder.path).isEmpty)
    }

    /// Runs `kith` as the unprivileged user `nobody` when the tests run as root (root may
    /// write any file, whatever its mode), else as the current user.
    func runUnprivileged(_ kith: KithRunner, _ arguments: [String]) throws -> KithRunner.Result {
        guard geteuid() == 0 else { return try kith.run(arguments) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
            ["--reuid=65534", "--regid=65534", "--clear-groups", KithRunner.executable.path]
            + arguments + ["--journal", kith.journal]
        process.environment = kith.environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile(), errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return KithRunner.Result(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    @Test("a read-only journal reads, and a write names the permissions instead of --help or a raw SQLite message")
    func readOnlyJournal() throws {
        if geteuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "running as root needs setpriv to drop privileges")
        }
        let kith = try sample()
        if geteuid() == 0 { try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: kith.folder.path) }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: kith.journal + suffix) {
            if geteuid() == 0 { try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: kith.journal + suffix) }
        }
        chmod(kith.journal, 0o444)
        let list = try runUnprivileged(kith, ["person", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Ana Lima"))
        for write in [["person", "add", "Chen"], ["person", "remove", "Ben"], ["log", "Tea", "--with", "Ana"]] {
            let r = try runUnprivileged(kith, write)
            #expect(r.status == 1)
            #expect(
                r.stderr.hasPrefix("kith: cannot write the journal \(kith.journal): the file is read-only for you, permissions r--r--r-- ("),
                "\(r.stderr)")
            #expect(!r.stderr.contains("--help") && !r.stderr.contains("attempt to write"))
        }
        // A folder the user may not write, with a journal not opened there before.
        chmod(kith.journal, 0o644)
        for suffix in ["-wal", "-shm"] { unlink(kith.journal + suffix) }
        chmod(kith.folder.path, 0o555)
        defer { chmod(kith.folder.path, 0o755) }
        let r = try runUnprivileged(kith, ["person", "add", "Chen"])
        #expect(r.status == 1)
        #expect(
            r.stderr.hasPrefix("kith: cannot write the journal \(kith.journal): its folder \(kith.folder.path) is read-only for you, permissions r-xr-xr-x"),
            "\(r.stderr)")
    }
}
