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
        #expect(throws: Journal.Error.folderMissing(path: path)) { try Journal(path: path) }
        let error = Journal.Error.folderMissing(path: path)
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
            guard case Journal.Error.cannotOpen(let p, _) = error else { return false }
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
                        try j.logEvent(EventDraft(title: "w\(n) #\(i)", start: start.addingTimeInterval(Double(i * 3600)),
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
