import Kith
import Logging

extension JournalOptions {
    /// Opens (or creates) the journal these options name, logging to the `kith` logger
    /// (silent unless `--debug` or `KITH_DEBUG=1`).
    func open() throws -> Journal { try Self.open(journal: journal) }

    /// ``open()`` for a `--journal` value given as a plain string.
    static func open(journal: String?) throws -> Journal {
        try Journal(path: resolvedPath(journal: journal), logger: Logger(label: "kith"))
    }
}
