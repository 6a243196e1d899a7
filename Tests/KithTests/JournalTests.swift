import Foundation
import Testing

@testable import Kith

@Suite("Journal: opening, defaults, files")
struct JournalTests {
    @Test("a new journal has the default categories and five moods", arguments: JournalKind.allCases)
    func defaults(kind: JournalKind) throws {
        let j = try kind.make().journal
        let relations = try j.categories(kind: .relation).map(\.path)
        #expect(relations.contains("Family/Parents"))
        #expect(relations.contains("Friends/College"))
        #expect(relations.contains("Work/Colleagues"))
        #expect(relations.contains("Acquaintances"))
        let types = try j.categories(kind: .eventType).map(\.name)
        #expect(["Chat", "Meal", "Meeting", "Party", "Call", "Message"].allSatisfy(types.contains))
        let traits = try j.categories(kind: .trait).map(\.name)
        #expect(["Interests", "Features", "Experiences", "Work & Study"].allSatisfy(traits.contains))
        let moods = try j.categories(kind: .mood)
        #expect(moods.map(\.name) == ["great", "good", "okay", "bad", "awful"])
        #expect(moods.map(\.score) == [2, 1, 0, -1, -2])
        #expect(moods.allSatisfy { !$0.icon.isEmpty && Category.isValidColor($0.color) })
        try j.checkInvariants()
    }

    @Test("the journal file is created readable by its owner only")
    func fileMode() throws {
        let t = try JournalKind.onDisk.make()
        let attributes = try FileManager.default.attributesOfItem(atPath: t.journal.path!)
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
        #expect(mode & 0o777 == 0o600)
        _ = try t.journal.person("Ana")
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: t.journal.path! + suffix) {
            let m = (try FileManager.default.attributesOfItem(atPath: t.journal.path! + suffix)[.posixPermissions] as? NSNumber)?.intValue ?? -1
            #expect(m & 0o077 == 0, "\(suffix) is readable by others")
        }
    }

    @Test("a journal in a folder that does not exist is refused, naming the path")
    func missingFolder() throws {
        let path = "/tmp/kith-no-such-folder-\(UUID().uuidString)/journal.sqlite"
        #expect(throws: JournalError.folderMissing(path: path)) { try Journal(path: path) }
        let error = JournalError.folderMissing(path: path)
        #expect(error.description.contains(path))
    }

    @Test("reopening keeps the data and does not add defaults twice")
    func reopen() throws {
        let t = try JournalKind.onDisk.make()
        try t.journal.person("Ana Lima", in: "Friends/College")
        let again = try Journal(path: t.journal.path!)
        #expect(try again.resolvePerson("Ana Lima").relation?.path == "Friends/College")
        #expect(try again.categories(kind: .mood).count == 5)
    }

    @Test("a file that is not a journal is refused with a clear error")
    func notAJournal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("notes.txt").path
        try Data("just some text, not SQLite at all, long enough to look like a header".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try Journal(path: path)
        } throws: { error in
            guard case JournalError.cannotOpen(let p, _) = error else { return false }
            return p == path
        }
    }

    @Test("two journals on one file writing at once from two threads both land")
    func concurrentWriters() async throws {
        let t = try JournalKind.onDisk.make()
        let path = t.journal.path!
        let a = try Journal(path: path), b = try Journal(path: path)
        let ana = try a.person("Ana").id
        let start = instant(2026, 5, 1, 12, 0, "UTC")
        let perWriter = 150
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (n, j) in [a, b].enumerated() {
                group.addTask {
                    for i in 0..<perWriter {
                        try j.logEvent(
                            EventDraft(
                                title: "w\(n) #\(i)", start: start.addingTimeInterval(Double(i * 3600)),
                                timeZone: "UTC", personIDs: [ana]))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try t.journal.events(EventFilter(limit: nil)).count == 2 * perWriter)
        try t.journal.checkInvariants()
    }
}

@Suite("Journal: schema versions, bulk writes, backup")
struct JournalFileTests {
    @Test("a journal from a newer Kith is refused and left untouched")
    func newerSchema() throws {
        let t = try JournalKind.onDisk.make()
        let path = t.journal.path!
        try t.journal.dbQueue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        #expect(throws: JournalError.newerSchema(path: path, unknownMigrations: ["v99-from-the-future"])) {
            try Journal(path: path)
        }
        #expect(try t.journal.categories(kind: .mood).count == 5)
    }

    @Test("many events in one transaction: all land and the index is right, or none on error", arguments: JournalKind.allCases)
    func bulk(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        let base = instant(2020, 1, 1, 9, 0, "Asia/Taipei")
        let drafts = (0..<2000).map { i in
            EventDraft(
                title: "e\(i)", start: base.addingTimeInterval(Double(i) * 43_200), timeZone: "Asia/Taipei",
                moodID: nil, personIDs: [ana.id])
        }
        var seen = 0
        let ids = try j.logEvents(drafts) { seen = $0 }
        #expect(ids.count == 2000 && seen == 2000)
        #expect(try j.year(2020).reduce(0) { $0 + $1.eventCount } == 732)
        try j.checkInvariants()
        var bad = drafts.prefix(3).map { $0 }
        bad[2].timeZone = "Nowhere/Void"
        #expect(throws: JournalError.invalidTimeZone("Nowhere/Void")) { try j.logEvents(bad) }
        #expect(try j.events(EventFilter()).count == 2000)
    }

    @Test("a backup is a consistent 0600 copy that opens as a journal")
    func backup() throws {
        let t = try JournalKind.onDisk.make()
        try t.journal.person("Ana")
        let copy = t.folder!.appendingPathComponent("backup.sqlite").path
        try t.journal.backup(to: copy)
        let mode = (try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        #expect(mode & 0o777 == 0o600)
        #expect(try Journal(path: copy).resolvePerson("Ana").displayName == "Ana")
    }
}

@Suite("Journal: concurrent creation")
struct JournalCreationRaceTests {
    @Test("two writers creating the same new journal at once both succeed")
    func createRace() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for round in 0..<8 {
            let path = folder.appendingPathComponent("j\(round).sqlite").path
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 0..<2 {
                    group.addTask {
                        let j = try Journal(path: path)
                        try j.person("Writer \(n)")
                    }
                }
                try await group.waitForAll()
            }
            let j = try Journal(path: path)
            #expect(try j.people().count == 2)
            #expect(try j.categories(kind: .mood).count == 5)
        }
    }
}

@Suite("Journal: migrations keep data")
struct JournalMigrationTests {
    @Test("a journal from before v3 gets the per-day people lists filled from its index")
    func v3FillsPeople() throws {
        let t = try JournalKind.onDisk.make()
        let path = t.journal.path!
        let ana = try t.journal.person("Ana"), ben = try t.journal.person("Ben")
        try t.journal.logEvent(EventDraft(title: "x", start: instant(2026, 1, 1, 10, 0, "UTC"), timeZone: "UTC", personIDs: [ben.id, ana.id]))
        try t.journal.dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "ALTER TABLE daySummary DROP COLUMN people")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3'")
        }
        let reopened = try Journal(path: path)
        try reopened.checkInvariants()
        #expect(try reopened.month(year: 2026, month: 1).first?.personIDs == [ana.id, ben.id])
        #expect(try reopened.events().count == 1)
    }
}
