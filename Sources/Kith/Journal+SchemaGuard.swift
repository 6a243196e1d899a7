import Foundation
import GRDB

extension Journal {
    /// Refuses a journal written by a newer Kith before anything touches it.
    ///
    /// Opening in WAL mode writes to the file (GRDB makes sure the WAL exists), so the
    /// migrations are checked first through a read-only connection: a refused file keeps
    /// its bytes and its modification time. Problems other than a newer schema are left
    /// for the normal open to report.
    /// - Throws: ``Error/newerSchema(path:unknownMigrations:)``.
    static func refuseNewerSchema(path: String) throws {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 else { return }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(10)
        var unknown: [String] = []
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            unknown = try queue.read { db in
                guard try db.tableExists("grdb_migrations") else { return [] }
                let known = Set(migrator.migrations)
                return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").filter { !known.contains($0) }.sorted()
            }
            try queue.close()
        } catch {
            return
        }
        if !unknown.isEmpty { throw Error.newerSchema(path: path, unknownMigrations: unknown) }
    }
}
