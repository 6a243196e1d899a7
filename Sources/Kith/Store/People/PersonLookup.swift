import GRDB

/// Finding a person from what a user typed.
extension Journal {
    static func resolvePersonID(_ db: Database, _ typed: String) throws -> Int64 {
        let key = NameMatcher.fold(typed)
        guard !key.isEmpty else { throw JournalError.unknownPerson(name: typed, suggestions: []) }

        func decide(_ ids: [Int64], names: (Int64) throws -> String?) throws -> Int64? {
            let unique = sortedUnique(ids)
            if unique.count == 1 { return unique[0] }
            if unique.count > 1 {
                let candidates = try unique.compactMap(names).sorted { NameMatcher.fold($0) < NameMatcher.fold($1) }
                throw JournalError.ambiguousPerson(name: typed, candidates: candidates)
            }
            return nil
        }
        func storedName(_ id: Int64) throws -> String? {
            try String.fetchOne(db.cachedStatement(sql: "SELECT displayName FROM person WHERE id = ?"), arguments: [id])
        }

        // The exact name, then a nickname, through the indexed folded names (the keys are
        // NFC, so equal bytes are equal strings); rows without a stored key are folded here.
        // Rows stepped straight through SQLite: GRDB's generic fetches cost `kith log` first-use
        // conformance scans (issue 7).
        func ids(_ keyed: String, _ unkeyed: String) throws -> [Int64] {
            var found: [Int64] = []
            try RawRow.each(db, db.cachedStatement(sql: keyed), { $0.text(key) }) { found.append($0.int(0)) }
            var unfolded: [(Int64, String)] = []
            try RawRow.each(db, db.cachedStatement(sql: unkeyed), { _ in }) { unfolded.append(($0.int(0), $0.text(1))) }
            for (id, name) in unfolded where NameMatcher.fold(name) == key { found.append(id) }
            return found
        }
        // Among people whose names fold alike ("Ana Lima", "ana lima", "Ána Lima"), the one
        // written exactly as typed (case, accents and spaces) is meant.
        func typedExactly(_ ids: [Int64], _ sql: String) throws -> Int64? {
            let unique = sortedUnique(ids)
            guard unique.count > 1 else { return nil }
            let trimmed = typed.kithTrimmed()
            var hits: [Int64] = []
            for id in unique {
                var values: [String] = []
                try RawRow.each(db, db.cachedStatement(sql: sql), { $0.int(id) }) { values.append($0.text(0)) }
                if values.contains(where: { $0 == typed || $0 == trimmed }) { hits.append(id) }
            }
            return hits.count == 1 ? hits[0] : nil
        }
        let exact = try ids("SELECT id FROM person WHERE nameKey = ?", "SELECT id, displayName FROM person WHERE nameKey IS NULL")
        if let id = try typedExactly(exact, "SELECT displayName FROM person WHERE id = ?") { return id }
        if let id = try decide(exact, names: storedName) { return id }
        let nicknamed = try ids(
            "SELECT personId FROM personNickname WHERE valueKey = ?",
            "SELECT personId, value FROM personNickname WHERE valueKey IS NULL")
        if let id = try typedExactly(nicknamed, "SELECT value FROM personNickname WHERE personId = ?") { return id }
        if let id = try decide(nicknamed, names: storedName) { return id }

        // Prefixes and close matches look at everyone's folded names.
        var names: [Int64: String] = [:]
        var folded: [(id: Int64, key: String)] = []
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT id, displayName, nameKey FROM person ORDER BY id")) {
            let id: Int64 = row[0], name: String = row[1]
            names[id] = name
            folded.append((id, (row[2] as String?) ?? NameMatcher.fold(name)))
        }
        var nicks: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT personId, value, valueKey FROM personNickname ORDER BY personId, position")) {
            nicks[row[0], default: []].append((row[2] as String?) ?? NameMatcher.fold(row[1] as String))
        }
        let lookUp: (Int64) -> String? = { names[$0] }
        let prefix =
            folded.filter { p in
                p.key.hasPrefix(key) || p.key.split(separator: " ").contains { $0.hasPrefix(key) }
            }.map(\.id) + nicks.filter { $0.value.contains { $0.hasPrefix(key) } }.map(\.key)
        if let id = try decide(prefix, names: lookUp) { return id }
        let close =
            folded.filter { NameMatcher.isClose(key, to: $0.key) }.map(\.id)
            + nicks.filter { $0.value.contains { NameMatcher.isClose(key, to: $0) } }.map(\.key)
        if let id = try decide(close, names: lookUp) { return id }
        let loose = folded.filter { NameMatcher.distance(key, $0.key) <= max(3, key.count / 2) }
            .sorted { NameMatcher.distance(key, $0.key) < NameMatcher.distance(key, $1.key) }
            .prefix(3).compactMap { names[$0.id] }
        throw JournalError.unknownPerson(name: typed, suggestions: Array(loose))
    }
}
