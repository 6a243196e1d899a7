import Foundation
import GRDB

/// The day index: `dayEvent`, `dayPerson` and `daySummary`, derived from the events and
/// kept in step with them inside every write transaction, and the queries the calendar
/// reads from them.
enum DayIndex {
    static func eventCount(_ db: Database, from: Int, to: Int, filter: DayFilter) throws -> Int {
        if filter.isEmpty {
            // Stepped straight through SQLite: `Int.fetchOne` instantiates GRDB's generic
            // fetch types at first use, a scan of the binary's conformance records (issue 7).
            let statement = try db.cachedStatement(sql: "SELECT COUNT(DISTINCT eventId) FROM dayEvent WHERE day BETWEEN ? AND ?")
            return try RawRow.first(
                db, statement,
                {
                    $0.int(from); $0.int(to)
                }
            ) { Int($0.int(0)) } ?? 0
        }
        let (sql, arguments) = try DayIndex.dayEventSQL(db, select: "COUNT(DISTINCT de.eventId)", from: from, to: to, filter: filter)
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

    // MARK: Maintenance (called inside write transactions)

    /// Recomputes the index rows of these events (as they are now, or gone) and every day
    /// they touched before or touch now. `wholeJournal`: these are all the journal's events
    /// and the index held none of them (an import into a journal without events), so every
    /// day's people and summary are rebuilt at once (``recomputeAllDays(_:)``).
    static func reindex(_ db: Database, eventIDs: [Int64], wholeJournal: Bool = false) throws {
        guard !eventIDs.isEmpty else { return }
        // Sorted arrays and rows stepped straight through SQLite, not a `Set<Int>` and GRDB's
        // generic fetches: each of those instantiates generic types at first use, a scan of
        // the binary's ~7,000 conformance records apiece for `kith log` (issue 7).
        let insert = try db.cachedStatement(sql: "INSERT INTO dayEvent (day, eventId, typeId, moodId) VALUES (?, ?, ?, ?)")
        if wholeJournal {
            // Every event is new and the index holds none: one scan of `event`, and the rows
            // inserted in its order. Each row's foreign key looks its event up, and in the
            // table's order those lookups touch each page of `event` once; in the index's
            // order (by day) they read pages the cache had let go of, from the WAL (the
            // bench's 303,256 events: 0.8 s, 245,000 `pread64`, against 0.4 s).
            try RawRow.each(db, db.cachedStatement(sql: "SELECT id, startDay, endDay, typeId, moodId FROM event"), { _ in }) { row in
                let id = row.int(0), typeID = row.optionalInt(3), moodID = row.optionalInt(4)
                for day in dayNumbers(from: Int(row.int(1)), to: Int(row.int(2))) {
                    try RawRow.run(db, insert) {
                        $0.int(day); $0.int(id); $0.int(typeID); $0.int(moodID)
                    }
                }
            }
            try recomputeAllDays(db)
            return
        }
        var days: [Int] = []
        let ids = sortedUnique(eventIDs)
        var start = 0
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
            try RawRow.each(
                db, db.cachedStatement(sql: "SELECT id, startDay, endDay, typeId, moodId FROM event WHERE id IN (\(marks))"),
                bindChunk
            ) { row in
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
            try RawRow.run(db, insert) {
                $0.int(r.day); $0.int(r.id); $0.int(r.typeID); $0.int(r.moodID)
            }
        }
        try recomputeDays(db, days)
    }

    /// Rebuilds every day's people and summary from `dayEvent`: one INSERT … SELECT for the
    /// people and two reads in key order for the summaries. Six statements a day for the
    /// 7,670 days of the bench calendar took 1.6 s of its import with people; this, 0.5 s.
    static func recomputeAllDays(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM dayPerson; DELETE FROM daySummary")
        try db.execute(
            sql: """
                INSERT INTO dayPerson (day, personId, eventCount)
                SELECT de.day, ep.personId, count(*) FROM dayEvent de JOIN eventPerson ep ON ep.eventId = de.eventId
                GROUP BY de.day, ep.personId
                """)
        // Each day's people, ascending, as the summary lists them.
        var peopleDays: [Int] = [], peopleLists: [(count: Int, list: String)] = []
        try RawRow.each(db, db.cachedStatement(sql: "SELECT day, personId FROM dayPerson ORDER BY day, personId"), { _ in }) {
            let day = Int($0.int(0)), person = String($0.int(1))
            if peopleDays.last == day {
                peopleLists[peopleLists.count - 1].count += 1
                peopleLists[peopleLists.count - 1].list += "," + person
            } else {
                peopleDays.append(day)
                peopleLists.append((1, person))
            }
        }
        let scores = try moodScores(db)
        let insertSummary = try db.cachedStatement(sql: insertSummarySQL)
        var next = 0
        var current: Int?
        var moodIDs: [Int64?] = []
        func flush() throws {
            guard let day = current, !moodIDs.isEmpty else { return }
            while next < peopleDays.count, peopleDays[next] < day { next += 1 }
            let people = next < peopleDays.count && peopleDays[next] == day ? peopleLists[next] : (count: 0, list: "")
            let m = moodSummary(moodIDs, scores: scores)
            try RawRow.run(db, insertSummary) {
                $0.int(day); $0.int(moodIDs.count); $0.int(people.count); $0.int(m.count); $0.int(m.sum)
                $0.int(m.dominant); $0.text(people.list)
            }
            moodIDs.removeAll(keepingCapacity: true)
        }
        try RawRow.each(db, db.cachedStatement(sql: "SELECT day, moodId FROM dayEvent ORDER BY day"), { _ in }) {
            let day = Int($0.int(0))
            if day != current {
                try flush()
                current = day
            }
            moodIDs.append($0.optionalInt(1))
        }
        try flush()
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

    /// One day's summary row, as both recomputations write it.
    static let insertSummarySQL = """
        INSERT INTO daySummary (day, eventCount, personCount, moodCount, moodScoreSum, dominantMoodId, people)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    /// Rebuilds the per-day person rows and summary of these days (`yyyymmdd`, in any order,
    /// repeats allowed) from `dayEvent`.
    static func recomputeDays(_ db: Database, _ days: [Int]) throws {
        guard !days.isEmpty else { return }
        let scores = try moodScores(db)
        let deletePeople = try db.cachedStatement(sql: "DELETE FROM dayPerson WHERE day = ?")
        let deleteSummary = try db.cachedStatement(sql: "DELETE FROM daySummary WHERE day = ?")
        let insertPeople = try db.cachedStatement(
            sql: """
                INSERT INTO dayPerson (day, personId, eventCount)
                SELECT de.day, ep.personId, count(*) FROM dayEvent de JOIN eventPerson ep ON ep.eventId = de.eventId
                WHERE de.day = ? GROUP BY ep.personId
                """)
        let moods = try db.cachedStatement(sql: "SELECT moodId FROM dayEvent WHERE day = ?")
        let dayPeople = try db.cachedStatement(sql: "SELECT personId FROM dayPerson WHERE day = ? ORDER BY personId")
        let insertSummary = try db.cachedStatement(sql: insertSummarySQL)
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
            let ids = try Journal.subtreeIDs(db, id: Journal.requireCategory(db, id: t, kind: .eventType).id)
            clauses.append("de.typeId IN (\(ids.map { _ in "?" }.joined(separator: ",")))")
            args += ids.map { $0 as (any DatabaseValueConvertible)? }
        }
        if let r = filter.relationID {
            let ids = try Journal.subtreeIDs(db, id: Journal.requireCategory(db, id: r, kind: .relation).id)
            clauses.append(
                """
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
        let moods = try moods ?? Journal.fetchCategories(db, kind: .mood)
        func mood(_ id: Int64) -> Category? { moods.first { $0.id == id } }
        var people: [Int: [Int64]] = [:]
        if filter.isEmpty {
            let statement = try db.cachedStatement(
                sql: """
                    SELECT day, eventCount, moodCount, moodScoreSum, dominantMoodId, people FROM daySummary
                    WHERE day BETWEEN ? AND ? ORDER BY day
                    """)
            // Straight from the statement's columns, without row copies. The id list is kept as
            // the stored bytes and read only if someone asks for the day's people (a year is a
            // few hundred rows of up to a few hundred ids each; the calendar needs none).
            var out: [DaySummary] = []
            statement.setUncheckedArguments([from, to])
            try statement.forEachRawRow(db) { row in
                let day = Int(row.int(0))
                let moodCount = Int(row.int(2)), sum = Int(row.int(3))
                let dominant = row.optionalInt(4)
                let people = row.isNull(5) ? PersonIDList([]) : PersonIDList(text: row.byteArray(5))
                out.append(
                    DaySummary(
                        date: LocalDate(dayNumber: day), eventCount: Int(row.int(1)), people: people,
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
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT DISTINCT de.day, ep.personId FROM dayEvent de \(joins) JOIN eventPerson ep ON ep.eventId = de.eventId
                WHERE \(whereSQL) ORDER BY de.day, ep.personId
                """, arguments: allArgs)
        {
            people[row["day"], default: []].append(row["personId"])
        }
        let scores = MoodScores(moods.map { ($0.id, $0.score ?? 0) })
        return events.keys.sorted().map { day in
            let m = moodSummary(events[day]!, scores: scores)
            return DaySummary(
                date: LocalDate(dayNumber: day), eventCount: events[day]!.count, personIDs: people[day] ?? [],
                moodAverage: m.count > 0 ? Double(m.sum) / Double(m.count) : nil,
                dominantMood: m.dominant.flatMap(mood))
        }
    }

    /// Reads a comma list of ids (`"3,7,12"`), ascending.
    static func parseIDList(_ text: String) -> [Int64] {
        parseIDList(text.utf8)
    }

    /// ``parseIDList(_:)`` of UTF-8 bytes.
    static func parseIDList<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [Int64] {
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
}

/// The day index's entry points that other concepts call inside their writes.
extension Journal {
    static func reindex(_ db: Database, eventIDs: [Int64]) throws { try DayIndex.reindex(db, eventIDs: eventIDs) }

    static func recomputeDays(_ db: Database, _ days: [Int]) throws { try DayIndex.recomputeDays(db, days) }

    static func sortedUnique<T: Comparable>(_ values: [T]) -> [T] { DayIndex.sortedUnique(values) }

    static func dayNumbers(from: Int, to: Int) -> [Int] { DayIndex.dayNumbers(from: from, to: to) }

    static func parseIDList(_ text: String) -> [Int64] { DayIndex.parseIDList(text) }
}
