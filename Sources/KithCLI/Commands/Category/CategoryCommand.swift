import ArgumentParser
import Kith

/// `kith category list|add|edit|remove`.
struct CategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "List and change relations, event types, traits, moods.",
        discussion: "Events and people point at categories, so a rename or a new colour shows on every past event at once.",
        subcommands: [List.self, Add.self, Edit.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the category trees.")

        @Option(help: "Only this kind: relation, eventType, trait or mood.")
        var kind: KindArgument?
        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let journal = try journal.openExisting()
            let kinds = kind.map { [$0.kind] } ?? Category.Kind.allCases
            if output.json {
                var all: [CategoryJSON] = []
                for kind in kinds { all += try journal.categories(kind: kind).map(CategoryJSON.init) }
                try JSONOutput.print(all)
                return
            }
            let terminal = output.terminal()
            var sections: [String] = []
            for kind in kinds {
                var table = Table()
                // Relations show their own cadence (`--every`), if any, as the last column.
                func every(_ c: Category) throws -> String? {
                    guard kind == .relation, let cadence = try journal.cadence(ofCategory: c.id) else { return nil }
                    return cadence.phrase
                }
                for node in try journal.categoryTree(kind: kind) {
                    table.add(Self.row(node.category, indent: "", terminal: terminal) + [try every(node.category)].compactMap { $0 })
                    for child in node.children {
                        table.add(Self.row(child, indent: "  ", terminal: terminal) + [try every(child)].compactMap { $0 })
                    }
                }
                sections.append(terminal.bold(Self.heading(kind)) + "\n" + table.render())
            }
            print(sections.joined(separator: "\n\n"))
        }

        static func heading(_ kind: Category.Kind) -> String {
            switch kind {
            case .relation: return "Relations (relation)"
            case .eventType: return "Event types (eventType)"
            case .trait: return "Trait kinds (trait)"
            case .mood: return "Moods (mood)"
            }
        }

        static func row(_ category: Category, indent: String, terminal: Terminal) -> [String] {
            var row = [
                indent + (category.icon.isEmpty ? " " : category.icon) + " " + category.name,
                terminal.foreground("●", hex: category.color) + " " + category.color,
            ]
            if let score = category.score { row.append(score > 0 ? "+\(score)" : "\(score)") }
            return row
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a category.",
            discussion: "PATH is `Name` for a main category or `Main/Name` for a subcategory.")

        @Argument(help: "relation, eventType, trait or mood.") var kind: KindArgument
        @Argument(help: "Name or Main/Name.") var path: String
        @Option(help: "An emoji or short symbol.") var icon: String?
        @Option(help: "A colour as #RRGGBB.") var color: String?
        @Option(help: "Moods only: a score from -2 to 2.") var score: Int?
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let category = try journal.open().addCategory(kind: kind.kind, path: path, icon: icon, color: color, score: score)
            print("added \(kind.kind.label) \(category.path)")
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Rename, recolour, re-icon or move a category.")

        @Argument(help: "relation, eventType, trait or mood.") var kind: KindArgument
        @Argument(help: "The category, as Name or Main/Name.") var path: String
        @Option(help: "A new name.") var name: String?
        @Option(help: "A new emoji or short symbol.") var icon: String?
        @Option(help: "A new colour as #RRGGBB.") var color: String?
        @Option(help: "Moods only: a new score from -2 to 2.") var score: Int?
        @Option(help: "Move under this main category.") var parent: String?
        @Flag(help: "Make it a main category.") var main = false
        @Option(help: ArgumentHelp("Relations only: how often to keep in touch: \(CadenceOption.forms).", valueName: "cadence"))
        var every: String?
        @OptionGroup var journal: JournalOptions

        func validate() throws {
            if parent != nil && main { throw ValidationError("--parent and --main cannot be used together") }
            if name == nil && icon == nil && color == nil && score == nil && parent == nil && !main && every == nil {
                throw ValidationError("nothing to change: give --name, --icon, --color, --score, --parent, --main or --every")
            }
        }

        func run() throws {
            let cadence = try every.map { try CadenceOption.parse($0) }
            if every != nil && kind.kind != .relation {
                throw UsageError("--every is for relation categories", "kith category edit relation PATH --every 2w")
            }
            let journal = try journal.open()
            let category = try journal.category(kind: kind.kind, path: path)
            if let cadence {
                try journal.setCadence(cadence, forCategory: category.id)
                print("\(category.path): keep in touch " + (cadence.map { $0.phrase } ?? "as its main category says (no cadence of its own)"))
            }
            guard name != nil || icon != nil || color != nil || score != nil || parent != nil || main else { return }
            var changes = CategoryChanges(name: name, icon: icon, color: color, score: score)
            if let parent { changes.parentID = .some(try journal.category(kind: kind.kind, path: parent).id) }
            if main { changes.parentID = .some(nil) }
            let edited = try journal.editCategory(id: category.id, changes)
            print("changed \(kind.kind.label) \(edited.path)")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a category.",
            discussion: "Refused while events, people, traits or subcategories use it, unless --reassign names where they go.")

        @Argument(help: "relation, eventType, trait or mood.") var kind: KindArgument
        @Argument(help: "The category, as Name or Main/Name.") var path: String
        @Option(help: "Move what uses it to this category first.") var reassign: String?
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let journal = try journal.open()
            let category = try journal.category(kind: kind.kind, path: path)
            let target = try reassign.map { try journal.category(kind: kind.kind, path: $0).id }
            try journal.removeCategory(id: category.id, reassignTo: target)
            print("removed \(kind.kind.label) \(category.path)" + (reassign.map { ", its uses moved to \($0)" } ?? ""))
        }
    }
}

/// A category in `--json` output.
struct CategoryJSON: Encodable {
    var id: Int64
    var kind: String
    var name: String
    var path: String
    var icon: String
    var color: String
    var parent: String?
    var score: Int?

    init(_ c: Category) {
        id = c.id
        kind = c.kind.rawValue
        name = c.name
        path = c.path
        icon = c.icon
        color = c.color
        score = c.score
        parent = c.parentID == nil ? nil : String(c.path.split(separator: "/").first ?? "")
    }
}
