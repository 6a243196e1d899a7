import Foundation
import Kith
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Nothing lost: `kith` killed mid-write, several `kith` processes writing at once, and
/// backups taken while another process writes. The figures these tests reach are in
/// Scripts/RELIABILITY.md.
@Suite(.serialized) struct ReliabilityTests {
    /// `count` distinct vCard 3.0 cards, each with a UID, a name, an email and a phone
    /// (numbers from `firstPhone` on, so that batches do not match each other).
    static func cards(_ count: Int, prefix: String, firstPhone: Int = 100_000) -> Data {
        var text = ""
        text.reserveCapacity(count * 160)
        for i in 0..<count {
            text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(prefix)-\(i)\r\nFN:\(prefix.capitalized) Person \(i)\r\n"
            text += "N:Person \(i);\(prefix.capitalized);;;\r\nEMAIL;TYPE=home:\(prefix)\(i)@example.com\r\n"
            text += "TEL;TYPE=cell:+1 555 \(firstPhone + i)\r\nNOTE:Card number \(i) of \(count)\r\nEND:VCARD\r\n"
        }
        return Data(text.utf8)
    }

    /// Starts `kith arguments… --journal journal` without waiting; output is thrown away.
    static func start(_ arguments: [String], journal: String, kith: KithRunner) throws -> Process {
        let process = Process()
        process.executableURL = KithRunner.executable
        process.arguments = arguments + ["--journal", journal]
        process.environment = kith.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Opens a journal with the library and checks the file and the day index are sound.
    static func openSound(_ path: String) throws -> Journal {
        let journal = try Journal(path: path)
        #expect(try journal.integrityCheck() == [], "integrity_check failed for \(path)")
        try journal.checkInvariants()
        return journal
    }

    static func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    // MARK: Crash safety

    @Test("kith import killed at random points leaves a sound journal with all or none of the import")
    func importKilledAtRandomPoints() throws {
        let kith = try KithRunner()
        let count = 1_500
        let file = kith.folder.appendingPathComponent("many.vcf")
        try Self.cards(count, prefix: "crash").write(to: file)

        // A full run first, to know how long an import takes here.
        let full = kith.folder.appendingPathComponent("full.sqlite").path
        let began = Date()
        let reference = try Self.start(["import", file.path], journal: full, kith: kith)
        reference.waitUntilExit()
        let duration = Date().timeIntervalSince(began)
        #expect(reference.terminationStatus == 0)
        #expect(try Self.openSound(full).people().count == count)

        // Then kills spread over the whole run (opening, migrating, reading, writing,
        // committing), each at a random point of its slice.
        var generator = SystemRandomNumberGenerator()
        let runs = 6
        var outcomes: [String] = []
        for run in 0..<runs {
            let path = kith.folder.appendingPathComponent("killed-\(run).sqlite").path
            let slice = duration * 1.1 / Double(runs)
            let delay = slice * (Double(run) + Double.random(in: 0..<1, using: &generator))
            let process = try Self.start(["import", file.path], journal: path, kith: kith)
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let journal = try Self.openSound(path)
            let people = try journal.people().count
            #expect(people == 0 || people == count, "after a kill at \(delay) s the journal holds \(people) people")
            outcomes.append(people == 0 ? "none" : "all")
        }
        // The runs cover both outcomes unless the machine is oddly fast or slow.
        print("import kill runs: \(runs), duration \(duration) s, outcomes \(outcomes)")
    }

    @Test("kith log killed right away or late leaves the whole event or none of it")
    func logKilledAtRandomPoints() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        let seed = kith.folder.appendingPathComponent("seed.sqlite").path
        try FileManager.default.copyItem(atPath: kith.journal, toPath: seed)
        let arguments = [
            "log", "Climbing at the gym", "--with", "Ana", "--type", "Activity", "--mood", "great",
            "--at", "Gym Taipei", "--when", "2025-03-20 18:00", "--duration", "2h",
            "--trait", "Interests/Climbing: leads 6b", "--note", "Fell twice, laughed more.",
        ]
        let timed = kith.folder.appendingPathComponent("timed.sqlite").path
        try FileManager.default.copyItem(atPath: seed, toPath: timed)
        let began = Date()
        let reference = try Self.start(arguments, journal: timed, kith: kith)
        reference.waitUntilExit()
        let duration = Date().timeIntervalSince(began)
        #expect(reference.terminationStatus == 0)
        #expect(try Self.openSound(timed).events().count == 1)

        var generator = SystemRandomNumberGenerator()
        let runs = 10
        var outcomes: [String] = []
        for run in 0..<runs {
            let path = kith.folder.appendingPathComponent("log-\(run).sqlite").path
            try FileManager.default.copyItem(atPath: seed, toPath: path)
            // The first runs die right away, the last ones close to the end of the write.
            let delay = duration * 1.1 * (Double(run) + Double.random(in: 0..<1, using: &generator)) / Double(runs)
            let process = try Self.start(arguments, journal: path, kith: kith)
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let journal = try Self.openSound(path)
            let events = try journal.events()
            #expect(events.count <= 1)
            #expect(try journal.people().count == 1)
            if let event = events.first {
                #expect(event.title == "Climbing at the gym")
                #expect(event.people.map(\.displayName) == ["Ana Lima"])
                #expect(event.type?.name == "Activity")
                #expect(event.mood?.name == "great")
                #expect(event.place?.name == "Gym Taipei")
                #expect(event.note == "Fell twice, laughed more.")
                #expect(event.traits.map(\.text) == ["leads 6b"])
                #expect(try journal.days(from: event.startDay, to: event.startDay).first?.eventCount == 1)
                outcomes.append("all")
            } else {
                // Not even the place the event would have created.
                #expect(try journal.places().isEmpty)
                #expect(try journal.traits().isEmpty)
                outcomes.append("none")
            }
        }
        print("log kill runs: \(runs), duration \(duration) s, outcomes \(outcomes)")
    }

    // MARK: Concurrency

    @Test("kith processes importing and logging into one journal at once: every write lands")
    func importsAndLogsAtOnceAllLand() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        let importers = 2, cardsEach = 400, loggers = 3, logsEach = 6
        let files = (0..<importers).map { kith.folder.appendingPathComponent("batch-\($0).vcf") }
        for (i, file) in files.enumerated() { try Self.cards(cardsEach, prefix: "batch\(i)", firstPhone: 200_000 + i * 10_000).write(to: file) }
        let results = EndToEndTests.ResultBox()
        let stderrs = Lines()
        let group = DispatchGroup()
        // Real threads, so that every process runs at the same time even on two cores.
        var threads: [Thread] = []
        for i in 0..<importers {
            group.enter()
            threads.append(
                Thread {
                    defer { group.leave() }
                    let r = try? kith.run(["import", files[i].path])
                    results.append(r?.status ?? -1)
                    stderrs.append(r?.stderr ?? "did not run")
                })
        }
        for i in 0..<loggers {
            group.enter()
            threads.append(
                Thread {
                    defer { group.leave() }
                    for j in 0..<logsEach {
                        let r = try? kith.run(["log", "Writer \(i) entry \(j)", "--with", "Ana", "--when", "2025-05-0\(i + 1) 1\(j):00"])
                        results.append(r?.status ?? -1)
                        stderrs.append(r?.stderr ?? "did not run")
                    }
                })
        }
        for thread in threads { thread.start() }
        group.wait()
        #expect(results.values.count == importers + loggers * logsEach)
        #expect(results.values.allSatisfy { $0 == 0 }, "statuses \(results.values), errors \(stderrs.values.filter { !$0.isEmpty })")
        #expect(!stderrs.values.contains { $0.contains("locked") || $0.contains("busy") })
        let journal = try Self.openSound(kith.journal)
        let people = try journal.people().count
        #expect(people == 1 + importers * cardsEach, "\(people) people")
        #expect(try journal.events().count == loggers * logsEach)
        #expect(try journal.events().allSatisfy { $0.people.map(\.displayName) == ["Ana Lima"] })
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ s: String) { lock.lock(); lines.append(s); lock.unlock() }
        var values: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    // MARK: Backup

    @Test("kith backup while another kith logs: a sound, private copy")
    func backupWhileAnotherProcessLogs() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        try kith.ok(
            "import",
            {
                let file = kith.folder.appendingPathComponent("some.vcf")
                try? Self.cards(200, prefix: "some").write(to: file)
                return file.path
            }())
        let logs = 12
        let writer = Thread {
            for j in 0..<logs { _ = try? kith.run(["log", "Busy \(j)", "--with", "Ana"]) }
        }
        writer.start()
        var copies: [String] = []
        for i in 0..<4 {
            let path = kith.folder.appendingPathComponent("backups/b\(i).sqlite").path
            let out = try kith.ok("backup", path)
            #expect(out.contains(path))
            copies.append(path)
        }
        while writer.isExecuting || !writer.isFinished { Thread.sleep(forTimeInterval: 0.05) }
        for path in copies {
            #expect(try Self.mode(path) == 0o600)
            let copy = try Self.openSound(path)
            #expect(try copy.people().count == 201)
            #expect(try copy.events().count <= logs)
        }
        #expect(try Self.mode(kith.folder.appendingPathComponent("backups").path) == 0o700)
        // No temporary files left next to the copies.
        let names = try FileManager.default.contentsOfDirectory(atPath: kith.folder.appendingPathComponent("backups").path)
        #expect(names.filter { $0.hasSuffix(".sqlite") }.count == 4)
        #expect(!names.contains { $0.hasPrefix(".") })
        // A last one after the writer is done holds every event.
        try kith.ok("backup", copies[0])
        #expect(try Self.openSound(copies[0]).events().count == logs)
    }

    @Test("kith backup without a file writes a timestamped copy next to the journal")
    func backupDefaultsToNextToTheJournal() throws {
        let kith = try KithRunner()
        try kith.ok("log", "Tea", "--when", "2025-01-02 10:00")
        let out = try kith.ok("backup")
        let names = try FileManager.default.contentsOfDirectory(atPath: kith.folder.path).filter { $0.hasPrefix("journal-backup-") }
        #expect(names.count == 1)
        let name = try #require(names.first)
        #expect(name.count == "journal-backup-20250102-100000.sqlite".count && name.hasSuffix(".sqlite"))
        #expect(out.contains(name))
        let path = kith.folder.appendingPathComponent(name).path
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.openSound(path).events().map(\.title) == ["Tea"])
        // Onto the journal itself, or from a journal that does not exist: refused.
        let same = try kith.fails("backup", kith.journal)
        #expect(same.status == 1 && same.stderr.contains("overwrite the journal"))
        let none = try kith.run(["backup", "--journal", kith.folder.appendingPathComponent("nope.sqlite").path], journal: false)
        #expect(none.status == 1 && none.stderr.contains("no journal"))
        #expect(!FileManager.default.fileExists(atPath: kith.folder.appendingPathComponent("nope.sqlite").path))
    }

    // MARK: Privacy

    @Test("exports and the folders kith makes for them are the owner's only")
    func exportsArePrivate() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--email", "ana@example.com")
        try kith.ok("log", "Lunch", "--with", "Ana", "--when", "2025-01-02 12:00")
        let out = kith.folder.appendingPathComponent("out/deeper")
        for (command, name) in [("vcard", "contacts.vcf"), ("ics", "calendar.ics"), ("json", "journal.json")] {
            let path = out.appendingPathComponent(name).path
            try kith.ok("export", command, "-o", path)
            #expect(try Self.mode(path) == 0o600, "\(name)")
        }
        #expect(try Self.mode(out.path) == 0o700)
        #expect(try Self.mode(out.deletingLastPathComponent().path) == 0o700)
        // An export over an existing, world-readable file leaves it private.
        let old = out.appendingPathComponent("old.vcf").path
        #expect(FileManager.default.createFile(atPath: old, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644]))
        try kith.ok("export", "vcard", "-o", old)
        #expect(try Self.mode(old) == 0o600)
        #expect(try String(contentsOfFile: old, encoding: .utf8).contains("Ana Lima"))

        let vdir = kith.folder.appendingPathComponent("vdir")
        try kith.ok("export", "vdir", vdir.path)
        for sub in ["", "contacts", "calendar"] {
            let folder = sub.isEmpty ? vdir : vdir.appendingPathComponent(sub)
            #expect(try Self.mode(folder.path) == 0o700, "\(sub)")
            if !sub.isEmpty {
                let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                #expect(files.count == 1)
                for f in files { #expect(try Self.mode(folder.appendingPathComponent(f).path) == 0o600, "\(f)") }
            }
        }
        // Files an older Kith left world-readable become private on the next export.
        let card = try #require(try FileManager.default.contentsOfDirectory(atPath: vdir.appendingPathComponent("contacts").path).first)
        let cardPath = vdir.appendingPathComponent("contacts").appendingPathComponent(card).path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: cardPath)
        #expect(try kith.ok("export", "vdir", vdir.path).contains("0 written"))
        #expect(try Self.mode(cardPath) == 0o600)
        #expect(try Self.mode(kith.journal) == 0o600)
    }

    @Test("the file kith log opens in the editor is the owner's only")
    func editorDraftIsPrivate() throws {
        let kith = try KithRunner()
        let editor = kith.folder.appendingPathComponent("editor.sh")
        let seen = kith.folder.appendingPathComponent("mode.txt")
        try """
        #!/bin/sh
        ls -l "$1" | cut -c1-10 > '\(seen.path)'
        printf 'Title: Tea\\nWhen: 2025-01-10 16:00\\n' > "$1"
        """.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let result = try kith.run(["log"], env: ["EDITOR": editor.path, "TMPDIR": kith.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: seen, encoding: .utf8) == "-rw-------\n")
        #expect(try kith.ok("events").contains("Tea"))
    }

    @Test("nothing is logged on success unless --debug or KITH_DEBUG=1")
    func silentUnlessDebug() throws {
        let kith = try KithRunner()
        let cards = kith.folder.appendingPathComponent("few.vcf")
        try Self.cards(5, prefix: "quiet").write(to: cards)
        let commands: [[String]] = [
            ["person", "add", "Zebulon Secretname"],
            ["log", "Confidential lunch", "--with", "Zebulon", "--note", "private note"],
            ["import", cards.path], ["events"], ["person", "list"], ["calendar", "2025-01"],
            ["export", "json", "-o", kith.folder.appendingPathComponent("j.json").path],
            ["backup", kith.folder.appendingPathComponent("b.sqlite").path],
        ]
        for command in commands {
            let result = try kith.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stderr == "", "\(command) wrote to standard error: \(result.stderr)")
        }
        let flag = try kith.run(["events", "--debug"])
        #expect(flag.status == 0)
        #expect(flag.stderr.contains("debug") && flag.stderr.contains("kith"))
        let leading = try kith.run(["--debug", "person", "list"])
        #expect(leading.status == 0 && leading.stdout.contains("Zebulon") && !leading.stderr.isEmpty)
        let env = try kith.run(["events"], env: ["KITH_DEBUG": "1"])
        #expect(env.status == 0 && !env.stderr.isEmpty)
    }

    // MARK: Migrations through the tool

    @Test("kith refuses a journal from a newer Kith with a clear message and leaves it untouched")
    func newerJournalRefusedByTheTool() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        try NewerJournal.mark(kith.journal)
        let before = try Data(contentsOf: URL(fileURLWithPath: kith.journal))
        let mtime = try FileManager.default.attributesOfItem(atPath: kith.journal)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        for command in [["person", "list"], ["log", "Should not land", "--with", "Ana"], ["backup", kith.folder.appendingPathComponent("b.sqlite").path]] {
            let result = try kith.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.hasPrefix("kith: the journal"), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("newer Kith") && result.stderr.contains("update Kith"))
            #expect(result.stdout == "")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: kith.journal)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: kith.journal)[.modificationDate] as? Date == mtime)
        #expect(!FileManager.default.fileExists(atPath: kith.folder.appendingPathComponent("b.sqlite").path))
    }
}
