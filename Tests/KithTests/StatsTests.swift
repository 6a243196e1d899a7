import Foundation
import Testing

@testable import Kith

@Suite("Stats")
struct StatsTests {
    /// Logs an event at noon UTC on `date` (`YYYY-MM-DD`), optionally lasting `days` days.
    @discardableResult
    static func log(
        _ j: Journal, _ date: String, with people: [Person] = [], mood: String? = nil, days: Int = 1, title: String = "event"
    ) throws -> Event {
        let d = day(date)
        let start = instant(d.year, d.month, d.day, 12, 0, "UTC")
        let end = days > 1 ? start.addingTimeInterval(Double(days - 1) * 86400 + 3600) : nil
        return try j.logEvent(
            EventDraft(title: title, start: start, timeZone: "UTC", end: end, moodID: try mood.map { try j.mood($0) }, personIDs: people.map(\.id)))
    }

    @Test("events count once per month, in the month they started, up to the as-of day", arguments: JournalKind.allCases)
    func eventsPerMonth(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        try Self.log(j, "2025-01-05", with: [ana], mood: "good")
        try Self.log(j, "2025-01-20", with: [ana], mood: "great")
        try Self.log(j, "2025-03-02", with: [ana])
        // Three days from 31 March: counted once, in March.
        try Self.log(j, "2025-03-31", with: [ana], mood: "bad", days: 3)
        // Began in 2024, still going on 1 January: not 2025's.
        try Self.log(j, "2024-12-31", with: [ana], days: 2)
        // After the as-of day: planned, not counted.
        try Self.log(j, "2025-06-20", with: [ana], mood: "awful")
        let s = try j.stats(period: .year(2025), asOf: day("2025-06-15"))
        #expect(s.from == day("2025-01-01") && s.to == day("2025-06-15"))
        #expect(s.months.map(\.month) == [1, 2, 3, 4, 5, 6])
        #expect(s.months.map(\.eventCount) == [2, 0, 2, 0, 0, 0])
        #expect(s.eventCount == 4)
        #expect(s.eventsWithoutMood == 1)
        let march = s.months[2]
        #expect(march.dominantMood?.name == "bad" && march.meanScore == -1)
        try j.checkInvariants()
    }

    @Test("mood shares, the dominant mood and the mean score come from the moods' own scores", arguments: JournalKind.allCases)
    func moodShares(kind: JournalKind) throws {
        let j = try kind.make().journal
        for (date, mood) in [("2025-05-01", "great"), ("2025-05-02", "good"), ("2025-05-03", "good"), ("2025-05-04", "awful")] {
            try Self.log(j, date, mood: mood)
        }
        try Self.log(j, "2025-05-05")
        let s = try j.stats(period: .month(year: 2025, month: 5), asOf: day("2025-12-31"))
        #expect(s.eventCount == 5)
        let shares = Dictionary(uniqueKeysWithValues: s.moods.map { ($0.mood.name, $0.share) })
        #expect(shares["good"] == 0.5 && shares["great"] == 0.25 && shares["awful"] == 0.25 && shares["okay"] == 0)
        #expect(s.moods.map(\.mood.name) == ["great", "good", "okay", "bad", "awful"])
        // (2 + 1 + 1 - 2) / 4: events without a mood are left out.
        #expect(s.meanScore == 0.5)
        #expect(s.months.count == 1 && s.months[0].dominantMood?.name == "good")
        #expect(s.months[0].moodCounts == [1, 2, 0, 0, 1])
        // A user's own mood, with its own score, takes part like the defaults.
        let calm = try j.addCategory(kind: .mood, path: "calm", icon: "🌿", color: "#88CC88", score: 2)
        try j.logEvent(EventDraft(title: "tea", start: instant(2025, 5, 6, 9, 0, "UTC"), timeZone: "UTC", moodID: calm.id))
        try j.logEvent(EventDraft(title: "walk", start: instant(2025, 5, 7, 9, 0, "UTC"), timeZone: "UTC", moodID: calm.id))
        let after = try j.stats(period: .month(year: 2025, month: 5), asOf: day("2025-12-31"))
        // good and calm tie on 2 events; calm's score (2) is higher.
        #expect(after.months[0].dominantMood?.name == "calm")
        #expect(after.meanScore == 1.0)
    }

    @Test("most and least seen rank by days seen; the unseen are counted", arguments: JournalKind.allCases)
    func mostAndLeastSeen(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben"), chen = try j.person("Chen")
        _ = try j.person("Dora")
        for d in ["2025-02-01", "2025-02-02", "2025-02-03"] { try Self.log(j, d, with: [ana]) }
        // Two events on one day: one day seen.
        try Self.log(j, "2025-02-04", with: [ben])
        try Self.log(j, "2025-02-04", with: [ben, ana])
        try Self.log(j, "2025-01-10", with: [chen])
        try Self.log(j, "2024-06-01", with: [chen])
        let s = try j.stats(period: .year(2025), asOf: day("2025-12-31"), top: 2)
        #expect(s.mostSeen.map(\.person.displayName) == ["Ana", "Ben"])
        #expect(s.mostSeen.map(\.days) == [4, 1])
        #expect(s.mostSeen[0].lastSeen == day("2025-02-04"))
        // Ben and Chen both on one day: Chen was seen longer ago. Ben is among the most seen,
        // so the least seen leave him out (the two lists never name one person twice).
        #expect(s.leastSeen.map(\.person.displayName) == ["Chen"])
        let wide = try j.stats(period: .year(2025), asOf: day("2025-12-31"), top: 1)
        #expect(wide.mostSeen.map(\.person.displayName) == ["Ana"] && wide.leastSeen.map(\.person.displayName) == ["Chen"])
        #expect(s.peopleSeen == 3 && s.peopleNotSeen == 1)
    }

    @Test("gaps overlap the period in full, across the year boundary, and the last may be ongoing", arguments: JournalKind.allCases)
    func gapsAcrossTheYearBoundary(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben")
        try Self.log(j, "2024-12-10", with: [ana])
        try Self.log(j, "2025-01-20", with: [ana])
        try Self.log(j, "2025-01-21", with: [ben])
        try Self.log(j, "2025-03-01", with: [ben])
        try Self.log(j, "2026-02-01", with: [ana])
        let s = try j.stats(period: .year(2025), asOf: day("2026-06-01"), top: 10)
        // Dec 10 → Jan 20 (41 days) reaches into 2025; Mar 1 → Feb 1 2026 reaches out of it.
        #expect(s.gaps.map { "\($0.from)→\($0.to)" } == ["2025-03-01→2026-02-01", "2024-12-10→2025-01-20", "2025-01-21→2025-03-01"])
        #expect(s.gaps.map(\.days) == [337, 41, 39])
        #expect(s.gaps.allSatisfy { !$0.ongoing && $0.person == nil })
        // Neglected: the gap each person was in on 31 December 2025.
        // Ben's (457 days, still going on 1 June 2026) is longer than Ana's (377 days).
        #expect(s.neglected.map(\.person?.displayName) == ["Ben", "Ana"])
        #expect(s.neglected[0].from == day("2025-03-01") && s.neglected[0].to == day("2026-06-01") && s.neglected[0].ongoing)
        #expect(s.neglected[1].from == day("2025-01-20") && s.neglected[1].to == day("2026-02-01") && !s.neglected[1].ongoing)
        // All time, as of 1 June 2026: the gap since 1 February is still going.
        let all = try j.stats(period: .all, asOf: day("2026-06-01"), top: 10)
        #expect(all.from == day("2024-12-10"))
        #expect(all.gaps.first { $0.ongoing }.map { "\($0.from)→\($0.to)" } == "2026-02-01→2026-06-01")
        // With a person: their own gaps, across the boundary too.
        let withBen = try j.stats(period: .year(2025), person: ben.id, asOf: day("2026-06-01"))
        #expect(withBen.gaps.map(\.days) == [457, 39])
        #expect(withBen.gaps[0].ongoing)
    }

    @Test("a person filter counts only their events and leaves the people lists empty", arguments: JournalKind.allCases)
    func personFilter(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben")
        try Self.log(j, "2025-04-01", with: [ana], mood: "great")
        try Self.log(j, "2025-04-02", with: [ana, ben], mood: "bad", days: 2)
        try Self.log(j, "2025-05-01", with: [ben], mood: "okay")
        let s = try j.stats(period: .year(2025), person: ana.id, asOf: day("2025-12-31"))
        #expect(s.eventCount == 2)
        #expect(s.months[3].eventCount == 2 && s.months[4].eventCount == 0)
        #expect(s.moods.first { $0.mood.name == "bad" }?.count == 1)
        #expect(s.mostSeen.isEmpty && s.leastSeen.isEmpty && s.neglected.isEmpty)
        #expect(s.gaps.map(\.days) == [day("2025-12-31").daysSinceEpoch - day("2025-04-03").daysSinceEpoch])
        #expect(s.gaps[0].from == day("2025-04-03") && s.gaps[0].ongoing)
        #expect(throws: JournalError.self) { try j.stats(period: .year(2025), person: 999) }
    }

    @Test("a relation filter keeps events with someone under it, and only its people", arguments: JournalKind.allCases)
    func relationFilter(kind: JournalKind) throws {
        let j = try kind.make().journal
        let mum = try j.person("Mum", in: "Family/Parents"), sis = try j.person("Sis", in: "Family")
        let pal = try j.person("Pal", in: "Friends")
        _ = try j.person("Aunt", in: "Family")
        try Self.log(j, "2025-07-01", with: [mum], mood: "good")
        try Self.log(j, "2025-07-02", with: [sis, pal], mood: "great")
        try Self.log(j, "2025-07-03", with: [pal], mood: "awful")
        let family = try j.category(kind: .relation, path: "Family")
        let s = try j.stats(period: .month(year: 2025, month: 7), in: family.id, asOf: day("2025-07-31"))
        #expect(s.eventCount == 2)
        #expect(s.meanScore == 1.5)
        #expect(Set(s.mostSeen.map(\.person.displayName)) == ["Mum", "Sis"])
        #expect(s.peopleSeen == 2 && s.peopleNotSeen == 1)
        #expect(s.gaps.map { "\($0.from)→\($0.to)" } == ["2025-07-02→2025-07-31"])
        // Both filters: events with Pal that had someone of the family.
        let both = try j.stats(period: .month(year: 2025, month: 7), person: pal.id, in: family.id, asOf: day("2025-07-31"))
        #expect(both.eventCount == 1 && both.months[0].dominantMood?.name == "great")
        #expect(throws: JournalError.self) { try j.stats(period: .all, in: try j.mood("good")) }
    }

    @Test("an empty period has empty months, and a gap that spans it", arguments: JournalKind.allCases)
    func emptyPeriod(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        let none = try j.stats(period: .all, asOf: day("2025-01-01"))
        #expect(none.from == nil && none.eventCount == 0 && none.months.isEmpty && none.gaps.isEmpty && none.peopleNotSeen == 1)
        try Self.log(j, "2024-11-01", with: [ana])
        try Self.log(j, "2026-02-01", with: [ana])
        let s = try j.stats(period: .year(2025), asOf: day("2026-03-01"))
        #expect(s.eventCount == 0 && s.months.count == 12 && s.months.allSatisfy { $0.eventCount == 0 && $0.dominantMood == nil })
        #expect(s.meanScore == nil && s.moods.allSatisfy { $0.count == 0 && $0.share == 0 })
        #expect(s.mostSeen.isEmpty && s.peopleSeen == 0 && s.peopleNotSeen == 1)
        #expect(s.gaps.map(\.days) == [457])
        // A period wholly after the as-of day counts nothing.
        let future = try j.stats(period: .year(2027), asOf: day("2026-03-01"))
        #expect(future.from == nil && future.months.isEmpty)
        #expect(throws: JournalError.self) { try j.stats(period: .month(year: 2025, month: 13)) }
    }

    @Test("stats follow edits and removals through the day index", arguments: JournalKind.allCases)
    func followsChanges(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        let e = try Self.log(j, "2025-08-01", with: [ana], mood: "good")
        try Self.log(j, "2025-08-20", with: [ana])
        let bad = try j.mood("bad")
        _ = try j.editEvent(id: e.id) {
            $0.start = instant(2025, 9, 1, 12, 0, "UTC")
            $0.moodID = bad
        }
        var s = try j.stats(period: .year(2025), asOf: day("2025-12-31"))
        #expect(s.months[7].eventCount == 1 && s.months[8].eventCount == 1)
        #expect(s.months[8].dominantMood?.name == "bad")
        try j.removeEvent(id: e.id)
        s = try j.stats(period: .year(2025), asOf: day("2025-12-31"))
        #expect(s.eventCount == 1 && s.meanScore == nil)
        try j.checkInvariants()
    }
}
