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
        /// The event's id when this VEVENT, not recurring, is the event as imported last
        /// time (``EventSource``): it was not mapped, and `shared` is nil.
        var unchanged: Int64?
    }

    /// What a VEVENT's occurrences share, with its inline pictures (hashed) and the warnings of its lines.
    struct Shared: Sendable {
        var draft: EventDraft
        var photos: [Photo]
        var warnings: [ImportWarning]
        /// The VEVENT's ``EventSource`` digest, when its mapping had nothing to report (no
        /// warning, no custom zone): stored with its events.
        var source: Int64?
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
    /// ``EventSource/context(timeZones:floating:categories:emails:names:personUIDs:)``.
    private let context: UInt64
    /// The journal's stored digests by UID: a VEVENT that is not recurring and matches is
    /// not mapped. Empty when the import keeps reasons, which the merge gives.
    private let sources: [UInt64: EventSource.Stored]
    private let recurringOrdinals: Set<Int>
    /// ``EventSource/digest(of:)`` of each VEVENT by its place, when the first pass has
    /// them (see ``Journal/Digests``); empty otherwise.
    private let contentDigests: [UInt64]
    /// Attendees and organizers of the VEVENTs mapped that found no one (those of the
    /// unchanged ones are the importing thread's to find), and TZIDs kept with their VTIMEZONE.
    private(set) var unmatched = Set<String>()
    private(set) var customZones = Set<String>()

    init(
        pass: @escaping Pass, changedUIDs: [Int: String], resolver: ICalTimeZoneResolver, options: ImportOptions,
        categories: EventMapping.CategoryKeys, emails: [String: Int64], names: [String: Int64],
        personUIDs: [String: Int64], file: String, context: UInt64, sources: [UInt64: EventSource.Stored],
        recurringOrdinals: Set<Int>, contentDigests: [UInt64]
    ) {
        self.pass = pass; self.changedUIDs = changedUIDs; self.resolver = resolver; self.options = options
        self.categories = categories; self.emails = emails; self.names = names; self.personUIDs = personUIDs
        self.file = file; self.context = context; self.sources = sources; self.recurringOrdinals = recurringOrdinals
        self.contentDigests = contentDigests
    }

    func start() {
        readAhead.start { send in
            var ordinal = 0
            _ = try self.pass { c in
                var item = Item(component: c)
                if c.name == "VEVENT" {
                    if let uid = self.changedUIDs[ordinal] { item.component.uid = uid }
                    item.ordinal = ordinal
                    let content = ordinal < self.contentDigests.count ? self.contentDigests[ordinal] : EventSource.digest(of: item.component)
                    let source = EventSource.digest(content: content, context: self.context)
                    if !self.sources.isEmpty, !self.recurringOrdinals.contains(ordinal), let uid = item.component.uid,
                        let stored = self.sources[EventSource.key(uid)], stored.source == source
                    {
                        // Its attendees that find no one still count in the report's line: the
                        // importing thread, less busy than this one at a re-import, finds them.
                        item.unchanged = stored.id
                    } else {
                        item.shared = self.map(item.component, source: source)
                    }
                    ordinal += 1
                }
                try send(item)
            }
        }
    }

    private func map(_ e: ICalComponent, source: Int64) -> Result<Shared, EventMapping.Failure> {
        var photos: [Data] = []
        var warnings: [ImportWarning] = []
        // This VEVENT's own: whether its mapping kept a custom zone.
        var customZones = Set<String>()
        defer { self.customZones.formUnion(customZones) }
        do {
            let draft = try EventMapping.shared(
                from: e, resolver: resolver, options: options, categories: categories, emails: emails,
                names: names, personUIDs: personUIDs, file: file, unmatched: &self.unmatched,
                customZones: &customZones, photos: &photos, warnings: &warnings)
            // Attendees that find no one are gathered again when it is not mapped.
            let quiet = warnings.isEmpty && customZones.isEmpty
            return .success(
                Shared(
                    draft: draft, photos: photos.map { Photo(hash: SHA256.hex([UInt8]($0)), data: $0) }, warnings: warnings,
                    source: quiet ? source : nil))
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
