import Foundation
import Testing

/// Rules about where code lives, checked by reading the sources (issue 18).
@Suite("Source layout")
struct SourceLayoutTests {
    /// The repository's root: this file is Tests/KithTests/SourceLayoutTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `Sources`, as a path relative to the root, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        guard let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var out: [(String, String)] = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            out.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// Files that may still call SQLite's C API outside Store/SQLite until the people
    /// tables get their own Store/SQLite helpers (the integrator removes them from here).
    static let sqliteAllowedForNow: Set<String> = [
        "Sources/Kith/Journal/Journal+People.swift",
        "Sources/Kith/Journal/Journal+Import.swift",
        "Sources/Kith/Journal/Journal+JSON.swift",
        "Sources/Kith/Journal/Journal+Matching.swift",
        "Sources/Kith/Journal/Journal+PersonPage.swift",
        "Sources/Kith/Journal/Journal+Traits.swift",
        "Sources/Kith/Interchange/ContactMapping.swift",
        "Sources/Kith/Support/PrivateFile.swift",
    ]

    /// Whether people-helper paths (Backup/, Import/ImportReport*, ImportOptions) are allowed.
    static func allowedForNow(_ path: String) -> Bool {
        sqliteAllowedForNow.contains(path) || path.hasPrefix("Sources/Kith/Backup/")
            || path.hasPrefix("Sources/Kith/Import/ImportReport") || path == "Sources/Kith/Import/ImportOptions.swift"
    }

    @Test("SQLite's C API is called only from Store/SQLite (and the fuzz targets)")
    func sqliteCallsStayInStoreSQLite() throws {
        let files = try Self.sources()
        #expect(files.contains { $0.path == "Sources/Kith/Store/SQLite/SQLiteColumns.swift" }, "the walk found no sources")
        let offenders = files.filter { file in
            !file.path.hasPrefix("Sources/Kith/Store/SQLite/") && !file.path.hasPrefix("Sources/Fuzz/")
                && !Self.allowedForNow(file.path) && file.text.contains("sqlite3_")
        }.map(\.path)
        #expect(offenders.isEmpty, "sqlite3_ outside Store/SQLite: \(offenders.joined(separator: ", "))")
    }

    @Test("no file in Sources/Kith is much over 600 lines")
    func kithFilesStaySmall() throws {
        let long = try Self.sources().filter { file in
            file.path.hasPrefix("Sources/Kith/") && !Self.allowedForNow(file.path)
                && file.text.split(separator: "\n", omittingEmptySubsequences: false).count > 650
        }.map(\.path)
        #expect(long.isEmpty, "over 650 lines: \(long.joined(separator: ", "))")
    }
}
