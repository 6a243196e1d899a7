import Kith
import Logging

extension JournalOptions {
    /// Opens (or creates) the journal these options name, logging to the `kith` logger
    /// (silent unless `--debug` or `KITH_DEBUG=1`).
    func open() throws -> Journal {
        try Journal(path: resolvedPath(), logger: Logger(label: "kith"))
    }
}
