import Foundation

@testable import Kith

/// The repository's `Import/` folder, found from this file's path.
let sampleFolder: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Import")

/// 2026-11-22 12:00 UTC: "now" for imports of the sample calendar.
let sampleNow = Date(timeIntervalSince1970: 1_795_348_800)

/// Options for tests: UTC, fixed now.
func testOptions(into: String? = nil, dryRun: Bool = false, keepGoing: Bool = false) -> ImportOptions {
    ImportOptions(into: into, dryRun: dryRun, keepGoing: keepGoing, timeZone: TimeZone(identifier: "UTC")!, now: sampleNow)
}

extension Journal {
    /// Imports a text as a file named `name`.
    @discardableResult
    func importText(_ text: String, name: String, options: ImportOptions = testOptions()) throws -> ImportReport {
        try importData(Data(text.utf8), fileName: name, options: options)
    }

    /// Imports a sample file from `Import/`.
    @discardableResult
    func importSample(_ name: String, options: ImportOptions = testOptions()) throws -> ImportReport {
        try importFile(at: sampleFolder.appendingPathComponent(name), options: options)
    }

    /// Everyone, in full, by display name.
    func everyone() throws -> [String: Person] {
        var out: [String: Person] = [:]
        for s in try people() { out[s.displayName] = try person(id: s.id) }
        return out
    }

    /// A person's traits as "Kind/Path: text".
    func traitLines(_ id: Int64) throws -> [String] {
        try personPage(id: id).traits.flatMap { g in g.traits.map { "\($0.category.path): \($0.text)" } }.sorted()
    }
}
