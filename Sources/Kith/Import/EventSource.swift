import Foundation
import ICalendarFormat

/// A digest of what an import's mapping of one VEVENT read: the VEVENT's content, and
/// everything else the mapping looks at (the file's VTIMEZONEs, the zone of floating
/// times, the time-zone data, the journal's people and categories as the mapping finds
/// them, and the mapping's own version). Stored in `eventImport.source` for an event whose
/// mapping had nothing to report (no warning, no custom zone kept): the same digest at a
/// re-import means the VEVENT would be mapped to what it gave last time, so an event still
/// holding all of what that gave is unchanged without mapping the VEVENT again (only its
/// attendees that find no one are gathered, for the report's line). Mapping the bench's 100,000 VEVENTs again was 1.1 s
/// of a 2.8–4 s re-import that changed nothing.
///
/// An event's stored digest is cleared when one of its people or photos is taken off it
/// (triggers of the `event-source` migration): the merge would add them back, so the
/// event takes that path once.
enum EventSource {
    /// Changed whenever ``EventMapping/shared(from:resolver:options:categories:emails:names:personUIDs:file:unmatched:customZones:photos:warnings:)``
    /// or ``EventMapping/timed(_:from:occurrence:resolver:options:)`` makes something
    /// else of a VEVENT than before (or the fields or digest it leads to change): digests
    /// stored by an older Kith then never match, and its events are mapped again once.
    static let mappingVersion = 1

    /// The digest of what a file's mapping reads besides each VEVENT.
    static func context(
        timeZones: [ICalComponent], floating: TimeZone, categories: EventMapping.CategoryKeys,
        emails: [String: Int64], names: [String: Int64], personUIDs: [String: Int64]
    ) -> UInt64 {
        var h = StableHasher()
        h.combine(mappingVersion)
        h.combine(TimeZone.timeZoneDataVersion)
        h.combine(floating.identifier)
        h.combine(timeZones.count)
        for z in timeZones { h.combine(Int64(bitPattern: digest(of: z))) }
        // Dictionaries in no order: the sum of their entries' hashes.
        func combine<Value>(_ d: [String: Value], _ value: (inout StableHasher, Value) -> Void) {
            var sum: UInt64 = 0
            for (k, v) in d {
                sum &+= StableHasher.hash { e in
                    e.combine(k)
                    value(&e, v)
                }
            }
            h.combine(d.count)
            h.combine(Int64(bitPattern: sum))
        }
        combine(emails) { $0.combine($1) }
        combine(names) { $0.combine($1) }
        combine(personUIDs) { $0.combine($1) }
        combine(categories.moodByName) { $0.combine($1) }
        combine(categories.typeByPath) { $0.combine($1) }
        combine(categories.subtypesByName) { e, ids in
            e.combine(ids.count)
            for id in ids { e.combine(id) }
        }
        return h.value
    }

    /// The digest stored for `event` mapped in `context` (as SQLite's signed 64 bits).
    static func digest(_ event: ICalComponent, context: UInt64) -> Int64 {
        digest(content: digest(of: event), context: context)
    }

    /// ``digest(_:context:)`` from the ``digest(of:)`` of the event's content.
    static func digest(content: UInt64, context: UInt64) -> Int64 {
        var h = StableHasher()
        h.combine(Int64(bitPattern: context))
        h.combine(Int64(bitPattern: content))
        return Int64(bitPattern: h.value)
    }

    /// The digest of a component's content (``ICalComponent/forEachContentPiece(_:)``).
    static func digest(of c: ICalComponent) -> UInt64 {
        var h = StableHasher()
        c.forEachContentPiece { h.combine($0) }
        return h.value
    }

    /// The key of an event's UID among the stored digests: its hash, which no two of a
    /// journal's UIDs share in practice (a chance of about 10⁻⁸ for a million), and a
    /// false match would also need the digests of two VEVENTs to agree. Strings as keys
    /// made loading 303,256 of them a third of a re-import.
    static func key(_ uid: Span<UInt8>) -> UInt64 {
        var h = StableHasher()
        h.combine(uid)
        return h.value
    }

    /// ``key(_:)`` of the UID of an occurrence of the recurring event `uid`.
    static func key(_ uid: String, occurrence: ICalDateTime) -> UInt64 {
        var keys = OccurrenceKeys(uid: uid)
        return keys.key(occurrence)
    }

    /// ``key(_:occurrence:)`` of the occurrences of one recurring event in turn, writing
    /// each after the UID and `/` in one buffer.
    struct OccurrenceKeys {
        private var bytes: [UInt8]
        private let prefix: Int

        init(uid: String) {
            bytes = Array(uid.utf8)
            bytes.append(UInt8(ascii: "/"))
            prefix = bytes.count
        }

        mutating func key(_ occurrence: ICalDateTime) -> UInt64 {
            bytes.removeLast(bytes.count - prefix)
            occurrence.appendICalBytes(to: &bytes)
            return EventSource.key(bytes.span)
        }
    }

    /// ``key(_:)`` of a UID.
    static func key(_ uid: String) -> UInt64 { key(uid.utf8.span) }

    /// An event's stored digest, by the ``key(_:)`` of its UID.
    struct Stored {
        var id: Int64
        var source: Int64
    }
}
