import GRDB

extension Journal {
    /// Every place, by name.
    public func places() throws -> [Place] {
        try read { db in
            try PlaceQueries.all(db)
        }
    }

    /// The place with this name (case-insensitive), if there is one.
    public func place(named name: String) throws -> Place? {
        try read { db in
            try PlaceQueries.named(db, name)
        }
    }

    /// Every place by name, with how many events happened there.
    /// - Complexity: O(places + events) in one query.
    public func placeSummaries() throws -> [PlaceSummary] {
        try read { db in
            try PlaceQueries.summaries(db)
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
    public func editPlace(
        named name: String, newName: String? = nil, coordinates: (latitude: Double, longitude: Double)? = nil,
        address: String? = nil
    ) throws -> (place: Place, eventCount: Int) {
        try undoableWrite { db, description in
            try PlaceStore.edit(db, named: name, newName: newName, coordinates: coordinates, address: address, description: &description)
        }
    }
}
