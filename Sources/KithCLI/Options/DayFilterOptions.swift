import ArgumentParser
import Kith

/// `--with`, `--type`, `--in`: the filters of `kith calendar` and `kith day`.
struct DayFilterOptions: ParsableArguments {
    /// The options' help, also for the commands that declare them themselves (see
    /// `CalendarCommand`).
    static let personHelp = ArgumentHelp("Only events with this person.", valueName: "name")
    static let typeHelp = ArgumentHelp("Only events of this event type (its subtypes too).", valueName: "path")
    static let relationHelp = ArgumentHelp("Only events with someone under this relation category, e.g. Family.", valueName: "path")

    @Option(name: .customLong("with"), help: DayFilterOptions.personHelp)
    var person: String?
    @Option(help: DayFilterOptions.typeHelp)
    var type: String?
    @Option(name: .customLong("in"), help: DayFilterOptions.relationHelp)
    var relation: String?

    init() {}

    /// The options as a command that declares them itself parsed them.
    init(person: String?, type: String?, relation: String?) {
        self.person = person
        self.type = type
        self.relation = relation
    }

    func filter(_ journal: Journal) throws -> DayFilter {
        try Self.filter(person: person, type: type, relation: relation, journal)
    }

    /// ``filter(_:)`` for the option values given as plain strings (the quick path of
    /// `kith calendar` makes no `DayFilterOptions`: see `CalendarRun`).
    static func filter(person: String?, type: String?, relation: String?, _ journal: Journal) throws -> DayFilter {
        DayFilter(personID: try person.map { try journal.personID(argument: $0) },
                  typeID: try type.map { try journal.category(kind: .eventType, path: $0).id },
                  relationID: try relation.map { try journal.category(kind: .relation, path: $0).id })
    }

    /// `with Ana Lima, Family` for headings; empty without filters.
    var label: String { Self.label(person: person, type: type, relation: relation) }

    /// ``label`` for the option values given as plain strings.
    static func label(person: String?, type: String?, relation: String?) -> String {
        [person.map { "with \($0)" }, type.map { "type \($0)" }, relation.map { "in \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }
}

/// A day's summary in `--json` output of `kith calendar`.
///
/// Keys: `date` (`YYYY-MM-DD`), `eventCount`, `people` (`id`, `name`), `moodAverage`
/// (-2…2, absent when no event had a mood), `mood` (the dominant mood: `name`, `icon`,
/// `color`, `score`).
struct DaySummaryJSON: Encodable {
    struct Mood: Encodable {
        var name: String
        var icon: String
        var color: String
        var score: Int?
    }
    var date: String
    var eventCount: Int
    var people: [EventJSON.PersonJSON]
    var moodAverage: Double?
    var mood: Mood?

    init(_ d: DaySummary, names: [Int64: String]) {
        date = d.date.description
        eventCount = d.eventCount
        people = d.personIDs.map { EventJSON.PersonJSON(id: $0, name: names[$0] ?? "") }
        moodAverage = d.moodAverage.map { ($0 * 100).rounded() / 100 }
        mood = d.dominantMood.map { Mood(name: $0.name, icon: $0.icon, color: $0.color, score: $0.score) }
    }
}
