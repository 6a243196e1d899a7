import GRDB

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
        guard let c = try RawRow.first(db, db.cachedStatement(sql: categorySelect + " WHERE c.id = ?"), { $0.int(id) },
                                       read: category(from:)) else {
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
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT id, name FROM category WHERE kind = ? AND parentId IS ?"),
                                    arguments: [kind.rawValue, parentID])
        let key = NameMatcher.fold(name)
        return rows.first { (row: Row) in (row["id"] as Int64) != except && NameMatcher.fold(row["name"]) == key }?["name"]
    }

    static func nextPosition(_ db: Database, kind: Category.Kind, parentID: Int64?) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT ifnull(max(position) + 1, 0) FROM category WHERE kind = ? AND parentId IS ?"),
                         arguments: [kind.rawValue, parentID]) ?? 0
    }

    static func insertCategory(_ db: Database, kind: Category.Kind, path: String, icon: String?, color: String?,
                               score: Int?) throws -> Category {
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
        try db.cachedStatement(sql: "INSERT INTO category (kind, name, icon, color, position, parentId, score) VALUES (?, ?, ?, ?, ?, ?, ?)").execute(arguments: [kind.rawValue, name, icon ?? "", colour, position, parent?.id, moodScore])
        return try fetchCategory(db, id: db.lastInsertedRowID)
    }
}
