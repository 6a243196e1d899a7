import Foundation
import GRDB

extension Journal {
    // MARK: Queries

    /// The days from `from` to `to` (inclusive) that have matching events, in order.
    ///
    /// Without a filter this reads only the per-day summary table; with one it aggregates
    /// the indexed per-day event rows of the range. Neither scans all events.
    /// - Complexity: O(days with events in the range) without a filter, O(event-days in the
    ///   range) with one.
    public func days(from: LocalDate, to: LocalDate, filter: DayFilter = DayFilter()) throws -> [DaySummary] {
        try read { db in try Journal.daySummaries(db, from: from.dayNumber, to: to.dayNumber, filter: filter) }
    }

    /// The days of a month that have matching events.
    public func month(year: Int, month: Int, filter: DayFilter = DayFilter()) throws -> [DaySummary] {
        guard (1...12).contains(month) else { throw JournalError.invalidValue(field: "month", reason: "\(month) is not 1...12") }
        let first = year * 10000 + month * 100
        return try read { db in try Journal.daySummaries(db, from: first + 1, to: first + 31, filter: filter) }
    }

    /// What the month view shows, read in one transaction: the days of the month that have
    /// matching events (as ``month(year:month:filter:)``), the moods (as
    /// `categories(kind: .mood)`) and how many matching events touch the month, each once
    /// (as ``eventCount(from:to:filter:)`` from the 1st to the 31st).
    ///
    /// One read instead of three, the moods read once instead of twice (issue 7).
    public func monthView(year: Int, month: Int, filter: DayFilter = DayFilter())
        throws -> (days: [DaySummary], moods: [Category], eventCount: Int) {
        guard (1...12).contains(month) else { throw JournalError.invalidValue(field: "month", reason: "\(month) is not 1...12") }
        let first = year * 10000 + month * 100
        return try read { db in
            let moods = try Journal.fetchCategories(db, kind: .mood)
            let days = try Journal.daySummaries(db, from: first + 1, to: first + 31, filter: filter, moods: moods)
            return (days, moods, try Journal.eventCount(db, from: first + 1, to: first + 31, filter: filter))
        }
    }

    /// The days of a year that have matching events.
    public func year(_ year: Int, filter: DayFilter = DayFilter()) throws -> [DaySummary] {
        try read { db in try Journal.daySummaries(db, from: year * 10000 + 101, to: year * 10000 + 1231, filter: filter) }
    }

    /// The events touching a local day, in time order, read through the day index.
    public func events(on day: LocalDate, filter: DayFilter = DayFilter()) throws -> [Event] {
        try read { db in
            let (sql, arguments) = try Journal.dayEventSQL(db, select: "de.eventId", from: day.dayNumber, to: day.dayNumber, filter: filter)
            let ids = try Int64.fetchAll(db, sql: sql, arguments: arguments)
            return Journal.inLocalOrder(try Journal.fetchEvents(db, ids: ids))
        }
    }

    /// How many matching events touch the days from `from` to `to` (inclusive), each counted
    /// once: the day summaries count an event across midnight on every day it touches.
    /// - Complexity: O(event-days in the range), through the index.
    public func eventCount(from: LocalDate, to: LocalDate, filter: DayFilter = DayFilter()) throws -> Int {
        try read { db in try Journal.eventCount(db, from: from.dayNumber, to: to.dayNumber, filter: filter) }
    }

    static func eventCount(_ db: Database, from: Int, to: Int, filter: DayFilter) throws -> Int {
        if filter.isEmpty {
            // Stepped straight through SQLite: `Int.fetchOne` instantiates GRDB's generic
            // fetch types at first use, a scan of the binary's conformance records (issue 7).
            let statement = try db.cachedStatement(sql: "SELECT COUNT(DISTINCT eventId) FROM dayEvent WHERE day BETWEEN ? AND ?")
            return try RawRow.first(db, statement, { $0.int(from); $0.int(to) }) { Int($0.int(0)) } ?? 0
        }
        let (sql, arguments) = try Journal.dayEventSQL(db, select: "COUNT(DISTINCT de.eventId)", from: from, to: to, filter: filter)
        return try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0
    }

    /// A query over the day index rows of a range of days, with the filter's joins.
    static func dayEventSQL(_ db: Database, select: String, from: Int, to: Int, filter: DayFilter) throws -> (String, StatementArguments) {
        let (joins, clauses, args) = try filterSQL(db, filter)
        let sql = "SELECT \(select) FROM dayEvent de \(joins) WHERE de.day BETWEEN ? AND ? \(clauses.map { " AND " + $0 }.joined())"
        // The person join's argument comes before the days, the other filters after them.
        let split = filter.personID == nil ? 0 : 1
        var ordered = Array(args.prefix(split))
        ordered += [from, to]
        ordered += args.dropFirst(split)
        return (sql, StatementArguments(ordered))
    }

    /// Rebuilds the day index from the events and compares it with the stored one; also
    /// checks that each trait learned in an event is about one of its people.
    /// - Throws: ``JournalError/invariantViolation(_:)`` describing the first differences.
    /// - Complexity: O(all events and the days they touch).
    public func checkInvariants() throws {
        try read { db in try Journal.checkDayIndex(db) }
    }

    // MARK: Maintenance (called inside write transactions)

    /// Recomputes the index rows of these events (as they are now, or gone) and every day
    /// they touched before or touch now.
    static func reindex(_ db: Database, eventIDs: [Int64]) throws {
        guard !eventIDs.isEmpty else { return }
        // Sorted arrays and rows stepped straight through SQLite, not a `Set<Int>` and GRDB's
        // generic fetches: each of those instantiates generic types at first use, a scan of
        // the binary's ~7,000 conformance records apiece for `kith log` (issue 7).
        var days: [Int] = []
        let ids = sortedUnique(eventIDs)
        var start = 0
        let insert = try db.cachedStatement(sql: "INSERT INTO dayEvent (day, eventId, typeId, moodId) VALUES (?, ?, ?, ?)")
        // The new rows, inserted once the old ones are gone, in the table's key order: an
        // import of many events touches each page of `dayEvent` once instead of at random.
        var rows: [(day: Int, id: Int64, typeID: Int64?, moodID: Int64?)] = []
        while start < ids.count {
            let chunk = ids[start..<min(ids.count, start + 500)]
            start += 500
            let marks = chunk.map { _ in "?" }.joined(separator: ",")
            func bindChunk(_ row: inout RawRow) { for id in chunk { row.int(id) } }
            try RawRow.each(db, db.cachedStatement(sql: "SELECT day FROM dayEvent WHERE eventId IN (\(marks))"), bindChunk) {
                days.append(Int($0.int(0)))
            }
            try RawRow.run(db, db.cachedStatement(sql: "DELETE FROM dayEvent WHERE eventId IN (\(marks))"), bindChunk)
            var events: [(id: Int64, startDay: Int, endDay: Int, typeID: Int64?, moodID: Int64?)] = []
            try RawRow.each(db, db.cachedStatement(sql: "SELECT id, startDay, endDay, typeId, moodId FROM event WHERE id IN (\(marks))"),
                            bindChunk) { row in
                events.append((row.int(0), Int(row.int(1)), Int(row.int(2)), row.optionalInt(3), row.optionalInt(4)))
            }
            for event in events {
                for day in dayNumbers(from: event.startDay, to: event.endDay) {
                    rows.append((day, event.id, event.typeID, event.moodID))
                    days.append(day)
                }
            }
        }
        rows.sort { ($0.day, $0.id) < ($1.day, $1.id) }
        for r in rows {
            try RawRow.run(db, insert) { $0.int(r.day); $0.int(r.id); $0.int(r.typeID); $0.int(r.moodID) }
        }
        try recomputeDays(db, days)
    }

    /// The values in ascending order, each once.
    static func sortedUnique<T: Comparable>(_ values: [T]) -> [T] {
        var out: [T] = []
        out.reserveCapacity(values.count)
        for v in values.sorted() where out.last != v { out.append(v) }
        return out
    }

    /// Every `yyyymmdd` from one day to another, inclusive.
    static func dayNumbers(from: Int, to: Int) -> [Int] {
        if from == to { return [from] }
        let a = LocalDate(dayNumber: from).daysSinceEpoch, b = LocalDate(dayNumber: to).daysSinceEpoch
        guard b >= a else { return [from] }
        return (a...b).map { LocalDate(daysSinceEpoch: $0).dayNumber }
    }

    /// Rebuilds the per-day person rows and summary of these days (`yyyymmdd`, in any order,
    /// repeats allowed) from `dayEvent`.
    static func recomputeDays(_ db: Database, _ days: [Int]) throws {
        guard !days.isEmpty else { return }
        let scores = try moodScores(db)
        let deletePeople = try db.cachedStatement(sql: "DELETE FROM dayPerson WHERE day = ?")
        let deleteSummary = try db.cachedStatement(sql: "DELETE FROM daySummary WHERE day = ?")
        let insertPeople = try db.cachedStatement(sql: """
            INSERT INTO dayPerson (day, personId, eventCount)
            SELECT de.day, ep.personId, count(*) FROM dayEvent de JOIN eventPerson ep ON ep.eventId = de.eventId
            WHERE de.day = ? GROUP BY ep.personId
            """)
        let moods = try db.cachedStatement(sql: "SELECT moodId FROM dayEvent WHERE day = ?")
        let dayPeople = try db.cachedStatement(sql: "SELECT personId FROM dayPerson WHERE day = ? ORDER BY personId")
        let insertSummary = try db.cachedStatement(sql: """
            INSERT INTO daySummary (day, eventCount, personCount, moodCount, moodScoreSum, dominantMoodId, people)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for day in sortedUnique(days) {
            try RawRow.run(db, deletePeople) { $0.int(day) }
            try RawRow.run(db, deleteSummary) { $0.int(day) }
            var moodIDs: [Int64?] = []
            try RawRow.each(db, moods, { $0.int(day) }) { moodIDs.append($0.optionalInt(0)) }
            guard !moodIDs.isEmpty else { continue }
            try RawRow.run(db, insertPeople) { $0.int(day) }
            var people: [Int64] = []
            try RawRow.each(db, dayPeople, { $0.int(day) }) { people.append($0.int(0)) }
            let m = moodSummary(moodIDs, scores: scores)
            let list = people.map(String.init).joined(separator: ",")
            try RawRow.run(db, insertSummary) {
                $0.int(day); $0.int(moodIDs.count); $0.int(people.count); $0.int(m.count); $0.int(m.sum)
                $0.int(m.dominant); $0.text(list)
            }
        }
    }

    /// The score of each mood, by id: a handful, searched in order (a dictionary keyed by
    /// id would cost a first-use conformance scan, issue 7).
    struct MoodScores {
        var ids: [Int64] = []
        var scores: [Int] = []

        init(_ pairs: [(Int64, Int)]) {
            for (id, score) in pairs { ids.append(id); scores.append(score) }
        }

        subscript(id: Int64) -> Int? {
            guard let i = ids.firstIndex(of: id) else { return nil }
            return scores[i]
        }
    }

    static func moodScores(_ db: Database) throws -> MoodScores {
        var pairs: [(Int64, Int)] = []
        try RawRow.each(db, db.cachedStatement(sql: "SELECT id, score FROM category WHERE kind = 'mood'"), { _ in }) {
            pairs.append(($0.int(0), Int($0.int(1))))
        }
        return MoodScores(pairs)
    }

    /// Count of events with a mood, sum of their scores, and the dominant mood: the most
    /// frequent, ties to the higher score, then the lower id.
    static func moodSummary(_ moodIDs: [Int64?], scores: MoodScores) -> (count: Int, sum: Int, dominant: Int64?) {
        var ids: [Int64] = [], counts: [Int] = []
        var sum = 0, count = 0
        for case let m? in moodIDs {
            guard let s = scores[m] else { continue }
            if let i = ids.firstIndex(of: m) { counts[i] += 1 } else { ids.append(m); counts.append(1) }
            sum += s; count += 1
        }
        var dominant: (id: Int64, count: Int, score: Int)?
        for (i, id) in ids.enumerated() {
            let candidate = (id: id, count: counts[i], score: scores[id] ?? 0)
            if let d = dominant, (d.count, d.score, -d.id) >= (candidate.count, candidate.score, -candidate.id) { continue }
            dominant = candidate
        }
        return (count, sum, dominant?.id)
    }

    /// Joins and conditions over `dayEvent de` for a filter.
    static func filterSQL(_ db: Database, _ filter: DayFilter) throws -> (String, [String], [(any DatabaseValueConvertible)?]) {
        var joins = "", clauses: [String] = [], args: [(any DatabaseValueConvertible)?] = []
        if let p = filter.personID {
            joins += " JOIN eventPerson fp ON fp.eventId = de.eventId AND fp.personId = ?"
            args.append(p)
        }
        if let t = filter.typeID {
            let ids = try subtreeIDs(db, id: requireCategory(db, id: t, kind: .eventType).id)
            clauses.append("de.typeId IN (\(ids.map { _ in "?" }.joined(separator: ",")))")
            args += ids.map { $0 as (any DatabaseValueConvertible)? }
        }
        if let r = filter.relationID {
            let ids = try subtreeIDs(db, id: requireCategory(db, id: r, kind: .relation).id)
            clauses.append("""
                EXISTS (SELECT 1 FROM eventPerson rp JOIN person rq ON rq.id = rp.personId
                        WHERE rp.eventId = de.eventId AND rq.relationId IN (\(ids.map { _ in "?" }.joined(separator: ","))))
                """)
            args += ids.map { $0 as (any DatabaseValueConvertible)? }
        }
        return (joins, clauses, args)
    }

    /// - Parameter moods: the mood categories, when the caller has read them already.
    static func daySummaries(_ db: Database, from: Int, to: Int, filter: DayFilter, moods: [Category]? = nil) throws -> [DaySummary] {
        // A handful of moods, searched in order: a dictionary keyed by id would cost the month
        // view a first-use scan of the binary's ~7,000 protocol conformance records (issue 7).
        let moods = try moods ?? fetchCategories(db, kind: .mood)
        func mood(_ id: Int64) -> Category? { moods.first { $0.id == id } }
        var people: [Int: [Int64]] = [:]
        if filter.isEmpty {
            let statement = try db.cachedStatement(sql: """
                SELECT day, eventCount, moodCount, moodScoreSum, dominantMoodId, people FROM daySummary
                WHERE day BETWEEN ? AND ? ORDER BY day
                """)
            // Straight from the statement's columns, without row copies. The id list is kept as
            // the stored bytes and read only if someone asks for the day's people (a year is a
            // few hundred rows of up to a few hundred ids each; the calendar needs none).
            var out: [DaySummary] = []
            let rows = try Row.fetchCursor(statement, arguments: [from, to])
            while let row = try rows.next() {
                let day: Int = row[0]
                let moodCount: Int = row[2], sum: Int = row[3]
                let dominant: Int64? = row[4]
                let people = try row.withUnsafeData(atIndex: 5) { data in
                    data.map { $0.withUnsafeBytes { PersonIDList(text: $0) } } ?? PersonIDList([])
                }
                out.append(DaySummary(date: LocalDate(dayNumber: day), eventCount: row[1], people: people,
                                      moodAverage: moodCount > 0 ? Double(sum) / Double(moodCount) : nil,
                                      dominantMood: dominant.flatMap(mood)))
            }
            return out
        }
        let (joins, clauses, args) = try filterSQL(db, filter)
        let whereSQL = "de.day BETWEEN ? AND ?" + clauses.map { " AND " + $0 }.joined()
        // The person join's argument comes before the day range, the other filters after it.
        let split = filter.personID == nil ? 0 : 1
        var ordered: [(any DatabaseValueConvertible)?] = Array(args.prefix(split))
        ordered.append(from); ordered.append(to)
        ordered += args.dropFirst(split)
        let allArgs = StatementArguments(ordered)
        var events: [Int: [Int64?]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT de.day, de.moodId FROM dayEvent de \(joins) WHERE \(whereSQL) ORDER BY de.day", arguments: allArgs) {
            events[row["day"], default: []].append(row["moodId"])
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT DISTINCT de.day, ep.personId FROM dayEvent de \(joins) JOIN eventPerson ep ON ep.eventId = de.eventId
            WHERE \(whereSQL) ORDER BY de.day, ep.personId
            """, arguments: allArgs) {
            people[row["day"], default: []].append(row["personId"])
        }
        let scores = MoodScores(moods.map { ($0.id, $0.score ?? 0) })
        return events.keys.sorted().map { day in
            let m = moodSummary(events[day]!, scores: scores)
            return DaySummary(date: LocalDate(dayNumber: day), eventCount: events[day]!.count, personIDs: people[day] ?? [],
                              moodAverage: m.count > 0 ? Double(m.sum) / Double(m.count) : nil,
                              dominantMood: m.dominant.flatMap(mood))
        }
    }

    /// Reads a comma list of ids (`"3,7,12"`), ascending.
    static func parseIDList(_ text: String) -> [Int64] {
        var text = text
        return text.withUTF8 { parseIDList(UnsafeRawBufferPointer($0)) }
    }

    /// ``parseIDList(_:)`` of UTF-8 bytes.
    static func parseIDList(_ bytes: UnsafeRawBufferPointer) -> [Int64] {
        var out: [Int64] = []
        guard !bytes.isEmpty else { return out }
        out.reserveCapacity(bytes.count / 4 + 1)
        var value: Int64 = 0, inNumber = false, ascending = true, last = Int64.min
        for b in bytes {
            let digit = b &- 48
            if digit < 10 {
                value = value &* 10 &+ Int64(digit)
                inNumber = true
            } else if inNumber {
                if value < last { ascending = false }
                out.append(value)
                last = value
                value = 0
                inNumber = false
            }
        }
        if inNumber {
            if value < last { ascending = false }
            out.append(value)
        }
        return ascending ? out : out.sorted()
    }

    // MARK: Invariants

    static func checkDayIndex(_ db: Database) throws {
        var problems: [String] = []
        func note(_ s: String) { if problems.count < 10 { problems.append(s) } }
        var zones: [String: TimeZone] = [:]
        struct DE: Hashable { var day: Int, event: Int64, type: Int64?, mood: Int64? }
        var expected = Set<DE>()
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT id, startAt, endAt, timeZone, allDay, startDay, endDay, typeId, moodId FROM event")) {
            let id: Int64 = row["id"], tzName: String = row["timeZone"]
            guard let tz = zones[tzName] ?? TimeZone(identifier: tzName) else { note("event \(id) has an unknown zone"); continue }
            zones[tzName] = tz
            let (s, e) = days(startAt: row["startAt"], endAt: row["endAt"], allDay: row["allDay"], timeZone: tz)
            let storedS: Int = row["startDay"], storedE: Int = row["endDay"]
            if (s, e) != (storedS, storedE) { note("event \(id) covers \(s)...\(e) but stores \(storedS)...\(storedE)") }
            for d in dayNumbers(from: storedS, to: storedE) { expected.insert(DE(day: d, event: id, type: row["typeId"], mood: row["moodId"])) }
        }
        let actual = Set(try Row.fetchAll(db.cachedStatement(sql: "SELECT day, eventId, typeId, moodId FROM dayEvent")).map {
            DE(day: $0["day"], event: $0["eventId"], type: $0["typeId"], mood: $0["moodId"])
        })
        for x in expected.subtracting(actual).sorted(by: { ($0.day, $0.event) < ($1.day, $1.event) }) {
            note("day \(x.day) lacks event \(x.event) (or has stale type/mood)")
        }
        for x in actual.subtracting(expected).sorted(by: { ($0.day, $0.event) < ($1.day, $1.event) }) {
            note("day \(x.day) lists event \(x.event) wrongly")
        }
        // People per day.
        var eventPeople: [Int64: [Int64]] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT eventId, personId FROM eventPerson")) { eventPeople[row["eventId"], default: []].append(row["personId"]) }
        var expectedPeople: [Int: [Int64: Int]] = [:]
        var dayMoods: [Int: [Int64?]] = [:]
        for x in expected {
            for p in eventPeople[x.event] ?? [] { expectedPeople[x.day, default: [:]][p, default: 0] += 1 }
            dayMoods[x.day, default: []].append(x.mood)
        }
        var actualPeople: [Int: [Int64: Int]] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT day, personId, eventCount FROM dayPerson")) {
            actualPeople[row["day"], default: [:]][row["personId"]] = row["eventCount"]
        }
        for day in Set(expectedPeople.keys).union(actualPeople.keys).sorted() where expectedPeople[day] != actualPeople[day] {
            note("day \(day) people \(actualPeople[day] ?? [:]) should be \(expectedPeople[day] ?? [:])")
        }
        // Summaries.
        let scores = try moodScores(db)
        var actualSummary: [Int: [Int?]] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM daySummary")) {
            actualSummary[row["day"]] = [row["eventCount"], row["personCount"], row["moodCount"], row["moodScoreSum"],
                                         (row["dominantMoodId"] as Int64?).map { Int($0) }]
                + parseIDList(row["people"]).map { Int($0) }
        }
        var expectedSummary: [Int: [Int?]] = [:]
        for (day, moods) in dayMoods {
            let m = moodSummary(moods, scores: scores)
            expectedSummary[day] = [moods.count, expectedPeople[day]?.count ?? 0, m.count, m.sum, m.dominant.map { Int($0) }]
                + (expectedPeople[day] ?? [:]).keys.sorted().map { Int($0) }
        }
        for day in Set(expectedSummary.keys).union(actualSummary.keys).sorted() where expectedSummary[day] != actualSummary[day] {
            note("day \(day) summary \(actualSummary[day].map { "\($0)" } ?? "missing") should be \(expectedSummary[day].map { "\($0)" } ?? "absent")")
        }
        // A trait learned in an event is about one of the event's people.
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT id, eventId, personId FROM trait WHERE eventId IS NOT NULL ORDER BY id")) {
            let event: Int64 = row["eventId"], person: Int64 = row["personId"]
            if !(eventPeople[event] ?? []).contains(person) {
                note("trait \(row["id"] as Int64) of event \(event) is about person \(person), who is not in the event")
            }
        }
        if !problems.isEmpty { throw JournalError.invariantViolation(problems.joined(separator: "; ")) }
    }
}
