import Foundation
import Testing

/// The man page: generated from the same help text as `kith --help` by swift-argument-parser's
/// generate-manual (Scripts/install.sh installs it; .ci/run builds the tool before the tests).
@Suite struct ManualTests {
    /// `generate-manual` built beside `kith` (`swift build --product generate-manual`).
    static let generator: URL? = {
        let url = KithRunner.executable.deletingLastPathComponent().appendingPathComponent("generate-manual")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }()

    static func run(_ executable: URL, _ arguments: [String]) throws -> (out: String, status: Int32) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @Test func theHelpTheManualIsMadeFromListsEveryCommand() throws {
        struct Dump: Decodable {
            struct Command: Decodable { var commandName: String; var abstract: String?; var subcommands: [Command]? }
            var command: Command
        }
        let (out, status) = try Self.run(KithRunner.executable, ["--experimental-dump-help"])
        #expect(status == 0)
        let dump = try JSONDecoder().decode(Dump.self, from: Data(out.utf8))
        let names = dump.command.subcommands?.map(\.commandName) ?? []
        for name in ["log", "events", "show", "calendar", "day", "import", "export", "settings", "photo"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(dump.command.subcommands?.allSatisfy { $0.abstract?.isEmpty == false } == true)
    }

    @Test(.enabled(if: ManualTests.generator != nil)) func theManPageIsGeneratedFromTheHelp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, status) = try Self.run(
            try #require(Self.generator),
            [KithRunner.executable.path, "--date", "2026-11-27", "--output-directory", folder.path])
        #expect(status == 0)
        let page = try String(contentsOf: folder.appendingPathComponent("kith.1"), encoding: .utf8)
        #expect(page.contains(".Dt KITH 1"))
        #expect(page.contains(".Nd \"A journal of the people in your life: who, what, how it felt.\""))
        for command in ["log", "settings", "photo", "export"] { #expect(page.contains(".It Em \(command)\n"), "\(command)") }
        #expect(page.contains("Write out a photo, byte for byte as it went in."))
        // It renders.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let (text, rendered) = try Self.run(URL(fileURLWithPath: "/usr/bin/man"), ["-l", folder.appendingPathComponent("kith.1").path])
            #expect(rendered == 0)
            #expect(text.contains("kith subcommand"))
        }
    }
}
