import GRDB

/// The statements that write (and, on re-import, look up) people's rows, taken from GRDB's statement cache once per
/// import instead of once per row: its lookup hashes the whole SQL text, which showed in
/// profiles at tens of thousands of rows. Valid only inside the transaction that made it.
final class PersonStatements {
    enum Kind: Int, CaseIterable {
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
    /// By kind.
    private var statements: [Statement?]

    init(_ db: Database) {
        self.db = db
        statements = Array(repeating: nil, count: Kind.allCases.count)
    }

    func statement(_ kind: Kind) throws -> Statement {
        if let s = statements[kind.rawValue] { return s }
        let s = try db.cachedStatement(sql: kind.sql)
        statements[kind.rawValue] = s
        return s
    }

    /// From `holder` when there is one, else from GRDB's cache.
    static func get(_ holder: PersonStatements?, _ db: Database, _ kind: Kind) throws -> Statement {
        if let holder { return try holder.statement(kind) }
        return try db.cachedStatement(sql: kind.sql)
    }
}
