import ArgumentParser
import Foundation
import Testing
@testable import KithCLI

/// `QuickParse` must give exactly ArgumentParser's command values, and leave to
/// ArgumentParser every command line it does not fully understand.
@Suite struct QuickParseTests {
    /// Every value a command's `run()` reads, as text.
    static func describe(_ command: Any) -> String? {
        if let c = (command as? CalendarCommand)?.values ?? (command as? CalendarRun) {
            return "calendar \(String(describing: c.period)) \(c.monday) \(c.sunday) \(String(describing: c.person)) "
                + "\(String(describing: c.type)) \(String(describing: c.relation)) \(String(describing: c.journal)) "
                + "\(c.json) \(String(describing: c.color))"
        }
        if let c = (command as? LogCommand)?.values ?? (command as? LogRun) {
            let e = c.event
            return "log \(String(describing: c.title)) \(e.people) \(String(describing: e.type)) \(String(describing: e.mood)) "
                + "\(String(describing: e.place)) \(String(describing: e.geo)) \(String(describing: e.when)) "
                + "\(String(describing: e.duration)) \(String(describing: e.tz)) \(e.trait) \(e.photo) "
                + "\(String(describing: e.note)) \(String(describing: c.journal)) \(c.json) \(String(describing: c.color))"
        }
        return nil
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
        ["log", "Coffee and a long walk", "--with", "Noël Nakamura A0", "--with", "Daniel Schröder B0", "--type", "Chat",
         "--mood", "good", "--at", "Blue Bottle, Taipei", "--trait", "Interests/Climbing: started bouldering in May"],
        ["log", "--when", "yesterday 15:30", "Lunch", "--duration", "90m", "--tz", "Asia/Taipei", "--geo", "25.03,121.56",
         "--note", "a note", "--photo", "a.jpg", "--photo", "b.jpg", "--json", "--color", "always", "--journal", "j.sqlite"],
        ["log", "--with", "Ana"],
        ["log"],
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
    ])
    func everythingElseIsLeftToArgumentParser(_ arguments: [String]) {
        #expect(QuickParse.command(arguments) == nil)
    }

    /// ArgumentParser's own description of a command (`_dumpHelp()`, the JSON behind
    /// `--experimental-dump-help`) read as QuickParse's ``QuickParse/Names``.
    static func declaredNames(_ command: ParsableCommand.Type) throws -> QuickParse.Names {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any])
        let info = try #require(json["command"] as? [String: Any])
        var flags: Set<String> = [], single: Set<String> = [], repeated: Set<String> = []
        var positionals = 0
        for argument in info["arguments"] as? [[String: Any]] ?? [] {
            let kind = argument["kind"] as? String
            if kind == "positional" { positionals += 1; continue }
            for name in argument["names"] as? [[String: Any]] ?? [] {
                let text = "\(name["kind"] as? String == "long" ? "--" : "-")\(name["name"] as? String ?? "")"
                guard text != "--help", text != "-h" else { continue }
                if kind == "flag" { flags.insert(text) }
                else if argument["isRepeating"] as? Bool == true { repeated.insert(text) }
                else { single.insert(text) }
            }
        }
        return QuickParse.Names(flags: flags, single: single, repeated: repeated, positionals: positionals)
    }

    /// An option added to `kith log` or `kith calendar` and not to QuickParse would be left
    /// unset on the quick path: the names must be the ones the commands declare.
    @Test func namesAreTheOnesTheCommandsDeclare() throws {
        for (command, names) in [(CalendarCommand.self as ParsableCommand.Type, QuickParse.calendarNames),
                                 (LogCommand.self, QuickParse.logNames)] {
            let declared = try Self.declaredNames(command)
            #expect(declared.flags == names.flags, "\(command)")
            #expect(declared.single == names.single, "\(command)")
            #expect(declared.repeated == names.repeated, "\(command)")
            #expect(declared.positionals == names.positionals, "\(command)")
        }
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
