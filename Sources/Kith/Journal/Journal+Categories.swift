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
            if c.parentID == nil {
                nodes.append(CategoryNode(category: c, children: []))
            } else if let i = nodes.firstIndex(where: { $0.category.id == c.parentID }) {
                nodes[i].children.append(c)
            }
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
    ///   - kind: the tree the category goes into.
    ///   - path: `Name` or `Main/Name`.
    ///   - icon: an emoji or short symbol; empty if nil.
    ///   - color: `#RRGGBB`; the parent's colour, or grey, if nil.
    ///   - score: moods only, -2...2 (0 if nil).
    /// - Throws: ``JournalError/invalidColor(_:)``, ``JournalError/categoryExists(kind:path:)``,
    ///   ``JournalError/categoryTreeTooDeep(path:)``, ``JournalError/unknownCategory(kind:path:suggestions:)``.
    @discardableResult
    public func addCategory(
        kind: Category.Kind, path: String, icon: String? = nil, color: String? = nil,
        score: Int? = nil
    ) throws -> Category {
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
            try CategoryStore.edit(db, id: id, changes, description: &description)
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
            try CategoryStore.remove(db, id: id, reassignTo: target, description: &description)
        }
    }
}
