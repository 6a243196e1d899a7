import Foundation
import Kith
import Testing

// The README's "Kith as a Swift package" example is the two imports above (plain `import
// Kith`, so the example can use only the library's public API) and the code between the two
// marker lines, character for character: the first test checks it. (Imports stay above the
// markers: swift-format sorts a file's imports into one block.)
// README example begin
/// Logs a walk with Ana on 26 November 2026 and returns it with that month's days.
func firstSteps(journalPath: String) throws -> (walk: Event, november: [DaySummary]) {
    let journal = try Journal(path: journalPath)  // created (mode 0600) if missing; the folder must exist
    let ana = try journal.addPerson(PersonDraft(displayName: "Ana Lima", name: PersonName(family: "Lima", given: "Ana")))
    let start = ISO8601DateFormatter().date(from: "2026-11-26T15:30:00+08:00")!
    let draft = EventDraft(title: "Coffee and a long walk", start: start, timeZone: "Asia/Taipei", personIDs: [ana.id])
    let walk = try journal.logEvent(draft)
    // The days of the month that have events, from the day index: date, eventCount, personIDs, mood.
    let november = try journal.month(year: 2026, month: 11)
    return (walk, november)  // walk.startDay 2026-11-26; november: that one day, 1 event, Ana
}
// README example end

@Suite struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The imports that open the README's example, as at the top of this file.
    static let readmeImports = "import Foundation\nimport Kith\n\n"

    /// The ```swift block of the README's "Kith as a Swift package" section that imports Kith.
    static func readmeBlock() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let heading = try #require(readme.range(of: "\n## Kith as a Swift package\n"))
        let section = readme[heading.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let blocks = section[..<end].components(separatedBy: "```swift\n").dropFirst()
            .compactMap { $0.components(separatedBy: "\n```").first }
        let block = try #require(blocks.first { $0.hasPrefix(readmeImports) })
        return block + "\n"
    }

    /// The README's imports and this file's lines between the two markers, after checking
    /// that the file imports Foundation and Kith as the README does (Kith not `@testable`).
    static func testedCode() throws -> String {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let imports = source.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable ") }
        #expect(imports == ["import Foundation", "import Kith", "import Testing"])
        let begin = try #require(source.range(of: "// README example begin\n"))
        let end = try #require(source.range(of: "// README example end\n"))
        return readmeImports + String(source[begin.upperBound..<end.lowerBound])
    }

    @Test func readmeShowsTheCodeThisFileRuns() throws {
        let block = try Self.readmeBlock()
        #expect(block.contains("func firstSteps(journalPath: String)"))
        #expect(block == (try Self.testedCode()))
    }

    @Test func readmeExampleRunsOnARealJournalFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path

        let (walk, november) = try firstSteps(journalPath: path)

        let day = try #require(LocalDate(year: 2026, month: 11, day: 26))
        #expect(walk.title == "Coffee and a long walk")
        #expect(walk.startDay == day)
        #expect(walk.timeZone == "Asia/Taipei")
        #expect(walk.people.map(\.displayName) == ["Ana Lima"])
        #expect(november.map(\.date) == [day])
        #expect(november.first?.eventCount == 1)
        #expect(november.first?.personIDs == walk.people.map(\.id))

        // It is a real file: opened again (not created), it holds Ana and the walk.
        #expect(FileManager.default.fileExists(atPath: path))
        let journal = try Journal(path: path, create: false)
        let ana = try journal.resolvePerson("Ana")
        #expect(ana.displayName == "Ana Lima")
        #expect(ana.name.given == "Ana" && ana.name.family == "Lima")
        #expect(try journal.events(on: day).map(\.title) == ["Coffee and a long walk"])
        #expect(try journal.month(year: 2026, month: 11) == november)
    }
}
