import Foundation
import GRDB

extension Journal {
    /// A person's page: profile, traits by category with their source events, the events
    /// with them, last seen and meetings per month over the last year.
    /// - Parameter id: the person's id.
    /// - Parameter asOf: the day "last seen" and the twelve months are counted back from.
    /// - Parameter eventLimit: at most this many events, the newest (``PersonPage/eventCount``
    ///   still counts them all); nil for all. A page for someone met 20,000 times reads 200.
    /// - Throws: ``JournalError/personNotFound(id:)``.
    public func personPage(id: Int64, asOf: LocalDate = .today(), eventLimit: Int? = nil) throws -> PersonPage {
        try read { db in
            let person = try Journal.fetchPerson(db, id: id)
            let entries = try Journal.traitEntries(db, where: "t.personId = ?", arguments: [id]).map(\.entry)
            let order = Dictionary(uniqueKeysWithValues: try Journal.fetchCategories(db, kind: .trait).enumerated().map { ($1.id, $0) })
            var groups: [TraitGroup] = []
            for e in entries {
                if let i = groups.firstIndex(where: { $0.category.id == e.category.id }) {
                    groups[i].traits.append(e)
                } else {
                    groups.append(TraitGroup(category: e.category, traits: [e]))
                }
            }
            groups.sort { (order[$0.category.id] ?? .max) < (order[$1.category.id] ?? .max) }
            let eventIDs = try Int64.fetchAll(
                db,
                sql: """
                    SELECT e.id FROM eventPerson ep JOIN event e ON e.id = ep.eventId WHERE ep.personId = ?
                    ORDER BY e.startAt DESC, e.id DESC LIMIT ?
                    """, arguments: [id, eventLimit.map { max(0, $0) } ?? -1])
            let eventCount =
                eventLimit == nil || eventIDs.count < eventLimit!
                ? eventIDs.count
                : try Int.fetchOne(db, sql: "SELECT count(*) FROM eventPerson WHERE personId = ?", arguments: [id]) ?? 0
            let events = Journal.inLocalOrder(try Journal.fetchEvents(db, ids: eventIDs), newestFirst: true)
            let last = try Int.fetchOne(
                db, sql: "SELECT max(day) FROM dayPerson WHERE personId = ? AND day <= ?",
                arguments: [id, asOf.dayNumber])
            var months: [MonthCount] = []
            var y = asOf.year, m = asOf.month
            for _ in 0..<12 {
                months.insert(MonthCount(year: y, month: m, count: 0), at: 0)
                m -= 1; if m == 0 { m = 12; y -= 1 }
            }
            let first = months[0].year * 10000 + months[0].month * 100
            // From the day index (as `kith stats` counts): an event that spans days counts on each
            // day it touches. Someone met 19,094 times is ~1,200 index rows here, not 19,094 events.
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT day / 100 AS ym, sum(eventCount) AS n FROM dayPerson
                    WHERE personId = ? AND day BETWEEN ? AND ? GROUP BY ym
                    """, arguments: [id, first, asOf.dayNumber])
            {
                let ym: Int = row["ym"]
                if let i = months.firstIndex(where: { $0.year * 100 + $0.month == ym }) { months[i].count = row["n"] }
            }
            let average = Double(months.reduce(0) { $0 + $1.count }) / 12
            return PersonPage(
                person: person, traits: groups, events: events, eventCount: eventCount, lastSeen: last.map(LocalDate.init(dayNumber:)),
                meetingsPerMonth: months, averagePerMonth: average)
        }
    }

    /// Trait entries matching a condition on `trait t`, newest first (by source event, then entry).
    static func traitEntries(
        _ db: Database, where condition: String, arguments: StatementArguments,
        withPerson: Bool = false
    ) throws -> [(entry: TraitEntry, person: PersonRef?)] {
        let categories = Dictionary(uniqueKeysWithValues: try fetchCategories(db, kind: .trait).map { ($0.id, $0) })
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT t.id, t.categoryId, t.text, t.personId, p.displayName, e.id AS eventId, e.title, e.startDay, pl.name AS placeName
                FROM trait t JOIN person p ON p.id = t.personId
                LEFT JOIN event e ON e.id = t.eventId LEFT JOIN place pl ON pl.id = e.placeId
                WHERE \(condition)
                ORDER BY ifnull(e.startAt, t.createdAt) DESC, t.id DESC
                """, arguments: arguments)
        return rows.compactMap { row in
            guard let c = categories[row["categoryId"]] else { return nil }
            let eventID: Int64? = row["eventId"]
            let source = eventID.map {
                EventRef(id: $0, title: row["title"], day: LocalDate(dayNumber: row["startDay"]), place: row["placeName"])
            }
            let person = PersonRef(id: row["personId"], displayName: row["displayName"])
            let entry = TraitEntry(id: row["id"], category: c, text: row["text"], source: source, person: person)
            return (entry, withPerson ? person : nil)
        }
    }
}
