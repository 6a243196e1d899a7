import ArgumentParser
import Foundation
import Kith

/// `kith due [--as-of DATE] [--in PATH] [--json]`: who is due, most overdue first.
struct DueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List who you are due to see, most overdue first.",
        discussion: """
            Someone is due when their last interaction plus their cadence (kith category edit \
            relation PATH --every 2w, kith person edit NAME --every 1w) is on or before the \
            day; someone never seen, from the day the cadence began to apply to them. Most \
            overdue relative to the cadence first: a week late on a weekly cadence before a \
            week late on a yearly one.
            """)

    @Option(help: ArgumentHelp("As of this day: 2026-11-21, yesterday, friday, 3 days ago; today by default.", valueName: "date"))
    var asOf: String?
    @Option(name: .customLong("in"), help: ArgumentHelp("Only people under this relation category.", valueName: "path")) var relation: String?
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let journal = try journal.openExisting()
        let day = try asOf.map { try DatePhrase.day($0, now: Date(), timeZone: .current) } ?? LocalDate.today()
        let category = try relation.map { try journal.category(kind: .relation, path: $0) }
        let due = try journal.due(asOf: day, in: category?.id)
        if output.json {
            try JSONOutput.print(due.map(DueJSON.init))
            return
        }
        let terminal = output.terminal()
        guard !due.isEmpty else {
            let nobody = "nobody is due as of \(day)" + (category.map { " in \($0.path)" } ?? "")
            // Say who comes next when someone has a cadence; explain cadences only when no one does.
            let coming = try journal.due(asOf: day, in: category?.id, through: day.adding(days: 3660))
            if let next = coming.min(by: { $0.dueDate < $1.dueDate }) {
                print(nobody + "; next: \(next.person.displayName) on \(next.dueDate) (`kith upcoming --days N` lists what is coming)")
            } else {
                print(nobody + " (set how often to keep in touch: kith category edit relation PATH --every 2w, kith person edit NAME --every 1w)")
            }
            return
        }
        var table = Table()
        table.rows.reserveCapacity(due.count)
        var relations = RelationLabels(terminal)
        for d in due {
            let relation = relations.label(d.relation)
            let seen = d.lastSeen.map { "last seen \($0)" } ?? "never seen"
            table.add([
                terminal.bold(d.person.displayName), relation, terminal.dim(seen), d.cadence.cadence.phrase,
                CadenceOption.overdue(d.daysOverdue),
            ])
        }
        table.printToStandardOutput()
    }
}

/// `kith snooze NAME 1w` or `kith snooze NAME --until DATE`: moves one person's next due date.
struct SnoozeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze",
        abstract: "Move one person's next due date.",
        discussion: """
            LENGTH (1w, 3d, 2m) moves it from their due date, or from today if they are \
            overdue; --until sets the day. An event with them on a later day ends the snooze; \
            kith undo takes it back.
            """)

    @Argument(help: "Who.") var person: String
    @Argument(help: ArgumentHelp("How long: Nd, Nw, Nm or Ny, such as 1w.", valueName: "length")) var length: String?
    @Option(help: ArgumentHelp("Until this day instead: 2026-12-24, friday, ….", valueName: "date")) var until: String?
    @Option(help: ArgumentHelp("As of this day (today by default).", valueName: "date")) var asOf: String?
    @OptionGroup var journal: JournalOptions

    func validate() throws {
        if (length == nil) == (until == nil) {
            throw ValidationError("give a length (such as 1w) or --until DATE, one of the two")
        }
    }

    func run() throws {
        let length = try length.map(CadenceOption.length)
        let journal = try journal.openExisting()
        let found = try journal.person(argument: person)
        let now = Date()
        let day = try asOf.map { try DatePhrase.day($0, now: now, timeZone: .current) } ?? LocalDate.today()
        let due: DuePerson?
        do {
            if let length {
                due = try journal.snooze(personID: found.id, by: length, asOf: day)
            } else {
                let date = try DatePhrase.day(until ?? "", now: now, timeZone: .current)
                due = try journal.snooze(personID: found.id, until: date, asOf: day)
            }
        } catch JournalError.invalidValue(field: "snooze", let reason) {
            let advice =
                reason.contains("no cadence")
                ? "set one first: kith person edit \"\(found.displayName)\" --every 1w, or on their category"
                : "give a day after \(day)"
            throw UserError(reason, advice)
        }
        print("snoozed \(found.displayName): next due \(due.map { "\($0.dueDate)" } ?? "never")")
    }
}
