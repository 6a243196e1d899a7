// What the sync engine needs of one server collection (an address book or a calendar), and
// nothing more: the DAV client implements it over HTTP (`DAV/`), and the planner's tests
// can drive the engine without a network. Every call is one or a few HTTP requests; every
// error is a `RemoteError` that names the href and the status.

/// One resource on the server: where it is and its entity tag.
public struct RemoteEntry: Sendable, Hashable {
    /// The resource's path on the server, as the server spelled it (percent-encoded).
    public var href: String
    /// The entity tag, quotes included, as the server sent it.
    public var etag: String

    public init(href: String, etag: String) {
        self.href = href
        self.etag = etag
    }
}

/// A resource's body with the entity tag it had when read.
public struct RemoteItem: Sendable, Hashable {
    public var entry: RemoteEntry
    /// The vCard or iCalendar bytes, as stored on the server.
    public var body: [UInt8]

    public init(entry: RemoteEntry, body: [UInt8]) {
        self.entry = entry
        self.body = body
    }
}

/// What changed in a collection since a sync token.
public struct RemoteChanges: Sendable {
    /// `true` when this is a whole listing (no token, the server has no sync-collection, or
    /// the token was refused): an href in the journal's status but absent here is gone.
    /// `false` for an RFC 6578 delta: only `deleted` lists what went.
    public var isComplete: Bool
    /// Resources created or changed since the token (every resource when complete).
    public var changed: [RemoteEntry]
    /// Hrefs removed since the token (always empty when complete).
    public var deleted: [String]
    /// The token to ask from next time, if the server offers sync-collection.
    public var token: String?

    public init(isComplete: Bool, changed: [RemoteEntry], deleted: [String], token: String?) {
        self.isComplete = isComplete
        self.changed = changed
        self.deleted = deleted
        self.token = token
    }
}

/// A failure the server reported, or no answer at all.
public enum RemoteError: Error, Sendable, Equatable {
    /// 412: the resource's ETag is no longer the one given (`If-Match`), or it exists
    /// already (`If-None-Match: *`). The engine re-reads and plans again.
    case preconditionFailed(href: String)
    /// 404 or 410 on a resource.
    case notFound(href: String)
    /// 401 or 403: the user name or password was refused.
    case unauthorized(url: String)
    /// Any other status, with the method and what the server said (first line of the body).
    case status(Int, method: String, url: String, reason: String)
    /// No answer within the time limit, or the connection failed.
    case unreachable(url: String, reason: String)
    /// The answer was not the DAV XML expected (names the element or line).
    case malformed(url: String, reason: String)
}

extension RemoteCollection {
    /// No cheaper way to ask than `changes(since:)`.
    public func currentToken() async throws -> String? { nil }
}

/// One server collection, as the sync engine sees it.
public protocol RemoteCollection: Sendable {
    /// The collection's URL (absolute), for messages and the status rows.
    var url: String { get }

    /// What changed since `token`: an RFC 6578 sync-collection delta when the server offers
    /// it and the token is valid; otherwise a complete listing of hrefs and ETags
    /// (PROPFIND Depth 1), with `isComplete` set. Never fails because a token is stale.
    func changes(since token: String?) async throws -> RemoteChanges

    /// The collection's sync token now (a PROPFIND of `DAV:sync-token` on the collection
    /// alone), nil when the server gives none. Equal to the token of the last sync, nothing
    /// changed there: on servers that keep the token (Xandikos, Nextcloud) this answers in
    /// milliseconds where a sync-collection REPORT compares the whole collection.
    func currentToken() async throws -> String?

    /// The bodies of these resources (a multiget REPORT, in batches). A resource gone in the
    /// meantime is left out of the result, not an error.
    func fetch(_ hrefs: [String]) async throws -> [RemoteItem]

    /// Creates a resource at `name` (a path segment the caller has made safe) with
    /// `If-None-Match: *`. Returns where it is and its ETag (fetched when the server did
    /// not send one). Throws `.preconditionFailed` when something is already there.
    func create(name: String, body: [UInt8]) async throws -> RemoteEntry

    /// Replaces the resource at `href` if its ETag is still `ifMatch`.
    func update(href: String, body: [UInt8], ifMatch etag: String) async throws -> RemoteEntry

    /// Deletes the resource at `href` if its ETag is still `ifMatch`. Deleting what is
    /// already gone succeeds.
    func delete(href: String, ifMatch etag: String) async throws
}
