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

/// The Python judge: `KITH_PYTHON`, else /work/venv/bin/python, else python3.
enum PythonJudge {
    static var interpreter: String {
        if let p = ProcessInfo.processInfo.environment["KITH_PYTHON"], !p.isEmpty { return p }
        if FileManager.default.isExecutableFile(atPath: "/work/venv/bin/python") { return "/work/venv/bin/python" }
        return "/usr/bin/python3"
    }

    /// Whether `module` imports. Without it the judge tests are disabled, unless `CI` is set
    /// (then they run and fail, as a missing judge must not pass silently in CI).
    static func has(_ module: String) -> Bool {
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        return (try? run("import \(module)", input: Data())) != nil
    }

    /// Runs a script with `input` on standard input; returns standard output.
    static func run(_ script: String, input: Data) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: interpreter)
        p.arguments = ["-c", script]
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe; p.standardOutput = outPipe; p.standardError = errPipe
        try p.run()
        inPipe.fileHandleForWriting.write(input)
        try inPipe.fileHandleForWriting.close()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw JudgeError(message: String(decoding: err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self)
    }

    struct JudgeError: Error, CustomStringConvertible { var message: String; var description: String { message } }
}
