import ArgumentParser
import Foundation
import Testing

@testable import KithCLI

/// `QuickParse` must give exactly ArgumentParser's command values, and leave to
/// ArgumentParser every command line it does not fully understand.
@Suite struct QuickParseTests {
    /// Every value a command's `run()` reads, as `field = value` lines (nested structs
    /// field by field, read with `Mirror`), or nil for another command.
    static func describe(_ command: Any) -> String? {
        let run: Any
        if let c = (command as? CalendarCommand)?.values ?? (command as? CalendarRun) {
            run = c
        } else if let c = (command as? LogCommand)?.values ?? (command as? LogRun) {
            run = c
        } else if let c = (command as? UpcomingCommand)?.values ?? (command as? UpcomingRun) {
            run = c
        } else {
            return nil
        }
        return "\(type(of: run))\n" + fields(run).joined(separator: "\n")
    }

    /// The stored fields of `value` as `path = value`, nested structs flattened.
    static func fields(_ value: Any, path: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct else { return ["\(path) = \(String(reflecting: value))"] }
        return mirror.children.flatMap { child in
            let label = child.label ?? "?"
            return fields(child.value, path: path.isEmpty ? label : path + "." + label)
        }
    }

    /// ArgumentParser's reading of `arguments`, or nil when it refuses them or asks for help.
    static func reference(_ arguments: [String]) -> String? {
        guard let command = try? KithCommand.parseAsRoot(arguments) else { return nil }
        return describe(command)
    }

    @Test(arguments: [
        ["calendar", "2016-05"],
        ["calendar"],
        ["calendar", "--monday", "2016", "--json", "--color", "never", "--with", "Ana Lima", "--type", "Chat", "--in", "Friends"],
        ["calendar", "--journal", "/tmp/j.sqlite", "--sunday", ""],
        [
            "log", "Coffee and a long walk", "--with", "Noël Nakamura A0", "--with", "Daniel Schröder B0", "--type", "Chat",
            "--mood", "good", "--at", "Blue Bottle, Taipei", "--trait", "Interests/Climbing: started bouldering in May",
        ],
        [
            "log", "--when", "yesterday 15:30", "Lunch", "--duration", "90m", "--tz", "Asia/Taipei", "--geo", "25.03,121.56",
            "--note", "a note", "--photo", "a.jpg", "--photo", "b.jpg", "--json", "--color", "always", "--journal", "j.sqlite",
        ],
        ["log", "--with", "Ana"],
        ["log"],
        ["upcoming"],
        ["upcoming", "--days", "30", "--as-of", "2026-12-28", "--json", "--color", "never", "--journal", "j.sqlite"],
    ])
    func plainCommandLinesReadAsArgumentParserReadsThem(_ arguments: [String]) throws {
        let quick = try #require(QuickParse.command(arguments))
        #expect(Self.describe(quick) == Self.reference(arguments))
        #expect(Self.describe(quick) != nil)
    }

    @Test(arguments: [
        ["calendar", "--help"], ["calendar", "-h"], ["log", "--help"], ["help", "log"], ["--help"], [],
        ["calendar", "--with=Ana"], ["calendar", "--", "2016"], ["calendar", "2016", "2017"], ["calendar", "--monday", "--sunday"],
        ["calendar", "--monday", "--monday"], ["calendar", "--color", "red"], ["calendar", "--with"], ["calendar", "--with", "-x"],
        ["calendar", "--type", "A", "--type", "B"], ["calendar", "--generate-completion-script", "bash"], ["calendar", "-"],
        ["log", "--bogus"], ["log", "a", "b"], ["log", "--type"], ["log", "--json", "--json"], ["events", "--with", "Ana"],
        ["upcoming", "soon"], ["upcoming", "--days", "x"], ["upcoming", "--days", "0"], ["upcoming", "--days", "3661"],
        ["upcoming", "--days=3"], ["upcoming", "--help"],
    ])
    func everythingElseIsLeftToArgumentParser(_ arguments: [String]) {
        #expect(QuickParse.command(arguments) == nil)
    }

    /// One option as ArgumentParser declares it: its long (or short) name, whether it is
    /// a flag, keeps one value or repeats, and the values it accepts when it lists them.
    struct Declared {
        var name: String
        var arity: QuickArity
        var allValues: [String]?
    }

    /// ArgumentParser's own description of a command (`_dumpHelp()`, the JSON behind
    /// `--experimental-dump-help`): its options, and how many positional arguments it takes.
    static func declared(_ command: ParsableCommand.Type) throws -> (options: [Declared], positionals: Int) {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any])
        let info = try #require(json["command"] as? [String: Any])
        var options: [Declared] = []
        var positionals = 0
        for argument in info["arguments"] as? [[String: Any]] ?? [] {
            let kind = argument["kind"] as? String
            if kind == "positional" { positionals += 1; continue }
            for name in argument["names"] as? [[String: Any]] ?? [] {
                let text = "\(name["kind"] as? String == "long" ? "--" : "-")\(name["name"] as? String ?? "")"
                guard text != "--help", text != "-h" else { continue }
                let arity: QuickArity = kind == "flag" ? .flag : argument["isRepeating"] as? Bool == true ? .repeated : .single
                options.append(Declared(name: text, arity: arity, allValues: argument["allValues"] as? [String]))
            }
        }
        return (options, positionals)
    }

    /// A quick table's names and arities, to compare with ``declared(_:)``.
    static func table<Run>(_ options: [QuickOption<Run>]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: options.map { ($0.name, "\($0.arity)") })
    }

    /// An option added to `kith log` or `kith calendar` and not to its quick table would be
    /// left unset on the quick path: the names must be the ones the commands declare.
    @Test func namesAreTheOnesTheCommandsDeclare() throws {
        for (command, names, positionals) in [
            (CalendarCommand.self as ParsableCommand.Type, Self.table(CalendarRun.quickOptions), 1),
            (LogCommand.self, Self.table(LogRun.quickOptions), 1),
            (UpcomingCommand.self, Self.table(UpcomingRun.quickOptions), 0),
        ] {
            let declared = try Self.declared(command)
            #expect(Dictionary(uniqueKeysWithValues: declared.options.map { ($0.name, "\($0.arity)") }) == names, "\(command)")
            #expect(declared.positionals == positionals, "\(command)")
        }
    }

    /// A sample command line for `command` that gives `options` (each with a value it
    /// accepts; a repeating one twice) after the positional argument.
    static func sampleLine(_ command: String, positional: String?, _ options: [Declared]) -> [String] {
        var line = [command] + (positional.map { [$0] } ?? [])
        for option in options {
            line.append(option.name)
            switch option.arity {
            case .flag: break
            case .single: line.append(option.allValues?.last ?? (option.name == "--days" ? "30" : "sample \(option.name)"))
            case .repeated: line += ["first \(option.name)", option.name, "second \(option.name)"]
            }
        }
        return line
    }

    /// Every option ArgumentParser declares for a hot command, given a value, reads the
    /// same on the quick path, field by field, and changes what `run()` reads; and every
    /// field of the run struct is reached by some option. An option declared with
    /// `@Option` but missing from the quick table, or not carried into the run struct,
    /// fails here.
    @Test(arguments: [("calendar", "2026-11"), ("log", "Coffee"), ("upcoming", nil)] as [(String, String?)])
    func everyDeclaredOptionReadsTheSameOnBothPaths(_ command: String, _ positional: String?) throws {
        let type: ParsableCommand.Type = ["log": LogCommand.self, "upcoming": UpcomingCommand.self][command] ?? CalendarCommand.self
        let options = try Self.declared(type).options
        #expect(options.count >= (positional == nil ? 5 : 8))
        /// The fields (by path) whose values differ between two runs.
        func changed(_ run: Any, from base: Any) -> Set<String> {
            Set(Self.fields(run)).subtracting(Self.fields(base)).reduce(into: []) { paths, line in
                paths.insert(String(line[..<line.range(of: " = ")!.lowerBound]))
            }
        }
        let bare = try #require(QuickParse.command([command]))
        let base = try #require(QuickParse.command([command] + (positional.map { [$0] } ?? [])))
        var reached = changed(base, from: bare)
        #expect(!reached.isEmpty || positional == nil, "the positional argument reaches no field")
        for option in options {
            let line = Self.sampleLine(command, positional: positional, [option])
            let quick = try #require(QuickParse.command(line), "\(line)")
            #expect(Self.describe(quick) == Self.reference(line), "\(line)")
            let fields = changed(quick, from: base)
            #expect(!fields.isEmpty, "\(option.name) changes nothing `run()` reads")
            reached.formUnion(fields)
        }
        let all = Set(Self.fields(bare).map { String($0[..<$0.range(of: " = ")!.lowerBound]) })
        #expect(reached == all, "fields no option sets: \(all.subtracting(reached))")
        // All together, where the command allows it (`--monday` and `--sunday` exclude each other).
        let line = Self.sampleLine(command, positional: positional, options.filter { $0.name != "--sunday" })
        let quick = try #require(QuickParse.command(line), "\(line)")
        #expect(Self.describe(quick) == Self.reference(line))
    }

    /// Random command lines from the words of both commands and some troublemakers: where
    /// `QuickParse` reads one, ArgumentParser reads it the same way.
    @Test func randomCommandLinesReadTheSameOrFallBack() {
        let words = [
            "2016-05", "2016", "", "Ana", "help", "Coffee", "--monday", "--sunday", "--json", "--with", "--type", "--in",
            "--journal", "--color", "never", "auto", "red", "--mood", "--at", "--geo", "--when", "--duration", "--tz",
            "--trait", "--photo", "--note", "--", "-h", "--help", "--with=Ana", "-x", "-", "--bogus", "log", "calendar",
            "--version", "--generate-completion-script", "bash", "-1",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var quickOnes = 0
        for _ in 0..<3000 {
            var arguments = [next(2) == 0 ? "log" : "calendar"]
            for _ in 0..<next(7) { arguments.append(words[next(words.count)]) }
            guard let quick = QuickParse.command(arguments) else { continue }
            quickOnes += 1
            #expect(Self.describe(quick) == Self.reference(arguments), "\(arguments)")
        }
        #expect(quickOnes > 300)
    }
}
