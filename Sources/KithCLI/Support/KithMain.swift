import ArgumentParser
import Foundation
import Kith
import Logging

/// The entry point: runs the command tree and turns every failure into one line on
/// standard error, `kith: <what went wrong> (<what to do>)`, with exit status 1 for a
/// user error and 2 for a usage error. The `kith` executable (Sources/KithTool) only calls
/// ``main()``.
public enum KithMain {
    public static func main() {
        let (rest, debug) = takingDebug(Array(CommandLine.arguments.dropFirst()))
        let hoisted = hoistingJournal(rest)
        // `kith sync` and `kith serve` run in `kith-net`, beside this executable (Package.swift
        // says why): nothing of the network is linked into the commands used every day.
        if let first = hoisted.first,
            NetworkCommands.names.contains(first)
                || (first == "help" && hoisted.count > 1 && NetworkCommands.names.contains(hoisted[1]))
        {
            NetworkCommands.execute(debug ? ["--debug"] + hoisted : hoisted)
        }
        bootstrapLogging(debug: debug || EnvironmentVariables.named("KITH_DEBUG")["KITH_DEBUG"] == "1")
        // A bare `kith` (or `kith --journal PATH`) on a journal with something coming up
        // prints the digest; otherwise the help, as ArgumentParser gives it.
        if rest.count <= 2, Digest.show(rest) { return }
        let arguments = joiningNegativeValues(hoisted)
        if let quick = QuickParse.command(arguments) {
            do {
                try quick.run()
            } catch {
                exitForRunError(error, root: KithCommand.self)
            }
            return
        }
        run(KithCommand.self, arguments: arguments)
    }

    /// The command line of `kith-net` (Sources/KithNetCLI): the same logging, options and
    /// error lines as `kith`, over its own root command.
    package static func main(root: any ParsableCommand.Type) {
        let (rest, debug) = takingDebug(Array(CommandLine.arguments.dropFirst()))
        bootstrapLogging(debug: debug || EnvironmentVariables.named("KITH_DEBUG")["KITH_DEBUG"] == "1")
        run(root, arguments: joiningNegativeValues(hoistingJournal(rest)))
    }

    static func run(_ root: any ParsableCommand.Type, arguments: [String]) {
        var command: ParsableCommand
        do {
            command = try root.parseAsRoot(arguments)
        } catch {
            exitForParseError(error, root: root)
        }
        do {
            try command.run()
        } catch {
            exitForRunError(error, root: root)
        }
    }

    /// `--debug` anywhere before a `--` turns on debug logging for any command; it is
    /// taken out before the command line is parsed.
    static func takingDebug(_ arguments: [String]) -> (arguments: [String], debug: Bool) {
        var out: [String] = [], debug = false, literal = false
        for argument in arguments {
            if !literal, argument == "--debug" { debug = true; continue }
            if argument == "--" { literal = true }
            out.append(argument)
        }
        return (out, debug)
    }

    /// Debug logging goes to standard error; without it nothing is logged anywhere, so
    /// no journal contents can leak into a log.
    static func bootstrapLogging(debug: Bool) {
        LoggingSystem.bootstrap { label in
            guard debug else { return SwiftLogNoOpLogHandler() }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .debug
            return handler
        }
    }

    /// `kith --journal PATH events` works like `kith events --journal PATH`: the option
    /// belongs to each subcommand, so a leading one is moved to the end.
    static func hoistingJournal(_ arguments: [String]) -> [String] {
        var arguments = arguments
        if arguments.count >= 2, arguments[0] == "--journal" {
            let moved = Array(arguments[0...1])
            arguments.removeFirst(2)
            if !arguments.isEmpty { arguments += moved } else { arguments = moved }
        } else if let first = arguments.first, first.hasPrefix("--journal="), arguments.count > 1 {
            arguments.removeFirst()
            arguments.append(first)
        }
        return arguments
    }

    /// `--limit -1` and `--duration -2h` become `--limit=-1` and `--duration=-2h`, so that
    /// the command sees the value and says what it accepts (ArgumentParser would take
    /// `-1` for an option and only say a value is missing).
    static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { out += arguments[index...]; break }
            if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count {
                let next = Array(arguments[index + 1].utf8)
                if next.count >= 2, next[0] == UInt8(ascii: "-"), next[1] >= UInt8(ascii: "0"), next[1] <= UInt8(ascii: "9") {
                    out.append(argument + "=" + arguments[index + 1])
                    index += 2
                    continue
                }
            }
            out.append(argument)
            index += 1
        }
        return out
    }

    /// Help and version go to standard output with status 0; anything else is a usage error.
    static func exitForParseError(_ error: Error, root: any ParsableCommand.Type) -> Never {
        let code = root.exitCode(for: error)
        if code == .success {
            print(root.fullMessage(for: error))
            exit(0)
        }
        let message = root.fullMessage(for: error)
        FileHandle.standardError.write(Data((usageLine(from: message) + "\n").utf8))
        exit(2)
    }

    /// `Error: Unknown option '--bogus'\nUsage: kith log <title> …` becomes
    /// `kith: unknown option '--bogus' (see kith log --help)`.
    static func usageLine(from message: String) -> String {
        var problem = ""
        var command = "kith"
        for line in message.split(separator: "\n", omittingEmptySubsequences: true) {
            var text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Usage:") {
                text.removeFirst("Usage:".count)
                let words = text.split(separator: " ").prefix { word in
                    guard let first = word.first else { return false }
                    return first.isLetter || first.isNumber
                }
                if !words.isEmpty { command = words.joined(separator: " ") }
            } else if problem.isEmpty {
                if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
                problem = text
            }
        }
        if problem.isEmpty { problem = "cannot read the command line" }
        if let first = problem.first, first.isUppercase, !problem.dropFirst().prefix(1).allSatisfy(\.isUppercase) {
            problem = first.lowercased() + problem.dropFirst()
        }
        // A command's own check (`validate()` throwing a `UsageError`) already says what to do.
        if problem.hasSuffix(")") { return "kith: \(problem)" }
        return "kith: \(problem) (see \(command) --help)"
    }

    static func exitForRunError(_ error: Error, root: any ParsableCommand.Type) -> Never {
        switch error {
        case JournalError.cancelled:
            FileHandle.standardError.write(Data(("kith: " + UserError.describe(error) + "\n").utf8))
            exit(Interruption.exitStatus)
        case let usage as UsageError:
            FileHandle.standardError.write(Data(("kith: " + usage.description + "\n").utf8))
            exit(2)
        case let phrase as DatePhraseError where phrase.kind == .duration:
            // A duration is read from the command line only: a bad one is a usage error.
            FileHandle.standardError.write(Data(("kith: " + phrase.description + "\n").utf8))
            exit(2)
        case is UserError, is DatePhraseError, is JournalError:
            fail(error)
        case let exitCode as ExitCode:
            exit(exitCode.rawValue)
        default:
            // Help asked for inside a subcommand, or a parse error raised while running.
            let code = root.exitCode(for: error)
            if code == .success || code == .validationFailure { exitForParseError(error, root: root) }
            fail(error)
        }
    }

    static func fail(_ error: Error) -> Never {
        FileHandle.standardError.write(Data(("kith: " + UserError.describe(error) + "\n").utf8))
        exit(1)
    }
}
