import Foundation
import GRDB

/// The timeline: which events a filter selects, and their local order.
extension Journal {
    /// The timeline: events matching every given filter, newest first unless asked otherwise.
    ///
    /// One query reads the events in order; their places, people, photos, traits and kept
    /// iCalendar lines come from one query per table for a long listing, or a few batched
    /// ones for a short one.
    /// - Parameter filter: which events, in which order and how many.
    /// - Parameter icalLines: false leaves ``Event/icalLines`` empty (a listing that does
    ///   not show them skips reading them; ``event(id:)`` has them).
    /// - Complexity: one pass over the selected events, plus one per related table.
    public func events(_ filter: EventFilter = EventFilter(), icalLines: Bool = true) throws -> [Event] {
        try read { db in
            // SQLite selects, the events are put in order here: by the local day and wall-clock
            // time they show, which no stored column holds (issue 16).
            var unlimited = filter
            unlimited.limit = nil
            var (tail, args) = try Journal.eventSelection(db, unlimited, ordered: false)
            if let limit = filter.limit {
                // The first `limit` events in local order all fall on or after (newest first)
                // the local day of the `limit`-th event in day order: select those days whole.
                guard limit > 0 else { return [] }
                var dayArgs = args
                dayArgs += [limit - 1]
                let boundary = try Int.fetchOne(
                    db,
                    sql: "SELECT startDay FROM event" + tail
                        + (filter.newestFirst ? " ORDER BY startDay DESC" : " ORDER BY startDay") + " LIMIT 1 OFFSET ?", arguments: dayArgs)
                if let boundary {
                    tail += (tail.isEmpty ? " WHERE " : " AND ") + (filter.newestFirst ? "startDay >= ?" : "startDay <= ?")
                    args += [boundary]
                }
            }
            var loader = try EventLoader(db)
            var events = Journal.inLocalOrder(try loader.select(tail, arguments: args, icalLines: icalLines), newestFirst: filter.newestFirst)
            if let limit = filter.limit, events.count > limit { events.removeLast(events.count - limit) }
            return events
        }
    }

    /// `events` by the local day and wall-clock time each shows (its start in its own zone),
    /// then by id: an event at 23:00 in Asia/Taipei comes after one at 20:00 in Europe/Lisbon
    /// on the same local day, though it happened first.
    /// - Complexity: O(n log n); one zone offset per event.
    public static func inLocalOrder(_ events: [Event], newestFirst: Bool = false) -> [Event] {
        // Per zone, the last offset asked for holds from that instant to the zone's next
        // transition: events mostly come in time order, so few offsets are looked up.
        var zones: [String: (zone: TimeZone?, from: Date, until: Date, offset: Int)] = [:]
        var keys: [(day: Int, local: Int64, id: Int64, at: Int)] = []
        keys.reserveCapacity(events.count)
        for i in events.indices {
            let start = events[i].start
            let seconds = Int64(start.timeIntervalSince1970.rounded(.down))
            var offset = 0
            if !events[i].allDay {
                let name = events[i].timeZone
                if let known = zones[name], known.from <= start, start < known.until {
                    offset = known.offset
                } else {
                    let zone = zones[name].map(\.zone) ?? TimeZoneCache.shared.zone(name)
                    offset = zone?.secondsFromGMT(for: start) ?? 0
                    let until = zone?.nextDaylightSavingTimeTransition(after: start) ?? .distantFuture
                    zones[name] = (zone, start, until, offset)
                }
            }
            keys.append((events[i].startDay.dayNumber, seconds + Int64(offset), events[i].id, i))
        }
        if newestFirst {
            keys.sort { ($0.day, $0.local, $0.id) > ($1.day, $1.local, $1.id) }
        } else {
            keys.sort { ($0.day, $0.local, $0.id) < ($1.day, $1.local, $1.id) }
        }
        return keys.map { events[$0.at] }
    }

    /// The `WHERE … ORDER BY … LIMIT` part of a query on `event` that selects a filter's
    /// events in timeline order, with its arguments.
    /// - Parameter ordered: false leaves out the `ORDER BY` when there is no limit (the
    ///   caller sorts).
    static func eventSelection(_ db: Database, _ filter: EventFilter, ordered: Bool = true) throws -> (String, StatementArguments) {
        var clauses: [String] = []
        var args: [(any DatabaseValueConvertible)?] = []
        if let from = filter.from { clauses.append("endDay >= ?"); args.append(from.dayNumber) }
        if let to = filter.to { clauses.append("startDay <= ?"); args.append(to.dayNumber) }
        if let p = filter.personID {
            clauses.append("id IN (SELECT eventId FROM eventPerson WHERE personId = ?)"); args.append(p)
        }
        if let t = filter.typeID {
            let ids = try Journal.subtreeIDs(db, id: Journal.requireCategory(db, id: t, kind: .eventType).id)
            clauses.append("typeId IN (\(ids.map { _ in "?" }.joined(separator: ",")))")
            args += ids.map { $0 as (any DatabaseValueConvertible)? }
        }
        if let m = filter.moodID { clauses.append("moodId = ?"); args.append(m) }
        if let place = filter.place, !place.isEmpty {
            clauses.append("placeId IN (SELECT id FROM place WHERE kith_fold(name) LIKE ? ESCAPE '\\')")
            args.append("%" + Journal.likeEscaped(NameMatcher.fold(place)) + "%")
        }
        if let search = filter.search {
            for word in search.split(whereSeparator: { $0.isWhitespace }) {
                clauses.append("(kith_fold(title) LIKE ? ESCAPE '\\' OR kith_fold(note) LIKE ? ESCAPE '\\')")
                let pattern = "%" + Journal.likeEscaped(NameMatcher.fold(String(word))) + "%"
                args.append(pattern); args.append(pattern)
            }
        }
        var sql = ""
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
        if ordered || filter.limit != nil {
            sql += filter.newestFirst ? " ORDER BY startAt DESC, id DESC" : " ORDER BY startAt, id"
        }
        if let limit = filter.limit { sql += " LIMIT ?"; args.append(limit) }
        return (sql, StatementArguments(args))
    }

    static func likeEscaped(_ s: String) -> String {
        var out = ""
        for ch in s {
            if ch == "%" || ch == "_" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}
