import GRDB

extension Journal {
    /// The page cache of an import's transaction, in KiB (SQLite's negative `cache_size`).
    ///
    /// One import is one transaction. Once its dirty pages outgrow the cache, SQLite spills
    /// them into the WAL before the commit, and writes them again each time they change.
    /// The cache only grows as pages are read or written, and it is set back to the
    /// connection's size when the import ends, which frees what it took. (128 MiB took the
    /// import of the bench's 100,000 VEVENTs to a peak of 348 MiB.)
    static let importCacheKiB = 65_536
    /// The connection's page cache outside imports, in KiB (see `Journal.configuration()`).
    static let defaultCacheKiB = 32_768

    /// Runs an import in one transaction, rolled back for a dry run, with the larger page
    /// cache of ``importCacheKiB`` and SQLite's temporary files in memory. Whatever stops it
    /// is thrown as an ``ImportError`` naming `fileName` (unless it names a file already).
    ///
    /// Temporary files in memory: with `--keep-going` each card or event is a savepoint,
    /// whose undo copy of every page it changes goes to a sub-journal. On disk (the default
    /// `temp_store`), that file, once it exists, takes two `pwrite64` per page per item for
    /// the rest of the transaction: 625,507 calls for the bench's 10,000-VEVENT slice when
    /// every event had a savepoint (`strace -c -f`, `strace -y` naming the deleted
    /// `/var/tmp/etilqs_*` file). In memory it holds one item's pages and is emptied at
    /// each release.
    func importTransaction<T>(_ dryRun: Bool, fileName: String, _ body: (Database) throws -> T) throws -> T {
        var result: T?
        do {
            try dbQueue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA cache_size = -\(Journal.importCacheKiB); PRAGMA temp_store = MEMORY")
                defer { try? db.execute(sql: "PRAGMA cache_size = -\(Journal.defaultCacheKiB); PRAGMA temp_store = DEFAULT") }
                try db.inTransaction {
                    result = try body(db)
                    return dryRun ? .rollback : .commit
                }
            }
        } catch var e as ImportError {
            if e.file.isEmpty { e.file = fileName }
            throw e
        } catch JournalError.cancelled {
            throw JournalError.cancelled
        } catch let e as JournalError {
            throw ImportError(file: fileName, line: 0, item: nil, reason: e.description, advice: "nothing was imported")
        } catch {
            throw ImportError(file: fileName, line: 0, item: nil, reason: Journal.reason(error), advice: "nothing was imported")
        }
        return result!
    }
}
