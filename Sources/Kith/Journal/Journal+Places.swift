import GRDB

extension Journal {
    /// The place with this name (case-insensitive), if there is one.
    public func place(named name: String) throws -> Place? {
        try read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM place WHERE name = ? COLLATE NOCASE"),
                             arguments: [name.kithTrimmed()]).map(Journal.place(from:))
        }
    }

    /// Every place by name, with how many events happened there.
    /// - Complexity: O(places + events) in one query.
    public func placeSummaries() throws -> [PlaceSummary] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.*, (SELECT count(*) FROM event e WHERE e.placeId = p.id) AS eventCount
                FROM place p ORDER BY p.name COLLATE NOCASE
                """).map { PlaceSummary(place: Journal.place(from: $0), eventCount: $0["eventCount"]) }
        }
    }

    /// Changes a place on purpose: its name, coordinates or address. Every event there
    /// moves with it (events keep the place's id).
    /// - Parameters:
    ///   - name: the place as it is called now (case-insensitive).
    ///   - newName: a new name, which no other place may have.
    ///   - coordinates: new latitude and longitude.
    ///   - address: a new address; an empty one removes it.
    /// - Returns: the place as it is now, and how many events it changes.
    /// - Throws: ``JournalError/invalidValue(field:reason:)`` for an unknown place or a name
    ///   taken, ``JournalError/invalidCoordinates(latitude:longitude:)``.
    @discardableResult
    public func editPlace(named name: String, newName: String? = nil, coordinates: (latitude: Double, longitude: Double)? = nil,
                          address: String? = nil) throws -> (place: Place, eventCount: Int) {
        try undoableWrite { db, description in
            description = "edit place \(name.kithTrimmed())"
            guard let old = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM place WHERE name = ? COLLATE NOCASE"),
                                             arguments: [name.kithTrimmed()]).map(Journal.place(from:)) else {
                let known = try String.fetchAll(db, sql: "SELECT name FROM place ORDER BY name COLLATE NOCASE")
                let close = known.filter { NameMatcher.isClose(NameMatcher.fold(name), to: NameMatcher.fold($0)) }.prefix(3)
                throw JournalError.invalidValue(field: "place", reason: "there is no place named \"\(name)\" ("
                    + (close.isEmpty ? "see `kith place list`" : "did you mean " + close.map { "\"\($0)\"" }.joined(separator: ", ") + "?") + ")")
            }
            var new = old
            if let newName {
                let n = newName.kithTrimmed()
                guard !n.isEmpty else { throw JournalError.invalidValue(field: "place name", reason: "it is empty (give a name)") }
                if let other = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM place WHERE name = ? COLLATE NOCASE"), arguments: [n]),
                   other != old.id {
                    throw JournalError.invalidValue(field: "place name", reason: "there is already a place named \"\(n)\" (choose another name)")
                }
                new.name = n
            }
            if let c = coordinates {
                guard (-90...90).contains(c.latitude), (-180...180).contains(c.longitude), c.latitude.isFinite, c.longitude.isFinite else {
                    throw JournalError.invalidCoordinates(latitude: c.latitude, longitude: c.longitude)
                }
                new.latitude = c.latitude
                new.longitude = c.longitude
            }
            if let address {
                let a = address.kithTrimmed()
                new.address = a.isEmpty ? nil : a
            }
            try db.cachedStatement(sql: "UPDATE place SET name = ?, address = ?, latitude = ?, longitude = ? WHERE id = ?")
                .execute(arguments: [new.name, new.address, new.latitude, new.longitude, old.id])
            let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM event WHERE placeId = ?"), arguments: [old.id]) ?? 0
            return (new, new == old ? 0 : count)
        }
    }
}
