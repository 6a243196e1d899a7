import Foundation
import GRDB

extension DayIndex {
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
            let (s, e) = Journal.days(startAt: row["startAt"], endAt: row["endAt"], allDay: row["allDay"], timeZone: tz)
            let storedS: Int = row["startDay"], storedE: Int = row["endDay"]
            if (s, e) != (storedS, storedE) { note("event \(id) covers \(s)...\(e) but stores \(storedS)...\(storedE)") }
            for d in dayNumbers(from: storedS, to: storedE) { expected.insert(DE(day: d, event: id, type: row["typeId"], mood: row["moodId"])) }
        }
        let actual = Set(
            try Row.fetchAll(db.cachedStatement(sql: "SELECT day, eventId, typeId, moodId FROM dayEvent")).map {
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
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT eventId, personId FROM eventPerson")) {
            eventPeople[row["eventId"], default: []].append(row["personId"])
        }
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
            actualSummary[row["day"]] =
                [
                    row["eventCount"], row["personCount"], row["moodCount"], row["moodScoreSum"],
                    (row["dominantMoodId"] as Int64?).map { Int($0) },
                ]
                + parseIDList(row["people"]).map { Int($0) }
        }
        var expectedSummary: [Int: [Int?]] = [:]
        for (day, moods) in dayMoods {
            let m = moodSummary(moods, scores: scores)
            expectedSummary[day] =
                [moods.count, expectedPeople[day]?.count ?? 0, m.count, m.sum, m.dominant.map { Int($0) }]
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
