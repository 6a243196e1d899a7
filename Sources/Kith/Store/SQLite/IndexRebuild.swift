import GRDB

extension Journal {
    /// Runs `body` with the secondary indexes of `tables` dropped, then creates them again,
    /// inside the caller's transaction (a failure rolls the drop back with everything else).
    /// For writes that fill empty tables: SQLite builds an index from its sorted keys several
    /// times faster than it updates it row by row (the indexes of `event` and `dayEvent` were
    /// a fifth of importing 300,000 events). UNIQUE constraints are not dropped: their
    /// indexes have no SQL of their own and keep checking every row. With `only`, just the
    /// indexes of those names are rebuilt (those the writes would fill in random order),
    /// and the others keep serving the lookups `body` makes.
    static func withIndexesRebuilt<T>(_ db: Database, on tables: [String], only: Set<String>? = nil, _ body: () throws -> T) throws -> T {
        let marks = tables.map { _ in "?" }.joined(separator: ", ")
        let indexes = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (\(marks)) ORDER BY name",
            arguments: StatementArguments(tables)
        ).map { (name: $0["name"] as String, sql: $0["sql"] as String) }.filter { only?.contains($0.name) ?? true }
        for index in indexes { try db.execute(sql: "DROP INDEX \(index.name.quotedDatabaseIdentifier)") }
        let result = try body()
        for index in indexes { try db.execute(sql: index.sql) }
        return result
    }
}
