import ArgumentParser

/// The plain command lines of the hot commands, `kith log`, `kith calendar` and
/// `kith upcoming`, read without ArgumentParser (issue 7; issue 19 for `upcoming`). ArgumentParser builds each command's arguments by
/// reflection and checks for a completion-script request on every run: ~35 first-use
/// protocol-conformance lookups, each a scan of the static binary's ~7,000 conformance
/// records; reading these command lines here saves 14 M of `kith calendar`'s 33 M
/// instructions and 17 M of `kith log`'s 46 M.
///
/// It is a generic reader over each hot command's table of options (`LogRun.quickOptions`,
/// `CalendarRun.quickOptions`), written next to the command's ArgumentParser declarations.
/// It gives the values ArgumentParser would, as the plain `CalendarRun` or `LogRun` that
/// `CalendarCommand.run()` and `LogCommand.run()` run too (making the commands themselves
/// would run their property wrappers' initializers), or nil for anything it does not
/// fully understand: any other command, `-h`/`--help`, `--name=value`, `--`, a value
/// starting with `-`, an option or flag given twice where the command keeps one, a second
/// positional argument, a value the option refuses (an unknown `--color`), or a command
/// whose `validate()` fails. Those go to ArgumentParser, so help, usage and errors stay
/// its own. `QuickParseTests` compares the two on many command lines, and gives every
/// option ArgumentParser declares a value: an option missing from a table fails there.
enum QuickParse {
    /// The command `arguments` (without the program name) ask for, or nil to let
    /// ArgumentParser parse them.
    static func command(_ arguments: [String]) -> (any QuickCommand)? {
        guard let name = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        switch name {
        case "log": return parse(rest, as: LogRun.self)
        case "calendar": return parse(rest, as: CalendarRun.self)
        case "upcoming": return parse(rest, as: UpcomingRun.self)
        default: return nil
        }
    }

    /// `arguments` read by `Run`'s table, or nil where ArgumentParser might read them
    /// differently or refuse them.
    static func parse<Run: QuickCommand>(_ arguments: ArraySlice<String>, as _: Run.Type) -> Run? {
        let options = Run.quickOptions
        var run = Run()
        var given = [Bool](repeating: false, count: options.count)
        var positionals = 0
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard positionals < 1, let positional = Run.quickPositional else { return nil }
                positionals += 1
                run[keyPath: positional] = argument
                continue
            }
            guard let position = options.firstIndex(where: { $0.name == argument }) else { return nil }
            let option = options[position]
            if option.arity != .repeated {
                guard !given[position] else { return nil }
                given[position] = true
            }
            var value = ""
            if option.arity != .flag {
                guard index < arguments.endIndex else { return nil }
                value = arguments[index]
                index += 1
                guard !value.hasPrefix("-") else { return nil }
            }
            guard option.set(&run, value) else { return nil }
        }
        guard (try? run.validate()) != nil else { return nil }
        return run
    }
}

/// A command `QuickParse` reads, run as `KithMain` runs a parsed one: a plain struct with
/// the values of its command line as fields, and the table of its options.
protocol QuickCommand {
    init()
    /// Every option of the command, by its long name (ArgumentParser's declarations
    /// spelled once more, next to them; `QuickParseTests` checks the two agree).
    static var quickOptions: [QuickOption<Self>] { get }
    /// Where the command's one positional argument goes; nil when it takes none.
    static var quickPositional: WritableKeyPath<Self, String?>? { get }
    func validate() throws
    func run() throws
}

extension QuickCommand {
    func validate() throws {}
}

/// Whether an option is a flag, keeps one value or may repeat.
enum QuickArity { case flag, single, repeated }

/// One option in a hot command's table: its long name, whether it is a flag, takes one
/// value or may repeat, and where its value goes in the command's run struct.
struct QuickOption<Run> {
    let name: String
    let arity: QuickArity
    /// Stores `value` (empty for a flag) in `run`; false when ArgumentParser would refuse it.
    let set: (inout Run, String) -> Bool

    /// A flag, `--json`.
    static func flag(_ name: String, _ path: WritableKeyPath<Run, Bool>) -> QuickOption {
        QuickOption(name: name, arity: .flag) { run, _ in
            run[keyPath: path] = true
            return true
        }
    }

    /// An option that keeps one text value, `--type Chat`.
    static func option(_ name: String, _ path: WritableKeyPath<Run, String?>) -> QuickOption {
        QuickOption(name: name, arity: .single) { run, value in
            run[keyPath: path] = value
            return true
        }
    }

    /// An option that keeps a whole number, `--days 30`: anything else is refused.
    static func option(_ name: String, _ path: WritableKeyPath<Run, Int>) -> QuickOption {
        QuickOption(name: name, arity: .single) { run, value in
            guard let number = Int(value) else { return false }
            run[keyPath: path] = number
            return true
        }
    }

    /// An option that keeps one of a few values, `--color never`: any other is refused.
    static func option<Value: RawRepresentable>(_ name: String, _ path: WritableKeyPath<Run, Value?>) -> QuickOption
    where Value.RawValue == String {
        QuickOption(name: name, arity: .single) { run, value in
            guard let choice = Value(rawValue: value) else { return false }
            run[keyPath: path] = choice
            return true
        }
    }

    /// An option that may repeat, each value added, `--with Ana --with Chen`.
    static func repeated(_ name: String, _ path: WritableKeyPath<Run, [String]>) -> QuickOption {
        QuickOption(name: name, arity: .repeated) { run, value in
            run[keyPath: path].append(value)
            return true
        }
    }

    /// This option of a group of options, for a command that keeps the group's values at `path`.
    func within<Outer>(_ path: WritableKeyPath<Outer, Run>) -> QuickOption<Outer> {
        let set = self.set
        return QuickOption<Outer>(name: name, arity: arity) { outer, value in set(&outer[keyPath: path], value) }
    }
}
