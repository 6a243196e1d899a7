import Foundation
import OutsideJudges

#if canImport(Glibc)
import Glibc
#endif

/// The real servers the sync tests talk to (both from PyPI; `.ci/run` installs them).
enum DAVServerKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case radicale
    case xandikos

    var description: String { rawValue }

    /// The server's executable next to the judges' Python, if installed.
    var executable: String? { OutsideJudge.tool(rawValue) }

    /// Whether its tests run: installed, or CI (where a missing server must fail).
    var shouldRun: Bool { OutsideJudge.inCI || executable != nil }
}

/// A Radicale or Xandikos started on 127.0.0.1 at a free port with a temporary storage folder,
/// stopped by its process id (`stop()`, or at the latest when the value is released).
final class DAVTestServer: @unchecked Sendable {
    let kind: DAVServerKind
    let port: Int
    let folder: URL
    private let process: Process
    private let lock = NSLock()
    private var stopped = false

    /// The self-signed certificate (PEM) when started with `tls`, to give as the CA file.
    private(set) var certificate: String?

    /// The server root, as a user would type it.
    var rootURL: String { "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)/" }
    /// The user name the tests send (Radicale with `auth none` wants one; Xandikos ignores it).
    let user = "kith"

    struct StartFailure: Error, CustomStringConvertible { var description: String }

    /// Starts `kind` and waits until its port accepts connections (up to 60 s: two cores shared).
    /// `htpasswd`: a file of `user:password` lines; Radicale then asks for Basic authentication.
    /// `tls`: Radicale serves HTTPS with a new self-signed certificate for 127.0.0.1 (openssl).
    init(_ kind: DAVServerKind, htpasswd: String? = nil, tls: Bool = false) throws {
        guard let executable = kind.executable else { throw StartFailure(description: "\(kind) is not installed next to \(OutsideJudge.python)") }
        self.kind = kind
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-dav-\(kind)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        let storage = folder.appendingPathComponent("storage").path
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        switch kind {
        case .radicale:
            var arguments = ["--storage-filesystem-folder", storage, "--server-hosts", "127.0.0.1:\(port)"]
            if let htpasswd {
                arguments += ["--auth-type", "htpasswd", "--auth-htpasswd-filename", htpasswd, "--auth-htpasswd-encryption", "plain", "--auth-delay", "0"]
            } else {
                arguments += ["--auth-type", "none"]
            }
            if tls {
                let cert = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
                let made = try OutsideJudge.run(
                    "/usr/bin/openssl",
                    [
                        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
                        "-addext", "subjectAltName=IP:127.0.0.1",
                    ])
                guard made.status == 0 else { throw StartFailure(description: "openssl req failed: \(made.err)") }
                certificate = cert
                arguments += ["--server-ssl", "True", "--server-certificate", cert, "--server-key", key]
            }
            process.arguments = arguments
        case .xandikos:
            process.arguments = [
                "serve", "--defaults", "-d", storage, "-l", "127.0.0.1", "-p", String(port), "--state-dir", folder.appendingPathComponent("state").path,
            ]
        }
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["XDG_CONFIG_HOME"] = folder.path
        process.environment = environment
        let log = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while !Self.accepts(port: port) {
            if !process.isRunning || Date() > deadline {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                stop()
                throw StartFailure(description: "\(kind) did not start on port \(port): \(text.suffix(2000))")
            }
            usleep(100_000)
        }
    }

    /// The server's own log (for a failing test's message).
    var log: String { (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? "" }

    /// Stops the server by its process id (SIGTERM, then SIGKILL after 2 s: a child of the test
    /// runner may inherit SIGTERM blocked) and removes its folder.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        let pid = process.processIdentifier
        if pid > 0 && process.isRunning {
            kill(pid, SIGTERM)
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(pid, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }

    /// A port nothing listens on at this moment (bound to 0, read back, released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartFailure(description: "socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw StartFailure(description: "bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}

/// A socket that accepts connections (the kernel's backlog) and never answers: a server that hangs.
final class SilentListener: @unchecked Sendable {
    let port: Int
    private let fd: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(fd, 8)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }
}
