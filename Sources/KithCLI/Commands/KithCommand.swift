import ArgumentParser

/// `kith`: the root of the command tree.
struct KithCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kith",
        abstract: "A journal of the people in your life: who, what, how it felt.",
        discussion: """
            Everything lives in one SQLite file on your machine: --journal PATH, else \
            $KITH_JOURNAL, else $XDG_DATA_HOME/kith/journal.sqlite \
            (~/.local/share/kith/journal.sqlite). Start with `kith tour`. \
            Add --debug to any command (or set KITH_DEBUG=1) to log what it does on \
            standard error; otherwise kith logs nothing. `kith sync` (CardDAV/CalDAV) and \
            `kith serve` (the journal in your browser) run in the companion kith-net, \
            installed beside kith.
            """,
        version: "0.1.0",
        subcommands: [
            LogCommand.self, EventsCommand.self, ShowCommand.self, EditCommand.self, RemoveCommand.self,
            PersonCommand.self, CategoryCommand.self, CalendarCommand.self, DayCommand.self, StatsCommand.self, TraitsCommand.self, TourCommand.self,
            ImportCommand.self, ExportCommand.self, BackupCommand.self, UndoCommand.self,
            PlaceCommand.self, SettingsCommand.self, PhotoCommand.self, DueCommand.self, SnoozeCommand.self, UpcomingCommand.self,
            SyncEntry.self, ServeEntry.self,
        ]
    )
}
