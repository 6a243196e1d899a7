// Finding the user's address books and calendars from whatever URL they typed: the URL
// itself, or RFC 6764's /.well-known/carddav and /.well-known/caldav, then
// DAV:current-user-principal (RFC 5397), then the principal's addressbook-home-set (RFC 6352)
// and calendar-home-set (RFC 4791), then the collections in each home with their names,
// types, vCard versions and calendar components. Also creates the collections named for Kith.
import Foundation

/// An address book or calendar found on the server.
public struct DAVCollectionInfo: Sendable, Hashable {
    /// The absolute URL.
    public var url: String
    /// Address book or calendar.
    public var kind: DAVCollectionKind
    /// `DAV:displayname`, if set.
    public var displayName: String?
    /// The vCard versions in `supported-address-data` (`["3.0"]` when the server does not say).
    public var vCardVersions: [String]
    /// `supported-calendar-component-set` (`["VEVENT", "VTODO"]`); empty when not said (any).
    public var components: [String]
    /// The collection's `DAV:sync-token`, when it offers RFC 6578.
    public var syncToken: String?
    /// Apple's `getctag`, when offered.
    public var ctag: String?

    /// Whether a calendar can hold VEVENTs (always true for an address book).
    public var takesEvents: Bool { kind == .addressBook || components.isEmpty || components.contains("VEVENT") }
}

/// What discovery found for the signed-in user.
public struct DAVAccountHomes: Sendable, Hashable {
    /// The principal URL, if the server names one.
    public var principal: String?
    /// The address book home (where new address books go), if the server has CardDAV.
    public var addressBookHome: String?
    /// The calendar home, if the server has CalDAV.
    public var calendarHome: String?
    /// The address books in the home (or the URL given, when it is one).
    public var addressBooks: [DAVCollectionInfo]
    /// The calendars in the home (or the URL given, when it is one).
    public var calendars: [DAVCollectionInfo]
}

extension DAVSession {
    /// Finds the principal, the homes and the collections from ``baseURL``.
    /// - Throws: `.unauthorized` when the credentials are refused, `.unreachable`,
    ///   `.malformed` when no DAV server answers there (nothing that looks like CardDAV or CalDAV).
    public func discover() async throws(RemoteError) -> DAVAccountHomes {
        var homes = DAVAccountHomes(principal: nil, addressBookHome: nil, calendarHome: nil, addressBooks: [], calendars: [])
        // The URL itself may be a collection, a home or a principal.
        let given = try await properties(
            of: baseURL, depth: 0, ["d:current-user-principal", "d:resourcetype", "card:addressbook-home-set", "cal:calendar-home-set"])
        var principalPath = given?.entry.hrefProp("current-user-principal", DAVNamespace.dav, base: given!.url)
        var principalBase = given?.url ?? baseURL
        if let entry = given?.entry, entry.resourceTypes.contains("addressbook") || entry.resourceTypes.contains("calendar") {
            let collections = try await listCollections(in: given!.url, depth: 0)
            homes.addressBooks = collections.filter { $0.kind == .addressBook }
            homes.calendars = collections.filter { $0.kind == .calendar }
        }
        if principalPath == nil {
            for wellKnown in ["/.well-known/carddav", "/.well-known/caldav"] {
                let url = DAVHref.resolve(wellKnown, against: baseURL)
                if let found = try await properties(of: url, depth: 0, ["d:current-user-principal"]),
                    let path = found.entry.hrefProp("current-user-principal", DAVNamespace.dav, base: found.url)
                {
                    principalPath = path
                    principalBase = found.url
                    break
                }
            }
        }
        var homeEntry = given?.entry
        if let principalPath {
            let principalURL = DAVHref.resolve(principalPath, against: principalBase)
            homes.principal = principalURL.absoluteString
            if let found = try await properties(of: principalURL, depth: 0, ["card:addressbook-home-set", "cal:calendar-home-set"]) {
                homeEntry = found.entry
                principalBase = found.url
            }
        }
        if let homeEntry {
            if let path = homeEntry.hrefProp("addressbook-home-set", DAVNamespace.cardDAV, base: principalBase) {
                homes.addressBookHome = DAVHref.resolve(path, against: principalBase).absoluteString
            }
            if let path = homeEntry.hrefProp("calendar-home-set", DAVNamespace.calDAV, base: principalBase) {
                homes.calendarHome = DAVHref.resolve(path, against: principalBase).absoluteString
            }
        }
        if homes.addressBookHome == nil && homes.calendarHome == nil && homes.addressBooks.isEmpty && homes.calendars.isEmpty {
            throw .malformed(
                url: baseURL.absoluteString,
                reason: "no CardDAV or CalDAV service found there (no current-user-principal, no address book or calendar home)")
        }
        var seen = Set((homes.addressBooks + homes.calendars).map(\.url))
        for home in Set([homes.addressBookHome, homes.calendarHome].compactMap { $0 }).sorted() {
            for info in try await listCollections(in: URL(string: home)!, depth: 1) where seen.insert(info.url).inserted {
                if info.kind == .addressBook { homes.addressBooks.append(info) } else { homes.calendars.append(info) }
            }
        }
        return homes
    }

    /// The address books and calendars at `url` (Depth 0: the URL itself; Depth 1: its members).
    public func listCollections(in url: URL, depth: Int) async throws(RemoteError) -> [DAVCollectionInfo] {
        let response = try await send(
            "PROPFIND", url, headers: [("Depth", String(depth)), ("Content-Type", "application/xml; charset=utf-8")],
            body: DAVRequestBody.propfind([
                "d:resourcetype", "d:displayname", "card:supported-address-data", "cal:supported-calendar-component-set", "d:sync-token", "cs:getctag",
            ]))
        try check(response, method: "PROPFIND")
        let multistatus = try DAVMultistatus.parse(response.body, base: url, url: url.absoluteString)
        var out: [DAVCollectionInfo] = []
        for entry in multistatus.responses {
            let types = entry.resourceTypes
            let kind: DAVCollectionKind
            if types.contains("addressbook") {
                kind = .addressBook
            } else if types.contains("calendar") {
                kind = .calendar
            } else {
                continue
            }
            var versions: [String] = []
            for type in entry.prop("supported-address-data", DAVNamespace.cardDAV)?.children ?? []
            where type.localName == "address-data-type" || type.localName == "content-type" {
                // RFC 6352 names it address-data-type; Xandikos 0.4 sends content-type.
                if (type.attribute("content-type") ?? "text/vcard").lowercased() == "text/vcard" { versions.append(type.attribute("version") ?? "3.0") }
            }
            let components =
                entry.prop("supported-calendar-component-set", DAVNamespace.calDAV)?.children.filter { $0.localName == "comp" }.compactMap {
                    $0.attribute("name")?.uppercased()
                } ?? []
            var path = entry.href
            if !path.hasSuffix("/") { path += "/" }
            out.append(
                DAVCollectionInfo(
                    url: DAVHref.resolve(path, against: url).absoluteString, kind: kind, displayName: entry.text("displayname"),
                    vCardVersions: kind == .addressBook ? (versions.isEmpty ? ["3.0"] : versions) : [], components: kind == .calendar ? components : [],
                    syncToken: entry.text("sync-token"), ctag: entry.text("getctag", DAVNamespace.calendarServer)))
        }
        return out
    }

    /// The collection at `url`, its vCard versions read from the server (one PROPFIND).
    /// - Throws: `.notFound` when nothing is there, `.malformed` when it is not a collection of `kind`.
    public func collection(at url: String, kind: DAVCollectionKind) async throws(RemoteError) -> DAVCollection {
        let target = DAVHref.resolve(url, against: baseURL)
        guard let info = try await listCollections(in: target, depth: 0).first(where: { $0.kind == kind }) else {
            throw .malformed(url: target.absoluteString, reason: "not a CardDAV address book or CalDAV calendar of the kind asked (\(kind.rawValue))")
        }
        return DAVCollection(session: self, info: info)
    }

    /// The address book and calendar named `displayName` in the homes found by discovery,
    /// created (extended MKCOL, MKCALENDAR) when absent. An existing collection with that
    /// display name, or at `<home>/<slug>/`, is used as it is. Each kind has its own slug
    /// (`kith-people`, `kith-events`), since many servers (Radicale, Xandikos with one home)
    /// keep address books and calendars side by side in one home.
    public func ensureKithCollections(
        _ homes: DAVAccountHomes, displayName: String = "Kith", slugs: (addressBook: String, calendar: String) = ("kith-people", "kith-events")
    ) async throws(RemoteError) -> (addressBook: DAVCollection, calendar: DAVCollection) {
        let book = try await ensure(.addressBook, homes: homes, displayName: displayName, slug: slugs.addressBook)
        let calendar = try await ensure(.calendar, homes: homes, displayName: displayName, slug: slugs.calendar)
        return (book, calendar)
    }

    private func ensure(_ kind: DAVCollectionKind, homes: DAVAccountHomes, displayName: String, slug: String) async throws(RemoteError) -> DAVCollection {
        let existing = kind == .addressBook ? homes.addressBooks : homes.calendars
        guard let home = kind == .addressBook ? homes.addressBookHome : homes.calendarHome else {
            if let only = existing.first(where: { $0.displayName == displayName && $0.takesEvents }) ?? existing.first(where: \.takesEvents) {
                return DAVCollection(session: self, info: only)
            }
            throw .malformed(url: baseURL.absoluteString, reason: "the server has no \(kind == .addressBook ? "address book" : "calendar") home")
        }
        let homeURL = URL(string: home)!
        let wanted = DAVHref.path(DAVHref.rawPath(homeURL) + (DAVHref.rawPath(homeURL).hasSuffix("/") ? "" : "/") + slug + "/", against: homeURL)
        if let found = existing.first(where: { $0.displayName == displayName && $0.takesEvents })
            ?? existing.first(where: { DAVHref.sameCollection(DAVHref.path($0.url, against: homeURL), wanted) && $0.takesEvents })
        {
            return DAVCollection(session: self, info: found)
        }
        // The slug may be taken by something else (a plain folder, the other kind): try slug-2, slug-3.
        for attempt in 1...5 {
            let path = attempt == 1 ? wanted : String(wanted.dropLast()) + "-\(attempt)/"
            let target = DAVHref.resolve(path, against: homeURL)
            let response: DAVResponse
            if kind == .addressBook {
                response = try await send(
                    "MKCOL", target, headers: [("Content-Type", "application/xml; charset=utf-8")],
                    body: DAVRequestBody.mkcolAddressBook(displayName: displayName))
            } else {
                response = try await send(
                    "MKCALENDAR", target, headers: [("Content-Type", "application/xml; charset=utf-8")],
                    body: DAVRequestBody.mkcalendar(displayName: displayName))
            }
            if response.status == 405 || response.status == 409 && attempt < 5 {
                // Something is there already: use it when it is the right kind.
                if let info = try? await listCollections(in: target, depth: 0).first(where: { $0.kind == kind && $0.takesEvents }) {
                    return DAVCollection(session: self, info: info)
                }
                continue
            }
            try check(response, method: kind == .addressBook ? "MKCOL" : "MKCALENDAR")
            return try await collection(at: target.absoluteString, kind: kind)
        }
        throw .status(405, method: kind == .addressBook ? "MKCOL" : "MKCALENDAR", url: wanted, reason: "no free name for the \(displayName) collection")
    }

    /// PROPFIND `names` at `url`; nil when the server answers 404, 405 or 501 there (no DAV
    /// there); the answer's first response otherwise, with the URL that answered.
    func properties(of url: URL, depth: Int, _ names: [String]) async throws(RemoteError) -> (entry: DAVResponseEntry, url: URL)? {
        let response = try await send(
            "PROPFIND", url, headers: [("Depth", String(depth)), ("Content-Type", "application/xml; charset=utf-8")], body: DAVRequestBody.propfind(names))
        if [400, 404, 405, 501].contains(response.status) || response.status >= 500 { return nil }
        try check(response, method: "PROPFIND")
        guard response.status == 207 else { return nil }
        let answered = URL(string: response.url) ?? url
        guard let multistatus = try? DAVMultistatus.parse(response.body, base: answered, url: response.url) else { return nil }
        return multistatus.responses.first.map { ($0, answered) }
    }
}

extension DAVCollection {
    /// The collection described by `info`.
    public init(session: DAVSession, info: DAVCollectionInfo, batchSize: Int = 200) {
        self.init(session: session, url: info.url, kind: info.kind, vCardVersions: info.vCardVersions, batchSize: batchSize)
    }
}
