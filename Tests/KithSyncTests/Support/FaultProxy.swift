import Foundation
import OutsideJudges

#if canImport(Glibc)
import Glibc
#endif

/// `fault_proxy.py` in front of a server: forwards every request except the Nth one matching
/// each rule (`METHOD:N:ACTION`), which it answers with ACTION's status or leaves hanging
/// ("stall"). Stopped by its process id.
final class FaultProxy: @unchecked Sendable {
    let port: Int
    private let process: Process
    private let errors: URL

    var url: String { "http://127.0.0.1:\(port)/" }

    init(upstream: String, rules: [String]) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fault_proxy.py").path
        process = Process()
        process.executableURL = URL(fileURLWithPath: OutsideJudge.python)
        process.arguments = [script, upstream] + rules
        errors = FileManager.default.temporaryDirectory.appendingPathComponent("kith-fault-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let line = String(decoding: out.fileHandleForReading.availableDataLine(), as: UTF8.self)
        guard line.hasPrefix("port "), let port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw DAVTestServer.StartFailure(description: "fault_proxy.py did not start: \(line)")
        }
        self.port = port
    }

    /// The faults injected so far ("fault PUT /path 500" lines).
    var injected: [String] {
        ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0.hasPrefix("fault ") }
    }

    func stop() {
        // SIGKILL: it keeps nothing, and a child of the test runner may inherit SIGTERM blocked.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: errors)
    }

    deinit { stop() }
}

extension FileHandle {
    /// Bytes up to the first newline (blocking).
    fileprivate func availableDataLine() -> Data {
        var data = Data()
        while true {
            let chunk = readData(ofLength: 1)
            if chunk.isEmpty || chunk == Data("\n".utf8) { return data }
            data.append(chunk)
        }
    }
}
