import GRDB

/// The list of people for `kith person list`: names, relations, last seen, event counts.
extension Journal {
    /// See ``Journal/people(in:sort:asOf:)``.
    static func peopleList(_ db: Database, in category: Int64?, sort: PersonSort, asOf: LocalDate) throws -> [PersonSummary] {
        // Event counts and "last seen" as one range of an index each per person: a
        // GROUP BY over all of eventPerson joined back cost a materialized table and an
        // automatic index on top of the same scan (with attendees matched by name,
        // eventPerson holds ~40 links a person).
        var sql = """
            SELECT p.id, p.displayName, p.relationId,
              (SELECT max(day) FROM dayPerson dp WHERE dp.personId = p.id AND dp.day <= ?) AS lastSeen,
              (SELECT count(*) FROM eventPerson ep WHERE ep.personId = p.id) AS eventCount, p.nameKey
            FROM person p
            """
        var args: [(any DatabaseValueConvertible)?] = [asOf.dayNumber]
        if let category {
            let c = try Journal.requireCategory(db, id: category, kind: .relation)
            let ids = try Journal.subtreeIDs(db, id: c.id)
            sql += " WHERE p.relationId IN (\(ids.map { _ in "?" }.joined(separator: ",")))"
            args += ids.map { $0 as (any DatabaseValueConvertible)? }
        }
        // Already in name order for the sort below, which then has little left to do.
        sql += " ORDER BY p.nameKey, p.id"
        let cats = Dictionary(uniqueKeysWithValues: try Journal.fetchCategories(db, kind: .relation).map { ($0.id, $0) })
        let nicks = try Journal.allNicknames(db)
        var list: [PersonSummary] = []
        // The stored folded names; a name without one (changed outside Kith) is folded here.
        var keys: [String] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(args))
        while let row = try rows.next() {
            let id: Int64 = row[0]
            let name: String = row[1]
            let rel: Int64? = row[2]
            let last: Int? = row[3]
            list.append(
                PersonSummary(
                    id: id, displayName: name, nicknames: nicks[id] ?? [],
                    relation: rel.flatMap { cats[$0] }, lastSeen: last.map(LocalDate.init(dayNumber:)),
                    eventCount: row[4]))
            keys.append((row[5] as String?) ?? NameMatcher.fold(name))
        }
        let lastSeen = list.map { $0.lastSeen?.dayNumber ?? 0 }
        let ids = list.map(\.id), names = keys
        let byName: (Int, Int) -> Bool = { i, j in
            names[i] != names[j] ? names[i] < names[j] : ids[i] < ids[j]
        }
        var order = Array(list.indices)
        switch sort {
        case .name:
            order.sort(by: byName)
        case .lastSeen:
            order.sort { i, j in lastSeen[i] != lastSeen[j] ? lastSeen[i] < lastSeen[j] : byName(i, j) }
        }
        return order.map { list[$0] }
    }
}
