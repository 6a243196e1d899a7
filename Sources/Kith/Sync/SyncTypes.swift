import Foundation

// The values of two-way sync with CardDAV and CalDAV servers, as the library sees them: no
// networking here (that is KithSync's), only what the journal keeps about each server item
// and what it sends. See `Journal+Sync.swift` for the methods.

/// A server the journal syncs with. The password is never stored: it comes from
/// `KITH_SYNC_PASSWORD` or the first line `passwordCommand` prints.
public struct SyncAccount: Sendable, Hashable, Codable {
    /// The name the user gave it (`kith sync add NAME`), unique in the journal.
    public var name: String
    /// The server root or principal URL discovery starts from.
    public var url: String
    /// The user name for Basic authentication; empty for none.
    public var user: String
    /// A shell command whose first output line is the password; nil when the password
    /// comes from `KITH_SYNC_PASSWORD`.
    public var passwordCommand: String?
    /// The address book people sync with, once chosen or discovered.
    public var addressbookURL: String?
    /// The calendar events sync with, once chosen or discovered.
    public var calendarURL: String?
    /// A PEM file of certificates to trust instead of the system's (a self-signed server).
    public var caFile: String?

    public init(
        name: String, url: String, user: String = "", passwordCommand: String? = nil, addressbookURL: String? = nil,
        calendarURL: String? = nil, caFile: String? = nil
    ) {
        self.name = name
        self.url = url
        self.user = user
        self.passwordCommand = passwordCommand
        self.addressbookURL = addressbookURL
        self.calendarURL = calendarURL
        self.caFile = caFile
    }
}

/// What a server collection holds: people as vCards, or events as VEVENTs.
public enum SyncKind: String, Sendable, Hashable, Codable, CaseIterable {
    case contacts
    case events

    /// The extension of a resource's name on the server.
    public var fileExtension: String { self == .contacts ? "vcf" : "ics" }
}

/// What the journal keeps about one server item: where it is, its entity tag, and what the
/// journal last agreed with the server about it.
public struct SyncStatus: Sendable, Hashable {
    /// The UID inside the body (the person's or event's UID): items are matched by it.
    public var uid: String
    /// The resource's path on the server, as the server spelled it.
    public var href: String
    /// The entity tag the resource had when last read or written.
    public var etag: String
    /// SHA-256 (hex) of the body last synced.
    public var hash: String
    /// The local change stamp of the person or event when last synced: a later stamp means
    /// it changed in the journal since.
    public var stamp: Int64

    public init(uid: String, href: String, etag: String, hash: String, stamp: Int64) {
        self.uid = uid
        self.href = href
        self.etag = etag
        self.hash = hash
        self.stamp = stamp
    }
}

/// A person or event as the local side of a sync sees it: its UID and change stamp.
public struct SyncLocalItem: Sendable, Hashable {
    public var uid: String
    /// Its change stamp now (pass it back with ``Journal/recordPushed(account:kind:uid:href:etag:body:stamp:)``).
    public var stamp: Int64

    public init(uid: String, stamp: Int64) {
        self.uid = uid
        self.stamp = stamp
    }
}

/// One collection's sync state, read in one transaction: everything the engine needs to
/// plan, without rendering a single body.
public struct SyncState: Sendable {
    /// The collection's URL, nil until ``Journal/setSyncCollection(account:kind:url:vCardVersion:)``.
    public var url: String?
    /// The vCard version the address book takes (`4.0` or `3.0`); `4.0` for calendars.
    public var vCardVersion: String
    /// The RFC 6578 sync token of the last complete sync, if the server gave one.
    public var token: String?
    /// Every status row of the collection (empty when read without them).
    public var status: [SyncStatus]
    /// How many status rows the collection has (read either way).
    public var statusCount: Int
    /// Items with a status row that changed in the journal since they were synced.
    public var changed: [SyncLocalItem]
    /// Items of the journal with no status row: never synced with this collection.
    public var created: [SyncLocalItem]
    /// Status rows whose person or event is gone from the journal.
    public var deleted: [SyncStatus]
    /// How many people (contacts) or events (events) the journal holds: for the empty-side guard.
    public var localCount: Int
    /// When the last complete sync of the collection ended (nil: never).
    public var syncedAt: Date?
    /// Whether asking the server for the collection's token alone proved worth it before a
    /// sync-collection REPORT (nil: not known yet).
    public var tokenProbe: Bool?
    /// The journal's change stamp when this was read: hand it to
    /// ``Journal/setSyncToken(account:kind:token:checked:)`` once every change here is synced.
    public var checked: Int64

    public init(
        url: String?, vCardVersion: String, token: String?, status: [SyncStatus], changed: [SyncLocalItem], created: [SyncLocalItem],
        deleted: [SyncStatus], localCount: Int, checked: Int64, statusCount: Int? = nil, syncedAt: Date? = nil, tokenProbe: Bool? = nil
    ) {
        self.url = url
        self.vCardVersion = vCardVersion
        self.token = token
        self.status = status
        self.statusCount = statusCount ?? status.count
        self.syncedAt = syncedAt
        self.tokenProbe = tokenProbe
        self.changed = changed
        self.created = created
        self.deleted = deleted
        self.localCount = localCount
        self.checked = checked
    }
}

/// The body Kith sends for a person or event.
public struct SyncBody: Sendable, Hashable {
    public var uid: String
    /// The resource name to create it under (``Journal/syncResourceName(uid:kind:)``).
    public var name: String
    /// vCard (4.0 or 3.0) or a VCALENDAR with one VEVENT, UTF-8, CRLF line ends.
    public var body: [UInt8]
    /// SHA-256 (hex) of `body`.
    public var hash: String
    /// The item's change stamp the body was made at.
    public var stamp: Int64

    public init(uid: String, name: String, body: [UInt8], hash: String, stamp: Int64) {
        self.uid = uid
        self.name = name
        self.body = body
        self.hash = hash
        self.stamp = stamp
    }
}

/// A field both the journal and the server changed since the last sync: one value was
/// kept, the other was not lost but written where the user sees it.
public struct SyncConflict: Sendable, Hashable, Codable {
    /// Which side's value the item has now.
    public enum Side: String, Sendable, Hashable, Codable {
        case local, remote
    }
    public var account: String
    public var kind: SyncKind
    public var uid: String
    /// The person's or event's name, for the report.
    public var item: String
    /// The field (`phone numbers`, `title`, `time`…).
    public var field: String
    /// The value the item has now.
    public var kept: String
    /// The value that lost.
    public var lost: String
    public var keptSide: Side
    /// Where the losing value was written (`note of Ana Lima`).
    public var lostKeptIn: String
    public var at: Date

    public init(
        account: String, kind: SyncKind, uid: String, item: String, field: String, kept: String, lost: String, keptSide: Side,
        lostKeptIn: String, at: Date
    ) {
        self.account = account
        self.kind = kind
        self.uid = uid
        self.item = item
        self.field = field
        self.kept = kept
        self.lost = lost
        self.keptSide = keptSide
        self.lostKeptIn = lostKeptIn
        self.at = at
    }
}

/// What ``Journal/applyRemote(account:kind:href:etag:body:)`` did with a server item.
public struct SyncApplied: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable {
        /// A new person or event.
        case created
        /// Server changes went into the journal.
        case updated
        /// The journal had it as the server has it: only the status row was written.
        case unchanged
        /// Left on the server as it is, with a status row (a recurring event: Kith keeps
        /// occurrences, not rules), so that it counts neither as new nor as gone.
        case skipped
    }
    public var uid: String
    public var name: String
    public var action: Action
    /// Fields both sides changed (the journal kept one value, the note the other).
    public var conflicts: [SyncConflict]
    /// Whether the journal's item now differs from the server body (local edits merged in):
    /// the engine should push it (its status row records the server body as the base).
    public var needsPush: Bool

    public init(uid: String, name: String, action: Action, conflicts: [SyncConflict], needsPush: Bool) {
        self.uid = uid
        self.name = name
        self.action = action
        self.conflicts = conflicts
        self.needsPush = needsPush
    }
}
