import Foundation
import GRDB
import Testing

@testable import Kith

@Suite("Upcoming birthdays and anniversaries")
struct UpcomingTests {
    /// A person with a birthday and/or an anniversary.
    @discardableResult
    func add(_ j: Journal, _ name: String, birthday: String? = nil, anniversary: String? = nil) throws -> Person {
        try j.addPerson(PersonDraft(displayName: name, birthday: birthday.flatMap { PartialDate($0) }, anniversary: anniversary.flatMap { PartialDate($0) }))
    }

    /// What a list says, one line an item: `date kind name years`.
    func lines(_ items: [UpcomingItem]) -> [String] {
        items.map { "\($0.date) \($0.kind.rawValue) \($0.person.displayName) \($0.years.map(String.init) ?? "-")" }
    }

    @Test("a 29 February birthday comes up on 28 February in common years, on the 29th in leap years", arguments: JournalKind.allCases)
    func leapDay(kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        try add(j, "Leap Year", birthday: "2000-02-29")
        try add(j, "No Year", birthday: "--02-29")
        try add(j, "Twenty Eighth", birthday: "1999-02-28")
        #expect(
            lines(try j.upcoming(from: day("2025-02-20"), days: 14)) == [
                "2025-02-28 birthday Leap Year 25", "2025-02-28 birthday No Year -", "2025-02-28 birthday Twenty Eighth 26",
            ])
        // A window that ends on 28 February of a common year still has it.
        #expect(lines(try j.upcoming(from: day("2025-02-28"), days: 1)).count == 3)
        #expect(lines(try j.upcoming(from: day("2025-02-15"), days: 14)).count == 3)
        // From 1 March it is past.
        #expect(try j.upcoming(from: day("2025-03-01"), days: 14).isEmpty)
        // A leap year: the 29th, and not the 28th as well.
        #expect(
            lines(try j.upcoming(from: day("2028-02-20"), days: 14)) == [
                "2028-02-28 birthday Twenty Eighth 29", "2028-02-29 birthday Leap Year 28", "2028-02-29 birthday No Year -",
            ])
        #expect(lines(try j.upcoming(from: day("2028-02-28"), days: 1)) == ["2028-02-28 birthday Twenty Eighth 29"])
        // 2100 is not a leap year; 2000 was.
        #expect(try j.upcoming(from: day("2100-02-28"), days: 1).map(\.person.displayName) == ["Leap Year", "No Year", "Twenty Eighth"])
        #expect(try j.upcoming(from: day("2000-02-28"), days: 1).map(\.person.displayName) == ["Twenty Eighth"])
    }

    @Test("a birthday without a year comes up every year, with no age", arguments: JournalKind.allCases)
    func yearless(kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        let ana = try add(j, "Ana Lima", birthday: "--04-12")
        let items = try j.upcoming(from: day("2026-04-01"), days: 14)
        #expect(items.count == 1)
        #expect(items.first?.date == day("2026-04-12"))
        #expect(items.first?.years == nil)
        #expect(items.first?.daysAway == 11)
        #expect(items.first?.person.id == ana.id)
        #expect(items.first?.original?.description == "--04-12")
        #expect(try j.upcoming(from: day("1901-04-12"), days: 1).count == 1)
        #expect(try j.upcoming(from: day("2026-04-13"), days: 14).isEmpty)
    }

    @Test("a window across New Year: Dec 28 + 14 days runs to Jan 10", arguments: JournalKind.allCases)
    func yearBoundary(kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        try add(j, "Before", birthday: "1980-12-27")
        try add(j, "First Day", birthday: "1980-12-28")
        try add(j, "New Year", birthday: "--01-01", anniversary: "2010-12-31")
        try add(j, "January", birthday: "1985-01-05")
        try add(j, "Last Day", birthday: "1990-01-10")
        try add(j, "After", birthday: "1990-01-11")
        #expect(
            lines(try j.upcoming(from: day("2026-12-28"), days: 14)) == [
                "2026-12-28 birthday First Day 46", "2026-12-31 anniversary New Year 16", "2027-01-01 birthday New Year -",
                "2027-01-05 birthday January 42", "2027-01-10 birthday Last Day 37",
            ])
        #expect(try j.upcoming(from: day("2026-12-28"), days: 14).map(\.daysAway) == [0, 3, 4, 8, 13])
    }

    @Test("ages and years since: the year itself and the years before are not listed", arguments: JournalKind.allCases)
    func ages(kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        try add(j, "Chen Wei", birthday: "1986-05-03", anniversary: "2016-05-03")
        try add(j, "Baby", birthday: "2026-05-04")
        try add(j, "anna", anniversary: "2020-05-03")
        #expect(
            lines(try j.upcoming(from: day("2026-05-01"), days: 7)) == [
                "2026-05-03 birthday Chen Wei 40", "2026-05-03 anniversary anna 6", "2026-05-03 anniversary Chen Wei 10",
            ])
        // The day of birth is not a birthday; the first one is a year later.
        #expect(lines(try j.upcoming(from: day("2027-05-04"), days: 1)) == ["2027-05-04 birthday Baby 1"])
        #expect(try j.upcoming(from: day("2016-05-03"), days: 1).map(\.kind) == [.birthday])
        #expect(try j.upcoming(from: day("1980-05-01"), days: 7).isEmpty)
    }

    @Test("edits, removals and a long window", arguments: JournalKind.allCases)
    func changes(kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        let ana = try add(j, "Ana Lima", birthday: "1990-06-10")
        let ben = try add(j, "Ben", anniversary: "--06-11")
        #expect(try j.upcoming(from: day("2026-06-01"), days: 14).count == 2)
        try j.editPerson(id: ana.id) { $0.birthday = PartialDate("1990-07-01") }
        #expect(lines(try j.upcoming(from: day("2026-06-01"), days: 14)) == ["2026-06-11 anniversary Ben -"])
        #expect(lines(try j.upcoming(from: day("2026-06-20"), days: 14)) == ["2026-07-01 birthday Ana Lima 36"])
        try j.removePerson(id: ben.id)
        #expect(try j.upcoming(from: day("2026-06-01"), days: 14).isEmpty)
        // Two years: each date twice.
        #expect(lines(try j.upcoming(from: day("2026-01-01"), days: 730)) == ["2026-07-01 birthday Ana Lima 36", "2027-07-01 birthday Ana Lima 37"])
        #expect(throws: JournalError.self) { try j.upcoming(from: day("2026-01-01"), days: 0) }
        #expect(throws: JournalError.self) { try j.upcoming(from: day("2026-01-01"), days: 3661) }
        try j.checkInvariants()
        #expect(try j.integrityCheck() == [])
    }

    @Test("people come due in the window on the day their cadence says; overdue ones are not listed", arguments: JournalKind.allCases)
    func comingDue(kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        try j.setCadence(Cadence("2w"), forCategory: j.category(kind: .relation, path: "Family").id, since: day("2026-01-01"))
        let mum = try j.addPerson(
            PersonDraft(displayName: "Mum", birthday: PartialDate("1960-03-16"), relationID: j.category(kind: .relation, path: "Family/Parents").id))
        try add(j, "Aunt", anniversary: "1990-03-16")
        func meet(_ text: String) throws {
            let d = day(text)
            try j.logEvent(EventDraft(title: "Call", start: instant(d.year, d.month, d.day, 12, 0, "UTC"), timeZone: "UTC", personIDs: [mum.id]))
        }
        try meet("2027-03-02")
        let items = try j.upcoming(from: day("2027-03-10"), days: 14)
        #expect(lines(items) == ["2027-03-16 birthday Mum 67", "2027-03-16 anniversary Aunt 37", "2027-03-16 due Mum -"])
        let due = try #require(items.last?.due)
        #expect(due.lastSeen == day("2027-03-02"))
        #expect(due.cadence.cadence == .every(2, .weeks))
        #expect(items.last?.original == nil)
        #expect(items.last?.daysAway == 6)
        // Overdue on the first day: `due`'s, not upcoming's.
        #expect(!lines(try j.upcoming(from: day("2027-03-17"), days: 14)).contains { $0.contains("due") })
        // Due on the first day: listed, 0 days away.
        #expect(try j.upcoming(from: day("2027-03-16"), days: 1).map(\.kind) == [.birthday, .anniversary, .due])
        // Seen again: due two weeks after that.
        try meet("2027-03-15")
        #expect(lines(try j.upcoming(from: day("2027-03-16"), days: 14)).last == "2027-03-29 due Mum -")
        try j.checkInvariants()
    }

    @Test("every window gives what a scan of everyone gives", arguments: JournalKind.allCases)
    func sameAsAScan(kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        var generator = SystemRandomNumberGenerator()
        var people: [(String, PartialDate?, PartialDate?)] = []
        for i in 0..<150 {
            func date() -> PartialDate? {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return nil
                case 1: return PartialDate(year: nil, month: Int.random(in: 1...12), day: Int.random(in: 1...29))
                default:
                    let y = Int.random(in: 1940...2030), m = Int.random(in: 1...12)
                    return PartialDate(year: y, month: m, day: Int.random(in: 1...LocalDate.daysInMonth(year: y, month: m)))
                }
            }
            let p = (String(format: "P%03d", i), date(), i % 10 == 0 ? PartialDate(year: 2000, month: 2, day: 29) : date())
            people.append(p)
            try j.addPerson(PersonDraft(displayName: p.0, birthday: p.1, anniversary: p.2))
        }
        let starts = ["2025-02-27", "2024-02-28", "2026-12-20", "2027-01-01", "2028-03-01", "2025-06-15", "2100-02-01"]
        for start in starts {
            for days in [1, 2, 7, 14, 60, 364, 365, 366, 400] {
                let first = day(start), last = first.adding(days: days - 1)
                var expected: [String] = []
                var d = first
                while d <= last {
                    for p in people.sorted(by: { $0.0 < $1.0 }) {
                        for (date, kind) in [(p.1, "birthday"), (p.2, "anniversary")] {
                            guard let date, date.occurrence(in: d.year) == d, date.year.map({ $0 < d.year }) ?? true else { continue }
                            expected.append("\(d) \(kind) \(p.0) \(date.year.map { String(d.year - $0) } ?? "-")")
                        }
                    }
                    d = d.adding(days: 1)
                }
                // The scan lists birthdays before anniversaries on a day; so does the journal.
                let got = lines(try j.upcoming(from: first, days: days))
                #expect(got.sorted() == expected.sorted(), "from \(start), \(days) days")
            }
        }
    }

    @Test("the window is read through the month-day indexes", arguments: JournalKind.allCases)
    func usesTheIndexes(kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        let plans = try j.dbQueue.read { db in
            try ["birthday", "anniversary"].map { column in
                try Row.fetchAll(
                    db, sql: "EXPLAIN QUERY PLAN SELECT id, displayName, \(column) FROM person WHERE substr(\(column), -5) BETWEEN ? AND ?",
                    arguments: ["01-01", "01-14"]
                )
                .map { $0["detail"] as String }.joined()
            }
        }
        #expect(plans[0].contains("person_birthday_day"))
        #expect(plans[1].contains("person_anniversary_day"))
    }
}
