// `kith sync add`: from the URL the user typed, find the address book and calendar Kith
// syncs with: the ones given, else ones named Kith, else new ones. One HTTP session, made
// here and closed before returning.

/// A collection chosen for an account, and how it was chosen.
public struct ChosenCollection: Sendable, Hashable, Codable {
    public var url: String
    public var displayName: String?
    /// `given` (--addressbook/--calendar), `found` (named Kith already) or `created`.
    public var how: String
}

/// What `AccountSetup.discover` found.
public struct AccountSetupResult: Sendable, Hashable, Codable {
    public var addressBook: ChosenCollection
    public var calendar: ChosenCollection
    /// The vCard version the address book takes: `4.0` when it says so, else `3.0`.
    public var vCardVersion: String
    /// How many address books and calendars the server showed the user.
    public var addressBooksSeen: Int
    public var calendarsSeen: Int
}

/// Finding and creating an account's collections.
public enum AccountSetup {
    /// Finds the homes from `url`, then uses `addressbook` and `calendar` when given, else
    /// the collections named Kith, creating them when absent.
    /// - Throws: `RemoteError` (`.unauthorized` for refused credentials, `.unreachable`, `.malformed`
    ///   when no CardDAV/CalDAV server answers).
    public static func discover(
        url: String, user: String, password: String?, caFile: String?, addressbook: String?, calendar: String?
    ) async throws -> AccountSetupResult {
        try await DAVSession.with(baseURL: url, user: user.isEmpty ? nil : user, password: password, caFile: caFile) { session in
            let homes = try await session.discover()
            let seenBooks = Set(homes.addressBooks.map(\.url)), seenCalendars = Set(homes.calendars.map(\.url))
            var book: ChosenCollection, cal: ChosenCollection
            var versions: [String]
            if let addressbook, let calendar {
                let b = try await session.collection(at: addressbook, kind: .addressBook)
                let c = try await session.collection(at: calendar, kind: .calendar)
                book = ChosenCollection(url: b.url, displayName: nil, how: "given")
                cal = ChosenCollection(url: c.url, displayName: nil, how: "given")
                versions = b.vCardVersions
            } else {
                let made = try await session.ensureKithCollections(homes)
                book = ChosenCollection(url: made.addressBook.url, displayName: "Kith", how: seenBooks.contains(made.addressBook.url) ? "found" : "created")
                cal = ChosenCollection(url: made.calendar.url, displayName: "Kith", how: seenCalendars.contains(made.calendar.url) ? "found" : "created")
                versions = made.addressBook.vCardVersions
                if let addressbook {
                    let b = try await session.collection(at: addressbook, kind: .addressBook)
                    book = ChosenCollection(url: b.url, displayName: nil, how: "given")
                    versions = b.vCardVersions
                }
                if let calendar {
                    let c = try await session.collection(at: calendar, kind: .calendar)
                    cal = ChosenCollection(url: c.url, displayName: nil, how: "given")
                }
            }
            return AccountSetupResult(
                addressBook: book, calendar: cal, vCardVersion: versions.contains("4.0") ? "4.0" : "3.0", addressBooksSeen: seenBooks.count,
                calendarsSeen: seenCalendars.count)
        }
    }
}
