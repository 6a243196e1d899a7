import GRDB

/// The kinds of statement a ``HeldStatements`` holds: one case each, numbered from 0.
protocol HeldStatementKind: CaseIterable, RawRepresentable where RawValue == Int {
    var sql: String { get }
}

/// Statements an import runs for each of its thousands of rows, taken from GRDB's
/// statement cache once per import instead of once per row: its lookup hashes the whole
/// SQL text, which showed in profiles at tens of thousands of rows (5 % of a calendar
/// import's writing thread). Valid only inside the transaction that made them.
final class HeldStatements<Kind: HeldStatementKind> {
    private var statements = [Statement?](repeating: nil, count: Kind.allCases.count)

    func statement(_ db: Database, _ kind: Kind) throws -> Statement {
        if let s = statements[kind.rawValue] { return s }
        let s = try db.cachedStatement(sql: kind.sql)
        statements[kind.rawValue] = s
        return s
    }
}
