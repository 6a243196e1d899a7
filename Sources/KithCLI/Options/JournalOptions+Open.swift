import Kith
import Logging

extension JournalOptions {
    /// Opens (or creates) the journal these options name, logging to the `kith` logger
    /// (silent unless `--debug` or `KITH_DEBUG=1`).
    package func open() throws -> Journal { try Self.open(journal: journal) }

    /// Opens the journal these options name for a command that only reads: with no file
    /// there, it says so and creates nothing (not even the default folder).
    package func openExisting() throws -> Journal { try Self.open(journal: journal, create: false) }

    /// ``open()`` for a `--journal` value given as a plain string; `create: false` is
    /// ``openExisting()``. Reads the journal's settings into ``Preferences`` for the rest
    /// of the run.
    static func open(journal: String?, create: Bool = true) throws -> Journal {
        let path = create ? try resolvedPath(journal: journal) : location(journal: journal).path
        let opened = try Journal(path: path, logger: Logger(label: "kith"), create: create)
        Preferences.load(from: opened)
        return opened
    }
}
