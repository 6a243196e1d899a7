import Kith

extension JournalOptions {
    /// Opens (or creates) the journal these options name.
    func open() throws -> Journal {
        try Journal(path: resolvedPath())
    }
}
