// One address book or calendar on a DAV server, as the sync engine's `RemoteCollection`:
// RFC 6578 sync-collection for what changed (a stale token falls back to a whole PROPFIND
// listing), multiget REPORTs in batches for bodies, PUT with `If-None-Match: *` or
// `If-Match`, DELETE with `If-Match`. Hrefs are canonical absolute paths (`DAVHref`).
import Foundation

/// An address book (CardDAV) or a calendar (CalDAV).
public enum DAVCollectionKind: String, Sendable, Hashable, CaseIterable {
    case addressBook = "addressbook"
    case calendar

    /// `text/vcard` or `text/calendar`, with the charset.
    var contentType: String { self == .addressBook ? "text/vcard; charset=utf-8" : "text/calendar; charset=utf-8" }
}

/// A server collection, ready for the sync engine.
public struct DAVCollection: RemoteCollection {
    /// The session the requests go through.
    public let session: DAVSession
    /// The collection's absolute URL (its path ends with `/`).
    public let collectionURL: URL
    /// Address book or calendar.
    public let kind: DAVCollectionKind
    /// The vCard versions the address book accepts (`["3.0", "4.0"]`); `["3.0"]` when the
    /// server did not say (RFC 6352's default). Empty for a calendar.
    public let vCardVersions: [String]
    /// How many hrefs one multiget asks for.
    public var batchSize: Int

    /// A collection at `url` (absolute, or a path on the session's server); makes no request.
    public init(session: DAVSession, url: String, kind: DAVCollectionKind, vCardVersions: [String] = ["3.0"], batchSize: Int = 200) {
        var path = DAVHref.path(url, against: session.baseURL)
        if !path.hasSuffix("/") { path += "/" }
        self.session = session
        self.collectionURL = DAVHref.resolve(path, against: DAVHref.resolve(url, against: session.baseURL))
        self.kind = kind
        self.vCardVersions = kind == .addressBook ? vCardVersions : []
        self.batchSize = max(1, batchSize)
    }

    /// The absolute URL.
    public var url: String { collectionURL.absoluteString }

    /// The collection's canonical path.
    public var path: String { DAVHref.rawPath(collectionURL) }

    /// Whether the address book takes vCard 4.0 (else send 3.0).
    public var acceptsVCard4: Bool { vCardVersions.contains("4.0") }

    /// The canonical href of a resource named `name` in this collection.
    public func href(forName name: String) -> String { path + DAVHref.encodeSegment(name) }

    // MARK: Listing

    public func changes(since token: String?) async throws -> RemoteChanges {
        try await changesTyped(since: token)
    }

    public func currentToken() async throws -> String? {
        let response = try await session.send(
            "PROPFIND", collectionURL, headers: [("Depth", "0"), ("Content-Type", "application/xml; charset=utf-8")],
            body: DAVRequestBody.propfind(["d:sync-token"]))
        // No answer worth acting on: the REPORT decides.
        guard response.status == 207, let multistatus = try? DAVMultistatus.parse(response.body, base: collectionURL, url: url) else { return nil }
        return multistatus.responses.first { DAVHref.sameCollection($0.href, path) }?.text("sync-token")
    }

    /// `changes(since:)` with its error type.
    public func changesTyped(since token: String?) async throws(RemoteError) -> RemoteChanges {
        guard let token else { return try await listing() }
        var changed: [String: RemoteEntry] = [:]
        var deleted: Set<String> = []
        var current = token
        // A server may cut a long delta (a 507 on the collection itself): ask again from the token it gave.
        for _ in 0..<1000 {
            let response = try await session.send(
                "REPORT", collectionURL, headers: [("Depth", "0"), ("Content-Type", "application/xml; charset=utf-8")],
                body: DAVRequestBody.syncCollection(token: current))
            if [400, 403, 409, 412, 501].contains(response.status) || (response.status == 404 && namesInvalidSyncToken(response.body)) {
                // A stale or refused token, or no sync-collection at all: compare everything (a
                // refused password shows in the PROPFIND as well).
                return try await listing()
            }
            try session.check(response, method: "REPORT")
            let multistatus = try DAVMultistatus.parse(response.body, base: collectionURL, url: url)
            var truncated = false
            for entry in multistatus.responses {
                if DAVHref.sameCollection(entry.href, path) {
                    if entry.status == 507 { truncated = true }
                    continue
                }
                if entry.status == 404 || entry.status == 410 {
                    deleted.insert(entry.href)
                    changed[entry.href] = nil
                } else if let etag = entry.text("getetag") {
                    if entry.resourceTypes.contains("collection") { continue }
                    changed[entry.href] = RemoteEntry(href: entry.href, etag: etag)
                    deleted.remove(entry.href)
                }
            }
            guard let next = multistatus.syncToken else {
                throw .malformed(url: url, reason: "the sync-collection answer has no DAV:sync-token")
            }
            current = next
            if !truncated || next == token { break }
        }
        return RemoteChanges(isComplete: false, changed: changed.values.sorted { $0.href < $1.href }, deleted: deleted.sorted(), token: current)
    }

    /// Every resource with its ETag (PROPFIND Depth 1) and the collection's sync token.
    public func listing() async throws(RemoteError) -> RemoteChanges {
        let response = try await session.send(
            "PROPFIND", collectionURL, headers: [("Depth", "1"), ("Content-Type", "application/xml; charset=utf-8")],
            body: DAVRequestBody.propfind(["d:getetag", "d:resourcetype", "d:sync-token"]))
        try session.check(response, method: "PROPFIND")
        let multistatus = try DAVMultistatus.parse(response.body, base: collectionURL, url: url)
        var token: String?
        var entries: [RemoteEntry] = []
        entries.reserveCapacity(multistatus.responses.count)
        for entry in multistatus.responses {
            if DAVHref.sameCollection(entry.href, path) {
                token = entry.text("sync-token")
                continue
            }
            guard !entry.resourceTypes.contains("collection"), let etag = entry.text("getetag") else { continue }
            entries.append(RemoteEntry(href: entry.href, etag: etag))
        }
        return RemoteChanges(isComplete: true, changed: entries, deleted: [], token: token)
    }

    // MARK: Bodies

    public func fetch(_ hrefs: [String]) async throws -> [RemoteItem] {
        try await fetchTyped(hrefs)
    }

    /// `fetch(_:)` with its error type.
    public func fetchTyped(_ hrefs: [String]) async throws(RemoteError) -> [RemoteItem] {
        var items: [RemoteItem] = []
        items.reserveCapacity(hrefs.count)
        let dataName = kind == .addressBook ? "address-data" : "calendar-data"
        let dataNamespace = kind == .addressBook ? DAVNamespace.cardDAV : DAVNamespace.calDAV
        var start = 0
        let canonical = hrefs.map { DAVHref.path($0, against: collectionURL) }
        while start < canonical.count {
            let batch = Array(canonical[start..<min(start + batchSize, canonical.count)])
            start += batch.count
            let response = try await session.send(
                "REPORT", collectionURL, headers: [("Depth", "1"), ("Content-Type", "application/xml; charset=utf-8")],
                body: DAVRequestBody.multiget(kind, hrefs: batch))
            try session.check(response, method: "REPORT")
            let multistatus = try DAVMultistatus.parse(response.body, base: collectionURL, url: url)
            for entry in multistatus.responses {
                guard entry.status.map({ (200..<300).contains($0) }) ?? true, let data = entry.prop(dataName, dataNamespace), let etag = entry.text("getetag")
                else { continue }
                items.append(RemoteItem(entry: RemoteEntry(href: entry.href, etag: etag), body: Self.contentLines(data.text)))
            }
        }
        return items
    }

    /// The body as vCard/iCalendar bytes: XML turned every CRLF into LF; content lines end
    /// in CRLF again (RFC 6350, RFC 5545), so a body reads the same as a GET would give.
    static func contentLines(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)
        // Some servers indent or pad the data with whitespace lines; content lines never start a body with one.
        while let first = bytes.first, first == 0x0A || first == 0x0D || first == 0x20 || first == 0x09 { bytes.removeFirst() }
        out.reserveCapacity(bytes.count + bytes.count / 40)
        var previous: UInt8 = 0
        for b in bytes {
            if b == 0x0A && previous != 0x0D { out.append(0x0D) }
            out.append(b)
            previous = b
        }
        return out
    }

    // MARK: Writes

    public func create(name: String, body: [UInt8]) async throws -> RemoteEntry {
        try await createTyped(name: name, body: body)
    }

    /// `create(name:body:)` with its error type.
    public func createTyped(name: String, body: [UInt8]) async throws(RemoteError) -> RemoteEntry {
        try await put(href: href(forName: name), body: body, condition: ("If-None-Match", "*"))
    }

    public func update(href: String, body: [UInt8], ifMatch etag: String) async throws -> RemoteEntry {
        try await put(href: DAVHref.path(href, against: collectionURL), body: body, condition: ("If-Match", etag))
    }

    public func delete(href: String, ifMatch etag: String) async throws {
        try await deleteTyped(href: href, ifMatch: etag)
    }

    /// `delete(href:ifMatch:)` with its error type.
    public func deleteTyped(href: String, ifMatch etag: String) async throws(RemoteError) {
        let path = DAVHref.path(href, against: collectionURL)
        let response = try await session.send("DELETE", DAVHref.resolve(path, against: collectionURL), headers: [("If-Match", etag)])
        if response.status == 404 || response.status == 410 { return }
        try session.check(response, method: "DELETE", href: path)
    }

    private func put(href: String, body: [UInt8], condition: (String, String)) async throws(RemoteError) -> RemoteEntry {
        let target = DAVHref.resolve(href, against: collectionURL)
        let response = try await session.send("PUT", target, headers: [condition, ("Content-Type", kind.contentType)], body: body)
        try session.check(response, method: "PUT", href: href)
        // A server that stores the item elsewhere says so in Location.
        let stored = response.header("location").map { DAVHref.path($0, against: target) } ?? href
        if let etag = response.header("etag"), !etag.hasPrefix("W/") {
            return RemoteEntry(href: stored, etag: etag)
        }
        // No strong ETag (the server changed the body as it stored it): ask for it.
        return RemoteEntry(href: stored, etag: try await etag(of: stored))
    }

    /// The current ETag of `href` (PROPFIND Depth 0).
    public func etag(of href: String) async throws(RemoteError) -> String {
        let target = DAVHref.resolve(href, against: collectionURL)
        let response = try await session.send(
            "PROPFIND", target, headers: [("Depth", "0"), ("Content-Type", "application/xml; charset=utf-8")],
            body: DAVRequestBody.propfind(["d:getetag"]))
        try session.check(response, method: "PROPFIND", href: href)
        let multistatus = try DAVMultistatus.parse(response.body, base: target, url: target.absoluteString)
        guard let etag = multistatus.responses.lazy.compactMap({ $0.text("getetag") }).first else {
            throw .malformed(url: target.absoluteString, reason: "the server gave no DAV:getetag for the item")
        }
        return etag
    }
}
