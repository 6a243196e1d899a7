import GRDB

extension Journal {
    /// Runs SQLite's `PRAGMA integrity_check` and the foreign key check on the journal file.
    ///
    /// - Returns: The problems SQLite found, one line each; empty when the file is sound.
    /// - Throws: ``JournalError/database(reason:)`` when the check cannot run.
    public func integrityCheck() throws -> [String] {
        try read { db in
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
                problems.append(
                    "foreign key: a row of \(row[0] as String? ?? "?") (rowid \(row[1] as Int64? ?? 0)) points to a missing \(row[2] as String? ?? "?")")
            }
            return problems
        }
    }
}
