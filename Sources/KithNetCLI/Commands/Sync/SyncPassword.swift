import Foundation
import KithCLI
import KithSync

/// The password of a sync account: `KITH_SYNC_PASSWORD`, else the first line the account's
/// password command prints (run with `/bin/sh -c`). Never stored, printed or logged: an
/// error names the command's exit status, never its output.
enum SyncPassword {
    static func resolve(account: String, command: String?) throws -> String? {
        if let password = EnvironmentVariables.named("KITH_SYNC_PASSWORD")["KITH_SYNC_PASSWORD"], !password.isEmpty { return password }
        guard let command, !command.isEmpty else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw UserError("cannot run the password command of \(account)", "check that /bin/sh exists")
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw UserError(
                "the password command of \(account) failed (exit status \(process.terminationStatus))",
                "run it yourself to check it, or set KITH_SYNC_PASSWORD")
        }
        // Bytes, not characters: "\r\n" is one Character, and a password may end in a space.
        var line = Array(data.prefix { $0 != UInt8(ascii: "\n") })
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        let password = String(decoding: line, as: UTF8.self)
        guard !password.isEmpty else {
            throw UserError("the password command of \(account) printed no password", "make its first line the password, or set KITH_SYNC_PASSWORD")
        }
        return password
    }
}

/// Server failures told as `kith: <what> (<what to do>)`; never with a password.
enum SyncErrors {
    static func translating<T>(account: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RemoteError {
            throw userError(error, account: account)
        }
    }

    static func userError(_ error: RemoteError, account: String) -> UserError {
        let again = "run kith sync \(account) again; what was synced stays synced"
        switch error {
        case .unauthorized(let url):
            return UserError("the server refused the user name or password at \(url)", "check --user and KITH_SYNC_PASSWORD or the password command")
        case .unreachable(let url, let reason) where reason.hasPrefix("no answer"):
            return UserError("the server at \(url) gave \(reason)", "try again later, or give it longer with --timeout SECONDS; what was synced stays synced")
        case .unreachable(let url, let reason):
            return UserError("cannot reach \(url): \(reason)", "check the URL and that the server is running, then \(again)")
        case .malformed(let url, let reason):
            return UserError("\(url) did not answer as a CardDAV/CalDAV server should: \(reason)", "check the URL (a server root, principal or collection)")
        case .status(let code, let method, let url, let reason):
            return UserError("the server answered \(code) to \(method) \(url)\(reason.isEmpty ? "" : ": " + reason)", again)
        case .preconditionFailed(let href):
            return UserError("\(href) kept changing on the server during the sync", again)
        case .notFound(let url) where url.hasSuffix("/"):
            return UserError(
                "the collection \(url) is gone from the server",
                "check it on the server; to start again with new collections: kith sync remove \(account), then kith sync add \(account) --url URL")
        case .notFound(let url):
            return UserError("\(url) is gone from the server", again)
        }
    }
}
