import Foundation
import GRDB

/// The work behind ``Journal/editPlace(named:newName:coordinates:address:)``, inside the
/// caller's transaction.
enum PlaceStore {
    /// Renames, moves or readdresses the place called `name`; returns it as it is now and how
    /// many events the change shows in.
    static func edit(
        _ db: Database, named name: String, newName: String?, coordinates: (latitude: Double, longitude: Double)?,
        address: String?, description: inout String
    ) throws -> (place: Place, eventCount: Int) {
        description = "edit place \(name.kithTrimmed())"
        guard
            let old = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM place WHERE name = ? COLLATE NOCASE"),
                arguments: [name.kithTrimmed()]
            ).map(Journal.place(from:))
        else {
            let known = try String.fetchAll(db, sql: "SELECT name FROM place ORDER BY name COLLATE NOCASE")
            let close = known.filter { NameMatcher.isClose(NameMatcher.fold(name), to: NameMatcher.fold($0)) }.prefix(3)
            throw JournalError.invalidValue(
                field: "place",
                reason: "there is no place named \"\(name)\" ("
                    + (close.isEmpty ? "see `kith place list`" : "did you mean " + close.map { "\"\($0)\"" }.joined(separator: ", ") + "?") + ")")
        }
        var new = old
        if let newName {
            let n = newName.kithTrimmed()
            guard !n.isEmpty else { throw JournalError.invalidValue(field: "place name", reason: "it is empty (give a name)") }
            if let other = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM place WHERE name = ? COLLATE NOCASE"), arguments: [n]),
                other != old.id
            {
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

/// Places as events write them: found by name, created, filled in.
extension Journal {
    /// The places an import wrote, by exact name, with the values it gave them: an event at
    /// a known place with nothing new to say about it needs no lookup and no UPDATE (two
    /// statements for most events of a calendar). Emptied when a savepoint rolls back.
    final class PlaceCache {
        var byName: [String: (id: Int64, address: String?, latitude: Double?, longitude: Double?)] = [:]
    }

    static func upsertPlace(_ db: Database, _ draft: PlaceDraft, cache: PlaceCache? = nil) throws -> Int64 {
        let name = draft.name.kithSingleLine()
        guard !name.isEmpty else { throw JournalError.invalidValue(field: "place name", reason: "it is empty") }
        if (draft.latitude == nil) != (draft.longitude == nil) {
            throw JournalError.invalidValue(field: "coordinates", reason: "give both latitude and longitude")
        }
        if let lat = draft.latitude, let lon = draft.longitude {
            guard (-90...90).contains(lat), (-180...180).contains(lon), lat.isFinite, lon.isFinite else {
                throw JournalError.invalidCoordinates(latitude: lat, longitude: lon)
            }
        }
        // A known place keeps its address and coordinates: other events stand there, and a
        // new event must not move them. Only what it lacks is filled in; a deliberate move
        // is ``Journal/editPlace(named:newName:coordinates:address:)``. The per-import cache
        // knows which of them the row already has (nil: not known, the UPDATEs below check).
        if let known = cache?.byName[name], draft.address == nil || known.address != nil,
            draft.latitude == nil || known.latitude != nil
        {
            return known.id
        }
        let id: Int64
        if let found = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM place WHERE name = ? COLLATE NOCASE"), arguments: [name]) {
            id = found
            if let a = draft.address {
                try db.cachedStatement(sql: "UPDATE place SET address = ? WHERE id = ? AND address IS NULL").execute(arguments: [a, id])
            }
            if let lat = draft.latitude, let lon = draft.longitude {
                try db.cachedStatement(sql: "UPDATE place SET latitude = ?, longitude = ? WHERE id = ? AND latitude IS NULL AND longitude IS NULL")
                    .execute(arguments: [lat, lon, id])
            }
        } else {
            try db.cachedStatement(sql: "INSERT INTO place (name, address, latitude, longitude) VALUES (?, ?, ?, ?)").execute(arguments: [
                name, draft.address, draft.latitude, draft.longitude,
            ])
            id = db.lastInsertedRowID
        }
        // What the row now holds, as far as this draft and the cache say (nil: not known).
        let before = cache?.byName[name]
        cache?.byName[name] = (
            id, draft.address ?? before?.address, draft.latitude ?? before?.latitude,
            draft.longitude ?? before?.longitude
        )
        return id
    }

    static func place(from row: Row) -> Place {
        Place(id: row["id"], name: row["name"], address: row["address"], latitude: row["latitude"], longitude: row["longitude"])
    }
}
