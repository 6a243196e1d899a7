import GRDB

/// The writes of categories that span tables, inside the caller's transaction: the work
/// behind ``Journal/editCategory(id:_:)`` and ``Journal/removeCategory(id:reassignTo:)``. The
/// reads and checks every concept shares follow, as `Journal` statics.
enum CategoryStore {
    /// Applies `changes` to category `id`, checking names, colour, tree depth and siblings;
    /// a mood whose score changed reindexes its events.
    static func edit(_ db: Database, id: Int64, _ changes: CategoryChanges, description: inout String) throws -> Category {
        let old = try Journal.fetchCategory(db, id: id)
        description = "edit \(old.kind.label) \(old.path)"
        var name = old.name
        if let n = changes.name { name = try Journal.validName(n, field: "category name") }
        let icon = changes.icon ?? old.icon
        let color = changes.color ?? old.color
        guard Category.isValidColor(color) else { throw JournalError.invalidColor(color) }
        var parentID = old.parentID
        if let p = changes.parentID {
            parentID = p
            if let p {
                let parent = try Journal.fetchCategory(db, id: p)
                guard parent.kind == old.kind else { throw JournalError.wrongCategoryKind(expected: old.kind, path: parent.path) }
                let hasChildren =
                    try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM category WHERE parentId = ?)"), arguments: [id]) ?? false
                if parent.parentID != nil || hasChildren || p == id || old.kind == .mood {
                    throw JournalError.categoryTreeTooDeep(path: parent.path + "/" + name)
                }
            }
        }
        var score = old.score
        if old.kind == .mood, let s = changes.score {
            guard (-2...2).contains(s) else { throw JournalError.invalidValue(field: "mood score", reason: "\(s) is not between -2 and 2") }
            score = s
        }
        let position: Int
        if let p = changes.position {
            position = p
        } else if parentID != old.parentID {
            position = try Journal.nextPosition(db, kind: old.kind, parentID: parentID)
        } else {
            position = old.position
        }
        let parentPath = try parentID.map { try Journal.fetchCategory(db, id: $0).path }
        let newPath = parentPath.map { $0 + "/" + name } ?? name
        if NameMatcher.fold(name) != NameMatcher.fold(old.name) || parentID != old.parentID {
            if try Journal.siblingExists(db, kind: old.kind, parentID: parentID, name: name, except: id) {
                throw JournalError.categoryExists(kind: old.kind, path: newPath)
            }
        }
        try db.cachedStatement(
            sql: """
                UPDATE category SET name = ?, icon = ?, color = ?, position = ?, parentId = ?, score = ? WHERE id = ?
                """
        ).execute(arguments: [name, icon, color, position, parentID, score, id])
        if score != old.score {
            let events = try Int64.fetchAll(db.cachedStatement(sql: "SELECT id FROM event WHERE moodId = ?"), arguments: [id])
            try Journal.reindex(db, eventIDs: events)
        }
        return try Journal.fetchCategory(db, id: id)
    }

    /// Deletes category `id`, first moving what uses it to `target` (or refusing while
    /// anything does).
    static func remove(_ db: Database, id: Int64, reassignTo target: Int64?, description: inout String) throws {
        let old = try Journal.fetchCategory(db, id: id)
        description = "remove \(old.kind.label) \(old.path)"
        let events = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM event WHERE typeId = ?1 OR moodId = ?1"), arguments: [id]) ?? 0
        let people = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM person WHERE relationId = ?"), arguments: [id]) ?? 0
        let traits = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM trait WHERE categoryId = ?"), arguments: [id]) ?? 0
        let children = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM category WHERE parentId = ?"), arguments: [id]) ?? 0
        if let target {
            let t = try Journal.fetchCategory(db, id: target)
            guard t.kind == old.kind, t.id != id else { throw JournalError.wrongCategoryKind(expected: old.kind, path: t.path) }
            description += " (moved to \(t.path))"
            if children > 0 {
                guard t.parentID == nil, t.id != id else { throw JournalError.categoryTreeTooDeep(path: t.path + "/…") }
                let childRows = try Row.fetchAll(db.cachedStatement(sql: "SELECT id, name FROM category WHERE parentId = ?"), arguments: [id])
                var pos = try Journal.nextPosition(db, kind: old.kind, parentID: target)
                for row in childRows {
                    let name: String = row["name"]
                    if try Journal.siblingExists(db, kind: old.kind, parentID: target, name: name, except: nil) {
                        throw JournalError.categoryExists(kind: old.kind, path: t.path + "/" + name)
                    }
                    try db.cachedStatement(sql: "UPDATE category SET parentId = ?, position = ? WHERE id = ?").execute(arguments: [
                        target, pos, row["id"] as Int64,
                    ])
                    pos += 1
                }
            }
            let affected = try Int64.fetchAll(db.cachedStatement(sql: "SELECT id FROM event WHERE typeId = ?1 OR moodId = ?1"), arguments: [id])
            try db.cachedStatement(sql: "UPDATE event SET typeId = ?2 WHERE typeId = ?1").execute(arguments: [id, target])
            try db.cachedStatement(sql: "UPDATE event SET moodId = ?2 WHERE moodId = ?1").execute(arguments: [id, target])
            try db.cachedStatement(sql: "UPDATE person SET relationId = ?2 WHERE relationId = ?1").execute(arguments: [id, target])
            try db.cachedStatement(sql: "UPDATE trait SET categoryId = ?2 WHERE categoryId = ?1").execute(arguments: [id, target])
            try Journal.reindex(db, eventIDs: affected)
        } else if events + people + traits + children > 0 {
            var parts: [String] = []
            if events > 0 { parts.append("\(events) event\(events == 1 ? "" : "s")") }
            if people > 0 { parts.append("\(people) \(people == 1 ? "person" : "people")") }
            if traits > 0 { parts.append("\(traits) trait\(traits == 1 ? "" : "s")") }
            if children > 0 { parts.append("\(children) subcategor\(children == 1 ? "y" : "ies")") }
            throw JournalError.categoryInUse(kind: old.kind, path: old.path, usage: parts.joined(separator: ", "))
        }
        try db.cachedStatement(sql: "UPDATE daySummary SET dominantMoodId = NULL WHERE dominantMoodId = ?").execute(arguments: [id])
        try db.cachedStatement(sql: "DELETE FROM category WHERE id = ?").execute(arguments: [id])
    }
}

extension Journal {
    // MARK: Internals shared with other files

    static let categorySelect = """
        SELECT c.id, c.kind, c.name, c.icon, c.color, c.position, c.parentId, c.score, p.name AS parentName
        FROM category c LEFT JOIN category p ON p.id = c.parentId
        """

    /// A row of ``categorySelect``, read straight from SQLite by column position (through
    /// GRDB's `Row`, reading the tree cost about 10,000 instructions a category).
    static func category(from row: RawColumns) -> Category {
        let name = row.text(2)
        return Category(
            id: row.int(0), kind: Category.Kind(rawValue: row.text(1)) ?? .relation, name: name,
            icon: row.text(3), color: row.text(4), position: Int(row.int(5)), parentID: row.optionalInt(6),
            path: row.optionalText(8).map { $0 + "/" + name } ?? name, score: row.optionalInt(7).map { Int($0) })
    }

    static func fetchCategory(_ db: Database, id: Int64) throws -> Category {
        guard
            let c = try RawRow.first(
                db, db.cachedStatement(sql: categorySelect + " WHERE c.id = ?"), { $0.int(id) },
                read: category(from:))
        else {
            throw JournalError.categoryNotFound(id: id)
        }
        return c
    }

    /// Fetches a category (through `cache` when one is given) and checks its kind.
    static func requireCategory(_ db: Database, id: Int64, kind: Category.Kind, cache: CategoryCache? = nil) throws -> Category {
        let c = try cache?.category(db, id: id) ?? fetchCategory(db, id: id)
        guard c.kind == kind else { throw JournalError.wrongCategoryKind(expected: kind, path: c.path) }
        return c
    }

    static func fetchCategories(_ db: Database, kind: Category.Kind?) throws -> [Category] {
        var all: [Category] = []
        if let kind {
            try RawRow.each(db, db.cachedStatement(sql: categorySelect + " WHERE c.kind = ?"), { $0.text(kind.rawValue) }) {
                all.append(category(from: $0))
            }
        } else {
            try RawRow.each(db, db.cachedStatement(sql: categorySelect), { _ in }) { all.append(category(from: $0)) }
        }
        // Not a dictionary: its first use costs the Swift runtime a scan of every protocol
        // conformance in the binary (issue 7).
        func kindOrder(_ kind: Category.Kind) -> Int { Category.Kind.allCases.firstIndex(of: kind)! }
        let mains = all.filter { $0.parentID == nil }.sorted {
            (kindOrder($0.kind), $0.position, $0.name) < (kindOrder($1.kind), $1.position, $1.name)
        }
        var out: [Category] = []
        for m in mains {
            out.append(m)
            out += all.filter { $0.parentID == m.id }.sorted { ($0.position, $0.name) < ($1.position, $1.name) }
        }
        return out
    }

    /// The ids of a category and its subcategories.
    static func subtreeIDs(_ db: Database, id: Int64) throws -> [Int64] {
        [id] + (try Int64.fetchAll(db.cachedStatement(sql: "SELECT id FROM category WHERE parentId = ?"), arguments: [id]))
    }

    /// Resolves through `cache` when one is given (imports), else reads the tree.
    static func resolveCategory(_ db: Database, kind: Category.Kind, path: String, cache: CategoryCache?) throws -> Category {
        if let cache { return try cache.resolve(db, kind: kind, path: path) }
        return try resolveCategory(db, kind: kind, path: path)
    }

    static func resolveCategory(_ db: Database, kind: Category.Kind, path: String) throws -> Category {
        try resolveCategory(in: fetchCategories(db, kind: kind), kind: kind, path: path)
    }

    /// Finds a category by path among `all`, the categories of `kind` as
    /// ``fetchCategories(_:kind:)`` gives them.
    static func resolveCategory(in all: [Category], kind: Category.Kind, path: String) throws -> Category {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { NameMatcher.fold(String($0)) }
        guard !parts.isEmpty, parts.count <= 2 else {
            throw JournalError.unknownCategory(kind: kind, path: path, suggestions: [])
        }
        let key = parts.joined(separator: "/")
        if let hit = all.first(where: { NameMatcher.fold($0.path) == key }) { return hit }
        if parts.count == 1 {
            let subs = all.filter { $0.parentID != nil && NameMatcher.fold($0.name) == key }
            if subs.count == 1 { return subs[0] }
            if subs.count > 1 {
                throw JournalError.unknownCategory(kind: kind, path: path, suggestions: subs.map(\.path))
            }
        }
        let suggestions = all.filter {
            NameMatcher.isClose(key, to: NameMatcher.fold($0.path)) || NameMatcher.isClose(parts.last!, to: NameMatcher.fold($0.name))
                || NameMatcher.fold($0.path).hasPrefix(key)
        }.map(\.path)
        throw JournalError.unknownCategory(kind: kind, path: path, suggestions: Array(suggestions.prefix(5)))
    }

    static func validName(_ name: String, field: String) throws -> String {
        let trimmed = name.kithTrimmed()
        guard !trimmed.isEmpty else { throw JournalError.invalidValue(field: field, reason: "it is empty") }
        guard !trimmed.contains("/") else { throw JournalError.invalidValue(field: field, reason: "\"\(trimmed)\" contains \"/\", which separates levels") }
        return trimmed
    }

    static func siblingExists(_ db: Database, kind: Category.Kind, parentID: Int64?, name: String, except: Int64?) throws -> Bool {
        try existingSibling(db, kind: kind, parentID: parentID, name: name, except: except) != nil
    }

    /// The name of a sibling with the same folded name, if any.
    static func existingSibling(_ db: Database, kind: Category.Kind, parentID: Int64?, name: String, except: Int64?) throws -> String? {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, name FROM category WHERE kind = ? AND parentId IS ?"),
            arguments: [kind.rawValue, parentID])
        let key = NameMatcher.fold(name)
        return rows.first { (row: Row) in (row["id"] as Int64) != except && NameMatcher.fold(row["name"]) == key }?["name"]
    }

    static func nextPosition(_ db: Database, kind: Category.Kind, parentID: Int64?) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT ifnull(max(position) + 1, 0) FROM category WHERE kind = ? AND parentId IS ?"),
            arguments: [kind.rawValue, parentID]) ?? 0
    }

    static func insertCategory(
        _ db: Database, kind: Category.Kind, path: String, icon: String?, color: String?,
        score: Int?
    ) throws -> Category {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map { String($0) }
        guard parts.count <= 2 else { throw JournalError.categoryTreeTooDeep(path: path) }
        let name = try validName(parts.last ?? "", field: "category name")
        var parent: Category?
        if parts.count == 2 {
            let p = try resolveCategory(db, kind: kind, path: parts[0])
            guard p.parentID == nil, kind != .mood else { throw JournalError.categoryTreeTooDeep(path: p.path + "/" + name) }
            parent = p
        }
        if let existing = try existingSibling(db, kind: kind, parentID: parent?.id, name: name, except: nil) {
            throw JournalError.categoryExists(kind: kind, path: parent.map { $0.path + "/" + existing } ?? existing)
        }
        let colour = color ?? parent?.color ?? "#8E9AAF"
        guard Category.isValidColor(colour) else { throw JournalError.invalidColor(colour) }
        var moodScore: Int?
        if kind == .mood {
            moodScore = score ?? 0
            guard (-2...2).contains(moodScore!) else {
                throw JournalError.invalidValue(field: "mood score", reason: "\(moodScore!) is not between -2 and 2")
            }
        }
        let position = try nextPosition(db, kind: kind, parentID: parent?.id)
        try db.cachedStatement(sql: "INSERT INTO category (kind, name, icon, color, position, parentId, score) VALUES (?, ?, ?, ?, ?, ?, ?)").execute(
            arguments: [kind.rawValue, name, icon ?? "", colour, position, parent?.id, moodScore])
        return try fetchCategory(db, id: db.lastInsertedRowID)
    }
}
