import Foundation
import Kith
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) or SIGTERM half-way through an import, an export or a backup stops it
/// within a second, with status 130 (SIGINT) or 143 (SIGTERM), the journal as it was and
/// no partial file. The process is started directly (Foundation `Process`): a shell's
/// background job (`cmd &`) ignores SIGINT.
@Suite(.serialized) struct InterruptionTests {
    /// CPU seconds a process has used so far (user + system), from `/proc/PID/stat`; nil
    /// once it is gone.
    static func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, utime 14 and stime 15 (1-based, man 5 proc).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Starts `kith arguments… --journal journal`, standard error into a file.
    static func start(_ arguments: [String], journal: String, kith: KithRunner, stderr: URL) throws -> Process {
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let process = Process()
        process.executableURL = KithRunner.executable
        process.arguments = arguments + ["--journal", journal]
        process.environment = kith.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits until `ready` holds (checked every millisecond) while the process runs, then
    /// sends `signal` and waits for the exit; with `holding`, the process is stopped
    /// (SIGSTOP) the moment `ready` holds and continued after the signal, so that the work
    /// cannot move on meanwhile. Returns the seconds from the signal to the exit.
    static func interrupt(_ process: Process, with signal: Int32, holding: Bool = false, when ready: () -> Bool) throws -> Double {
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning && !ready() && Date() < deadline { usleep(1000) }
        if holding { kill(process.processIdentifier, SIGSTOP) }
        guard process.isRunning else {
            throw KithRunner.Failure(message: "kith finished (status \(process.terminationStatus)) before it could be interrupted")
        }
        kill(process.processIdentifier, signal)
        let sent = Date()
        if holding { kill(process.processIdentifier, SIGCONT) }
        process.waitUntilExit()
        return Date().timeIntervalSince(sent)
    }

    /// The files in `folder` whose names start with `prefix` or hold `.tmp`.
    static func leftovers(_ folder: URL, _ prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) || $0.contains(".tmp") }
    }

    /// A journal holding one person, and a file of 40,000 cards next to it.
    func setUp(_ kith: KithRunner) throws -> URL {
        try kith.ok("person", "add", "Ana Lima", "--in", "Friends")
        let cards = kith.folder.appendingPathComponent("big.vcf")
        try ReliabilityTests.cards(40_000, prefix: "big").write(to: cards)
        return cards
    }

    @Test("Ctrl-C half-way through a 40,000-card import: status 130 within a second, the journal as it was")
    func interruptedImport() throws {
        let kith = try KithRunner()
        let cards = try setUp(kith)
        let before = try kith.ok("export", "json", "-o", "-")
        let log = kith.folder.appendingPathComponent("import.err")
        let process = try Self.start(["import", cards.path], journal: kith.journal, kith: kith, stderr: log)
        // Reading and parsing the file takes a fraction of this; the whole import many times it.
        let pid = process.processIdentifier
        let took = try Self.interrupt(process, with: SIGINT) { (Self.cpuSeconds(pid) ?? 0) >= 1.0 }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        #expect(took < 1.0, "took \(took) s to stop")
        let message = try String(contentsOf: log, encoding: .utf8)
        #expect(message.contains("kith: stopped; nothing was changed"), "\(message)")
        #expect(try kith.ok("export", "json", "-o", "-") == before)
        let people = try Journal(path: kith.journal).people()
        #expect(people.map(\.displayName) == ["Ana Lima"])
        // A second run, not interrupted, imports everything.
        #expect(try kith.ok("import", cards.path).contains("40000 added"))
    }

    @Test("Ctrl-C half-way through an export of 40,000 people: status 130 within a second, no file left")
    func interruptedExport() throws {
        let kith = try KithRunner()
        let cards = try setUp(kith)
        try kith.ok("import", cards.path)
        let out = kith.folder.appendingPathComponent("Export")
        let log = kith.folder.appendingPathComponent("export.err")
        let process = try Self.start(
            ["export", "vcard", "-o", out.appendingPathComponent("contacts.vcf").path],
            journal: kith.journal, kith: kith, stderr: log)
        let pid = process.processIdentifier
        let took = try Self.interrupt(process, with: SIGINT) { (Self.cpuSeconds(pid) ?? 0) >= 1.0 }
        #expect(process.terminationStatus == 130)
        #expect(took < 1.0, "took \(took) s to stop")
        let left = FileManager.default.fileExists(atPath: out.path) ? try FileManager.default.contentsOfDirectory(atPath: out.path) : []
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(try Self.leftovers(kith.folder, "contacts").isEmpty)
        #expect(try Journal(path: kith.journal).people().count == 40_001)
    }

    @Test("SIGTERM half-way through a backup: status 143 within a second, no copy left, the journal sound")
    func interruptedBackup() throws {
        let kith = try KithRunner()
        let cards = try setUp(kith)
        try kith.ok("import", cards.path)
        let copies = kith.folder.appendingPathComponent("copies", isDirectory: true)
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        let log = kith.folder.appendingPathComponent("backup.err")
        let process = try Self.start(
            ["backup", copies.appendingPathComponent("copy.sqlite").path],
            journal: kith.journal, kith: kith, stderr: log)
        // The copy of a 30 MB journal takes a fraction of a second: the process is held
        // still the moment its temporary file appears, so that the signal lands while the
        // pages are being copied.
        let took = try Self.interrupt(process, with: SIGTERM, holding: true) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: copies.path) else { return false }
            return names.contains { $0.hasSuffix(".tmp") }
        }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 143)
        #expect(took < 1.0, "took \(took) s to stop")
        let left = try FileManager.default.contentsOfDirectory(atPath: copies.path)
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(try String(contentsOf: log, encoding: .utf8).contains("kith: stopped"))
        #expect(try ReliabilityTests.openSound(kith.journal).people().count == 40_001)
    }
}
