import Foundation
import Kith
import Testing

@Suite("kith serve, the command")
struct ServeCommandTests {
    /// The debug `kith` built next to this test bundle.
    static let kith: URL = {
        var dir = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        for _ in 0..<5 {
            dir = dir.deletingLastPathComponent()
            let candidate = dir.appendingPathComponent("kith")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("no kith executable next to the tests")
    }()

    /// Starts `kith serve ARGS` on a fresh journal, returns the process and what it printed first.
    static func start(_ served: ServedJournal, _ arguments: [String]) throws -> (Process, String) {
        let process = Process()
        process.executableURL = kith
        process.arguments = ["--journal", served.journal.path!, "serve"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        var text = ""
        while !text.contains("Ctrl-C") {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return (process, text)
    }

    @Test("kith serve --port 0 prints its loopback address, serves the journal, and stops on SIGTERM")
    func serves() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let (process, text) = try Self.start(served, ["--port", "0"])
        defer { if process.isRunning { process.terminate() } }
        let url = try #require(text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") }.map(String.init))
        #expect(url.hasPrefix("http://127.0.0.1:") && url.hasSuffix("/"), "\(text)")
        let port = try #require(Int(url.dropFirst("http://127.0.0.1:".count).dropLast()))
        let browser = Browser(port: port)
        defer { browser.close() }
        let page = try await browser.get("/people")
        #expect(page.status == .ok && page.text.contains("Ana Lima"))
        #expect(try await browser.get("/", host: "evil.example:\(port)").status == .forbidden)
        // A change made elsewhere shows on the next page load.
        _ = try served.journal.addPerson(PersonDraft(displayName: "Chen Wu"))
        #expect(try await browser.get("/people").text.contains("Chen Wu"))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit || process.terminationStatus == SIGTERM)
    }

    @Test("kith serve --listen prints an address with an access token")
    func listen() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let (process, text) = try Self.start(served, ["--port", "0", "--listen", "0.0.0.0"])
        defer { if process.isRunning { process.terminate() } }
        #expect(text.contains("http://0.0.0.0:") && text.contains("/?token="), "\(text)")
        process.terminate()
        process.waitUntilExit()
    }

    @Test("a port out of range is a usage error")
    func badPort() throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let (process, text) = try Self.start(served, ["--port", "70000"])
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.contains("--port"), "\(text)")
    }
}
