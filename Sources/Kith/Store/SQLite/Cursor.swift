import Foundation
import GRDB
import GRDBSQLite

/// A SELECT stepped straight through SQLite, its text read as bytes without a `String`
/// per value: several of these step side by side on one connection for the export's
/// merge joins. Column values are valid until the next step.
struct ExportCursor: SQLiteColumns {
    private let db: Database
    private let sql: String
    private let grdbStatement: Statement
    let statement: OpaquePointer

    init(_ db: Database, _ sql: String, _ arguments: StatementArguments = StatementArguments()) throws {
        let s = try db.cachedStatement(sql: sql)
        try s.setArguments(arguments)
        self.db = db
        self.sql = sql
        grdbStatement = s
        statement = s.sqliteStatement
    }

    /// Runs the query again with other values; moves to its first row (false: none).
    func restart(_ arguments: StatementArguments) throws -> Bool {
        try grdbStatement.setArguments(arguments)
        return try step()
    }

    /// Moves to the next row; false at the end.
    /// - Throws: `DatabaseError` with SQLite's message.
    func step() throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw DatabaseError.lastStep(db, sql: sql)
        }
    }

    /// Leaves the statement as GRDB expects to find it: reset, no values bound.
    func close() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }
}
