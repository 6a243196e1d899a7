import Foundation
import Testing

@testable import Kith

@Suite("Day index")
struct DayIndexTests {
    @Test("an event at 23:30 in Asia/Taipei belongs to that local day", arguments: JournalKind.allCases)
    func taipeiLateEvening(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        // 23:30 in Taipei is 15:30 UTC the same day; 00:30 the next day in Taipei is 16:30 UTC the day before.
        let late = try j.logEvent(
            EventDraft(
                title: "Night market", start: instant(2026, 11, 20, 23, 30, "Asia/Taipei"),
                timeZone: "Asia/Taipei", personIDs: [ana.id]))
        let early = try j.logEvent(
            EventDraft(
                title: "Late snack", start: instant(2026, 11, 21, 0, 30, "Asia/Taipei"),
                timeZone: "Asia/Taipei", personIDs: [ana.id]))
        #expect(late.startDay == day("2026-11-20"))
        #expect(early.startDay == day("2026-11-21"))
        #expect(try j.events(on: day("2026-11-20")).map(\.title) == ["Night market"])
        #expect(try j.events(on: day("2026-11-21")).map(\.title) == ["Late snack"])
        #expect(try j.month(year: 2026, month: 11).map(\.date) == [day("2026-11-20"), day("2026-11-21")])
        try j.checkInvariants()
    }

    @Test("events on DST change days land on the right local day and span", arguments: JournalKind.allCases)
    func dstDays(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        // Lisbon springs forward at 01:00 on 2026-03-29: 00:30 → 03:30 is two real hours, one day.
        let spring = try j.logEvent(
            EventDraft(
                title: "Spring", start: instant(2026, 3, 29, 0, 30, "Europe/Lisbon"),
                timeZone: "Europe/Lisbon", end: instant(2026, 3, 29, 3, 30, "Europe/Lisbon"),
                personIDs: [ana.id]))
        #expect(spring.end!.timeIntervalSince(spring.start) == 2 * 3600)
        #expect(spring.startDay == day("2026-03-29") && spring.endDay == day("2026-03-29"))
        // New York falls back on 2026-11-01: 23:30 on Oct 31 → 01:30 (second, EST) on Nov 1 touches both days.
        let fallStart = instant(2026, 10, 31, 23, 30, "America/New_York")
        let fall = try j.logEvent(
            EventDraft(
                title: "Fall", start: fallStart, timeZone: "America/New_York",
                end: fallStart.addingTimeInterval(3 * 3600), personIDs: [ana.id]))
        #expect(fall.startDay == day("2026-10-31") && fall.endDay == day("2026-11-01"))
        // An all-day event on a 23-hour day covers exactly that day.
        let allDay = try j.logEvent(
            EventDraft(
                title: "Whole day", start: instant(2026, 3, 29, 12, 0, "Europe/Lisbon"),
                timeZone: "Europe/Lisbon", allDay: true, personIDs: [ana.id]))
        #expect(allDay.end!.timeIntervalSince(allDay.start) == 23 * 3600)
        #expect(allDay.startDay == day("2026-03-29") && allDay.endDay == day("2026-03-29"))
        #expect(try j.days(from: day("2026-03-28"), to: day("2026-03-30")).map(\.eventCount) == [2])
        #expect(try j.days(from: day("2026-10-31"), to: day("2026-11-01")).map(\.date) == [day("2026-10-31"), day("2026-11-01")])
        try j.checkInvariants()
    }

    @Test("midnight-spanning and all-day events count on each day they touch", arguments: JournalKind.allCases)
    func spans(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben")
        let tz = "Europe/Berlin"
        try j.logEvent(
            EventDraft(
                title: "Party", start: instant(2026, 7, 4, 22, 0, tz), timeZone: tz,
                end: instant(2026, 7, 5, 2, 0, tz), moodID: try j.mood("great"), personIDs: [ana.id]))
        // Ending exactly at midnight does not touch the next day.
        try j.logEvent(
            EventDraft(
                title: "Dinner", start: instant(2026, 7, 6, 22, 0, tz), timeZone: tz,
                end: instant(2026, 7, 7, 0, 0, tz), personIDs: [ben.id]))
        try j.logEvent(
            EventDraft(
                title: "Trip", start: instant(2026, 7, 10, 0, 0, tz), timeZone: tz, allDay: true,
                allDayDates: day("2026-07-10")...day("2026-07-12"), moodID: try j.mood("good"),
                personIDs: [ana.id, ben.id]))
        let month = try j.month(year: 2026, month: 7)
        #expect(month.map(\.date.description) == ["2026-07-04", "2026-07-05", "2026-07-06", "2026-07-10", "2026-07-11", "2026-07-12"])
        #expect(month.first { $0.date == day("2026-07-05") }?.dominantMood?.name == "great")
        #expect(month.first { $0.date == day("2026-07-11") }?.personIDs == [ana.id, ben.id])
        #expect(try j.events(on: day("2026-07-11")).map(\.title) == ["Trip"])
        #expect(try j.events(EventFilter(from: day("2026-07-11"), to: day("2026-07-11"))).map(\.title) == ["Trip"])
        // Six days light up, but there are three events; a range counts each once.
        #expect(month.reduce(0) { $0 + $1.eventCount } == 6)
        #expect(try j.eventCount(from: day("2026-07-01"), to: day("2026-07-31")) == 3)
        #expect(try j.eventCount(from: day("2026-07-05"), to: day("2026-07-11")) == 3)
        #expect(try j.eventCount(from: day("2026-07-01"), to: day("2026-07-31"), filter: DayFilter(personID: ben.id)) == 2)
        // The month view is the three reads in one.
        for filter in [DayFilter(), DayFilter(personID: ben.id), DayFilter(personID: ana.id)] {
            let view = try j.monthView(year: 2026, month: 7, filter: filter)
            #expect(view.days == (try j.month(year: 2026, month: 7, filter: filter)))
            #expect(view.moods == (try j.categories(kind: .mood)))
            #expect(view.eventCount == (try j.eventCount(from: day("2026-07-01"), to: day("2026-07-31"), filter: filter)))
        }
        #expect(try j.monthView(year: 2026, month: 8).days.isEmpty)
        #expect(try j.monthView(year: 2026, month: 8).eventCount == 0)
        #expect(throws: JournalError.self) { try j.monthView(year: 2026, month: 13) }
        try j.checkInvariants()
    }

    @Test("the index follows edits of time, mood and people, and removals", arguments: JournalKind.allCases)
    func editsAndRemovals(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben")
        let tz = "Asia/Taipei"
        let e = try j.logEvent(
            EventDraft(
                title: "Tea", start: instant(2026, 8, 1, 10, 0, tz), timeZone: tz,
                moodID: try j.mood("bad"), personIDs: [ana.id]))
        let f = try j.logEvent(
            EventDraft(
                title: "Walk", start: instant(2026, 8, 1, 18, 0, tz), timeZone: tz,
                moodID: try j.mood("great"), personIDs: [ben.id]))
        try j.checkInvariants()
        var d = try #require(try j.month(year: 2026, month: 8).first)
        #expect(d.eventCount == 2 && d.moodAverage == 0.5 && d.dominantMood?.name == "great")
        // Move in time.
        try j.editEvent(id: e.id) { $0.start = instant(2026, 8, 3, 10, 0, tz) }
        try j.checkInvariants()
        #expect(try j.month(year: 2026, month: 8).map(\.date) == [day("2026-08-01"), day("2026-08-03")])
        // Change the zone: the day follows the event's own zone.
        try j.editEvent(id: e.id) {
            $0.start = instant(2026, 8, 3, 1, 0, "Europe/Lisbon"); $0.timeZone = "Europe/Lisbon"
        }
        try j.checkInvariants()
        #expect(try j.event(id: e.id).startDay == day("2026-08-03"))
        // Change mood and people.
        try j.editEvent(id: f.id) {
            $0.moodID = try j.mood("awful"); $0.personIDs = [ana.id, ben.id]
        }
        try j.checkInvariants()
        d = try #require(try j.month(year: 2026, month: 8).first)
        #expect(d.dominantMood?.name == "awful" && d.personIDs == [ana.id, ben.id])
        // Make it span two days, then all-day over three.
        try j.editEvent(id: f.id) { $0.end = instant(2026, 8, 2, 1, 0, tz) }
        try j.checkInvariants()
        try j.editEvent(id: f.id) {
            $0.allDay = true; $0.allDayDates = day("2026-08-10")...day("2026-08-12")
        }
        try j.checkInvariants()
        #expect(try j.month(year: 2026, month: 8).map(\.date.day) == [3, 10, 11, 12])
        // Remove.
        try j.removeEvent(id: f.id)
        try j.checkInvariants()
        #expect(try j.month(year: 2026, month: 8).map(\.date.day) == [3])
        try j.removeEvent(id: e.id)
        try j.checkInvariants()
        #expect(try j.year(2026).isEmpty)
    }

    @Test("month and year queries filter by person, type subtree and relation subtree", arguments: JournalKind.allCases)
    func filters(kind: JournalKind) throws {
        let j = try kind.make().journal
        let mum = try j.person("Mum", in: "Family/Parents"), sis = try j.person("Sis", in: "Family/Siblings")
        let ana = try j.person("Ana", in: "Friends/College")
        let tz = "UTC"
        let hike = try j.addCategory(kind: .eventType, path: "Activity/Hike")
        try j.logEvent(EventDraft(title: "a", start: instant(2026, 9, 1, 10, 0, tz), timeZone: tz, typeID: hike.id, personIDs: [ana.id]))
        try j.logEvent(
            EventDraft(
                title: "b", start: instant(2026, 9, 2, 10, 0, tz), timeZone: tz, typeID: try j.type("Meal"),
                moodID: try j.mood("good"), personIDs: [mum.id, ana.id]))
        try j.logEvent(
            EventDraft(
                title: "c", start: instant(2026, 12, 25, 10, 0, tz), timeZone: tz, typeID: try j.type("Meal"),
                moodID: try j.mood("great"), personIDs: [sis.id]))
        let family = try j.category(kind: .relation, path: "Family").id
        #expect(try j.year(2026, filter: DayFilter(relationID: family)).map(\.date.description) == ["2026-09-02", "2026-12-25"])
        #expect(try j.year(2026, filter: DayFilter(personID: ana.id)).map(\.date.day) == [1, 2])
        #expect(try j.year(2026, filter: DayFilter(typeID: try j.type("Activity"))).map(\.date.day) == [1])
        #expect(try j.month(year: 2026, month: 9, filter: DayFilter(personID: ana.id, typeID: try j.type("Meal"))).map(\.date.day) == [2])
        let sept2 = try #require(try j.month(year: 2026, month: 9, filter: DayFilter(relationID: family)).first)
        #expect(sept2.personIDs == [mum.id, ana.id].sorted() && sept2.moodAverage == 1)
        #expect(try j.events(on: day("2026-09-02"), filter: DayFilter(personID: mum.id)).map(\.title) == ["b"])
        #expect(try j.events(on: day("2026-09-01"), filter: DayFilter(personID: mum.id)).isEmpty)
    }

    @Test("a person page has last seen and meetings per month over the last year", arguments: JournalKind.allCases)
    func personPage(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        for (m, d) in [(1, 5), (1, 20), (3, 3), (11, 2)] {
            try j.logEvent(EventDraft(title: "m\(m)d\(d)", start: instant(2026, m, d, 12, 0, "UTC"), timeZone: "UTC", personIDs: [ana.id]))
        }
        try j.logEvent(EventDraft(title: "old", start: instant(2024, 1, 1, 12, 0, "UTC"), timeZone: "UTC", personIDs: [ana.id]))
        try j.logEvent(EventDraft(title: "future", start: instant(2027, 1, 1, 12, 0, "UTC"), timeZone: "UTC", personIDs: [ana.id]))
        let page = try j.personPage(id: ana.id, asOf: day("2026-11-21"))
        #expect(page.lastSeen == day("2026-11-02"))
        #expect(page.meetingsPerMonth.count == 12)
        #expect(page.meetingsPerMonth.first == MonthCount(year: 2025, month: 12, count: 0))
        #expect(page.meetingsPerMonth.map(\.count) == [0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1])
        #expect(page.averagePerMonth == 4.0 / 12)
        #expect(page.events.map(\.title).prefix(2) == ["future", "m11d2"])
    }

    @Test("checkInvariants notices an index that disagrees with the events", arguments: JournalKind.allCases)
    func invariantDetectsDamage(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        let e = try j.logEvent(
            EventDraft(
                title: "x", start: instant(2026, 1, 1, 12, 0, "UTC"), timeZone: "UTC",
                moodID: try j.mood("good"), personIDs: [ana.id]))
        try j.checkInvariants()
        try j.dbQueue.write { db in try db.execute(sql: "UPDATE daySummary SET eventCount = 5") }
        #expect(throws: JournalError.self) { try j.checkInvariants() }
        try j.dbQueue.write { db in
            try db.execute(sql: "UPDATE daySummary SET eventCount = 1")
            try db.execute(sql: "DELETE FROM dayEvent WHERE eventId = ?", arguments: [e.id])
        }
        #expect {
            try j.checkInvariants()
        } throws: { error in
            "\(error)".contains("lacks event \(e.id)")
        }
        try j.dbQueue.write { db in try Journal.reindex(db, eventIDs: [e.id]) }
        try j.checkInvariants()
        // A trait of the event held by someone who was not there.
        let ben = try j.person("Ben")
        try j.editEvent(id: e.id) { $0.traits = [TraitDraft(path: "Interests", text: "tea")] }
        try j.checkInvariants()
        try j.dbQueue.write { db in try db.execute(sql: "UPDATE trait SET personId = ?", arguments: [ben.id]) }
        #expect(throws: JournalError.self) { try j.checkInvariants() }
    }
}

/// The people of a day come from the index's stored list, read when asked for; such a
/// summary behaves exactly like one made from a list of ids.
@Suite("Day summaries")
struct DaySummaryTests {
    struct Probe: Decodable { var personIDs: [Int64] }

    @Test("people read from the index compare, hash and encode like a plain list", arguments: JournalKind.allCases)
    func peopleFromTheIndex(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben")
        let tz = "Europe/Berlin"
        try j.logEvent(EventDraft(title: "Lunch", start: instant(2026, 7, 4, 12, 0, tz), timeZone: tz, personIDs: [ben.id, ana.id]))
        let read = try #require(try j.month(year: 2026, month: 7).first)
        #expect(read.personIDs == [ana.id, ben.id].sorted())
        let made = DaySummary(
            date: read.date, eventCount: read.eventCount, personIDs: read.personIDs,
            moodAverage: read.moodAverage, dominantMood: read.dominantMood)
        #expect(read == made)
        #expect(Set([read, made]).count == 1)
        let json = try JSONEncoder().encode(read)
        #expect(try JSONDecoder().decode(Probe.self, from: json).personIDs == [ana.id, ben.id].sorted())
        #expect(try JSONDecoder().decode(DaySummary.self, from: json) == made)
        var changed = read
        changed.personIDs = [ana.id]
        #expect(changed.personIDs == [ana.id])
        #expect(changed != read)
    }

    @Test("a stored id list is read ascending, whatever its order")
    func idLists() {
        #expect(Journal.parseIDList("12,3,7") == [3, 7, 12])
        #expect(Journal.parseIDList("3,7,12") == [3, 7, 12])
        #expect(Journal.parseIDList("5") == [5])
        #expect(Journal.parseIDList("") == [])
    }
}
