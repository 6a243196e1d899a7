import Foundation

/// Runs the built `kith` binary against a journal in a temporary folder, removed when
/// the runner goes away.
final class KithRunner: Sendable {
    /// What one run printed and how it ended.
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// A fresh temporary folder for the journal and the files a test writes.
    let folder: URL
    var journal: String { folder.appendingPathComponent("journal.sqlite").path }
    /// Environment for every run: no colour unless asked, a fixed zone, a wide terminal.
    let environment: [String: String]

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kith-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": folder.path,
            "TZ": "Asia/Taipei",
            "LANG": "C.UTF-8",
            "COLUMNS": "100",
        ]
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The `kith` executable built next to this test bundle.
    static let executable: URL = {
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for folder in candidates {
            var dir = folder
            for _ in 0..<4 {
                let kith = dir.appendingPathComponent("kith")
                if FileManager.default.isExecutableFile(atPath: kith.path) { return kith }
                dir = dir.deletingLastPathComponent()
            }
        }
        fatalError("cannot find the built kith executable next to the tests (looked in \(candidates.map(\.path)))")
    }()

    /// Runs `kith arguments… --journal <test journal>` (without `--journal` when
    /// `journal` is false), in `directory` when given, and waits for it.
    @discardableResult
    func run(
        _ arguments: [String], journal useJournal: Bool = true, env extra: [String: String] = [:], stdin: String? = nil,
        directory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments + (useJournal ? ["--journal", journal] : [])
        process.environment = environment.merging(extra) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes fully before waiting, so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// Runs and expects status 0, returning standard output.
    @discardableResult
    func ok(_ arguments: String..., env: [String: String] = [:]) throws -> String {
        let result = try run(arguments, env: env)
        guard result.status == 0 else {
            throw Failure(message: "kith \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return result.stdout
    }

    /// Runs and expects failure, returning the result.
    func fails(_ arguments: String..., env: [String: String] = [:]) throws -> Result {
        try run(arguments, env: env)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

extension String {
    /// Whether the text holds an ANSI escape.
    var hasEscapes: Bool { contains("\u{1B}[") }
}
