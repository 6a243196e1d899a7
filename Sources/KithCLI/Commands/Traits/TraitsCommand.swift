import ArgumentParser
import Foundation
import Kith

/// `kith traits [list|add|edit|remove]`: what you learned about people.
struct TraitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "traits",
        abstract: "Who knows what: search what you learned about people.",
        discussion: """
            A trait is about one person. Without a subcommand, lists matching traits grouped by \
            person, with when and where each was learned; --json gives each trait's id, for \
            `kith traits edit` and `kith traits remove`. `kith traits add` notes one outside any event.
            """,
        subcommands: [List.self, Add.self, Edit.self, Remove.self],
        defaultSubcommand: List.self)

    /// `kith traits [list]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Matching traits grouped by person, with when and where each was learned.",
            discussion: """
                A trait is about one person. --json gives each trait's id, for:
                  kith traits add NAME "Interests/Chess: plays on Sundays"   (outside any event)
                  kith traits edit ID [--text T] [--kind PATH] [--person NAME]
                  kith traits remove ID
                In `kith log`, name whom a trait is about: --trait "Ana Lima: Features: wears red glasses".
                """)

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
                print(
                    "no traits match" + (search.map { " \"\($0)\"" } ?? "")
                        + " (log some with `kith log … --with NAME --trait \"Interests/Climbing: bouldering\"`)")
                return
            }
            let terminal = output.terminal()
            var lines: [String] = []
            for group in found {
                lines.append(terminal.bold(group.person.displayName))
                var table = Table()
                for t in group.traits {
                    table.add(["  " + TraitsCommand.kindLabel(t.category, terminal), t.text, terminal.dim(TraitsCommand.source(t))])
                }
                lines.append(table.render())
            }
            print(lines.joined(separator: "\n"))
        }
    }

    /// `kith traits add NAME "Kind/Sub: text"`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Note something about a person, outside any event.",
            discussion: "Example: kith traits add \"Ana Lima\" \"Interests/Chess: plays on Sundays\"")

        @Argument(help: "Whom it is about (a name, nickname, unique prefix or #id).") var name: String
        @Argument(help: "What you learned, as `Kind/Sub: text`.") var trait: String
        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let journal = try journal.open()
            let person = try journal.personID(argument: name)
            let (path, text) = try EventOptions.splitTrait(trait)
            let added = try journal.addTrait(personID: person, path: path, text: text)
            try TraitsCommand.report("added", added, output)
        }
    }

    /// `kith traits edit ID [--text T] [--kind PATH] [--person NAME]`.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a trait's text, kind or person.",
            discussion: "A trait learned in an event can move only to someone else who was there.")

        @Argument(help: "The trait's id, as `kith traits --json` and `kith show` list it.") var id: Int64
        @Option(help: ArgumentHelp("The new text.", valueName: "text")) var text: String?
        @Option(help: ArgumentHelp("The new kind, as Main or Main/Sub.", valueName: "path")) var kind: String?
        @Option(help: ArgumentHelp("Whom it is about instead.", valueName: "name")) var person: String?
        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if text == nil && kind == nil && person == nil {
                throw ValidationError("nothing to change: give --text, --kind or --person")
            }
        }

        func run() throws {
            let journal = try journal.open()
            let personID = try person.map { try journal.personID(argument: $0) }
            let edited = try journal.editTrait(id: id, text: text, path: kind, personID: personID)
            try TraitsCommand.report("changed", edited, output)
        }
    }

    /// `kith traits remove ID`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a trait.")

        @Argument(help: "The trait's id, as `kith traits --json` and `kith show` list it.") var id: Int64
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let removed = try journal.open().removeTrait(id: id)
            print("removed trait #\(removed.id) of \(removed.person.displayName): \(removed.category.path): \(removed.text)")
        }
    }

    static func kindLabel(_ c: Category, _ terminal: Terminal) -> String {
        terminal.foreground((c.icon.isEmpty ? "" : c.icon + " ") + c.path, hex: c.color)
    }

    /// Where a trait was learned: `2026-11-21 at Place, #12 Title`, or that it has no event.
    static func source(_ t: TraitEntry) -> String {
        t.source.map { "\(LocalTime.day($0.day))" + ($0.place.map { " at \($0)" } ?? "") + ", #\($0.id) \($0.title)" } ?? "no event"
    }

    /// Prints one trait after a change: a line, or its JSON row.
    static func report(_ verb: String, _ t: TraitEntry, _ output: OutputOptions) throws {
        if output.json {
            try JSONOutput.print(PersonTraitsJSON.Trait(t))
        } else {
            print("\(verb) trait #\(t.id) of \(t.person.displayName): \(t.category.path): \(t.text) (\(source(t)))")
        }
    }
}

/// `kith traits --json`: one object per person, `person` (`id`, `name`) and `traits`
/// (`id`, `kind`, `text`, `learned` day, `eventId`, `event` title, `place`), newest first.
/// `traits add` and `traits edit` print one trait object, with `person` too.
struct PersonTraitsJSON: Encodable {
    struct Trait: Encodable {
        var id: Int64
        var kind: String
        var text: String
        var learned: String?
        var eventId: Int64?
        var event: String?
        var place: String?
        var person: EventJSON.PersonJSON?

        init(_ t: TraitEntry, withPerson: Bool = true) {
            id = t.id; kind = t.category.path; text = t.text; learned = t.source?.day.description
            eventId = t.source?.id; event = t.source?.title; place = t.source?.place
            person = withPerson ? .init(id: t.person.id, name: t.person.displayName) : nil
        }
    }
    var person: EventJSON.PersonJSON
    var traits: [Trait]

    init(_ p: PersonTraits) {
        person = .init(id: p.person.id, name: p.person.displayName)
        traits = p.traits.map { Trait($0, withPerson: false) }
    }
}
