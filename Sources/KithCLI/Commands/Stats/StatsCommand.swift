import ArgumentParser
import Foundation
import Kith

/// `kith stats [YYYY | YYYY-MM]`: how a year, a month or all your time has felt.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show how a year, a month or all your time has felt.",
        discussion: """
            Events per month, each mood's share, who you saw most and least, and the longest \
            gaps. Only days up to today (or --as-of) count: planned events do not. Each event \
            counts once, in the month it started.

            The mood of a month is its most frequent mood (ties go to the higher score) and the \
            average score of its events that have a mood. Moods are your own categories: each \
            has a score from -2 to +2 (`kith category list --kind mood` shows them; change one \
            with `kith category edit mood NAME --score N`). Events without a mood are left out \
            of both, and counted apart.

            Most and least seen rank people by the days you saw them in the period (then by \
            how lately). A gap runs from one day with an event to the next: with --with, days \
            with that person; otherwise days with anyone (under --in, if given). Gaps that \
            overlap the period count in full; one still going runs to today and is marked. \
            Most neglected lists, per person, the gap they were in on the period's last day.

            Without colour (a pipe, NO_COLOR) the bars print as plain blocks.

            --json prints one object: period ("all", "2026" or "2026-03"), with, in, asOf, \
            from and to (the days counted), events, months (month, events, moods: events per \
            mood, dominantMood, meanScore), moods (mood, icon, color, score, count, share of \
            the events with a mood), withoutMood, meanScore, gaps (from, to, days, ongoing), \
            and without --with: peopleSeen, peopleNotSeen, mostSeen and leastSeen (id, name, \
            days, lastSeen), neglected (id, name, from, to, days, ongoing). Days are \
            YYYY-MM-DD; keys with no value are left out.
            """)

    @Argument(help: ArgumentHelp("A year (2026) or a month (2026-03); all time by default.", valueName: "YYYY|YYYY-MM"))
    var period: String?
    @Option(name: .customLong("with"), help: ArgumentHelp("Only events with this person.", valueName: "name"))
    var person: String?
    @Option(name: .customLong("in"), help: DayFilterOptions.relationHelp)
    var relation: String?
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Take the stats as on this day (default: today).", valueName: "date"))
    var asOf: String?
    @Option(help: ArgumentHelp("How many people and gaps each list shows (1 or more).", valueName: "n"))
    var top = 5
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try UsageError.checkCount(top, option: "--top")
        let journal = try journal.openExisting()
        let today = try asOf.map { try DatePhrase.day($0, now: Date(), timeZone: LocalZone.current) } ?? LocalDate.today(in: LocalZone.current)
        let chosen: Stats.Period
        switch try period.map({ try CalendarCommand.parsePeriod($0, today: today) }) {
        case nil: chosen = .all
        case .year(let y)?: chosen = .year(y)
        case .month(let y, let m)?: chosen = .month(year: y, month: m)
        }
        let who = try person.map { try journal.person(argument: $0) }
        let relation = try relation.map { try journal.category(kind: .relation, path: $0) }
        let stats = try journal.stats(period: chosen, person: who?.id, in: relation?.id, asOf: today, top: top)
        if output.json {
            try JSONOutput.print(StatsJSON(stats, with: who?.displayName, in: relation?.path))
            return
        }
        let scope = [who.map { "with \($0.displayName)" }, relation.map { "in \($0.path)" }].compactMap { $0 }.joined(separator: ", ")
        print(StatsText(terminal: output.terminal()).render(stats, scope: scope, personFilter: who != nil))
    }
}
