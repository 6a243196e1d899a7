import ArgumentParser
import Kith

/// `--with`, `--type`, `--in`: the filters of `kith calendar` and `kith day`.
struct DayFilterOptions: ParsableArguments {
    /// The options' help.
    static let personHelp = ArgumentHelp("Only events with this person.", valueName: "name")
    static let typeHelp = ArgumentHelp("Only events of this event type (its subtypes too).", valueName: "path")
    static let relationHelp = ArgumentHelp("Only events with someone under this relation category, e.g. Family.", valueName: "path")

    @Option(name: .customLong("with"), help: DayFilterOptions.personHelp)
    var person: String?
    @Option(help: DayFilterOptions.typeHelp)
    var type: String?
    @Option(name: .customLong("in"), help: DayFilterOptions.relationHelp)
    var relation: String?

    func filter(_ journal: Journal) throws -> DayFilter {
        try Self.filter(person: person, type: type, relation: relation, journal)
    }

    /// ``filter(_:)`` for the option values given as plain strings (the quick path of
    /// `kith calendar` makes no `DayFilterOptions`: see `CalendarRun`).
    static func filter(person: String?, type: String?, relation: String?, _ journal: Journal) throws -> DayFilter {
        DayFilter(
            personID: try person.map { try journal.personID(argument: $0) },
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

extension QuickOption {
    /// `--with`, `--type` and `--in` (`DayFilterOptions`) in a hot command's quick table.
    static func filterPerson(_ path: WritableKeyPath<Run, String?>) -> QuickOption { .option("--with", path) }
    static func filterType(_ path: WritableKeyPath<Run, String?>) -> QuickOption { .option("--type", path) }
    static func filterRelation(_ path: WritableKeyPath<Run, String?>) -> QuickOption { .option("--in", path) }
}
