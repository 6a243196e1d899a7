import Foundation
import GRDB

/// The statements that write (and, on re-import, look up) people's rows, held for an
/// import (``HeldStatements``), with the rows that wait to be written together.
final class PersonStatements {
    enum Kind: Int, HeldStatementKind {
        case insertPerson, insertNickname, insertContact, insertAddress, insertVCardLine, insertImport, insertTrait, importHead

        var sql: String {
            switch self {
            case .insertPerson:
                return Journal.insertPersonSQL
            case .insertNickname:
                return "INSERT INTO personNickname (personId, position, value, valueKey) VALUES (?, ?, ?, ?)"
            case .insertContact:
                return "INSERT INTO personContact (personId, kind, label, value, position) VALUES (?, ?, ?, ?, ?)"
            case .insertAddress:
                return """
                    INSERT INTO personAddress (personId, label, poBox, extended, street, locality, region, postalCode, country, position)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            case .insertVCardLine:
                return "INSERT INTO personVCardLine (personId, position, line) VALUES (?, ?, ?)"
            case .insertImport:
                return "INSERT INTO personImport (personId, source, snapshot, importedAt) VALUES (?, ?, ?, ?)"
            case .insertTrait:
                return "INSERT INTO trait (personId, categoryId, text, eventId, position, createdAt) VALUES (?, ?, ?, NULL, ?, ?)"
            case .importHead:
                // What decides whether a re-imported card changes anything, without loading the whole person.
                return """
                    SELECT p.displayName, p.rev, p.relationId, i.source, i.snapshot
                    FROM person p LEFT JOIN personImport i ON i.personId = p.id WHERE p.id = ?
                    """
            }
        }
    }

    private let db: Database
    /// Text values of the rows being written, bound without SQLite's copy.
    let arena = BindArena()
    private let statements = HeldStatements<Kind>()
    /// By kind, for the detail rows that wait (see ``init(_:batching:)``).
    private var batches: [RowBatch?]

    /// With `batching`, the rows of a person's details, import snapshot and traits wait
    /// and go into their tables 64 at a time (``insert(_:_:_:_:)``), until ``flush()``:
    /// only where every card of an import is one transaction, since a row that waits
    /// would fall outside a card's savepoint. A card is about eight such rows. Batched, a
    /// row appended to its table costs SQLite ~4,500 instructions and a `personContact`
    /// row ~19,400 (its e-mail index is filled in random order), against ~11,000 and
    /// ~24,500 one statement each: the writing thread of the bench's 10,000 cards went
    /// from 2.64 G to 2.40 G instructions.
    init(_ db: Database, batching: Bool = false) {
        self.db = db
        batches = Array(repeating: nil, count: Kind.allCases.count)
        if batching {
            for kind in [Kind.insertNickname, .insertContact, .insertAddress, .insertVCardLine, .insertImport, .insertTrait] {
                batches[kind.rawValue] = RowBatch(kind.sql)
            }
        }
    }

    func statement(_ kind: Kind) throws -> Statement { try statements.statement(db, kind) }

    /// From `holder` when there is one, else from GRDB's cache.
    static func get(_ holder: PersonStatements?, _ db: Database, _ kind: Kind) throws -> Statement {
        if let holder { return try holder.statement(kind) }
        return try db.cachedStatement(sql: kind.sql)
    }

    /// Inserts a row of `kind` with the values `bind` sets: at once, or with the next rows
    /// of its kind when `holder` batches them.
    static func insert(_ holder: PersonStatements?, _ db: Database, _ kind: Kind, _ bind: (inout RawRow) -> Void) throws {
        if let batch = holder?.batches[kind.rawValue] {
            try batch.add(db, bind)
        } else {
            try RawRow.run(db, get(holder, db, kind), arena: holder?.arena, bind)
        }
    }

    /// Writes the rows that wait: before anything reads the tables they go to, and before
    /// the transaction ends.
    func flush() throws {
        for case let batch? in batches { try batch.flush(db) }
    }
}

/// Rows of one single-row INSERT that wait and go into the table `capacity` at a time, in
/// the order they came, through one statement of `capacity` rows:
/// `INSERT INTO t (a, b) SELECT * FROM (VALUES (?, ?), (?, ?), …) WHERE column1 IS NOT NULL`.
/// A row's values are bound as it comes; the rows a flush does not fill stay unbound (NULL)
/// and the WHERE drops them, so one statement serves every count. The first value of each
/// row must never be NULL (it is the person's id).
final class RowBatch {
    let capacity: Int
    private let columns: Int
    private let sql: String
    private var statement: Statement?
    private var count = 0
    /// The text of the bound rows, kept until they are written.
    private let arena = BindArena()

    init(_ insertSQL: String, capacity: Int = 64) {
        self.capacity = capacity
        guard let values = insertSQL.range(of: " VALUES ") ?? insertSQL.range(of: "\nVALUES ") else {
            preconditionFailure("RowBatch: not a single-row INSERT: \(insertSQL)")
        }
        let head = insertSQL[..<values.lowerBound]
        let tuple = insertSQL[values.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        columns = tuple.filter { $0 == "?" }.count
        sql = "\(head) SELECT * FROM (VALUES \(Array(repeating: tuple, count: capacity).joined(separator: ", "))) WHERE column1 IS NOT NULL"
    }

    func add(_ db: Database, _ bind: (inout RawRow) -> Void) throws {
        if statement == nil { statement = try db.makeStatement(sql: sql) }
        RawRow.bindRow(statement!, row: count, columns: columns, arena: arena, bind)
        count += 1
        if count == capacity { try flush(db) }
    }

    func flush(_ db: Database) throws {
        guard count > 0, let statement else { return }
        count = 0
        defer { arena.reset() }
        try RawRow.runBound(db, statement)
    }
}
