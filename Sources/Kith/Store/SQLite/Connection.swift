import GRDB
import GRDBSQLite

extension Database {
    /// Keeps the WAL file when the last connection closes (it is still checkpointed first):
    /// SQLite's `SQLITE_FCNTL_PERSIST_WAL`, which GRDB has no setting for.
    func persistWAL() {
        var persist: CInt = 1
        _ = sqlite3_file_control(sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    }
}

extension Statement {
    /// Steps this statement (its arguments already set) straight through SQLite, calling
    /// `body` with each row's columns (valid during the call only), then resets it.
    /// - Throws: `DatabaseError` with SQLite's message, or what `body` throws.
    @inline(__always)
    func forEachRawRow(_ db: Database, _ body: (RawColumns) throws -> Void) throws {
        let s = sqliteStatement
        defer { sqlite3_reset(s) }
        let row = RawColumns(statement: s)
        while true {
            let rc = sqlite3_step(s)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw DatabaseError.lastStep(db, sql: sql) }
            try body(row)
        }
    }
}
