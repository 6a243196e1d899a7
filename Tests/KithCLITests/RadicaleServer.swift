import Foundation

/// A Radicale (from PyPI, `KITH_PYTHON`'s environment or PATH) on 127.0.0.1 at a free port,
/// with its storage and a plain htpasswd file in a temporary folder, stopped by its process
/// id when the value goes away. For the `kith sync` tests that run the real `kith`.
final class RadicaleServer: @unchecked Sendable {
    // @unchecked: every property is set in init and only read afterwards.
    let process: Process
    let folder: URL
    let port: Int
    let user = "ana"
    let password = "s3cret-Pa55-\(UUID().uuidString.prefix(8))"
    /// The self-signed certificate (PEM) of a server started with `tls`.
    let certificate: String?
    var url: String { "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)/" }

    /// The radicale executable, if any: next to KITH_PYTHON, else on PATH.
    static var executable: String? {
        var candidates: [String] = []
        if let python = ProcessInfo.processInfo.environment["KITH_PYTHON"] {
            candidates.append(URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent("radicale").path)
        }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") { candidates.append("\(dir)/radicale") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var available: Bool { executable != nil }

    /// `tls`: HTTPS with a new self-signed certificate for 127.0.0.1 (made with openssl).
    init(tls: Bool = false) throws {
        guard let radicale = Self.executable else { throw KithRunner.Failure(message: "radicale is not installed") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-radicale-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("storage"), withIntermediateDirectories: true)
        try Data("\(user):\(password)\n".utf8).write(to: folder.appendingPathComponent("users"))
        port = try Self.freePort()
        var arguments = [
            "--server-hosts", "127.0.0.1:\(port)",
            "--storage-filesystem-folder", folder.appendingPathComponent("storage").path,
            "--auth-type", "htpasswd", "--auth-htpasswd-filename", folder.appendingPathComponent("users").path,
            "--auth-htpasswd-encryption", "plain", "--rights-type", "owner_only", "--logging-level", "warning",
        ]
        if tls {
            let cert = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
            let openssl = Process()
            openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            openssl.arguments = [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1",
            ]
            openssl.standardOutput = FileHandle.nullDevice
            openssl.standardError = FileHandle.nullDevice
            try openssl.run()
            openssl.waitUntilExit()
            guard openssl.terminationStatus == 0 else { throw KithRunner.Failure(message: "openssl req failed") }
            certificate = cert
            arguments += ["--server-ssl", "True", "--server-certificate", cert, "--server-key", key]
        } else {
            certificate = nil
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: radicale)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready when it accepts a connection (at most 20 s on a loaded machine).
        for _ in 0..<200 {
            if Self.accepts(port) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        process.terminate()
        throw KithRunner.Failure(message: "radicale did not start on port \(port)")
    }

    deinit {
        // By its pid; polled, not waitUntilExit (which can hang in a deinit on Linux).
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        for _ in 0..<50 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The bodies of every item stored under the user, by file name.
    func storedItems() throws -> [String: String] {
        var items: [String: String] = [:]
        let root = folder.appendingPathComponent("storage/collection-root/\(user)")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return items }
        for case let file as URL in walker where ["vcf", "ics"].contains(file.pathExtension) && !file.path.contains("/.Radicale") {
            items[file.lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
        }
        return items
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw KithRunner.Failure(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
