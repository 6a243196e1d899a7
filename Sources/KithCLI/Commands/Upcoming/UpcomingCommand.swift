import ArgumentParser
import Foundation
import Kith

/// `kith upcoming [--days N] [--as-of DATE] [--json]`: the birthdays and anniversaries of
/// the coming days.
struct UpcomingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upcoming",
        abstract: "Birthdays, anniversaries and people coming due.",
        discussion: """
            The window starts on --as-of (today by default) and holds --days days, that day \
            included. A date without a year (--04-12) comes up every year; a 29 February \
            birthday comes up on 28 February in common years. People come due on the day \
            their cadence (--every) says to see them again; those already overdue are in \
            kith due.
            """)

    @Option(help: ArgumentHelp("How many days to look ahead, today included (1 to 3660).", valueName: "n")) var days = 14
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Look ahead from this day instead of today.", valueName: "date")) var asOf: String?
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    /// The same options for the quick path (`QuickParse`), by long name.
    static var quickOptions: [QuickOption<UpcomingRun>] {
        [.option("--days", \.days), .option("--as-of", \.asOf), .journal(\.journal), .json(\.json), .color(\.color)]
    }

    /// The values `run()` reads, as plain fields.
    var values: UpcomingRun {
        UpcomingRun(days: days, asOf: asOf, journal: journal.journal, json: output.json, color: output.color)
    }

    func validate() throws { try values.validate() }

    func run() throws { try values.run() }
}

/// What `kith upcoming` runs, with the values of its command line as plain fields.
/// `QuickParse` builds it directly, as it does `CalendarRun`: ArgumentParser's start-up
/// was 18 M of the command's 64 M instructions on the benchmark journal.
struct UpcomingRun: QuickCommand {
    var days = 14
    var asOf: String?
    var journal: String?
    var json = false
    var color: ColorChoice?

    static var quickOptions: [QuickOption<UpcomingRun>] { UpcomingCommand.quickOptions }
    static var quickPositional: WritableKeyPath<UpcomingRun, String?>? { nil }

    func validate() throws {
        guard (1...3660).contains(days) else { throw ValidationError("--days must be from 1 to 3660") }
    }

    func run() throws {
        let journal = try JournalOptions.open(journal: self.journal, create: false)
        defer { journal.closeAtExit() }
        let from: LocalDate
        if let asOf, let day = LocalDate(asOf) {
            // `2026-05-01` needs no time zone: finding this machine's costs 0.2 M instructions.
            from = day
        } else {
            let zone = LocalZone.current
            from = try asOf.map { try DatePhrase.day($0, now: Date(), timeZone: zone) } ?? LocalDate.today(in: zone)
        }
        let items = try journal.upcoming(from: from, days: days)
        if json {
            try JSONOutput.print(UpcomingJSON(from: from, days: days, items: items))
            return
        }
        guard !items.isEmpty else {
            let span = days == 1 ? "on \(LocalTime.day(from))" : "in the \(days) days from \(LocalTime.day(from))"
            print(
                "no birthdays, anniversaries or people coming due \(span) "
                    + "(add a birthday with `kith person edit NAME --birthday 1990-04-12`, a cadence with `--every 2w`)")
            return
        }
        UpcomingText.table(items, terminal: Terminal.current(choice: color)).printToStandardOutput()
    }
}

/// The text of upcoming days, shared by `kith upcoming` and the digest of a bare `kith`.
enum UpcomingText {
    /// One aligned row an item: the day, how far off, who, and what.
    static func table(_ items: [UpcomingItem], terminal: Terminal) -> Table {
        var table = Table()
        // The day, the distance and what it is are ASCII; only names need measuring.
        if !terminal.colored { table.asciiColumns = [true, true, false, true] }
        for item in items {
            table.add([LocalTime.day(item.date), terminal.dim(distance(item.daysAway)), terminal.bold(item.person.displayName), what(item)])
        }
        return table
    }

    /// `today`, `tomorrow`, `in 3 days`.
    static func distance(_ days: Int) -> String {
        switch days {
        case 0: "today"
        case 1: "tomorrow"
        default: "in " + String(days) + " days"
        }
    }

    /// `birthday, turns 40`, `birthday`, `10th anniversary`, `anniversary`,
    /// `due (every 2 weeks), last seen 2026-11-02`.
    static func what(_ item: UpcomingItem) -> String {
        if let due = item.due {
            return "due (\(due.cadence.cadence.phrase)), " + (due.lastSeen.map { "last seen \($0)" } ?? "never seen")
        }
        return switch (item.kind, item.years) {
        case (.birthday, let years?): "birthday, turns " + String(years)
        case (.birthday, nil): "birthday"
        case (.anniversary, let years?): "\(ordinal(years)) anniversary"
        case (.anniversary, nil): "anniversary"
        case (.due, _): "due"
        }
    }

    /// `1st`, `2nd`, `3rd`, `11th`, `21st`, `112th`.
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}

/// `kith upcoming --json`: `from` and `to` (the window's first and last days) and `items`
/// in date order, each with `date`, `kind` (`birthday`, `anniversary` or `due`), `person`
/// (`id`, `name`), `daysAway`, and: for a birthday or anniversary `original` (the card's
/// date, `YYYY-MM-DD` or `--MM-DD`) and `years` (the age turned or the years since;
/// absent without a year); for a person coming due `cadence` (`2w`, as `--every` takes
/// it) and `lastSeen` (absent if never seen).
struct UpcomingJSON: Encodable {
    struct Item: Encodable {
        struct Person: Encodable {
            var id: Int64
            var name: String
        }
        var date: String
        var kind: String
        var person: Person
        var original: String?
        var years: Int?
        var daysAway: Int
        var cadence: String?
        var lastSeen: String?
    }
    var from: String
    var to: String
    var items: [Item]

    init(from: LocalDate, days: Int, items: [UpcomingItem]) {
        self.from = from.description
        to = from.adding(days: days - 1).description
        self.items = items.map {
            Item(
                date: $0.date.description, kind: $0.kind.rawValue, person: Item.Person(id: $0.person.id, name: $0.person.displayName),
                original: $0.original?.description, years: $0.years, daysAway: $0.daysAway,
                cadence: $0.due?.cadence.cadence.description, lastSeen: $0.due?.lastSeen?.description)
        }
    }
}
