import Foundation
import GRDB
import GRDBSQLite

/// Positional values bound straight to SQLite for the rows an import writes by the
/// thousand (people, their details, snapshots): GRDB's checked `execute(arguments:)`
/// (argument validation, existential boxing, per-statement hooks) cost about as much as
/// the insert itself. Only for INSERT/UPDATE/DELETE inside a transaction the caller holds:
/// the statement runs to completion and is reset, so GRDB can reuse it as usual.
struct RawRow {
    fileprivate let statement: OpaquePointer
    fileprivate var index: CInt = 0
    /// Where ``run(_:_:arena:_:)`` copies text values to bind them without SQLite's copy.
    fileprivate var arena: BindArena?

    /// SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    mutating func text(_ s: String) {
        index += 1
        var s = s
        let i = index, st = statement, arena = arena
        s.withUTF8 { u in
            if u.isEmpty {
                _ = sqlite3_bind_text(st, i, "", 0, RawRow.transient)
            } else if let arena {
                // SQLITE_STATIC: the copy stays put until the statement's values are cleared.
                _ = sqlite3_bind_text(st, i, arena.copy(u).assumingMemoryBound(to: CChar.self), CInt(u.count), nil)
            } else {
                _ = u.withMemoryRebound(to: CChar.self) { sqlite3_bind_text(st, i, $0.baseAddress, CInt($0.count), RawRow.transient) }
            }
        }
    }

    mutating func text(_ s: String?) {
        if let s { text(s) } else { index += 1; _ = sqlite3_bind_null(statement, index) }
    }

    mutating func int(_ v: Int64) {
        index += 1
        _ = sqlite3_bind_int64(statement, index, v)
    }

    mutating func int(_ v: Int64?) {
        if let v { int(v) } else { index += 1; _ = sqlite3_bind_null(statement, index) }
    }

    mutating func int(_ v: Int) { int(Int64(v)) }

    mutating func blob(_ d: Data) {
        index += 1
        let i = index, st = statement
        _ = d.withUnsafeBytes { sqlite3_bind_blob(st, i, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), CInt($0.count), RawRow.transient) }
    }

    /// The first row of a SELECT, read by `read`; nil when there is none.
    static func first<T>(
        _ db: Database, _ statement: Statement, _ bind: (inout RawRow) -> Void,
        read: (RawColumns) -> T
    ) throws -> T? {
        let s = bound(statement, bind)
        defer { clear(s) }
        switch sqlite3_step(s) {
        case SQLITE_ROW: return read(RawColumns(statement: s))
        case SQLITE_DONE: return nil
        default: throw failure(db, statement)
        }
    }

    /// Every row of a SELECT, each given to `body` while it is current.
    static func each(
        _ db: Database, _ statement: Statement, _ bind: (inout RawRow) -> Void,
        _ body: (RawColumns) throws -> Void
    ) throws {
        let s = bound(statement, bind)
        defer { clear(s) }
        while true {
            switch sqlite3_step(s) {
            case SQLITE_ROW: try body(RawColumns(statement: s))
            case SQLITE_DONE: return
            default: throw failure(db, statement)
            }
        }
    }

    /// Runs `statement` once with the values `bind` sets, in order. With an `arena`, text
    /// values are copied there and bound in place (SQLite's own copy of each value is a
    /// malloc and a free under its mutex); the arena is emptied once the statement ran and
    /// its values were cleared, so SQLite never holds a pointer into it after this returns.
    /// - Throws: `DatabaseError` with SQLite's message (a constraint, a full disk).
    static func run(_ db: Database, _ statement: Statement, arena: BindArena? = nil, _ bind: (inout RawRow) -> Void) throws {
        let s = bound(statement, arena: arena, bind)
        defer {
            clear(s)
            arena?.reset()
        }
        guard sqlite3_step(s) == SQLITE_DONE else { throw failure(db, statement) }
    }

    /// Binds one row of a statement that inserts several rows of `columns` values each
    /// (``RowBatch``): the values `bind` sets go to the parameters of row `row` (from 0),
    /// their text copied into `arena`, which must keep them until the statement has run.
    static func bindRow(_ statement: Statement, row: Int, columns: Int, arena: BindArena, _ bind: (inout RawRow) -> Void) {
        let s = statement.sqliteStatement
        var r = RawRow(statement: s, index: CInt(row * columns), arena: arena)
        bind(&r)
        precondition(r.index == CInt((row + 1) * columns), "RawRow: wrong number of values for a row of \(statement.sql)")
    }

    /// Runs a statement whose values ``bindRow(_:row:columns:arena:_:)`` bound, then clears them.
    static func runBound(_ db: Database, _ statement: Statement) throws {
        let s = statement.sqliteStatement
        defer { clear(s) }
        guard sqlite3_step(s) == SQLITE_DONE else { throw failure(db, statement) }
    }

    /// The statement, reset, with the values `bind` sets (all of its parameters, so the
    /// old values need no clearing first: `clear` runs after each use).
    private static func bound(_ statement: Statement, arena: BindArena? = nil, _ bind: (inout RawRow) -> Void) -> OpaquePointer {
        let s = statement.sqliteStatement
        sqlite3_reset(s)
        var row = RawRow(statement: s, arena: arena)
        bind(&row)
        precondition(row.index == sqlite3_bind_parameter_count(s), "RawRow: wrong number of values for \(statement.sql)")
        return s
    }

    /// Leaves the statement as GRDB expects to find it: reset, no values bound.
    private static func clear(_ s: OpaquePointer) {
        sqlite3_reset(s)
        sqlite3_clear_bindings(s)
    }

    /// SQLite's error for the last step, read before the statement is reset.
    private static func failure(_ db: Database, _ statement: Statement) -> DatabaseError {
        .lastStep(db, sql: statement.sql)
    }
}
