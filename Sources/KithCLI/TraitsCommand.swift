import ArgumentParser
import Foundation
import Kith

/// `kith traits`: who knows what.
struct TraitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "traits",
        abstract: "Who knows what: search what you learned about people.",
        discussion: "Matching traits grouped by person, with when and where each was learned.")

    @Option(help: ArgumentHelp("Words that must all appear in the trait or its kind.", valueName: "text")) var search: String?
    @Option(help: ArgumentHelp("Only this trait kind (its subkinds too), e.g. Interests.", valueName: "path")) var kind: String?
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let journal = try journal.openExisting()
        let kindID = try kind.map { try journal.category(kind: .trait, path: $0).id }
        let found = try journal.traits(search: search, kind: kindID)
        if output.json {
            try JSONOutput.print(found.map(PersonTraitsJSON.init))
            return
        }
        guard !found.isEmpty else {
            print("no traits match" + (search.map { " \"\($0)\"" } ?? "") + " (log some with `kith log … --with NAME --trait \"Interests/Climbing: bouldering\"`)")
            return
        }
        let terminal = output.terminal()
        var lines: [String] = []
        for group in found {
            lines.append(terminal.bold(group.person.displayName))
            var table = Table()
            for t in group.traits {
                let kind = terminal.foreground((t.category.icon.isEmpty ? "" : t.category.icon + " ") + t.category.path, hex: t.category.color)
                let source = t.source.map { "\(LocalTime.day($0.day))" + ($0.place.map { " at \($0)" } ?? "") + ", #\($0.id) \($0.title)" } ?? "imported"
                table.add(["  " + kind, t.text, terminal.dim(source)])
            }
            lines.append(table.render())
        }
        print(lines.joined(separator: "\n"))
    }
}

/// `kith traits --json`: one object per person, `person` (`id`, `name`) and `traits`
/// (`id`, `kind`, `text`, `learned` day, `eventId`, `event` title, `place`), newest first.
struct PersonTraitsJSON: Encodable {
    struct Trait: Encodable {
        var id: Int64
        var kind: String
        var text: String
        var learned: String?
        var eventId: Int64?
        var event: String?
        var place: String?
    }
    var person: EventJSON.PersonJSON
    var traits: [Trait]

    init(_ p: PersonTraits) {
        person = .init(id: p.person.id, name: p.person.displayName)
        traits = p.traits.map {
            Trait(id: $0.id, kind: $0.category.path, text: $0.text, learned: $0.source?.day.description,
                  eventId: $0.source?.id, event: $0.source?.title, place: $0.source?.place)
        }
    }
}
