import Foundation
import GRDB
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Kith journal: one SQLite file holding categories, people, places, photos, events,
/// traits and the day index.
///
/// Every write is one transaction that also updates the day index. The journal never
/// prints; it logs to the optional `Logger` without journal contents.
///
/// The API overview, every public method grouped by topic, is the landing page of the DocC
/// catalog, `Sources/Kith/Kith.docc/Kith.md` (`swift package generate-documentation
/// --target Kith`); `Kith.docc/Journal.md` groups this type's members the same way.
public final class Journal: Sendable {
    /// The file, or nil for an in-memory journal.
    public let path: String?
    let dbQueue: DatabaseQueue
    let logger: Logger?

    /// Opens the journal at `path`, creating it (mode 0600, default categories) if needed.
    ///
    /// The file uses WAL and waits up to 10 seconds for another process's write, so that
    /// two `kith` processes writing at once both succeed. Migrations run on open.
    ///
    /// Opening is one connection and, for a current journal, one read: a command that only
    /// reads writes nothing to disk. The WAL file is kept between commands (emptied when the
    /// last connection closes, after its contents are checkpointed into the journal), so
    /// the next command does not create and sync it again.
    /// - Throws: ``JournalError/folderMissing(path:)`` when the folder does not exist,
    ///   ``JournalError/newerSchema(path:unknownMigrations:)`` for a file from a newer Kith (left
    ///   unchanged), ``JournalError/noJournal(path:)`` when `create` is false and there is no file,
    ///   ``JournalError/readOnly(path:reason:)`` when the file or its folder may not be written
    ///   (and the open needs to write), ``JournalError/cannotOpen(path:reason:)`` otherwise.
    /// - Parameter path: the journal file; its folder must exist.
    /// - Parameter logger: told what the journal does, never its contents; nil for silence.
    /// - Parameter create: whether a missing file is created (false for commands that only
    ///   read: they leave no file behind).
    public init(path: String, logger: Logger? = nil, create: Bool = true) throws {
        let folder = (path as NSString).deletingLastPathComponent
        var status = stat()
        if !create, stat(path, &status) != 0, errno == ENOENT {
            throw JournalError.noJournal(path: path)
        }
        guard stat(folder.isEmpty ? "." : folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw JournalError.folderMissing(path: path)
        }
        if create {
            let error = PrivateFile.createEmpty(path)
            if error == 0 {
                logger?.info("created a new journal file")
            } else if error == EACCES || error == EROFS {
                throw JournalError.readOnly(path: path, reason: String(cString: strerror(error)))
            } else if error != EEXIST {
                throw JournalError.cannotOpen(path: path, reason: String(cString: strerror(error)))
            }
        }
        var config = Journal.configuration()
        // Journal mode: set in `migrate()` once the file is known not to come from a newer
        // Kith (GRDB's `.wal` would write to the file before that check).
        config.prepareDatabase { db in
            // WAL with NORMAL: a commit reaches the WAL (atomic, survives a killed process);
            // syncs happen at checkpoints. Same durability as GRDB's `.wal` setting.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Keep the WAL file when the last connection closes (it is still checkpointed
            // first), and empty it rather than keep a large one after a big import.
            db.persistWAL()
            try db.execute(sql: "PRAGMA journal_size_limit = 8388608")
        }
        var queue: DatabaseQueue?
        var attempt = 0
        while queue == nil {
            do {
                queue = try DatabaseQueue(path: path, configuration: config)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 40 {
                attempt += 1
                Thread.sleep(forTimeInterval: 0.025 * Double(min(attempt, 8)))
            } catch {
                throw Journal.openError(path: path, error)
            }
        }
        self.path = path
        self.dbQueue = queue!
        self.logger = logger
        try migrate()
    }

    private init(queue: DatabaseQueue, logger: Logger?) throws {
        self.path = nil
        self.dbQueue = queue
        self.logger = logger
        try migrate()
    }

    /// A journal that lives in memory only, with the default categories (for tests).
    public static func inMemory(logger: Logger? = nil) throws -> Journal {
        let queue = try DatabaseQueue(configuration: configuration())
        return try Journal(queue: queue, logger: logger)
    }

    private static func configuration() -> Configuration {
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.foreignKeysEnabled = true
        config.publicStatementArguments = false
        config.label = "kith"
        config.prepareDatabase { db in
            // Up to 32 MiB of page cache: bulk imports touch many index pages.
            try db.execute(sql: "PRAGMA cache_size = -\(Journal.defaultCacheKiB)")
            // kith_fold(text): lowercased, without diacritics, for searches typed by people.
            db.add(
                function: DatabaseFunction("kith_fold", argumentCount: 1, pure: true) { values in
                    String.fromDatabaseValue(values[0]).map(NameMatcher.fold)
                })
        }
        return config
    }

    private func migrate() throws {
        let migrator = Journal.migrator
        // Another process may be creating or migrating the same file right now; GRDB checks
        // the applied migrations before its write transaction, so a pass can trip over the
        // other's work. A new pass sees that work and skips it.
        var attempt = 0
        while true {
            do {
                let onDisk = path != nil
                let (applied, unknown, pending, wal) = try dbQueue.read { db -> ([String], [String], Bool, Bool) in
                    let (applied, mode) = try Journal.schemaState(db)
                    let known = migrator.migrations
                    let unknown = applied.filter { !known.contains($0) }.sorted()
                    return (applied, unknown, !known.allSatisfy(applied.contains), !onDisk || mode == "wal")
                }
                // Checked before anything writes: a refused file keeps its bytes and its time.
                if !unknown.isEmpty {
                    throw JournalError.newerSchema(path: path ?? ":memory:", unknownMigrations: unknown)
                }
                if !wal {
                    // A new file (or one an older tool left in another mode). Switching a
                    // brand-new file to WAL while another process does the same can report
                    // "database is locked" at once, without waiting: the loop tries again.
                    let mode = try dbQueue.writeWithoutTransaction { db in
                        try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                    }
                    guard mode == "wal" else {
                        throw JournalError.cannotOpen(path: path ?? ":memory:", reason: "cannot switch the journal to WAL mode")
                    }
                }
                // A current journal is only read here: no write transaction for every command.
                // A new file gets the whole schema in one step.
                if pending, applied.isEmpty { try Journal.createCurrentSchema(dbQueue) }
                if pending { try migrator.migrate(dbQueue) }
                logger?.debug("journal schema is current", metadata: ["migrations": "\(migrator.migrations.count)"])
                return
            } catch let error as JournalError {
                throw error
            } catch {
                attempt += 1
                if attempt >= 40 { throw Journal.openError(path: path ?? ":memory:", error) }
                if let db = error as? DatabaseError, db.resultCode != .SQLITE_BUSY, db.resultCode != .SQLITE_ERROR, attempt >= 5 {
                    throw Journal.openError(path: path ?? ":memory:", error)
                }
                // A file or folder the user may not write: no other process will change that.
                if let path, case .readOnly = Journal.openError(path: path, error) {
                    throw Journal.openError(path: path, error)
                }
                logger?.debug("migration raced with another process; retrying")
                Thread.sleep(forTimeInterval: 0.025 * Double(min(attempt, 8)))
            }
        }
    }

    /// The identifiers of the applied migrations (GRDB's `grdb_migrations` table, none when
    /// it does not exist yet) and the journal mode, in one statement read straight through
    /// SQLite: GRDB's `appliedIdentifiers` (a `Set<String>` fetch) and a `String.fetchOne`
    /// each instantiate generic types at first use, whose requirements cost the Swift runtime
    /// scans of the binary's ~7,000 conformance records (issue 7), at every open.
    static func schemaState(_ db: Database) throws -> (applied: [String], journalMode: String) {
        var applied: [String] = [], mode = ""
        func read(_ sql: String) throws {
            try RawRow.each(db, db.makeStatement(sql: sql), { _ in }) { row in
                if row.int(0) == 0 { mode = row.text(1) } else { applied.append(row.text(1)) }
            }
        }
        do {
            try read("SELECT 0, journal_mode FROM pragma_journal_mode UNION ALL SELECT 1, identifier FROM grdb_migrations")
        } catch {
            // No migration table yet (a new file), or a real error.
            var exists = true
            try RawRow.each(
                db, db.makeStatement(sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'"),
                { _ in }
            ) { exists = $0.int(0) > 0 }
            if exists { throw error }
            try read("SELECT 0, journal_mode FROM pragma_journal_mode")
        }
        return (applied, mode)
    }

    /// The error for a file SQLite could not open or migrate: ``JournalError/readOnly(path:reason:)``
    /// when SQLite says it may not write (a file without write permission, or a folder where
    /// the `-wal` and `-shm` files cannot be made), ``JournalError/cannotOpen(path:reason:)`` otherwise.
    static func openError(path: String, _ error: any Error) -> JournalError {
        if let error = error as? JournalError { return error }
        guard let db = error as? DatabaseError else { return JournalError.cannotOpen(path: path, reason: Journal.reason(error)) }
        let code = db.resultCode
        if code == .SQLITE_READONLY || code == .SQLITE_CANTOPEN || code == .SQLITE_PERM {
            let parent = (path as NSString).deletingLastPathComponent
            let folder = parent.isEmpty ? "." : parent
            if access(path, W_OK) != 0 {
                return JournalError.readOnly(path: path, reason: "the file is read-only for you, permissions " + permissions(path))
            }
            if access(folder, W_OK) != 0 {
                return JournalError.readOnly(
                    path: path,
                    reason: "its folder \(folder) is read-only for you, permissions "
                        + permissions(folder) + ", and SQLite makes its -wal and -shm files there")
            }
        }
        return JournalError.cannotOpen(path: path, reason: Journal.reason(error))
    }

    /// The permission bits of a file as `ls -l` shows them (`r--r--r--`).
    static func permissions(_ path: String) -> String {
        var s = stat()
        guard stat(path, &s) == 0 else { return "unknown" }
        let bits = Int(s.st_mode) & 0o777
        let letters: [Character] = Array("rwxrwxrwx")
        var out = ""
        for i in 0..<9 {
            let set: Bool = (bits >> (8 - i)) & 1 == 1
            out.append(set ? letters[i] : "-")
        }
        return out
    }

    /// The SQLite message without statement arguments (those may hold journal contents).
    static func reason(_ error: any Error) -> String {
        if let db = error as? DatabaseError {
            return db.message ?? "SQLite error \(db.resultCode.rawValue)"
        }
        return "\(error)"
    }

    /// Runs `body` in one write transaction, mapping SQLite errors to ``JournalError/database(reason:)``.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try dbQueue.write(body)
        } catch let error as JournalError {
            throw error
        } catch {
            logger?.warning("write failed", metadata: ["reason": "\(Journal.reason(error))"])
            if let path, let db = error as? DatabaseError, db.resultCode == .SQLITE_READONLY {
                throw Journal.openError(path: path, error)
            }
            throw JournalError.database(reason: Journal.reason(error))
        }
    }

    /// Runs `body` in a read transaction, mapping SQLite errors to ``JournalError/database(reason:)``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try dbQueue.read(body)
        } catch let error as JournalError {
            throw error
        } catch {
            if let path, let db = error as? DatabaseError, db.resultCode == .SQLITE_READONLY || db.resultCode == .SQLITE_CANTOPEN {
                throw Journal.openError(path: path, error)
            }
            throw JournalError.database(reason: Journal.reason(error))
        }
    }

    /// Writes a consistent copy of the journal to `path` with SQLite's online backup, while
    /// other processes may be writing. The copy is created with mode 0600; an existing file
    /// there is replaced.
    /// - Parameter path: where the copy goes.
    /// - Parameter cancellation: checked after every 1 MiB or so copied; when cancelled, the
    ///   copy stops and ``JournalError/cancelled`` is thrown (the caller removes the partial copy).
    /// - Throws: ``JournalError/folderMissing(path:)``, ``JournalError/cannotOpen(path:reason:)``,
    ///   ``JournalError/cancelled``.
    public func backup(to path: String, cancellation: Cancellation? = nil) throws {
        try cancellation.check()
        let folder = (path as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isDir), isDir.boolValue else {
            throw JournalError.folderMissing(path: path)
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let error = PrivateFile.createEmpty(path)
        guard error == 0 else { throw JournalError.cannotOpen(path: path, reason: String(cString: strerror(error))) }
        do {
            let target = try DatabaseQueue(path: path, configuration: Journal.configuration())
            // One read of the journal, copied in steps of 256 pages, so that a stop is seen soon.
            do {
                try dbQueue.backup(to: target, pagesPerStep: cancellation == nil ? -1 : 256) { progress in
                    if !progress.isCompleted { try cancellation.check() }
                }
            } catch {
                try? target.close()
                throw error
            }
            try target.close()
        } catch JournalError.cancelled {
            throw JournalError.cancelled
        } catch {
            throw JournalError.cannotOpen(path: path, reason: Journal.reason(error))
        }
        logger?.info("wrote a backup")
    }

    /// Closes the file now, as releasing the journal would (the WAL is checkpointed into the
    /// journal and emptied), for a process that is about to exit: the journal cannot be
    /// used afterwards.
    ///
    /// The closed connection's objects are then kept for the rest of the process instead of
    /// torn down: GRDB's `DatabaseQueue` deinitializer unregisters from Foundation's
    /// `NotificationCenter`, whose first-use dynamic casts cost a short command ~0.7 M
    /// instructions (issue 7). When closing fails, nothing is kept, and releasing the
    /// journal closes it as usual.
    public func closeAtExit() {
        guard (try? dbQueue.close()) != nil else { return }
        _ = Unmanaged.passRetained(dbQueue)
    }

    /// Seconds since 1970 now, as stored in `createdAt`/`updatedAt`.
    static func now() -> Int64 { Int64(Date().timeIntervalSince1970.rounded(.down)) }

    /// A new random UID: an uppercase version-4 UUID, as `UUID().uuidString` gives.
    ///
    /// Its 122 random bits come from `SystemRandomNumberGenerator` (the kernel's `getrandom`).
    /// `UUID()` on Linux opens, reads and closes `/dev/urandom` for each one: 1,977 times
    /// over for the bench book's cards without a UID (`strace -f`).
    static func newUID() -> String {
        var random = SystemRandomNumberGenerator()
        let high: UInt64 = random.next(), low: UInt64 = random.next()
        func byte(_ v: UInt64, _ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: v >> (56 - 8 * k)) }
        let uuid = (
            byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
            byte(high, 6) & 0x0F | 0x40, byte(high, 7),  // version 4
            byte(low, 0) & 0x3F | 0x80, byte(low, 1),  // variant RFC 4122
            byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
        )
        return UUID(uuid: uuid).uuidString
    }
}
