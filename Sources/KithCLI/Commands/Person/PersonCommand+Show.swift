import ArgumentParser
import Foundation
import Kith

extension PersonCommand {
    /// `kith person show NAME`: the profile, what you know about them, and your history.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a person: profile, what you know, history, last seen.")

        @Argument(help: "Who.") var person: String
        @Option(help: ArgumentHelp("Show at most this many events (1 or more).", valueName: "n")) var limit = 10
        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try UsageError.checkCount(limit, option: "--limit")
            let journal = try journal.openExisting()
            let found = try journal.person(argument: person)
            let page = try PersonPageData.load(journal, person: found, today: LocalDate.today())
            if output.json {
                try JSONOutput.print(page.json)
            } else {
                print(page.text(terminal: output.terminal(), limit: limit))
            }
        }
    }
}

/// A person page (`Journal.personPage`) as text and JSON.
struct PersonPageData {
    var page: PersonPage
    var today: LocalDate
    /// All time with them, as `kith stats --with NAME` shows it.
    var stats: Stats
    /// The cadence that applies to them, and when they are next due (nil when never).
    var cadence: PersonCadence?
    var due: DuePerson?

    static func load(_ journal: Journal, person: Person, today: LocalDate) throws -> PersonPageData {
        PersonPageData(
            page: try journal.personPage(id: person.id, asOf: today), today: today,
            stats: try journal.stats(period: .all, person: person.id, asOf: today, top: 1),
            cadence: try journal.cadence(ofPerson: person.id), due: try journal.nextDue(ofPerson: person.id, asOf: today))
    }

    /// `every 2 weeks (from Family/Cousins), next due 2026-12-03`; empty when no cadence applies.
    func keepInTouchText(terminal: Terminal) -> String {
        guard let cadence else { return "" }
        var text = CadenceOption.describe(cadence)
        if let due {
            text += ", next due \(due.dueDate)"
            if due.daysOverdue > 0 { text += " " + terminal.dim("(\(CadenceOption.overdue(due.daysOverdue)))") }
            if let s = due.snoozedUntil { text += terminal.dim(", snoozed until \(s)") }
        }
        return text
    }

    var person: Person { page.person }
    var events: [Event] { page.events }
    var lastSeen: LocalDate? { page.lastSeen }
    var lastYearCount: Int { page.meetingsPerMonth.reduce(0) { $0 + $1.count } }
    var perMonth: Double { page.averagePerMonth }

    func frequencyText() -> String {
        let n = lastYearCount
        if n == 0 { return "not in the last twelve months" }
        let rounded = (perMonth * 10).rounded() / 10
        if perMonth >= 1 { return "\(rounded.formatted0) times a month over the last twelve months (\(n) events)" }
        return "\(n) \(n == 1 ? "time" : "times") in the last twelve months"
    }

    /// A sparkline of the last twelve months, oldest first.
    func sparkline() -> String {
        let counts = page.meetingsPerMonth.map(\.count)
        let top = counts.max() ?? 0
        guard top > 0 else { return "" }
        let bars = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return counts.map { $0 == 0 ? " " : bars[min(7, ($0 * 8 - 1) / top)] }.joined()
    }

    func text(terminal: Terminal, limit: Int) -> String {
        var out: [String] = []
        var title = terminal.bold(person.displayName)
        if let r = person.relation { title += "  " + RelationLabels.label(r, terminal) }
        out.append(title)
        var profile = Table()
        func add(_ label: String, _ value: String) { if !value.isEmpty { profile.add([terminal.dim(label), value]) } }
        add("nicknames", person.nicknames.joined(separator: ", "))
        for f in Self.listedFields { add(f.label, f.text(in: person.fields) ?? "") }
        if let b = person.birthday {
            add("birthday", "\(b.day) \(LocalTime.months[b.month - 1])" + (b.year.map { " \($0)" } ?? ""))
        }
        add("email", person.emails.map(\.value).joined(separator: ", "))
        add("phone", person.phones.map(\.value).joined(separator: ", "))
        add("work", [person.title, person.organization].filter { !$0.isEmpty }.joined(separator: ", "))
        add("last seen", lastSeen.map { LocalTime.day($0) + terminal.dim(" (\(Self.ago($0, today)))") } ?? "never")
        add("keep in touch", keepInTouchText(terminal: terminal))
        add("how often", frequencyText() + (sparkline().isEmpty ? "" : "  " + terminal.dim("[") + sparkline() + terminal.dim("]")))
        let felt = StatsText(terminal: terminal)
        add("moods", felt.compactMoods(stats))
        add("longest gap", felt.longestGap(stats))
        add("note", person.note)
        // The photo's id, as `kith photo ID -o FILE` takes it.
        add("photo", person.photoHash.map { String($0.prefix(12)) + terminal.dim("  (kith photo \($0.prefix(12)) -o FILE)") } ?? "")
        out.append(profile.render())

        if !page.traits.isEmpty {
            out.append("")
            out.append(terminal.bold("What you know"))
            var table = Table()
            for group in page.traits {
                let category = group.category
                for (i, t) in group.traits.enumerated() {
                    let label = i == 0 ? terminal.foreground((category.icon.isEmpty ? "" : category.icon + " ") + category.path, hex: category.color) : ""
                    let source = t.source.map { "\($0.day), #\($0.id) \($0.title)" + ($0.place.map { " at \($0)" } ?? "") } ?? "no event"
                    table.add(["  " + label, t.text, terminal.dim(source)])
                }
            }
            out.append(table.render())
        }
        out.append("")
        out.append(terminal.bold("History") + terminal.dim(" (\(events.count) \(events.count == 1 ? "event" : "events"))"))
        if events.isEmpty {
            out.append("  nothing logged with them yet")
        } else {
            let text = EventText(terminal: terminal)
            var table = Table()
            for e in events.prefix(limit) {
                table.add(["  " + terminal.dim("#\(e.id)"), LocalTime.span(e), text.icon(e.type), e.title, text.mood(e.mood), e.place?.name ?? ""])
            }
            out.append(table.render())
            if events.count > limit { out.append(terminal.dim("  … \(events.count - limit) more: kith events --with \"\(person.displayName)\"")) }
        }
        return out.joined(separator: "\n")
    }

    /// The plain fields (``PersonFields/plainFields``) this page does not show in a place of
    /// their own (birthday, work, note, photo; an anniversary not at all): each is a line
    /// after the nicknames, under its label, and a key of `--json`'s person.
    static let listedFields = PersonFields.plainFields.filter {
        !["birthday", "anniversary", "organization", "title", "note", "photoHash"].contains($0.key)
    }

    static func ago(_ day: LocalDate, _ today: LocalDate) -> String {
        let n = today.daysSinceEpoch - day.daysSinceEpoch
        switch n {
        case 0: return "today"
        case 1: return "yesterday"
        case ..<14: return "\(n) days ago"
        case ..<60: return "\(n / 7) weeks ago"
        case ..<730: return "\(n / 30) months ago"
        default: return "\(n / 365) years ago"
        }
    }

    /// `kith person show --json`: `person` (profile), `lastSeen`, `eventsLastYear`,
    /// `perMonth` (average over twelve months), `months` (`month` `YYYY-MM`, `count`),
    /// `traits` (`id`, `kind`, `text`, `learned` day, `eventId`, `place`), `events`, and
    /// `stats`: all time with them, as `kith stats --with NAME --json` prints it.
    struct JSON: Encodable {
        struct Profile: Encodable {
            var id: Int64
            var uid: String
            var name: String
            var nicknames: [String]
            var relation: String?
            var birthday: String?
            var emails: [String]
            var phones: [String]
            var organization: String?
            var title: String?
            var note: String?
            /// The photo's id, as `kith photo` takes it.
            var photo: String?
            /// The other plain fields that are set (``PersonPageData/listedFields``), by key.
            var listed: [(key: String, value: String)] = []

            private enum CodingKeys: String, CodingKey {
                case id, uid, name, nicknames, relation, birthday, emails, phones, organization, title, note, photo
            }

            private struct ListedKey: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(id, forKey: .id)
                try c.encode(uid, forKey: .uid)
                try c.encode(name, forKey: .name)
                try c.encode(nicknames, forKey: .nicknames)
                try c.encodeIfPresent(relation, forKey: .relation)
                try c.encodeIfPresent(birthday, forKey: .birthday)
                try c.encode(emails, forKey: .emails)
                try c.encode(phones, forKey: .phones)
                try c.encodeIfPresent(organization, forKey: .organization)
                try c.encodeIfPresent(title, forKey: .title)
                try c.encodeIfPresent(note, forKey: .note)
                try c.encodeIfPresent(photo, forKey: .photo)
                var more = encoder.container(keyedBy: ListedKey.self)
                for (key, value) in listed { try more.encode(value, forKey: ListedKey(stringValue: key)) }
            }
        }
        struct Trait: Encodable {
            var id: Int64
            var kind: String
            var text: String
            var learned: String?
            var eventId: Int64?
            var place: String?
        }
        struct Month: Encodable {
            var month: String
            var count: Int
        }
        var person: Profile
        var lastSeen: String?
        /// `cadence` (`2w`, `none`), `from` (`person` or the category path), `nextDue`,
        /// `snoozedUntil`; null when no cadence applies.
        var keepInTouch: KeepInTouch?
        struct KeepInTouch: Encodable {
            var cadence: String
            var from: String
            var nextDue: String?
            var snoozedUntil: String?
        }
        var eventsLastYear: Int
        var perMonth: Double
        var months: [Month]
        var traits: [Trait]
        var events: [EventJSON]
        var stats: StatsJSON
    }

    var json: JSON {
        JSON(
            person: .init(
                id: person.id, uid: person.uid, name: person.displayName, nicknames: person.nicknames,
                relation: person.relation?.path, birthday: person.birthday?.description,
                emails: person.emails.map(\.value), phones: person.phones.map(\.value),
                organization: person.organization.isEmpty ? nil : person.organization,
                title: person.title.isEmpty ? nil : person.title, note: person.note.isEmpty ? nil : person.note,
                photo: person.photoHash.map { String($0.prefix(12)) },
                listed: Self.listedFields.compactMap { f in f.text(in: person.fields).flatMap { $0.isEmpty ? nil : (f.key, $0) } }),
            lastSeen: lastSeen?.description,
            keepInTouch: cadence.map { c in
                let from: String
                switch c.source {
                case .person: from = "person"
                case .category(let category): from = category.path
                }
                return .init(cadence: c.cadence.description, from: from, nextDue: due?.dueDate.description, snoozedUntil: due?.snoozedUntil?.description)
            },
            eventsLastYear: lastYearCount, perMonth: (perMonth * 100).rounded() / 100,
            months: page.meetingsPerMonth.map { .init(month: "\($0.year)-\($0.month < 10 ? "0" : "")\($0.month)", count: $0.count) },
            traits: page.traits.flatMap(\.traits).map {
                .init(id: $0.id, kind: $0.category.path, text: $0.text, learned: $0.source?.day.description, eventId: $0.source?.id, place: $0.source?.place)
            },
            events: events.map { EventJSON($0) }, stats: StatsJSON(stats, with: person.displayName, in: nil))
    }
}

extension Double {
    /// `2` for 2.0, `1.5` for 1.5.
    var formatted0: String { self == rounded() ? String(Int(self)) : String(self) }
}
