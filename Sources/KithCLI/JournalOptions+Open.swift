import Kith
import Logging

extension JournalOptions {
    /// Opens (or creates) the journal these options name, logging to the `kith` logger
    /// (silent unless `--debug` or `KITH_DEBUG=1`).
    func open() throws -> Journal { try Self.open(journal: journal) }

    /// ``open()`` for a `--journal` value given as a plain string.
    /// Reads the journal's settings into ``Preferences`` for the rest of the run.
    static func open(journal: String?) throws -> Journal {
        let opened = try Journal(path: resolvedPath(journal: journal), logger: Logger(label: "kith"))
        Preferences.load(from: opened)
        return opened
    }
}
