import ArgumentParser
import Foundation
import Kith
import KithCLI
import KithServe
import Logging
import Synchronization

/// `kith serve [--port N] [--open] [--listen ADDR]`: the journal's screens in a browser.
///
/// The server (and its event loop) is built here, inside `run()`, never before: no other
/// command starts one.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Show the journal in a browser on this machine.",
        discussion: """
            Listens on 127.0.0.1 only and prints the address; stop it with Ctrl-C. The pages \
            use the same journal and settings as the command line: a change made in either \
            shows in the other on the next page load. --listen ADDR serves beyond this \
            machine (0.0.0.0 for every interface), and then only with the access token in \
            the printed address.
            """)

    @Option(help: ArgumentHelp("The port; 0 (the default) for any free one.", valueName: "n"))
    var port: Int = 0
    @Flag(help: "Open the address in the default browser (xdg-open).")
    var open = false
    @Option(help: ArgumentHelp("Listen on this address instead of 127.0.0.1, with an access token.", valueName: "addr"))
    var listen: String?
    @OptionGroup var journal: JournalOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0...65535 (0 for any free port), not \(port)") }
        if let listen, listen.isEmpty || listen.contains(where: { $0 == "/" || $0.isWhitespace }) {
            throw ValidationError("--listen takes an address such as 0.0.0.0 or 192.168.1.5, not \"\(listen)\"")
        }
    }

    func run() throws {
        let journal = try journal.open()
        let host = listen ?? "127.0.0.1"
        let token = KithServer.isLoopback(host) ? nil : KithServer.makeAccessToken()
        let server = KithServer(journal: journal, options: KithServer.Options(host: host, port: port, accessToken: token))
        let open = self.open
        let finished = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            do {
                try await server.run(logger: Logger(label: "kith")) { address in
                    var text = "Serving \(journal.path ?? "the journal") at \(address.url)\n"
                    if token != nil { text += "Anyone who can reach this address and has the token can read and change the journal.\n" }
                    text += "Stop with Ctrl-C.\n"
                    // Unbuffered: a script reading the address sees it at once.
                    FileHandle.standardOutput.write(Data(text.utf8))
                    if open { ServeCommand.openBrowser(address.url) }
                }
            } catch {
                failure.set(error)
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.error {
            throw UserError("cannot serve on \(host):\(port): \(error)", "choose another --port, or 0 for any free one")
        }
    }

    /// Runs `xdg-open URL` if it is installed; says so if not.
    static func openBrowser(_ url: String) {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let tool = paths.map({ $0 + "/xdg-open" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            StandardError.warn("no xdg-open to open a browser", "open \(url) yourself")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { StandardError.warn("cannot run xdg-open", "open \(url) yourself") }
    }
}

/// The server task's error, handed to the waiting command.
private final class FailureBox: Sendable {
    private let stored = Mutex<(any Error)?>(nil)
    var error: (any Error)? { stored.withLock { $0 } }
    func set(_ error: any Error) { stored.withLock { $0 = error } }
}
