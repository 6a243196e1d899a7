import GRDB

/// Reads of the `place` table for ``Journal/places()``, ``Journal/place(named:)`` and
/// ``Journal/placeSummaries()``.
enum PlaceQueries {
    /// Every place, by name.
    static func all(_ db: Database) throws -> [Place] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM place ORDER BY name COLLATE NOCASE")).map(Journal.place(from:))
    }

    /// The place with this name (case-insensitive), if there is one.
    static func named(_ db: Database, _ name: String) throws -> Place? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM place WHERE name = ? COLLATE NOCASE"),
            arguments: [name.kithTrimmed()]
        ).map(Journal.place(from:))
    }

    /// Every place by name, with how many events happened there, in one query.
    static func summaries(_ db: Database) throws -> [PlaceSummary] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT p.*, (SELECT count(*) FROM event e WHERE e.placeId = p.id) AS eventCount
                FROM place p ORDER BY p.name COLLATE NOCASE
                """
        ).map { PlaceSummary(place: Journal.place(from: $0), eventCount: $0["eventCount"]) }
    }
}
