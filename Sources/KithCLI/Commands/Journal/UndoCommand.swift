import ArgumentParser
import Kith

/// `kith undo`: reverses the last remove, merge or edit, and says which.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Reverse the last remove, merge or edit.",
        discussion: """
            Removes of events, people and traits, merges, edits of events, people, traits, \
            places and categories, \
            and `category remove` (with --reassign too) can be undone, the last one first; \
            the journal remembers the last 50. After undoing a remove, everything removed is \
            back with the same ids. Logging and importing are not undone (remove what they \
            added instead).
            """)

    @OptionGroup var journal: JournalOptions

    func run() throws {
        guard let undone = try journal.openExisting().undoLast() else {
            throw UserError("nothing to undo", "only removes, merges and edits can be undone, and none is left")
        }
        print("undid: \(undone.description)")
    }
}
