import GRDB

extension Journal {
    /// Who knows what: traits whose text or kind name contains every word of `search`
    /// (case- and diacritic-insensitive), optionally of one trait kind and its
    /// subcategories, grouped by person (by name), newest first within each.
    public func traits(search: String? = nil, kind: Int64? = nil) throws -> [PersonTraits] {
        try read { db in
            var whereSQL = "1"
            var args: [(any DatabaseValueConvertible)?] = []
            if let kind {
                let ids = try Journal.subtreeIDs(db, id: Journal.requireCategory(db, id: kind, kind: .trait).id)
                whereSQL = "t.categoryId IN (\(ids.map { _ in "?" }.joined(separator: ",")))"
                args = ids
            }
            var entries = try Journal.traitEntries(db, where: whereSQL, arguments: StatementArguments(args), withPerson: true)
            let words = (search ?? "").split(whereSeparator: { $0.isWhitespace }).map { NameMatcher.fold(String($0)) }
            if !words.isEmpty {
                entries = entries.filter { e in
                    let hay = NameMatcher.fold(e.entry.text + " " + e.entry.category.path)
                    return words.allSatisfy { hay.contains($0) }
                }
            }
            var out: [PersonTraits] = []
            for e in entries {
                if let i = out.firstIndex(where: { $0.person.id == e.person!.id }) {
                    out[i].traits.append(e.entry)
                } else {
                    out.append(PersonTraits(person: e.person!, traits: [e.entry]))
                }
            }
            return out.sorted {
                let a = NameMatcher.fold($0.person.displayName), b = NameMatcher.fold($1.person.displayName)
                return a != b ? a < b : $0.person.id < $1.person.id
            }
        }
    }
}

extension Journal {
    /// One trait, with whom it is about and where it was learned.
    /// - Throws: ``JournalError/traitNotFound(id:)``.
    public func trait(id: Int64) throws -> TraitEntry {
        try read { db in try Journal.fetchTrait(db, id: id) }
    }

    /// Notes a trait of a person learned outside any event (`kith traits add`).
    /// - Parameters:
    ///   - personID: whom the trait is about.
    ///   - path: the trait kind, `Interests` or `Interests/Chess` (a missing subcategory is made).
    ///   - text: what was learned.
    /// - Throws: ``JournalError/personNotFound(id:)``, ``JournalError/unknownCategory(kind:path:suggestions:)``,
    ///   ``JournalError/invalidValue(field:reason:)`` for an empty text.
    @discardableResult
    public func addTrait(personID: Int64, path: String, text: String) throws -> TraitEntry {
        try write { db in
            let text = try Journal.validTraitText(text)
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM person WHERE id = ?)", arguments: [personID]) == true else {
                throw JournalError.personNotFound(id: personID)
            }
            let category = try Journal.traitCategory(db, path: path)
            let position =
                try Int.fetchOne(
                    db, sql: "SELECT ifnull(max(position) + 1, 0) FROM trait WHERE personId = ? AND eventId IS NULL",
                    arguments: [personID]) ?? 0
            try db.execute(
                sql: "INSERT INTO trait (personId, categoryId, text, eventId, position, createdAt) VALUES (?, ?, ?, NULL, ?, ?)",
                arguments: [personID, category.id, text, position, Journal.now()])
            return try Journal.fetchTrait(db, id: db.lastInsertedRowID)
        }
    }

    /// Changes a trait's text, kind or person; nil leaves a field as it is. A trait learned
    /// in an event stays about one of that event's people.
    /// - Throws: ``JournalError/traitNotFound(id:)``, ``JournalError/traitPersonNotInEvent(text:person:people:)``,
    ///   ``JournalError/personNotFound(id:)``, the errors of ``addTrait(personID:path:text:)``.
    @discardableResult
    public func editTrait(id: Int64, text: String? = nil, path: String? = nil, personID: Int64? = nil) throws -> TraitEntry {
        try undoableWrite { db, description in
            let old = try Journal.fetchTrait(db, id: id)
            description = "edit trait #\(id) of \(old.person.displayName)"
            let newText = try text.map(Journal.validTraitText) ?? old.text
            let category = try path.map { try Journal.traitCategory(db, path: $0) } ?? old.category
            var person = old.person.id
            if let personID, personID != person {
                guard let name = try String.fetchOne(db, sql: "SELECT displayName FROM person WHERE id = ?", arguments: [personID]) else {
                    throw JournalError.personNotFound(id: personID)
                }
                if let event = old.source?.id {
                    let inEvent = try Row.fetchAll(
                        db,
                        sql: """
                            SELECT p.id, p.displayName FROM eventPerson ep JOIN person p ON p.id = ep.personId
                            WHERE ep.eventId = ? ORDER BY ep.position
                            """, arguments: [event])
                    guard inEvent.contains(where: { ($0[0] as Int64) == personID }) else {
                        throw JournalError.traitPersonNotInEvent(text: newText, person: name, people: inEvent.map { $0[1] })
                    }
                }
                person = personID
            }
            try db.execute(
                sql: "UPDATE trait SET text = ?, categoryId = ?, personId = ? WHERE id = ?",
                arguments: [newText, category.id, person, id])
            return try Journal.fetchTrait(db, id: id)
        }
    }

    /// Removes one trait.
    /// - Returns: the trait as it was.
    /// - Throws: ``JournalError/traitNotFound(id:)``.
    @discardableResult
    public func removeTrait(id: Int64) throws -> TraitEntry {
        try undoableWrite { db, description in
            let old = try Journal.fetchTrait(db, id: id)
            description = "remove trait #\(id) of \(old.person.displayName)"
            try db.execute(sql: "DELETE FROM trait WHERE id = ?", arguments: [id])
            return old
        }
    }

    /// Which of `ids` (an event's people) `typed` names: the exact name, then a nickname,
    /// then a unique prefix of the name, a word of it or a nickname, then a close match;
    /// nil when none does. `exact` tells an exact name or nickname from the looser kinds.
    /// - Throws: ``JournalError/ambiguousPerson(name:candidates:)`` when several match at the
    ///   first kind that matches any.
    public func matchPerson(_ typed: String, among ids: [Int64]) throws -> (id: Int64, exact: Bool)? {
        let key = NameMatcher.fold(typed)
        guard !key.isEmpty, !ids.isEmpty else { return nil }
        return try read { db in
            var people: [(id: Int64, name: String, key: String, nicks: [String])] = []
            for id in ids {
                guard let name = try String.fetchOne(db, sql: "SELECT displayName FROM person WHERE id = ?", arguments: [id]) else { continue }
                let nicks = try String.fetchAll(db, sql: "SELECT value FROM personNickname WHERE personId = ? ORDER BY position", arguments: [id])
                people.append((id, name, NameMatcher.fold(name), nicks.map(NameMatcher.fold)))
            }
            func decide(_ found: [(id: Int64, name: String, key: String, nicks: [String])]) throws -> Int64? {
                if found.count == 1 { return found[0].id }
                if found.count > 1 { throw JournalError.ambiguousPerson(name: typed, candidates: found.map(\.name)) }
                return nil
            }
            if let id = try decide(people.filter { $0.key == key }) { return (id, true) }
            if let id = try decide(people.filter { $0.nicks.contains(key) }) { return (id, true) }
            if let id = try decide(
                people.filter { p in
                    p.key.hasPrefix(key) || p.key.split(separator: " ").contains { $0.hasPrefix(key) } || p.nicks.contains { $0.hasPrefix(key) }
                })
            {
                return (id, false)
            }
            if let id = try decide(
                people.filter { p in
                    NameMatcher.isClose(key, to: p.key) || p.nicks.contains { NameMatcher.isClose(key, to: $0) }
                })
            {
                return (id, false)
            }
            return nil
        }
    }

    static func fetchTrait(_ db: Database, id: Int64) throws -> TraitEntry {
        guard let entry = try traitEntries(db, where: "t.id = ?", arguments: [id]).first?.entry else { throw JournalError.traitNotFound(id: id) }
        return entry
    }

    static func validTraitText(_ text: String) throws -> String {
        let t = text.kithTrimmed()
        guard !t.isEmpty else { throw JournalError.invalidValue(field: "trait", reason: "its text is empty") }
        return t
    }
}
