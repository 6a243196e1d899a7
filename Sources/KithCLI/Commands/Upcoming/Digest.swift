import Foundation
import Kith

/// What a bare `kith` prints on a journal with something to act on: who is due now (their
/// cadence says it is time), then the birthdays, anniversaries and due dates of today and
/// the next 6 days, then a pointer to the help; at most ``limit`` rows of each. With no
/// journal, or nothing to show, it prints nothing and `kith` shows its help as before.
///
/// It reads `arguments` itself (nothing, or only `--journal PATH`), so a bare `kith` never
/// builds ArgumentParser's command tree, and opens the journal without creating it.
enum Digest {
    /// How many days the digest looks ahead, today included.
    static let days = 7
    /// The most rows of each part.
    static let limit = 10

    /// Prints the digest when `arguments` ask for one and there is something to show;
    /// returns whether it printed.
    static func show(_ arguments: [String]) -> Bool {
        let journalPath: String?
        switch arguments.count {
        case 0: journalPath = nil
        case 1 where arguments[0].hasPrefix("--journal="): journalPath = String(arguments[0].dropFirst("--journal=".count))
        case 2 where arguments[0] == "--journal": journalPath = arguments[1]
        default: return false
        }
        let path = JournalOptions.location(journal: journalPath).path
        guard FileManager.default.fileExists(atPath: path),
            let journal = try? JournalOptions.open(journal: journalPath, create: false)
        else { return false }
        defer { journal.closeAtExit() }
        let today = LocalDate.today(in: LocalZone.current)
        guard let due = try? journal.due(asOf: today), var items = try? journal.upcoming(from: today, days: days) else { return false }
        // Someone due today is in the first part.
        items.removeAll { $0.kind == .due && $0.daysAway == 0 }
        guard !due.isEmpty || !items.isEmpty else { return false }
        let terminal = Terminal.current(choice: nil)
        func more(_ count: Int, _ command: String) {
            if count > limit { print(terminal.dim("  … and \(count - limit) more: `\(command)`")) }
        }
        if !due.isEmpty {
            print(terminal.bold("Due now:"))
            var table = Table()
            for d in due.prefix(limit) {
                let seen = d.lastSeen.map { "last seen \($0)" } ?? "never seen"
                table.add(["  " + terminal.bold(d.person.displayName), CadenceOption.overdue(d.daysOverdue), terminal.dim(seen), d.cadence.cadence.phrase])
            }
            table.printToStandardOutput()
            more(due.count, "kith due")
        }
        if !items.isEmpty {
            if !due.isEmpty { print() }
            print(terminal.bold("Coming up, today and the next \(days - 1) days:"))
            var table = UpcomingText.table(Array(items.prefix(limit)), terminal: terminal)
            for i in table.rows.indices { table.rows[i][0] = "  " + table.rows[i][0] }
            table.printToStandardOutput()
            more(items.count, "kith upcoming --days 7")
        }
        print(terminal.dim("\n`kith upcoming --days 30` looks further; `kith --help` lists every command."))
        return true
    }
}
