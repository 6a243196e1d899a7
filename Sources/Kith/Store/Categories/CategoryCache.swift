import GRDB

/// Remembers the category tree and how category paths resolved during one import or one
/// logged event, so that each card or lookup does not read and fold the whole tree again.
///
/// Valid only inside the transaction that made it. Whoever creates a category while using
/// it, or rolls back a savepoint, calls ``invalidate()``.
final class CategoryCache {
    private var results: [String: Result<Category, JournalError>] = [:]
    /// Every category, as `Journal.fetchCategories(_:kind: nil)` gives them, once read.
    private var all: [Category]?

    /// The category a path names, as ``Journal/resolveCategory(_:kind:path:)`` finds it.
    func resolve(_ db: Database, kind: Category.Kind, path: String) throws -> Category {
        let key = kind.rawValue + "\u{1}" + path
        if let hit = results[key] { return try hit.get() }
        do {
            let c = try Journal.resolveCategory(in: categories(db, kind: kind), kind: kind, path: path)
            results[key] = .success(c)
            return c
        } catch let e as JournalError {
            results[key] = .failure(e)
            throw e
        }
    }

    /// The categories of one kind, or all, in the order of `Journal.fetchCategories(_:kind:)`
    /// (a kind's categories are the all-kinds list filtered: mains are sorted by kind first,
    /// and a subcategory has its main's kind), read from the journal once for every kind.
    func categories(_ db: Database, kind: Category.Kind?) throws -> [Category] {
        let all = try self.all ?? Journal.fetchCategories(db, kind: nil)
        self.all = all
        guard let kind else { return all }
        return all.filter { $0.kind == kind }
    }

    /// The category with this id, as `Journal.fetchCategory(_:id:)` gives it.
    /// - Throws: `JournalError.categoryNotFound(id:)`.
    func category(_ db: Database, id: Int64) throws -> Category {
        guard let c = try categories(db, kind: nil).first(where: { $0.id == id }) else {
            throw JournalError.categoryNotFound(id: id)
        }
        return c
    }

    /// Forgets everything (after a category was created or a savepoint rolled back).
    func invalidate() {
        results.removeAll(keepingCapacity: true)
        all = nil
    }
}
