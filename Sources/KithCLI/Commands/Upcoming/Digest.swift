import Foundation
import Kith

/// What a bare `kith` prints on a journal with something coming: the birthdays and
/// anniversaries of today and the next 6 days, then a pointer to the help. With no
/// journal, or nothing to show, it prints nothing and `kith` shows its help as before.
///
/// It reads `arguments` itself (nothing, or only `--journal PATH`), so a bare `kith` never
/// builds ArgumentParser's command tree, and opens the journal without creating it.
enum Digest {
    /// How many days the digest looks ahead, today included.
    static let days = 7

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
        guard let items = try? journal.upcoming(from: today, days: days), !items.isEmpty else { return false }
        let terminal = Terminal.current(choice: nil)
        print(terminal.bold("Coming up, today and the next \(days - 1) days:"))
        var table = UpcomingText.table(items, terminal: terminal)
        for i in table.rows.indices { table.rows[i][0] = "  " + table.rows[i][0] }
        table.printToStandardOutput()
        print(terminal.dim("\n`kith upcoming --days 30` looks further; `kith --help` lists every command."))
        return true
    }
}
