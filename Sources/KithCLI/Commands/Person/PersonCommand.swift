import ArgumentParser
import Foundation
import Kith

/// `kith person add|list|show|edit|merge|remove`.
struct PersonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "person",
        abstract: "Add, list, show, edit, merge and remove people.",
        discussion: "NAME matches a person by exact name, then nickname, then a unique prefix or close match; #ID names one by id.",
        subcommands: [Add.self, List.self, Show.self, Edit.self, Merge.self, Remove.self, Duplicates.self],
        defaultSubcommand: List.self
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a person.")

        @Argument(help: "Their name as you call them, e.g. \"Ana Lima\".") var name: String
        @OptionGroup var fields: PersonFieldOptions
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let journal = try journal.open()
            var draft = PersonDraft(displayName: name, name: PersonName.guess(from: name))
            try fields.apply(to: &draft, relationID: fields.relationID(journal))
            let namesakes = try journal.personIDs(named: name)
            let person = try journal.addPerson(draft)
            print("added \(person.displayName)" + (person.relation.map { " in \($0.path)" } ?? ""))
            if !namesakes.isEmpty {
                // People share names: added all the same, and said so.
                let ids = namesakes.map { "#\($0)" }.joined(separator: ", ")
                StandardError.note(
                    "there was already someone named \(person.displayName) (\(ids)); this one is #\(person.id). "
                        + "Tell them apart by #id, or merge them with `kith person merge '#\(namesakes[0])' '#\(person.id)'` if they are one person")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List people, by name or by when you last saw them.")

        @Option(name: .customLong("in"), help: "Only people under this relation category.") var relation: String?
        @Option(help: "name, or last-seen (not seen for longest first).") var sort: SortArgument = .init(sort: .name)
        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let journal = try journal.openExisting()
            let category = try relation.map { try journal.category(kind: .relation, path: $0) }
            let people = try journal.people(in: category?.id, sort: sort.sort)
            if output.json {
                try JSONOutput.print(people.map(PersonSummaryJSON.init))
                return
            }
            let terminal = output.terminal()
            guard !people.isEmpty else {
                print("nobody yet (add someone with `kith person add \"Name\" --in Friends`)")
                return
            }
            var table = Table()
            table.rightAligned = [2]
            table.rows.reserveCapacity(people.count)
            var relations = RelationLabels(terminal)
            for p in people {
                let relation = relations.label(p.relation)
                let seen = p.lastSeen.map { "last seen \($0)" } ?? "never seen"
                table.add([
                    terminal.bold(p.displayName), relation, "\(p.eventCount) \(p.eventCount == 1 ? "event" : "events")",
                    terminal.dim(seen), terminal.dim("#\(p.id)"),
                ])
            }
            table.printToStandardOutput()
        }
    }

    struct SortArgument: ExpressibleByArgument {
        var sort: PersonSort
        init(sort: PersonSort) { self.sort = sort }
        init?(argument: String) {
            switch argument.lowercased() {
            case "name": sort = .name
            case "last-seen", "lastseen", "seen": sort = .lastSeen
            default: return nil
            }
        }
        static var allValueStrings: [String] { ["name", "last-seen"] }
        var defaultValueDescription: String { sort == .name ? "name" : "last-seen" }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a person.",
            discussion: """
                --email, --phone and --nickname add to what is there; --remove-email, \
                --remove-phone and --remove-nickname take one away (an e-mail and a nickname \
                compared case-insensitively, a phone by its digits); the other fields replace \
                what is there. An e-mail or phone that does not look like one is refused \
                unless --force.
                """)

        @Argument(help: "Who.") var person: String
        @Option(help: "A new display name.") var name: String?
        @OptionGroup var fields: PersonFieldOptions
        @Option(help: ArgumentHelp("Remove this e-mail address (repeat for several).", valueName: "email")) var removeEmail: [String] = []
        @Option(help: ArgumentHelp("Remove this phone number (repeat for several).", valueName: "phone")) var removePhone: [String] = []
        @Option(help: ArgumentHelp("Remove this nickname (repeat for several).", valueName: "nickname")) var removeNickname: [String] = []
        @Option(help: ArgumentHelp("How often to keep in touch: \(CadenceOption.forms).", valueName: "cadence")) var every: String?
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let cadence = try every.map { try CadenceOption.parse($0) }
            let journal = try journal.open()
            let found = try journal.person(argument: person)
            if let cadence {
                try journal.setCadence(cadence, forPerson: found.id)
                let inherited = try journal.cadence(ofPerson: found.id).map { CadenceOption.describe($0) } ?? "as their category says (none)"
                print("\(found.displayName): keep in touch " + (cadence.map { $0.phrase } ?? inherited))
                if name == nil && fields.changesNothing && removeEmail.isEmpty && removePhone.isEmpty && removeNickname.isEmpty { return }
            }
            let relationID = try fields.relationID(journal)
            let edited = try journal.editPerson(id: found.id) { draft in
                if let name {
                    draft.displayName = name
                    draft.name = PersonName.guess(from: name)
                }
                try fields.apply(to: &draft, relationID: relationID)
                func missing(_ what: String, _ value: String, _ have: [String]) -> UserError {
                    UserError(
                        "\(found.displayName) has no \(what) \"\(value)\"",
                        have.isEmpty ? "they have none to remove" : "theirs: " + have.joined(separator: ", "))
                }
                for e in removeEmail where !draft.removeEmail(e) { throw missing("e-mail", e, found.emails.map(\.value)) }
                for p in removePhone where !draft.removePhone(p) { throw missing("phone", p, found.phones.map(\.value)) }
                for n in removeNickname where !draft.removeNickname(n) { throw missing("nickname", n, found.nicknames) }
            }
            print("changed \(edited.displayName)")
        }
    }

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge the second person into the first.",
            discussion: """
                The events, traits and contact details of the second move to the first; the \
                second is removed. Each field keeps the fuller value: a birthday with its year \
                beats the same day without, a name or organisation that holds the other and \
                more beats it (a display name replaced so stays as a nickname), lists are \
                joined (phones compared by their digits).
                """)

        @Argument(help: "The person to keep.") var keep: String
        @Argument(help: "The person to merge into them.") var remove: String
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let journal = try journal.open()
            let kept = try journal.person(argument: keep)
            let removed = try journal.person(argument: remove)
            let merged = try journal.mergePeople(keeping: kept.id, removing: removed.id)
            print("merged \(removed.displayName) into \(merged.displayName)")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a person.",
            discussion: "Their events stay, with the other people in them; the traits learned about them go.")

        @Argument(help: "Who.") var person: String
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let journal = try journal.open()
            let found = try journal.person(argument: person)
            try journal.removePerson(id: found.id)
            print("removed \(found.displayName)")
        }
    }
}

extension PersonName {
    /// `Ana Lima` → given `Ana`, family `Lima`; one word is a given name.
    static func guess(from name: String) -> PersonName {
        let words = name.split(separator: " ").map(String.init)
        guard words.count > 1 else { return PersonName(given: name) }
        return PersonName(family: words.last!, given: words.dropLast().joined(separator: " "))
    }
}

/// A person in `kith person list --json`.
struct PersonSummaryJSON: Encodable {
    var id: Int64
    var name: String
    var nicknames: [String]
    var relation: String?
    var lastSeen: String?
    var eventCount: Int

    init(_ p: PersonSummary) {
        id = p.id
        name = p.displayName
        nicknames = p.nicknames
        relation = p.relation?.path
        lastSeen = p.lastSeen?.description
        eventCount = p.eventCount
    }
}

extension PersonCommand {
    /// `kith person duplicates`: people who may be the same person.
    struct Duplicates: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "duplicates",
            abstract: "List people who may be the same person, and why.",
            discussion: """
                Reasons: same name, same email, same phone, similar phone (one number is the \
                end of the other: the same phone with and without its country code, or two \
                different ones), similar name and same birthday. Import adds a card that \
                shares only an e-mail or phone with someone of another name as a new person; \
                such pairs show here. Merge a pair with `kith person merge '#1' '#2'` (ids \
                keep identical names apart).
                """)

        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let pairs = try journal.openExisting().likelyDuplicates()
            if output.json {
                try JSONOutput.print(
                    pairs.map {
                        DuplicateJSON(
                            first: .init(id: $0.first.id, name: $0.first.displayName),
                            second: .init(id: $0.second.id, name: $0.second.displayName), reasons: $0.reasons)
                    })
                return
            }
            guard !pairs.isEmpty else {
                print("no likely duplicates")
                return
            }
            let terminal = output.terminal()
            var table = Table()
            for p in pairs {
                table.add([
                    "#\(p.first.id) " + terminal.bold(p.first.displayName), "#\(p.second.id) " + terminal.bold(p.second.displayName),
                    p.reasons.joined(separator: ", "), terminal.dim("kith person merge '#\(p.first.id)' '#\(p.second.id)'"),
                ])
            }
            print(table.render())
        }
    }

    /// A pair in `kith person duplicates --json`: `first`, `second` (`id`, `name`), `reasons`.
    struct DuplicateJSON: Encodable {
        var first: EventJSON.PersonJSON
        var second: EventJSON.PersonJSON
        var reasons: [String]
    }
}
