import Foundation
import GRDB

/// The sync tables' reads and writes (see `SyncSchema`).
enum SyncStore {
    static func addAccount(_ db: Database, _ a: SyncAccount) throws {
        let name = a.name.kithTrimmed()
        guard !name.isEmpty, !name.contains("/") else {
            throw JournalError.invalidValue(field: "sync account name", reason: "it is empty or holds a /")
        }
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM syncAccount WHERE name = ?)", arguments: [name]) == false else {
            throw JournalError.invalidValue(field: "sync account name", reason: "there is already an account named \(name)")
        }
        try db.execute(
            sql: """
                INSERT INTO syncAccount (name, url, user, passwordCommand, addressbookURL, calendarURL, caFile, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [name, a.url, a.user, a.passwordCommand, a.addressbookURL, a.calendarURL, a.caFile, Journal.now()])
    }

    static func accounts(_ db: Database) throws -> [SyncAccount] {
        try Row.fetchAll(db, sql: "SELECT name, url, user, passwordCommand, addressbookURL, calendarURL, caFile FROM syncAccount ORDER BY name").map {
            SyncAccount(name: $0[0], url: $0[1], user: $0[2], passwordCommand: $0[3], addressbookURL: $0[4], calendarURL: $0[5], caFile: $0[6])
        }
    }

    static func accountID(_ db: Database, _ name: String) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM syncAccount WHERE name = ?", arguments: [name]) else {
            throw JournalError.invalidValue(field: "sync account", reason: "there is no account named \(name)")
        }
        return id
    }

    static func updateAccount(_ db: Database, _ a: SyncAccount) throws {
        let id = try accountID(db, a.name)
        try db.execute(
            sql: "UPDATE syncAccount SET url = ?, user = ?, passwordCommand = ?, addressbookURL = ?, calendarURL = ?, caFile = ? WHERE id = ?",
            arguments: [a.url, a.user, a.passwordCommand, a.addressbookURL, a.calendarURL, a.caFile, id])
        // Collections whose URL changed start again.
        for (kind, url) in [(SyncKind.contacts, a.addressbookURL), (.events, a.calendarURL)] {
            guard let url else { continue }
            try db.execute(
                sql: "DELETE FROM syncCollection WHERE accountId = ? AND kind = ? AND url <> ?", arguments: [id, kind.rawValue, url])
        }
    }

    static func setCollection(_ db: Database, account: String, kind: SyncKind, url: String, vCardVersion: String) throws {
        let id = try accountID(db, account)
        let version = kind == .contacts && vCardVersion == "3.0" ? "3.0" : "4.0"
        try db.execute(
            sql: "DELETE FROM syncCollection WHERE accountId = ? AND kind = ? AND url <> ?", arguments: [id, kind.rawValue, url])
        try db.execute(
            sql: """
                INSERT INTO syncCollection (accountId, kind, url, vCardVersion) VALUES (?, ?, ?, ?)
                ON CONFLICT (accountId, kind) DO UPDATE SET vCardVersion = excluded.vCardVersion
                """, arguments: [id, kind.rawValue, url, version])
        try backfill(db)
        let column = kind == .contacts ? "addressbookURL" : "calendarURL"
        try db.execute(sql: "UPDATE syncAccount SET \(column) = ? WHERE id = ?", arguments: [url, id])
    }

    /// The collection's id, created (with the account's URL for it) when missing.
    static func collectionID(_ db: Database, account: String, kind: SyncKind) throws -> Int64 {
        let accountID = try accountID(db, account)
        if let id = try Int64.fetchOne(
            db, sql: "SELECT id FROM syncCollection WHERE accountId = ? AND kind = ?", arguments: [accountID, kind.rawValue])
        {
            return id
        }
        let column = kind == .contacts ? "addressbookURL" : "calendarURL"
        let url = try String.fetchOne(db, sql: "SELECT ifnull(\(column), url) FROM syncAccount WHERE id = ?", arguments: [accountID]) ?? ""
        try db.execute(
            sql: "INSERT INTO syncCollection (accountId, kind, url) VALUES (?, ?, ?)", arguments: [accountID, kind.rawValue, url])
        let id = db.lastInsertedRowID
        try backfill(db)
        return id
    }

    /// Creates the change-stamp triggers if need be and gives every person and event without a
    /// change stamp one: the triggers exist only while a collection does (see `SyncSchema`), so
    /// the first collection starts here.
    static func backfill(_ db: Database) throws {
        try SyncSchema.installTriggers(db)
        try db.execute(
            sql: """
                INSERT INTO syncChange (kind, uid)
                SELECT 0, uid FROM person p WHERE NOT EXISTS (SELECT 1 FROM syncChange c WHERE c.kind = 0 AND c.uid = p.uid) ORDER BY id;
                INSERT INTO syncChange (kind, uid)
                SELECT 1, uid FROM event e WHERE NOT EXISTS (SELECT 1 FROM syncChange c WHERE c.kind = 1 AND c.uid = e.uid) ORDER BY id;
                """)
    }

    /// The table of the kind's items and its `syncChange` kind.
    static func table(_ kind: SyncKind) -> (table: String, code: Int) {
        kind == .contacts ? ("person", 0) : ("event", 1)
    }

    static func status(_ db: Database, account: String, kind: SyncKind, column: String, values: [String]) throws -> [SyncStatus] {
        let accountID = try accountID(db, account)
        guard
            let collection = try Int64.fetchOne(
                db, sql: "SELECT id FROM syncCollection WHERE accountId = ? AND kind = ?", arguments: [accountID, kind.rawValue])
        else { return [] }
        let statement = try db.cachedStatement(
            sql: "SELECT uid, href, etag, hash, stamp FROM syncStatus WHERE collectionId = ? AND \(column) = ?")
        var rows: [SyncStatus] = []
        for v in values {
            for r in try Row.fetchAll(statement, arguments: [collection, v]) {
                rows.append(SyncStatus(uid: r[0], href: r[1], etag: r[2], hash: r[3], stamp: r[4]))
            }
        }
        return rows
    }

    static func state(_ db: Database, account: String, kind: SyncKind, includeStatus: Bool) throws -> SyncState {
        let accountID = try accountID(db, account)
        let (table, code) = table(kind)
        let collection = try Row.fetchOne(
            db, sql: "SELECT id, url, token, vCardVersion, checked, syncedAt, tokenProbe FROM syncCollection WHERE accountId = ? AND kind = ?",
            arguments: [accountID, kind.rawValue])
        let collectionID: Int64 = collection?["id"] ?? -1
        let checked: Int64 = collection?["checked"] ?? 0
        var status: [SyncStatus] = []
        if includeStatus {
            let rows = try Row.fetchCursor(
                db, sql: "SELECT uid, href, etag, hash, stamp FROM syncStatus WHERE collectionId = ?", arguments: [collectionID])
            while let r = try rows.next() {
                status.append(SyncStatus(uid: r[0], href: r[1], etag: r[2], hash: r[3], stamp: r[4]))
            }
        }
        var changed: [SyncLocalItem] = [], created: [SyncLocalItem] = [], deleted: [SyncStatus] = []
        // One pass over the changes since `checked`, in SQL: only the items to list come out.
        let changes = try Row.fetchCursor(
            db,
            sql: """
                SELECT uid, id, href, etag, hash, stamp, hasRow, present FROM (
                    SELECT c.uid, c.id, s.href, s.etag, s.hash, s.stamp, s.uid IS NOT NULL AS hasRow,
                        EXISTS (SELECT 1 FROM \(table) t WHERE t.uid = c.uid) AS present
                    FROM syncChange c LEFT JOIN syncStatus s ON s.collectionId = ? AND s.uid = c.uid
                    WHERE c.kind = ? AND c.id > ?)
                WHERE (NOT hasRow AND present) OR (hasRow AND (NOT present OR stamp < id))
                ORDER BY id
                """, arguments: [collectionID, code, checked])
        while let r = try changes.next() {
            let uid: String = r[0], stamp: Int64 = r[1], hasRow: Bool = r[6], present: Bool = r[7]
            switch (hasRow, present) {
            case (false, _): created.append(SyncLocalItem(uid: uid, stamp: stamp))
            case (true, true): changed.append(SyncLocalItem(uid: uid, stamp: stamp))
            case (true, false): deleted.append(SyncStatus(uid: uid, href: r[2], etag: r[3], hash: r[4], stamp: r[5]))
            }
        }
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
        let statusCount =
            includeStatus
            ? status.count : try Int.fetchOne(db, sql: "SELECT count(*) FROM syncStatus WHERE collectionId = ?", arguments: [collectionID]) ?? 0
        let last = try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 0) FROM syncChange") ?? 0
        return SyncState(
            url: collection?["url"], vCardVersion: collection?["vCardVersion"] ?? "4.0", token: collection?["token"], status: status,
            changed: changed, created: created, deleted: deleted, localCount: count, checked: last, statusCount: statusCount,
            syncedAt: (collection?["syncedAt"] as Int64?).map { Date(timeIntervalSince1970: TimeInterval($0)) },
            tokenProbe: collection?["tokenProbe"] as Bool?)
    }

    /// The change stamp of an item now (0 when it has none).
    static func stamp(_ db: Database, kind: SyncKind, uid: String) throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM syncChange WHERE kind = ? AND uid = ?"), arguments: [table(kind).code, uid]) ?? 0
    }

    static func writeStatus(_ db: Database, collection: Int64, uid: String, href: String, etag: String, body: [UInt8], stamp: Int64) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO syncStatus (collectionId, uid, href, etag, hash, stamp, body) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (collectionId, uid) DO UPDATE SET href = excluded.href, etag = excluded.etag, hash = excluded.hash,
                    stamp = excluded.stamp, body = excluded.body
                """
        ).execute(arguments: [collection, uid, href, etag, SHA256.hex(body), stamp, Data(body)])
        // Another item at the same href (the server renamed or reused it) is no longer there.
        try db.cachedStatement(sql: "DELETE FROM syncStatus WHERE collectionId = ? AND href = ? AND uid <> ?")
            .execute(arguments: [collection, href, uid])
    }

    /// The status row's body (the base of a merge), if there is a row.
    static func base(_ db: Database, collection: Int64, uid: String) throws -> [UInt8]? {
        try Data.fetchOne(
            db.cachedStatement(sql: "SELECT body FROM syncStatus WHERE collectionId = ? AND uid = ?"), arguments: [collection, uid]
        ).map { [UInt8]($0) }
    }

    static func conflicts(_ db: Database, account: String) throws -> [SyncConflict] {
        let id = try accountID(db, account)
        return try Row.fetchAll(
            db, sql: "SELECT kind, uid, item, field, kept, lost, keptSide, lostKeptIn, at FROM syncConflict WHERE accountId = ? ORDER BY id",
            arguments: [id]
        ).map {
            SyncConflict(
                account: account, kind: SyncKind(rawValue: $0[0]) ?? .contacts, uid: $0[1], item: $0[2], field: $0[3], kept: $0[4],
                lost: $0[5], keptSide: SyncConflict.Side(rawValue: $0[6]) ?? .remote, lostKeptIn: $0[7],
                at: Date(timeIntervalSince1970: TimeInterval($0[8] as Int64)))
        }
    }

    static func record(_ db: Database, _ c: SyncConflict) throws {
        let id = try accountID(db, c.account)
        try db.execute(
            sql: """
                INSERT INTO syncConflict (accountId, kind, uid, item, field, kept, lost, keptSide, lostKeptIn, at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, c.kind.rawValue, c.uid, c.item, c.field, c.kept, c.lost, c.keptSide.rawValue, c.lostKeptIn,
                Int64(c.at.timeIntervalSince1970),
            ])
    }
}
