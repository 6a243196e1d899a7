import Foundation
import ICalendarFormat

/// The second pass of a calendar import on a thread of its own: it reads the file's
/// components again and maps what each VEVENT gives all of its occurrences alike
/// (``EventMapping/shared(from:resolver:options:categories:emails:names:personUIDs:file:unmatched:customZones:photos:warnings:)``)
/// while the importing thread writes the events before it. Reading and mapping were a
/// third of an import's time on one core; the machines Kith runs on have two at least.
///
/// The importing thread calls ``start()``, ``next()`` until nil, and ``finish(stopping:)``
/// once whatever happens (it waits for the mapping thread); then reads ``unmatched`` and
/// ``customZones``.
// @unchecked: one thread at a time owns its mutable state: the mapping thread from
// `start()` until it finishes the hand-off, the importing thread after `finish` returned.
final class EventMapper: @unchecked Sendable {
    /// One component of the file, in file order.
    struct Item: Sendable {
        var component: ICalComponent
        /// Its place among the file's VEVENTs, with its UID as pass 1 settled it (nil: not a VEVENT).
        var ordinal: Int?
        /// What its occurrences share, for a VEVENT; the failure for one that cannot be an event.
        var shared: Result<Shared, EventMapping.Failure>?
    }

    /// What a VEVENT's occurrences share, with its inline pictures (hashed) and the warnings of its lines.
    struct Shared: Sendable {
        var draft: EventDraft
        var photos: [Photo]
        var warnings: [ImportWarning]
    }

    struct Photo: Sendable {
        var hash: String
        var data: Data
    }

    typealias Pass = ((ICalComponent) throws -> Void) throws -> [FormatWarning]

    private let readAhead = ReadAhead<Item, Void>()
    private let pass: Pass
    private let changedUIDs: [Int: String]
    private let resolver: ICalTimeZoneResolver
    private let options: ImportOptions
    private let categories: EventMapping.CategoryKeys
    private let emails: [String: Int64], names: [String: Int64], personUIDs: [String: Int64]
    private let file: String
    /// Attendees and organizers that found no one, and TZIDs kept with their VTIMEZONE.
    private(set) var unmatched = Set<String>()
    private(set) var customZones = Set<String>()

    init(
        pass: @escaping Pass, changedUIDs: [Int: String], resolver: ICalTimeZoneResolver, options: ImportOptions,
        categories: EventMapping.CategoryKeys, emails: [String: Int64], names: [String: Int64],
        personUIDs: [String: Int64], file: String
    ) {
        self.pass = pass; self.changedUIDs = changedUIDs; self.resolver = resolver; self.options = options
        self.categories = categories; self.emails = emails; self.names = names; self.personUIDs = personUIDs
        self.file = file
    }

    func start() {
        readAhead.start { send in
            var ordinal = 0
            _ = try self.pass { c in
                var item = Item(component: c)
                if c.name == "VEVENT" {
                    if let uid = self.changedUIDs[ordinal] { item.component.uid = uid }
                    item.ordinal = ordinal
                    item.shared = self.map(item.component)
                    ordinal += 1
                }
                try send(item)
            }
        }
    }

    private func map(_ e: ICalComponent) -> Result<Shared, EventMapping.Failure> {
        var photos: [Data] = []
        var warnings: [ImportWarning] = []
        do {
            let draft = try EventMapping.shared(
                from: e, resolver: resolver, options: options, categories: categories, emails: emails,
                names: names, personUIDs: personUIDs, file: file, unmatched: &unmatched,
                customZones: &customZones, photos: &photos, warnings: &warnings)
            return .success(Shared(draft: draft, photos: photos.map { Photo(hash: SHA256.hex([UInt8]($0)), data: $0) }, warnings: warnings))
        } catch let failure as EventMapping.Failure {
            return .failure(failure)
        } catch {
            return .failure(EventMapping.Failure(reason: "\(error)"))
        }
    }

    /// The next components in file order; nil after the last (or once stopped).
    func next() -> [Item]? { readAhead.next() }

    /// Waits for the mapping thread to end, stopping it first when `stopping` (the import
    /// failed); rethrows what stopped the mapping thread's read, if anything did.
    func finish(stopping: Bool) throws { try readAhead.finish(stopping: stopping) }
}
