import GRDB

extension Journal {
    // MARK: Reading

    /// All categories, of one kind or all kinds, main ones by position each followed by its
    /// subcategories.
    public func categories(kind: Category.Kind? = nil) throws -> [Category] {
        try read { db in try Journal.fetchCategories(db, kind: kind) }
    }

    /// The categories of a kind as a two-level tree.
    public func categoryTree(kind: Category.Kind) throws -> [CategoryNode] {
        let all = try categories(kind: kind)
        var nodes: [CategoryNode] = []
        for c in all {
            if c.parentID == nil { nodes.append(CategoryNode(category: c, children: [])) }
            else if let i = nodes.firstIndex(where: { $0.category.id == c.parentID }) { nodes[i].children.append(c) }
        }
        return nodes
    }

    /// The category with this id.
    /// - Throws: ``JournalError/categoryNotFound(id:)``.
    public func category(id: Int64) throws -> Category {
        try read { db in try Journal.fetchCategory(db, id: id) }
    }

    /// Finds a category by path (`Friends/College`, `Friends`, or a subcategory name alone
    /// when it is unique), case- and diacritic-insensitively.
    /// - Throws: ``JournalError/unknownCategory(kind:path:suggestions:)``.
    public func category(kind: Category.Kind, path: String) throws -> Category {
        try read { db in try Journal.resolveCategory(db, kind: kind, path: path) }
    }

    /// Finds several categories by path, each as ``category(kind:path:)`` does, in one read
    /// of the category tree (`kith log` resolves its type, mood and traits together).
    /// - Returns: one result per request, in order: the category, or the error
    ///   ``category(kind:path:)`` would throw for it.
    public func categories(resolving requests: [(kind: Category.Kind, path: String)]) throws -> [Result<Category, any Error>] {
        try read { db in
            let cache = CategoryCache()
            return requests.map { request in Result { try cache.resolve(db, kind: request.kind, path: request.path) } }
        }
    }

    // MARK: Writing

    /// Adds a category. `path` is `Name` for a main category or `Main/Name` for a
    /// subcategory (the main one must exist).
    /// - Parameters:
    ///   - icon: an emoji or short symbol; empty if nil.
    ///   - color: `#RRGGBB`; the parent's colour, or grey, if nil.
    ///   - score: moods only, -2...2 (0 if nil).
    /// - Throws: ``JournalError/invalidColor(_:)``, ``JournalError/categoryExists(kind:path:)``,
    ///   ``JournalError/categoryTreeTooDeep(path:)``, ``JournalError/unknownCategory(kind:path:suggestions:)``.
    @discardableResult
    public func addCategory(kind: Category.Kind, path: String, icon: String? = nil, color: String? = nil,
                            score: Int? = nil) throws -> Category {
        try write { db in
            try Journal.insertCategory(db, kind: kind, path: path, icon: icon, color: color, score: score)
        }
    }

    /// Renames, recolours, re-icons, reorders or moves a category. Everything that points at
    /// it shows the change at once.
    /// - Throws: ``JournalError/categoryNotFound(id:)``, ``JournalError/invalidColor(_:)``,
    ///   ``JournalError/categoryExists(kind:path:)``, ``JournalError/categoryTreeTooDeep(path:)``.
    @discardableResult
    public func editCategory(id: Int64, _ changes: CategoryChanges) throws -> Category {
        try undoableWrite { db, description in
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
                    let hasChildren = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM category WHERE parentId = ?)"), arguments: [id]) ?? false
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
            if let p = changes.position { position = p }
            else if parentID != old.parentID { position = try Journal.nextPosition(db, kind: old.kind, parentID: parentID) }
            else { position = old.position }
            let parentPath = try parentID.map { try Journal.fetchCategory(db, id: $0).path }
            let newPath = parentPath.map { $0 + "/" + name } ?? name
            if NameMatcher.fold(name) != NameMatcher.fold(old.name) || parentID != old.parentID {
                if try Journal.siblingExists(db, kind: old.kind, parentID: parentID, name: name, except: id) {
                    throw JournalError.categoryExists(kind: old.kind, path: newPath)
                }
            }
            try db.cachedStatement(sql: """
                UPDATE category SET name = ?, icon = ?, color = ?, position = ?, parentId = ?, score = ? WHERE id = ?
                """).execute(arguments: [name, icon, color, position, parentID, score, id])
            if score != old.score {
                let events = try Int64.fetchAll(db.cachedStatement(sql: "SELECT id FROM event WHERE moodId = ?"), arguments: [id])
                try Journal.reindex(db, eventIDs: events)
            }
            return try Journal.fetchCategory(db, id: id)
        }
    }

    /// Removes a category.
    ///
    /// While events, people, traits or subcategories use it, this is refused unless
    /// `reassignTo` names another category of the same kind: then everything that used it
    /// points there instead, and its subcategories move under it (which must then be a main
    /// category). Moods reassigned this way update the day index.
    /// - Throws: ``JournalError/categoryInUse(kind:path:usage:)``, ``JournalError/wrongCategoryKind(expected:path:)``,
    ///   ``JournalError/categoryTreeTooDeep(path:)``.
    public func removeCategory(id: Int64, reassignTo target: Int64? = nil) throws {
        try undoableWrite { db, description in
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
                        try db.cachedStatement(sql: "UPDATE category SET parentId = ?, position = ? WHERE id = ?").execute(arguments: [target, pos, row["id"] as Int64])
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
}
