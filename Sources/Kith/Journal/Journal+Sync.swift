import Foundation
import GRDB

/// Two-way sync, the journal's side: accounts, what the journal last agreed with each server
/// collection (status rows), what changed locally since (change stamps, see `SyncSchema`),
/// the bodies sent, and server items applied with a three-way merge. No networking here:
/// KithSync's engine drives these methods.
extension Journal {
    // MARK: Accounts

    /// Adds a sync account.
    /// - Throws: ``JournalError/invalidValue(field:reason:)`` when the name is empty or taken.
    public func addSyncAccount(_ account: SyncAccount) throws {
        try write { db in try SyncStore.addAccount(db, account) }
    }

    /// Every sync account, by name.
    public func syncAccounts() throws -> [SyncAccount] {
        try read { db in try SyncStore.accounts(db) }
    }

    /// The account with this name, if any.
    public func syncAccount(named name: String) throws -> SyncAccount? {
        try read { db in try SyncStore.accounts(db).first { $0.name == name } }
    }

    /// Changes an account (found by its name): its URLs, user or password command, for one
    /// when discovery found the address book and calendar. A collection whose URL changes
    /// forgets its status rows and token (the next sync compares everything, by UID).
    /// - Throws: ``JournalError/invalidValue(field:reason:)`` for an unknown account.
    public func updateSyncAccount(_ account: SyncAccount) throws {
        try write { db in try SyncStore.updateAccount(db, account) }
    }

    /// Removes an account with its collections, status rows and conflict records; the
    /// journal's people and events stay. Returns whether there was one.
    @discardableResult
    public func removeSyncAccount(named name: String) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM syncAccount WHERE name = ?", arguments: [name])
            let removed = db.changesCount > 0
            try SyncSchema.dropTriggersIfUnused(db)
            return removed
        }
    }

    // MARK: Collections and status

    /// Records the collection an account's people or events sync with, and the vCard
    /// version it takes (`4.0` or `3.0`; ignored for calendars). A new URL forgets the old
    /// one's status rows and token.
    /// - Throws: ``JournalError/invalidValue(field:reason:)`` for an unknown account.
    public func setSyncCollection(account: String, kind: SyncKind, url: String, vCardVersion: String = "4.0") throws {
        try write { db in try SyncStore.setCollection(db, account: account, kind: kind, url: url, vCardVersion: vCardVersion) }
    }

    /// The collection's sync state in one read: its token, the items changed in the journal
    /// since their status row, the items with no row, the rows whose item is gone, and (with
    /// `includeStatus`) every status row, without the bodies. Renders no body: the changes
    /// come from the change stamps (a range scan from the last complete sync on).
    ///
    /// A sync with a token needs no status rows but those of the hrefs the server reports
    /// (``syncStatus(account:kind:hrefs:)``): with `includeStatus: false`, a sync with nothing
    /// changed reads nothing in proportion to the journal.
    /// - Complexity: O(items changed since the last complete sync), plus O(status rows) with
    ///   `includeStatus`; O(items) for a collection never synced completely.
    public func syncState(account: String, kind: SyncKind, includeStatus: Bool = true) throws -> SyncState {
        try read { db in try SyncStore.state(db, account: account, kind: kind, includeStatus: includeStatus) }
    }

    /// The status rows of these hrefs (as the server spelled them), for the changes a
    /// sync-collection report lists; hrefs with no row are left out.
    public func syncStatus(account: String, kind: SyncKind, hrefs: [String]) throws -> [SyncStatus] {
        try read { db in try SyncStore.status(db, account: account, kind: kind, column: "href", values: hrefs) }
    }

    /// The status rows of these UIDs; UIDs with no row are left out.
    public func syncStatus(account: String, kind: SyncKind, uids: [String]) throws -> [SyncStatus] {
        try read { db in try SyncStore.status(db, account: account, kind: kind, column: "uid", values: uids) }
    }

    /// The body Kith sends for a person (`.contacts`) or event (`.events`): vCard in the
    /// collection's version, or a VCALENDAR with one VEVENT carrying Kith's fields as X-KITH-*
    /// properties. Kith's fields are merged into the server body last synced, so that what
    /// Kith does not model stays as the server had it. Nil when the item is not in the journal.
    public func syncBody(account: String, kind: SyncKind, uid: String) throws -> SyncBody? {
        try read { db in try SyncBodies.body(db, account: account, kind: kind, uid: uid) }
    }

    /// The body last synced for the item (its status row's, the base of the next merge), if
    /// there is a row: what the server held when the two last agreed.
    public func syncBase(account: String, kind: SyncKind, uid: String) throws -> [UInt8]? {
        try read { db in
            guard
                let collection = try Int64.fetchOne(
                    db, sql: "SELECT c.id FROM syncCollection c JOIN syncAccount a ON a.id = c.accountId WHERE a.name = ? AND c.kind = ?",
                    arguments: [account, kind.rawValue])
            else { return nil }
            return try SyncStore.base(db, collection: collection, uid: uid)
        }
    }

    /// Records that `body` (made at `stamp` by ``syncBody(account:kind:uid:)``) is now on the
    /// server at `href` with `etag`: the item's status row, written at once. Without `stamp`,
    /// the item's stamp now: for a body the journal already agrees with
    /// (``syncMatches(account:kind:uid:body:)``).
    public func recordPushed(
        account: String, kind: SyncKind, uid: String, href: String, etag: String, body: [UInt8], stamp: Int64? = nil
    ) throws {
        try write { db in
            let collection = try SyncStore.collectionID(db, account: account, kind: kind)
            let stamp = try stamp ?? SyncStore.stamp(db, kind: kind, uid: uid)
            try SyncStore.writeStatus(db, collection: collection, uid: uid, href: href, etag: etag, body: body, stamp: stamp)
        }
    }

    /// Whether the journal's item says what `body` says, field by field (not byte by byte):
    /// a push whose status row was lost, or the same edit made on both sides. False when the
    /// journal has no such item or the body cannot be read.
    public func syncMatches(account: String, kind: SyncKind, uid: String, body: [UInt8]) throws -> Bool {
        try read { db in try SyncApply.matches(db, kind: kind, uid: uid, body: body) }
    }

    /// Applies a server item to the journal: creates the person or event, or merges it into
    /// the one with the same UID (three-way: the status row's body is the base, the journal
    /// is local, `body` is remote), and writes the status row, in one transaction (undoable as
    /// one change). A field changed on one side only takes that side's value; one changed on
    /// both takes the newer edit (the journal's `updatedAt` against the body's LAST-MODIFIED,
    /// DTSTAMP or REV; the server's when it has none) and the losing value goes into the
    /// item's note as a dated "Sync conflict" line, recorded and returned.
    /// - Throws: ``JournalError/invalidValue(field:reason:)`` when the body is not a vCard or
    ///   an iCalendar object with one event, or has no UID.
    public func applyRemote(account: String, kind: SyncKind, href: String, etag: String, body: [UInt8]) throws -> SyncApplied {
        try undoableWrite { db, description in
            try SyncApply.apply(db, account: account, kind: kind, href: href, etag: etag, body: body, description: &description)
        }
    }

    /// Applies a deletion on the server: removes the person or event with this UID (and its
    /// status row) in one transaction, undoable. Returns whether there was one to remove.
    @discardableResult
    public func applyRemoteDeletion(account: String, kind: SyncKind, uid: String) throws -> Bool {
        try undoableWrite { db, description in
            try SyncApply.delete(db, account: account, kind: kind, uid: uid, description: &description)
        }
    }

    /// Records the sync token of a complete sync, the time it ended (``SyncState/syncedAt``)
    /// and, with `checked`, that every change up to
    /// that stamp (``SyncState/checked``) is synced: the next ``syncState(account:kind:includeStatus:)``
    /// looks at later changes only. Give `checked` only when nothing was left out.
    public func setSyncToken(account: String, kind: SyncKind, token: String?, checked: Int64? = nil) throws {
        try write { db in
            let collection = try SyncStore.collectionID(db, account: account, kind: kind)
            try db.execute(sql: "UPDATE syncCollection SET token = ?, syncedAt = ? WHERE id = ?", arguments: [token, Journal.now(), collection])
            if let checked {
                try db.execute(sql: "UPDATE syncCollection SET checked = max(checked, ?) WHERE id = ?", arguments: [checked, collection])
            }
        }
    }

    /// Records whether asking the server for the collection's sync token alone is worth it
    /// before a sync-collection REPORT (``SyncState/tokenProbe``).
    public func setSyncTokenProbe(account: String, kind: SyncKind, worth: Bool) throws {
        try write { db in
            let collection = try SyncStore.collectionID(db, account: account, kind: kind)
            try db.execute(sql: "UPDATE syncCollection SET tokenProbe = ? WHERE id = ?", arguments: [worth, collection])
        }
    }

    /// Forgets an item's status row: after a deletion on the server went through (the item
    /// is gone from the journal), or to make the next sync compare an item afresh.
    public func forgetSyncStatus(account: String, kind: SyncKind, uid: String) throws {
        try write { db in
            let collection = try SyncStore.collectionID(db, account: account, kind: kind)
            try db.execute(sql: "DELETE FROM syncStatus WHERE collectionId = ? AND uid = ?", arguments: [collection, uid])
            // An item still in the journal must be listed again even when it has not changed
            // since `checked`: the next state compares everything.
            let table = SyncStore.table(kind).table
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE uid = ?)", arguments: [uid]) == true {
                try db.execute(sql: "UPDATE syncCollection SET checked = 0 WHERE id = ?", arguments: [collection])
            }
        }
    }

    /// The conflicts recorded for an account, oldest first.
    public func syncConflicts(account: String) throws -> [SyncConflict] {
        try read { db in try SyncStore.conflicts(db, account: account) }
    }

    /// The resource name a new item is created under: its UID when that is only
    /// `A-Z a-z 0-9 . _ -` (and not `.` or `..`), else the SHA-256 hex of the UID; then `.vcf`
    /// or `.ics`. The same UID always gives the same name, so that a create retried after a
    /// crash lands on the same resource.
    public static func syncResourceName(uid: String, kind: SyncKind) -> String {
        let plain =
            !uid.isEmpty && uid != "." && uid != ".." && uid.utf8.count <= 200
            && uid.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F || b == 0x2D
            }
        return (plain ? uid : SHA256.hex(Array(uid.utf8))) + "." + kind.fileExtension
    }
}
