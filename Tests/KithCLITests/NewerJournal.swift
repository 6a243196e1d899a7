import GRDB

/// Makes a journal look as if a newer Kith had migrated it.
enum NewerJournal {
    /// Records a migration this build does not know in the journal at `path`, then closes it.
    static func mark(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        try queue.close()
    }
}
