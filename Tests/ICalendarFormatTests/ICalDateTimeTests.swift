import Foundation
import Testing

@testable import ICalendarFormat

@Suite struct ICalDateTimeTests {
    @Test func readsTheThreeFormsAndDates() {
        #expect(ICalDateTime("20260308T070000Z")?.form == .utc)
        #expect(ICalDateTime("20260308T020000")?.form == .floating)
        #expect(ICalDateTime("20260308T020000", tzid: "America/New_York")?.form == .zoned(tzid: "America/New_York"))
        let d = ICalDateTime("20260229")
        #expect(d == nil, "2026 has no 29 February")
        let all = ICalDateTime("20280229")
        #expect(all?.isDate == true)
        #expect(all?.description == "20280229")
        #expect(ICalDateTime("20260308T070000Z", tzid: "Europe/Berlin")?.form == .utc, "a TZID on a UTC time is ignored")
    }

    @Test(arguments: ["20261345T250000", "2026-03-08", "20260308T0700", "2026030", "", "20260308T246000", "abcdefgh"])
    func rejectsMalformedValues(_ text: String) {
        #expect(ICalDateTime(text) == nil)
    }

    @Test func writesWhatItReads() {
        for s in ["20260308T070000Z", "20260308T020000", "19700101", "16010101T030000"] {
            #expect(ICalDateTime(s)?.description == s)
        }
        #expect(ICalDateTime(iso: "2026-03-08T07:00:00Z")?.description == "20260308T070000Z")
        #expect(ICalDateTime("20260308T070000Z")?.isoString == "2026-03-08T07:00:00Z")
    }

    @Test func civilArithmeticMatchesFoundationOverCenturies() {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        for days in stride(from: -100_000, through: 200_000, by: 997) {  // Foundation switches to Julian before 1582
            let date = Date(timeIntervalSince1970: TimeInterval(days) * 86400)
            let c = cal.dateComponents([.year, .month, .day, .weekday], from: date)
            let mine = CivilTime.date(days: days)
            #expect(mine.year == c.year && mine.month == c.month && mine.day == c.day)
            #expect(CivilTime.days(year: mine.year, month: mine.month, day: mine.day) == days)
            #expect(CivilTime.weekday(days: days) == (c.weekday! + 5) % 7 + 1)
        }
    }

    @Test func buildsZonedValuesFromInstants() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let v = ICalDateTime(date: utc(2026, 3, 29, 1, 30), timeZone: berlin)
        #expect(v.description == "20260329T033000" && v.tzid == "Europe/Berlin")
        #expect(ICalDateTime(date: utc(2026, 3, 29, 0, 30), timeZone: berlin).description == "20260329T013000")
        #expect(ICalDateTime(date: utc(2026, 1, 1, 12), timeZone: TimeZone(identifier: "UTC")!).description == "20260101T120000Z")
        let back = ICalTimeZoneResolver().date(for: v)
        #expect(back == utc(2026, 3, 29, 1, 30))
        #expect(ICalDateTime(year: 2026, month: 11, day: 21).isDate)
    }

    @Test func weekdaysAreISO() {
        #expect(CivilTime.weekday(days: CivilTime.days(year: 2026, month: 3, day: 8)) == 7)  // Sunday
        #expect(CivilTime.weekday(days: CivilTime.days(year: 2026, month: 3, day: 2)) == 1)  // Monday
        #expect(CivilTime.weekday(days: CivilTime.days(year: 1601, month: 1, day: 1)) == 1)
    }
}

@Suite struct ICalDurationTests {
    @Test func readsAndWritesDurations() throws {
        let d = try #require(ICalDuration("PT1H30M"))
        #expect(d.exactSeconds == 5400 && d.description == "PT1H30M")
        #expect(ICalDuration("-P0DT0H10M0S")?.totalSeconds == -600)
        #expect(ICalDuration("P1W")?.nominalDays == 7)
        #expect(ICalDuration("P1DT12H")?.totalSeconds == 129_600)
        #expect(ICalDuration("P") == nil)
        #expect(ICalDuration("PT5") == nil)
        #expect(ICalDuration("1H") == nil)
        #expect(ICalDuration(seconds: 0).description == "PT0S")
    }

    @Test func readsPeriods() throws {
        let p = try #require(ICalPeriod("20260308T090000Z/PT1H"))
        #expect(p.end == .duration(ICalDuration(hours: 1)))
        #expect(p.description == "20260308T090000Z/PT1H")
        #expect(ICalPeriod("20260308T090000Z/20260308T100000Z")?.description == "20260308T090000Z/20260308T100000Z")
        #expect(ICalPeriod("20260308/PT1H") == nil)
    }
}
