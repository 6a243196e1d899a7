import Foundation
import GRDB
import GRDBSQLite

/// The current row of a statement stepped straight through SQLite, read by column position.
///
/// The hot paths use it where GRDB's checked `Row` access cost more than the work itself:
/// the import's lookups (``RawRow``), long listings (`EventLoader`) and the export's merge
/// joins (`ExportCursor`). Values are valid until the statement steps again.
protocol SQLiteColumns {
    var statement: OpaquePointer { get }
}

extension SQLiteColumns {
    /// An integer column (0 for NULL, as SQLite converts it).
    func int(_ i: CInt) -> Int64 { sqlite3_column_int64(statement, i) }

    /// An integer column, nil for NULL.
    func optionalInt(_ i: CInt) -> Int64? { isNull(i) ? nil : int(i) }

    func isNull(_ i: CInt) -> Bool { sqlite3_column_type(statement, i) == SQLITE_NULL }

    /// A text column's UTF-8 bytes in SQLite's memory (empty for NULL): kept in this file,
    /// which hands out copies and comparisons only, so no pointer outlives its row.
    /// A text column's bytes, without making a string of them.
    func withText<R>(_ i: CInt, _ body: (Span<UInt8>) -> R) -> R { body(bytes(i).span) }

    private func bytes(_ i: CInt) -> UnsafeBufferPointer<UInt8> {
        guard let p = sqlite3_column_text(statement, i) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(statement, i)))
    }

    /// A text column's UTF-8 bytes, copied (empty for NULL).
    func byteArray(_ i: CInt) -> [UInt8] { Array(bytes(i)) }

    /// Appends a text column's UTF-8 bytes to `out` (nothing for NULL) with no copy in
    /// between: the export's text goes from SQLite's row straight into its batch.
    /// - Returns: where they are in `out`.
    @discardableResult @inline(__always)
    func appendText(_ i: CInt, to out: inout [UInt8]) -> Range<Int> {
        let start = out.count
        out.append(contentsOf: bytes(i))
        return start..<out.count
    }

    /// Whether a text column's bytes are `a` (a zone name already met), without a copy.
    @inline(__always)
    func textEquals(_ i: CInt, _ a: [UInt8]) -> Bool { sameBytes(a, bytes(i)) }

    /// Whether a text column's bytes are the UTF-8 of `s`, without a copy.
    func textEquals(_ i: CInt, _ s: String) -> Bool { bytes(i).elementsEqual(s.utf8) }

    /// A blob column's bytes, copied (empty for NULL).
    func blob(_ i: CInt) -> Data {
        guard let p = sqlite3_column_blob(statement, i) else { return Data() }
        return Data(bytes: p, count: Int(sqlite3_column_bytes(statement, i)))
    }

    /// A text column as GRDB reads it (`String(cString:)`), "" for NULL.
    func text(_ i: CInt) -> String {
        guard let p = sqlite3_column_text(statement, i) else { return "" }
        return String(cString: p)
    }

    /// A text column, nil for NULL.
    func optionalText(_ i: CInt) -> String? { isNull(i) ? nil : text(i) }
}

/// The columns of a statement's current row.
struct RawColumns: SQLiteColumns {
    let statement: OpaquePointer
}

extension DatabaseError {
    /// SQLite's error for the last step of `sql` on `db` (read before the statement is reset).
    static func lastStep(_ db: Database, sql: String) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)),
            message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
    }
}

/// Whether two byte strings are equal (a zone column against a known zone), without
/// the generic element-by-element comparison.
@inline(__always)
private func sameBytes(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let base = b.baseAddress, !a.isEmpty else { return true }
    return a.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, a.count) == 0 }
}
