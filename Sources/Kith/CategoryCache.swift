import GRDB

/// Remembers how category paths resolved during one import, so that each card does not
/// read and fold the whole category tree again.
///
/// Valid only inside the transaction that made it. Whoever creates a category while using
/// it, or rolls back a savepoint, calls ``invalidate()``.
final class CategoryCache {
    private var results: [String: Result<Category, Journal.Error>] = [:]

    /// The category a path names, as ``Journal/resolveCategory(_:kind:path:)`` finds it.
    func resolve(_ db: Database, kind: Category.Kind, path: String) throws -> Category {
        let key = kind.rawValue + "\u{1}" + path
        if let hit = results[key] { return try hit.get() }
        do {
            let c = try Journal.resolveCategory(db, kind: kind, path: path)
            results[key] = .success(c)
            return c
        } catch let e as Journal.Error {
            results[key] = .failure(e)
            throw e
        }
    }

    /// Forgets everything (after a category was created or a savepoint rolled back).
    func invalidate() { results.removeAll(keepingCapacity: true) }
}
