import ArgumentParser
import Foundation
import Kith

/// `kith calendar [YYYY-MM | YYYY]`: the month grid, or the year as a heat map.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Show a month in mood colours, or a year as a heat map.",
        discussion: "Without colour (a pipe, NO_COLOR) days with events are shown as [12] and today as >12.")

    @Argument(help: ArgumentHelp("A month (2026-11) or a year (2026); this month by default.", valueName: "YYYY-MM|YYYY"))
    var period: String?
    @Flag(help: "Start weeks on Monday.") var monday = false
    @Flag(help: "Start weeks on Sunday.") var sunday = false
    @OptionGroup var filters: DayFilterOptions
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    /// The same options for the quick path (`QuickParse`), by long name.
    static var quickOptions: [QuickOption<CalendarRun>] {
        // One array literal: joining the groups' tables with `+` cost ~24 k instructions more.
        [
            .flag("--monday", \.monday), .flag("--sunday", \.sunday), .filterPerson(\.person), .filterType(\.type),
            .filterRelation(\.relation), .journal(\.journal), .json(\.json), .color(\.color),
        ]
    }

    /// The values `run()` reads, as plain fields.
    var values: CalendarRun {
        CalendarRun(
            period: period, monday: monday, sunday: sunday, person: filters.person, type: filters.type,
            relation: filters.relation, journal: journal.journal, json: output.json, color: output.color)
    }

    enum Period: Equatable { case month(Int, Int), year(Int) }

    func validate() throws { try values.validate() }

    func run() throws { try values.run() }

    /// `2026-11`, `2026`, or nil for this month.
    static func parsePeriod(_ text: String?, today: LocalDate) throws -> Period {
        guard let text else { return .month(today.year, today.month) }
        let bytes = Array(text.utf8)
        func number(_ slice: ArraySlice<UInt8>) -> Int? {
            guard !slice.isEmpty else { return nil }
            var n = 0
            for b in slice { guard b >= 48, b <= 57 else { return nil }; n = n * 10 + Int(b - 48) }
            return n
        }
        if bytes.count == 4, let year = number(bytes[...]), year >= 1 { return .year(year) }
        if bytes.count == 7, bytes[4] == UInt8(ascii: "-"), let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
            year >= 1, (1...12).contains(month)
        {
            return .month(year, month)
        }
        throw UserError("cannot read \"\(text)\" as a month or a year", "write a month as 2026-11 or a year as 2026")
    }

    /// The first day of the week in the user's locale (1 = Sunday), from `LC_ALL`,
    /// `LC_TIME` or `LANG`.
    static func localeFirstWeekday(environment: [String: String] = EnvironmentVariables.named("LC_ALL", "LC_TIME", "LANG")) -> Int {
        let name = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let identifier = String(name.split(separator: ".").first ?? "")
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else { return 1 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: identifier)
        return calendar.firstWeekday
    }
}

/// What `kith calendar` runs, with the values of its command line as plain fields.
/// `QuickParse` builds it directly: making a `CalendarCommand` runs the initializers of its
/// ArgumentParser property wrappers and option groups, whose name sets cost a first-use
/// conformance scan (~0.4 M instructions, issue 7).
struct CalendarRun: QuickCommand {
    var period: String?
    var monday = false
    var sunday = false
    var person: String?
    var type: String?
    var relation: String?
    var journal: String?
    var json = false
    var color: ColorChoice?

    static var quickOptions: [QuickOption<CalendarRun>] { CalendarCommand.quickOptions }
    static var quickPositional: WritableKeyPath<CalendarRun, String?>? { \.period }

    func validate() throws {
        if monday && sunday { throw ValidationError("--monday and --sunday cannot be used together") }
    }

    func run() throws {
        // Plain values throughout, no `JournalOptions`, `DayFilterOptions` or `OutputOptions`
        // (ArgumentParser property wrappers, see above).
        let journal = try JournalOptions.open(journal: self.journal, create: false)
        defer { journal.closeAtExit() }
        let today = LocalDate.today(in: LocalZone.current)
        let period = try CalendarCommand.parsePeriod(period, today: today)
        let filter = try DayFilterOptions.filter(person: person, type: type, relation: relation, journal)
        let days: [DaySummary]
        // The month view's moods and event count come with its days, in one read.
        var monthMoods: [Category] = [], monthEvents = 0
        switch period {
        case .month(let y, let m): (days, monthMoods, monthEvents) = try journal.monthView(year: y, month: m, filter: filter)
        case .year(let y): days = try journal.year(y, filter: filter)
        }
        if json {
            let names = Dictionary(try journal.people().map { ($0.id, $0.displayName) }, uniquingKeysWith: { a, _ in a })
            let json: CalendarJSON
            switch period {
            case .month(let y, let m):
                json = CalendarJSON(period: "\(y)-\(m < 10 ? "0" : "")\(m)", days: days.map { DaySummaryJSON($0, names: names) })
            case .year(let y):
                json = CalendarJSON(period: "\(y)", days: days.map { DaySummaryJSON($0, names: names) })
            }
            try JSONOutput.print(json)
            return
        }
        let terminal = Terminal.current(choice: color)
        let firstWeekday = monday ? 2 : sunday ? 1 : Preferences.firstWeekday ?? CalendarCommand.localeFirstWeekday()
        let renderer = CalendarRenderer(terminal: terminal, firstWeekday: firstWeekday, today: today.dayNumber)
        var cells = CalendarRenderer.Days()
        for d in days { cells[d.date.dayNumber] = .init(count: d.eventCount, moodColor: d.dominantMood?.color) }
        // Each event once, though an event across midnight lights up every day it touches.
        var text: String
        switch period {
        case .month(let y, let m):
            let eventCount = monthEvents
            let moods = monthMoods.map {
                CalendarRenderer.Mood(name: $0.name, icon: $0.icon, color: $0.color, score: $0.score ?? 0)
            }
            text = renderer.month(year: y, month: m, days: cells, moods: moods, showCounts: terminal.width >= 50, eventCount: eventCount)
        case .year(let y):
            let eventCount = try journal.eventCount(
                from: LocalDate(dayNumber: y * 10000 + 101), to: LocalDate(dayNumber: y * 10000 + 1231),
                filter: filter)
            text = renderer.year(y, days: cells, eventCount: eventCount)
        }
        let label = DayFilterOptions.label(person: person, type: type, relation: relation)
        if !label.isEmpty { text = terminal.dim("(\(label))") + "\n" + text }
        print(text)
    }

}

/// `kith calendar --json`: `period` (`YYYY-MM` or `YYYY`) and `days`, the days that
/// have events, in order (see `DaySummaryJSON`).
struct CalendarJSON: Encodable {
    var period: String
    var days: [DaySummaryJSON]
}
