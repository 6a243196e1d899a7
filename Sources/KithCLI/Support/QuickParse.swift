import ArgumentParser

/// The plain command lines of the two hot commands, `kith log` and `kith calendar`, read
/// without ArgumentParser (issue 7). ArgumentParser builds each command's arguments by
/// reflection and checks for a completion-script request on every run: ~35 first-use
/// protocol-conformance lookups, each a scan of the static binary's ~7,000 conformance
/// records; reading these command lines here saves 14 M of `kith calendar`'s 33 M
/// instructions and 17 M of `kith log`'s 46 M.
///
/// It gives the values ArgumentParser would, as the plain `CalendarRun` or `LogRun` that
/// `CalendarCommand.run()` and `LogCommand.run()` run too (making the commands themselves
/// would run their property wrappers' initializers), or nil for anything it does not
/// fully understand: any other command, `-h`/`--help`, `--name=value`, `--`, a value
/// starting with `-`, an option or flag given twice where the command keeps one, a second
/// positional argument, an unknown `--color`, or a command whose `validate()` fails.
/// Those go to ArgumentParser, so help, usage and errors stay its own
/// (`QuickParseTests` compares the two on many command lines).
enum QuickParse {
    /// The command `arguments` (without the program name) ask for, or nil to let
    /// ArgumentParser parse them.
    static func command(_ arguments: [String]) -> (any QuickCommand)? {
        guard let name = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        switch name {
        case "log":
            return log(rest)
        case "calendar":
            guard let command = calendar(rest), (try? command.validate()) != nil else { return nil }
            return command
        default:
            return nil
        }
    }

    /// What a command line holds: flags, option values by name (in order) and the
    /// positional arguments.
    struct Words {
        var flags: Set<String> = []
        var values: [String: [String]] = [:]
        var positionals: [String] = []

        /// The single value of `--name`, if given.
        func value(_ name: String) -> String? { values[name]?.first }
    }

    /// The long names a command declares: its flags, its options that keep one value and
    /// those that may repeat. `QuickParseTests` checks them against ArgumentParser's own
    /// description of the command, so an option added there cannot be missed here.
    struct Names {
        let flags: Set<String>
        let single: Set<String>
        let repeated: Set<String>
        /// The most positional arguments the command takes.
        let positionals: Int
    }

    static let calendarNames = Names(flags: ["--monday", "--sunday", "--json"],
                                     single: ["--with", "--type", "--in", "--journal", "--color"], repeated: [], positionals: 1)
    static let logNames = Names(flags: ["--json"],
                                single: ["--type", "--mood", "--at", "--geo", "--when", "--duration", "--tz", "--note",
                                         "--journal", "--color"],
                                repeated: ["--with", "--trait", "--photo"], positionals: 1)

    /// Splits `arguments` by the names a command declares, or nil where ArgumentParser
    /// might read them differently or refuse them.
    static func words(_ arguments: ArraySlice<String>, _ names: Names) -> Words? {
        let (flags, single, repeated, positionals) = (names.flags, names.single, names.repeated, names.positionals)
        var words = Words()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard words.positionals.count < positionals else { return nil }
                words.positionals.append(argument)
                continue
            }
            if flags.contains(argument) {
                guard words.flags.insert(argument).inserted else { return nil }
                continue
            }
            let isRepeated = repeated.contains(argument)
            guard isRepeated || single.contains(argument), index < arguments.endIndex else { return nil }
            let value = arguments[index]
            index += 1
            guard !value.hasPrefix("-"), isRepeated || words.values[argument] == nil else { return nil }
            words.values[argument, default: []].append(value)
        }
        return words
    }

    /// `--color`'s value, or false when it is not one ArgumentParser accepts.
    private static func color(_ words: Words) -> (ok: Bool, choice: ColorChoice?) {
        guard let text = words.value("--color") else { return (true, nil) }
        guard let choice = ColorChoice(rawValue: text) else { return (false, nil) }
        return (true, choice)
    }

    static func calendar(_ arguments: ArraySlice<String>) -> CalendarRun? {
        guard let words = words(arguments, calendarNames) else { return nil }
        let color = color(words)
        guard color.ok else { return nil }
        var command = CalendarRun()
        command.period = words.positionals.first
        command.monday = words.flags.contains("--monday")
        command.sunday = words.flags.contains("--sunday")
        command.person = words.value("--with")
        command.type = words.value("--type")
        command.relation = words.value("--in")
        command.journal = words.value("--journal")
        command.json = words.flags.contains("--json")
        command.color = color.choice
        return command
    }

    static func log(_ arguments: ArraySlice<String>) -> LogRun? {
        guard let words = words(arguments, logNames) else { return nil }
        let color = color(words)
        guard color.ok else { return nil }
        var event = EventValues()
        event.people = words.values["--with"] ?? []
        event.type = words.value("--type")
        event.mood = words.value("--mood")
        event.place = words.value("--at")
        event.geo = words.value("--geo")
        event.when = words.value("--when")
        event.duration = words.value("--duration")
        event.tz = words.value("--tz")
        event.trait = words.values["--trait"] ?? []
        event.photo = words.values["--photo"] ?? []
        event.note = words.value("--note")
        var command = LogRun()
        command.title = words.positionals.first
        command.event = event
        command.journal = words.value("--journal")
        command.json = words.flags.contains("--json")
        command.color = color.choice
        return command
    }
}

/// A command `QuickParse` read, run as `KithMain` runs a parsed one.
protocol QuickCommand {
    func run() throws
}
