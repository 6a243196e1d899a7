import GRDB

/// The reads behind ``Journal/stats(period:person:in:asOf:top:)``.
///
/// Each part reads the narrowest table that answers it: the events' start days and moods
/// from `event` (through `event_start`, or a person's links), the days seen from the day
/// index (`daySummary` for anyone, `dayPerson` for one person or a relation), and each
/// person's days, last and next day seen as seeks into `dayPerson_person`.
enum StatsQuery {
    /// What narrows the events: a person, a relation subtree (ids), or both.
    struct Scope {
        var personID: Int64?
        var relationIDs: [Int64]?

        var isEmpty: Bool { personID == nil && relationIDs == nil }

        /// `?, ?, ?` for the relation ids.
        var relationMarks: String { (relationIDs ?? []).map { _ in "?" }.joined(separator: ",") }

        func bindRelation(_ row: inout RawRow) { for id in relationIDs ?? [] { row.int(id) } }
    }

    static func stats(_ db: Database, period: Stats.Period, personID: Int64?, relationID: Int64?, asOf: LocalDate, top: Int) throws -> Stats {
        if let personID { _ = try Journal.fetchPerson(db, id: personID) }
        var scope = Scope(personID: personID)
        if let relationID {
            let c = try Journal.requireCategory(db, id: relationID, kind: .relation)
            scope.relationIDs = try Journal.subtreeIDs(db, id: c.id)
        }
        let moods = try Journal.fetchCategories(db, kind: .mood)
        var stats = Stats(
            period: period, from: nil, to: nil, asOf: asOf, eventCount: 0, months: [],
            moods: moods.map { Stats.MoodShare(mood: $0, count: 0, share: 0) }, eventsWithoutMood: 0, meanScore: nil,
            peopleSeen: 0, peopleNotSeen: 0, mostSeen: [], leastSeen: [], gaps: [], neglected: [])
        let end = asOf.dayNumber
        var from: Int, to: Int
        switch period {
        case .all:
            guard let first = try firstDay(db, scope) else { return try withUnseen(db, stats, scope) }
            from = first; to = end
        case .year(let y):
            from = y * 10000 + 101; to = min(y * 10000 + 1231, end)
        case .month(let y, let m):
            guard (1...12).contains(m) else { throw JournalError.invalidValue(field: "month", reason: "\(m) is not 1...12") }
            from = y * 10000 + m * 100 + 1
            to = min(y * 10000 + m * 100 + LocalDate.daysInMonth(year: y, month: m), end)
        }
        guard from <= to else { return try withUnseen(db, stats, scope) }
        stats.from = LocalDate(dayNumber: from)
        stats.to = LocalDate(dayNumber: to)
        try countEvents(db, scope, from: from, to: to, moods: moods, into: &stats)
        stats.gaps = try gaps(db, scope, from: from, to: to, asOf: end, top: top)
        if personID == nil { try countPeople(db, scope, from: from, to: to, asOf: end, top: top, into: &stats) }
        return stats
    }

    /// An empty result still says how many people the selection holds.
    private static func withUnseen(_ db: Database, _ stats: Stats, _ scope: Scope) throws -> Stats {
        guard scope.personID == nil else { return stats }
        var stats = stats
        var sql = "SELECT count(*) FROM person"
        if scope.relationIDs != nil { sql += " WHERE relationId IN (\(scope.relationMarks))" }
        stats.peopleNotSeen = try RawRow.first(db, db.cachedStatement(sql: sql), scope.bindRelation) { Int($0.int(0)) } ?? 0
        return stats
    }

    // MARK: Days seen

    /// The first day of the selection, from the day index.
    private static func firstDay(_ db: Database, _ scope: Scope) throws -> Int? {
        try edgeDay(db, scope, "min", from: 0, to: 99_991_231)
    }

    /// `min` or `max` of the days with a matching event in a range.
    private static func edgeDay(_ db: Database, _ scope: Scope, _ function: String, from: Int, to: Int) throws -> Int? {
        if scope.personID == nil, scope.relationIDs != nil {
            // One seek a person of the relation: over all their days at once, SQLite reads
            // every one of them.
            let sql = """
                SELECT \(function)((SELECT \(function)(day) FROM dayPerson dp WHERE dp.personId = p.id AND dp.day BETWEEN ? AND ?))
                FROM person p WHERE p.relationId IN (\(scope.relationMarks))
                """
            return try RawRow.first(
                db, db.cachedStatement(sql: sql),
                {
                    $0.int(from); $0.int(to); scope.bindRelation(&$0)
                }
            ) {
                $0.optionalInt(0).map { Int($0) }
            } ?? nil
        }
        let (sql, bind) = daysSQL(scope, select: "\(function)(day)", from: from, to: to)
        return try RawRow.first(db, db.cachedStatement(sql: sql), bind) { $0.optionalInt(0).map { Int($0) } } ?? nil
    }

    /// A query over the days with a matching event from `from` to `to`, and its values.
    private static func daysSQL(_ scope: Scope, select: String, from: Int, to: Int) -> (String, (inout RawRow) -> Void) {
        switch (scope.personID, scope.relationIDs) {
        case (nil, nil):
            return (
                "SELECT \(select) FROM daySummary WHERE day BETWEEN ? AND ?",
                {
                    $0.int(from); $0.int(to)
                }
            )
        case (let p?, nil):
            return (
                "SELECT \(select) FROM dayPerson WHERE personId = ? AND day BETWEEN ? AND ?",
                {
                    $0.int(p); $0.int(from); $0.int(to)
                }
            )
        case (nil, _?):
            // Each person's days through `dayPerson_person`, rather than every day's rows.
            let sql = """
                SELECT \(select) FROM dayPerson WHERE personId IN (SELECT id FROM person WHERE relationId IN (\(scope.relationMarks)))
                AND day BETWEEN ? AND ?
                """
            return (
                sql,
                {
                    scope.bindRelation(&$0); $0.int(from); $0.int(to)
                }
            )
        case (let p?, _?):
            // The person's days on which an event with them also had someone of the relation.
            let sql = """
                SELECT \(select) FROM (SELECT DISTINCT de.day AS day FROM dayPerson dp
                JOIN dayEvent de ON de.day = dp.day
                JOIN eventPerson fp ON fp.eventId = de.eventId AND fp.personId = dp.personId
                WHERE dp.personId = ? AND dp.day BETWEEN ? AND ? AND EXISTS (
                    SELECT 1 FROM eventPerson rp JOIN person rq ON rq.id = rp.personId
                    WHERE rp.eventId = de.eventId AND rq.relationId IN (\(scope.relationMarks))))
                """
            return (
                sql,
                {
                    $0.int(p); $0.int(from); $0.int(to); scope.bindRelation(&$0)
                }
            )
        }
    }

    /// The longest gaps between consecutive days seen that overlap `from`...`to`, counting
    /// the day before the range and the day after it (up to `asOf`), and the ongoing one.
    private static func gaps(_ db: Database, _ scope: Scope, from: Int, to: Int, asOf: Int, top: Int) throws -> [Stats.Gap] {
        var days: [Int] = []
        if let before = try edgeDay(db, scope, "max", from: 0, to: from - 1) { days.append(before) }
        let (sql, bind) = daysSQL(scope, select: "DISTINCT day", from: from, to: to)
        try RawRow.each(db, db.cachedStatement(sql: sql + " ORDER BY day"), bind) { days.append(Int($0.int(0))) }
        let after = to < asOf ? try edgeDay(db, scope, "min", from: to + 1, to: asOf) : nil
        if let after { days.append(after) }
        // Longest first; ties: the earlier first.
        var gaps = TopList<Stats.Gap>(limit: top) { ($0.days, $1.from) > ($1.days, $0.from) }
        var last: LocalDate?
        for d in days {
            let date = LocalDate(dayNumber: d)
            // A gap overlaps the range when a day strictly inside it does.
            if let last, date.daysSinceEpoch - last.daysSinceEpoch > 1, last.dayNumber < to, d > from {
                gaps.offer(Stats.Gap(person: nil, from: last, to: date, ongoing: false))
            }
            last = date
        }
        if after == nil, let last, last.dayNumber < to, last.adding(days: 1).dayNumber < asOf {
            gaps.offer(Stats.Gap(person: nil, from: last, to: LocalDate(dayNumber: asOf), ongoing: true))
        }
        return gaps.items
    }

    // MARK: Events and moods

    /// The events that started in the range, by month and mood.
    private static func countEvents(_ db: Database, _ scope: Scope, from: Int, to: Int, moods: [Category], into stats: inout Stats) throws {
        let first = LocalDate(dayNumber: from), last = LocalDate(dayNumber: to)
        let base = first.year * 12 + first.month - 1
        let monthCount = last.year * 12 + last.month - base
        // Per month, per mood (the last column: no mood): flat, month-major.
        let columns = moods.count + 1
        var counts = Array(repeating: 0, count: monthCount * columns)
        // A handful of moods searched in order (see DayIndex.MoodScores).
        let ids = moods.map(\.id)
        // The index rows of the range in (day, event) order. An event over several days has a
        // row on each: it counts on its first, so a row whose event was also on the day before
        // is skipped (found by walking both days' sorted ids together, without a hash set).
        // `dayEvent` is a few bytes a row; reading `event` itself cost ten times the time.
        let (sql, bind) = eventRowsSQL(scope, from: from, to: to)
        // With only a relation: the ids of the events with someone of it, from their people's
        // links, looked up by halves as the day index goes by (the same test as an EXISTS over
        // the links and the people of every row cost ten times as much).
        let relationEvents = scope.personID == nil && scope.relationIDs != nil ? try eventIDs(db, scope) : nil
        func keeps(_ id: Int64) -> Bool {
            guard let ids = relationEvents else { return true }
            var low = 0, high = ids.count
            while low < high {
                let mid = (low + high) / 2
                if ids[mid] < id { low = mid + 1 } else { high = mid }
            }
            return low < ids.count && ids[low] == id
        }
        // The events of the day before the range: those still going on its first day began before it.
        let fromEpoch = first.daysSinceEpoch
        let dayBefore = LocalDate(daysSinceEpoch: fromEpoch - 1).dayNumber
        var previous: [Int64] = []
        let (seedSQL, seedBind) = eventRowsSQL(scope, from: dayBefore, to: dayBefore)
        try RawRow.each(db, db.cachedStatement(sql: seedSQL), seedBind) { if keeps($0.int(1)) { previous.append($0.int(1)) } }
        var previousEpoch = fromEpoch - 1
        var current: [Int64] = []
        var currentDay = -1, currentEpoch = 0, p = 0
        var total = 0
        try RawRow.each(db, db.cachedStatement(sql: sql), bind) { row in
            let day = Int(row.int(0)), id = row.int(1)
            guard keeps(id) else { return }
            if day != currentDay {
                if currentDay != -1 { swap(&previous, &current); previousEpoch = currentEpoch }
                current.removeAll(keepingCapacity: true)
                currentDay = day
                currentEpoch = LocalDate(dayNumber: day).daysSinceEpoch
                p = 0
                if previousEpoch != currentEpoch - 1 { previous.removeAll(keepingCapacity: true) }
            }
            current.append(id)
            while p < previous.count, previous[p] < id { p += 1 }
            if p < previous.count, previous[p] == id { return }
            let month = (day / 10000) * 12 + (day / 100 % 100) - 1 - base
            let column = row.optionalInt(2).flatMap { ids.firstIndex(of: $0) } ?? moods.count
            counts[month * columns + column] += 1
            total += 1
        }
        stats.eventCount = total
        var moodTotals = Array(repeating: 0, count: columns)
        var months: [Stats.Month] = []
        months.reserveCapacity(monthCount)
        for i in 0..<monthCount {
            let row = Array(counts[(i * columns)..<((i + 1) * columns)])
            for c in 0..<columns { moodTotals[c] += row[c] }
            let moodCounts = Array(row.prefix(moods.count))
            let (mean, dominant) = Stats.mood(of: moodCounts, moods: moods)
            let y = (base + i) / 12, m = (base + i) % 12 + 1
            months.append(
                Stats.Month(
                    year: y, month: m, eventCount: row.reduce(0, +), moodCounts: moodCounts, meanScore: mean,
                    dominantMood: dominant))
        }
        stats.months = months
        let withMood = moodTotals.prefix(moods.count).reduce(0, +)
        for (i, mood) in moods.enumerated() {
            stats.moods[i] = Stats.MoodShare(mood: mood, count: moodTotals[i], share: withMood > 0 ? Double(moodTotals[i]) / Double(withMood) : 0)
        }
        stats.eventsWithoutMood = moodTotals[moods.count]
        stats.meanScore = Stats.mood(of: Array(moodTotals.prefix(moods.count)), moods: moods).meanScore
    }

    /// The day index rows (`day`, `eventId`, `moodId`) of the matching events from `from`
    /// to `to` (`yyyymmdd`), in day and event order.
    private static func eventRowsSQL(_ scope: Scope, from: Int, to: Int) -> (String, (inout RawRow) -> Void) {
        switch (scope.personID, scope.relationIDs) {
        case (nil, _):
            // With only a relation, the caller keeps the rows of its events (`eventIDs`).
            return (
                "SELECT day, eventId, moodId FROM dayEvent WHERE day BETWEEN ? AND ? ORDER BY day, eventId",
                {
                    $0.int(from); $0.int(to)
                }
            )
        case (let p?, nil):
            // The person's few events through their links, then each event's days.
            let sql = """
                SELECT de.day, de.eventId, de.moodId FROM eventPerson ep JOIN dayEvent de ON de.eventId = ep.eventId
                WHERE ep.personId = ? AND de.day BETWEEN ? AND ? ORDER BY de.day, de.eventId
                """
            return (
                sql,
                {
                    $0.int(p); $0.int(from); $0.int(to)
                }
            )
        case (let p?, _?):
            let sql = """
                SELECT de.day, de.eventId, de.moodId FROM dayEvent de WHERE de.day BETWEEN ? AND ?
                AND EXISTS (SELECT 1 FROM eventPerson rp JOIN person rq ON rq.id = rp.personId
                            WHERE rp.eventId = de.eventId AND rq.relationId IN (\(scope.relationMarks)))
                AND EXISTS (SELECT 1 FROM eventPerson fp WHERE fp.eventId = de.eventId AND fp.personId = ?)
                ORDER BY de.day, de.eventId
                """
            return (
                sql,
                {
                    $0.int(from); $0.int(to); scope.bindRelation(&$0); $0.int(p)
                }
            )
        }
    }

    /// The ids of the events with someone under the relation, ascending, each once.
    private static func eventIDs(_ db: Database, _ scope: Scope) throws -> [Int64] {
        var ids: [Int64] = []
        let sql = "SELECT ep.eventId FROM person p JOIN eventPerson ep ON ep.personId = p.id WHERE p.relationId IN (\(scope.relationMarks))"
        try RawRow.each(db, db.cachedStatement(sql: sql), scope.bindRelation) { ids.append($0.int(0)) }
        return DayIndex.sortedUnique(ids)
    }

    // MARK: People

    /// Most and least seen, how many were not, and the gap each person was in at `to`.
    private static func countPeople(
        _ db: Database, _ scope: Scope, from: Int, to: Int, asOf: Int, top: Int, into stats: inout Stats
    ) throws {
        // Three seeks into dayPerson_person a person: the days seen in the range, the last
        // day seen by `to`, and the next day seen after it. Names are read only for the few
        // people the lists keep, and the lists keep their best as they go: sorting ten
        // thousand people (or their gaps) cost more than the reads.
        var sql = """
            SELECT p.id,
              (SELECT count(*) FROM dayPerson dp WHERE dp.personId = p.id AND dp.day BETWEEN ? AND ?),
              (SELECT max(day) FROM dayPerson dp WHERE dp.personId = p.id AND dp.day <= ?),
              (SELECT min(day) FROM dayPerson dp WHERE dp.personId = p.id AND dp.day > ? AND dp.day <= ?)
            FROM person p
            """
        if scope.relationIDs != nil { sql += " WHERE p.relationId IN (\(scope.relationMarks))" }
        typealias Seen = (id: Int64, days: Int, last: Int)
        typealias Silence = (id: Int64, from: Int, to: Int, days: Int, ongoing: Bool)
        // Ties go to the person added first.
        var most = TopList<Seen>(limit: top) { ($0.days, $0.last, $1.id) > ($1.days, $1.last, $0.id) }
        var least = TopList<Seen>(limit: top) { ($0.days, $0.last, $0.id) < ($1.days, $1.last, $1.id) }
        var neglected = TopList<Silence>(limit: top) { ($0.days, $1.id) > ($1.days, $0.id) }
        var seen = 0, unseen = 0
        let toEpoch = LocalDate(dayNumber: to).daysSinceEpoch, asOfEpoch = LocalDate(dayNumber: asOf).daysSinceEpoch
        try RawRow.each(
            db, db.cachedStatement(sql: sql),
            {
                $0.int(from); $0.int(to); $0.int(to); $0.int(to); $0.int(asOf)
                scope.bindRelation(&$0)
            }
        ) { row in
            let id = row.int(0), days = Int(row.int(1))
            guard let last = row.optionalInt(2).map({ Int($0) }) else {
                unseen += 1
                return
            }
            if days > 0 {
                seen += 1
                most.offer((id, days, last))
                least.offer((id, days, last))
            } else {
                unseen += 1
            }
            // The gap they were in on `to`: it must start before it, and be more than a day.
            guard last < to else { return }
            let next = row.optionalInt(3).map { Int($0) }
            let lastEpoch = LocalDate(dayNumber: last).daysSinceEpoch
            // Before the next day seen, or up to `asOf`; at least past `to`.
            let end = next.map { LocalDate(dayNumber: $0).daysSinceEpoch } ?? max(asOfEpoch, toEpoch)
            if end - lastEpoch > 1 { neglected.offer((id, last, next ?? asOf, end - lastEpoch, next == nil)) }
        }
        stats.peopleSeen = seen
        stats.peopleNotSeen = unseen
        let name = try db.cachedStatement(sql: "SELECT displayName FROM person WHERE id = ?")
        func person(_ id: Int64) throws -> PersonRef {
            PersonRef(id: id, displayName: try RawRow.first(db, name, { $0.int(id) }) { $0.text(0) } ?? "")
        }
        func count(_ s: Seen) throws -> Stats.PersonCount {
            Stats.PersonCount(person: try person(s.id), days: s.days, lastSeen: LocalDate(dayNumber: s.last))
        }
        stats.mostSeen = try most.items.map(count)
        // With few people the two lists would overlap: least seen leaves out who is among the most.
        let mostIDs = Set(most.items.map(\.id))
        stats.leastSeen = try least.items.filter { !mostIDs.contains($0.id) }.map(count)
        stats.neglected = try neglected.items.map {
            Stats.Gap(person: try person($0.id), from: LocalDate(dayNumber: $0.from), to: LocalDate(dayNumber: $0.to), ongoing: $0.ongoing)
        }
    }
}

/// The `limit` best of the values offered, best first: a short sorted array that a value
/// enters only when it beats the last (O(values × limit), no sort of them all).
struct TopList<Element> {
    let limit: Int
    /// Whether the first comes before the second.
    let isBetter: (Element, Element) -> Bool
    private(set) var items: [Element] = []

    init(limit: Int, _ isBetter: @escaping (Element, Element) -> Bool) {
        self.limit = limit
        self.isBetter = isBetter
    }

    mutating func offer(_ value: Element) {
        guard limit > 0 else { return }
        if items.count == limit, let last = items.last, !isBetter(value, last) { return }
        var i = items.count
        while i > 0, isBetter(value, items[i - 1]) { i -= 1 }
        items.insert(value, at: i)
        if items.count > limit { items.removeLast() }
    }
}
