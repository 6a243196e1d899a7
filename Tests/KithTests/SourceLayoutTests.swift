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

    @Test("SQLite's C API is called only from Store/SQLite (and the fuzz targets)")
    func sqliteCallsStayInStoreSQLite() throws {
        let files = try Self.sources()
        #expect(files.contains { $0.path == "Sources/Kith/Store/SQLite/SQLiteColumns.swift" }, "the walk found no sources")
        let offenders = files.filter { file in
            !file.path.hasPrefix("Sources/Kith/Store/SQLite/") && !file.path.hasPrefix("Sources/Fuzz/")
                && file.text.contains("sqlite3_")
        }.map(\.path)
        #expect(offenders.isEmpty, "sqlite3_ outside Store/SQLite: \(offenders.joined(separator: ", "))")
    }

    @Test("no file in Sources is over 600 lines unless its opening comment says why")
    func filesStaySmall() throws {
        let long = try Self.sources().filter { file in
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count > 600 else { return false }
            // The reason goes in the file's opening comment, as "over 600 lines: why".
            let opening = lines.prefix(30).filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            return !opening.contains { $0.contains("over 600 lines") }
        }.map(\.path)
        #expect(long.isEmpty, "over 600 lines with no reason in the opening comment: \(long.joined(separator: ", "))")
    }

    /// Where pointer code may be: the formats' byte scanners and writers, the libxml2
    /// binding, the SQLite layer, the fuzz targets and the benchmark tool.
    static let pointerHomes = [
        "Sources/ContentLines/", "Sources/ICalendarFormat/", "Sources/VCardFormat/", "Sources/SecureXML/",
        "Sources/Kith/Store/SQLite/", "Sources/Fuzz/", "Sources/KithBench/",
    ]

    /// The lines of `text` (comments left out) that spell pointer code.
    static func pointerLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                && (line.contains("Unsafe") || line.contains("withUnsafe") || line.contains("baseAddress"))
        }
    }

    @Test("pointer code (Unsafe…, withUnsafe…, baseAddress) only in the scanners, SecureXML, Store/SQLite, Fuzz and KithBench")
    func pointersStayHome() throws {
        let files = try Self.sources()
        let columns = files.first { $0.path == "Sources/Kith/Store/SQLite/SQLiteColumns.swift" }?.text ?? ""
        #expect(!Self.pointerLines(columns).isEmpty, "the check finds no pointer code where it is")
        #expect(Self.pointerLines("    // an UnsafeBufferPointer, said in a comment").isEmpty)
        let offenders = files.filter { file in !Self.pointerHomes.contains { file.path.hasPrefix($0) } }.flatMap { file in
            Self.pointerLines(file.text).map { "\(file.path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
        #expect(offenders.isEmpty, "pointer code outside its homes (ARCHITECTURE.md):\n\(offenders.joined(separator: "\n"))")
    }

    /// A public (or open) declaration's signature: its line and the next ones up to its body.
    static func publicSignatures(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        for (i, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard code.hasPrefix("public ") || code.hasPrefix("open ") || code.contains(" public ") else { continue }
            guard !code.hasPrefix("//") else { continue }
            var signature = ""
            for next in lines[i..<min(i + 8, lines.count)] {
                signature += next
                if next.contains("{") || next.contains("=") { break }
            }
            out.append(String(signature.prefix { $0 != "{" }))
        }
        return out
    }

    @Test("no Unsafe type in a public declaration: package access or Data, [UInt8], URL")
    func noUnsafeInPublicAPI() throws {
        #expect(Self.publicSignatures("    public func f(_ p: UnsafeRawBufferPointer) {}").contains { $0.contains("Unsafe") })
        let offenders = try Self.sources().filter { !$0.path.hasPrefix("Sources/Fuzz/") }.flatMap { file in
            Self.publicSignatures(file.text).filter { $0.contains("Unsafe") }.map { "\(file.path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
        #expect(offenders.isEmpty, "Unsafe in public API:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("every @unchecked Sendable says why in the comment just above it")
    func uncheckedSendableHasAReason() throws {
        var offenders: [String] = []
        for file in try Self.sources() {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (i, line) in lines.enumerated() where line.contains("@unchecked Sendable") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                // The comment block right above the declaration (attributes skipped) names it.
                var j = i - 1
                var comment = ""
                while j >= 0 {
                    let above = lines[j].trimmingCharacters(in: .whitespaces)
                    if above.hasPrefix("//") { comment += above } else if !above.hasPrefix("@") { break }
                    j -= 1
                }
                if !comment.contains("@unchecked") { offenders.append("\(file.path):\(i + 1)") }
            }
        }
        #expect(offenders.isEmpty, "@unchecked Sendable without a reason (write `@unchecked`: why, in the comment above): \(offenders.joined(separator: ", "))")
    }
}
