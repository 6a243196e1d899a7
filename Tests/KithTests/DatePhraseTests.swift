import Foundation
import Testing

@testable import Kith

/// `now` is Sunday 2026-11-22 10:00 in Asia/Taipei (02:00 UTC).
@Suite struct DatePhraseTests {
    static let taipei = TimeZone(identifier: "Asia/Taipei")!
    static let now = Date(timeIntervalSince1970: 1_795_312_800)  // 2026-11-22T02:00:00Z

    func day(_ text: String, now: Date = DatePhraseTests.now, zone: TimeZone = DatePhraseTests.taipei) throws -> String {
        try DatePhrase.day(text, now: now, timeZone: zone).description
    }

    func moment(_ text: String) throws -> (String, Int?, Int?) {
        let m = try DatePhrase.moment(text, now: Self.now, timeZone: Self.taipei)
        return (m.day.description, m.time?.hour, m.time?.minute)
    }

    @Test func theFixedNowIsASundayInTaipei() {
        #expect(DatePhrase.day(of: Self.now, in: Self.taipei).description == "2026-11-22")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.taipei
        #expect(calendar.component(.weekday, from: Self.now) == 1)
    }

    @Test(arguments: [
        ("2026-11-21", "2026-11-21"),
        ("2024-02-29", "2024-02-29"),
        ("2026/03/05", "2026-03-05"),
        ("today", "2026-11-22"),
        ("Today", "2026-11-22"),
        ("yesterday", "2026-11-21"),
        ("tomorrow", "2026-11-23"),
        ("sunday", "2026-11-22"),
        ("friday", "2026-11-20"),
        ("Fri", "2026-11-20"),
        ("monday", "2026-11-16"),
        ("saturday", "2026-11-21"),
        ("last friday", "2026-11-20"),
        ("last sunday", "2026-11-15"),
        ("last saturday", "2026-11-21"),
        ("3 days ago", "2026-11-19"),
        ("1 day ago", "2026-11-21"),
        ("0 days ago", "2026-11-22"),
        ("30 days ago", "2026-10-23"),
        ("2 weeks ago", "2026-11-08"),
        ("a week ago", "2026-11-15"),
        ("last week", "2026-11-15"),
        ("2 months ago", "2026-09-22"),
        ("nov 21", "2026-11-21"),
        ("21 november", "2026-11-21"),
        ("11-21", "2026-11-21"),
        ("--11-22", "2026-11-22"),
        ("nov 3 2024", "2024-11-03"),
    ])
    func readsDayPhrases(_ text: String, expected: String) throws {
        #expect(try day(text) == expected)
    }

    @Test(arguments: [
        ("nov 30", "2025-11-30"),
        ("12-25", "2025-12-25"),
        ("dec 31", "2025-12-31"),
        ("11-23", "2025-11-23"),
        ("feb 29", "2024-02-29"),
    ])
    func datesWithoutAYearAreReadAsThePastNeverNextYear(_ text: String, expected: String) throws {
        #expect(try day(text) == expected)
    }

    @Test func theDayDependsOnTheTimeZone() throws {
        // 02:00 UTC on the 22nd is still the 21st in New York.
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(try day("today", zone: newYork) == "2026-11-21")
        #expect(try day("yesterday", zone: newYork) == "2026-11-20")
        #expect(try day("friday", zone: newYork) == "2026-11-20")
        #expect(try day("last saturday", zone: newYork) == "2026-11-14")
    }

    @Test(arguments: [
        ("yesterday 15:30", "2026-11-21", 15, 30),
        ("yesterday 3pm", "2026-11-21", 15, 0),
        ("yesterday 3 pm", "2026-11-21", 15, 0),
        ("last friday 8pm", "2026-11-20", 20, 0),
        ("friday 8:15am", "2026-11-20", 8, 15),
        ("2026-11-21 15:30", "2026-11-21", 15, 30),
        ("2026-11-21T15:30", "2026-11-21", 15, 30),
        ("2026-11-21 at 9:05", "2026-11-21", 9, 5),
        // Now is 10:00: a bare time later than that is yesterday's (issue 16; these read
        // as today, in the future, before).
        ("15:30", "2026-11-21", 15, 30),
        ("3pm", "2026-11-21", 15, 0),
        ("12am", "2026-11-22", 0, 0),
        ("12pm", "2026-11-21", 12, 0),
        ("12:30am", "2026-11-22", 0, 30),
        ("9:59", "2026-11-22", 9, 59),
        ("noon", "2026-11-21", 12, 0),
        ("3 days ago 7pm", "2026-11-19", 19, 0),
        ("15:30 yesterday", "2026-11-21", 15, 30),
        ("at 8pm yesterday", "2026-11-21", 20, 0),
    ])
    func readsMomentsWithTimes(_ text: String, day: String, hour: Int, minute: Int) throws {
        let (d, h, m) = try moment(text)
        #expect(d == day)
        #expect(h == hour)
        #expect(m == minute)
    }

    @Test(arguments: [
        // (phrase, day, hour, minute, planned); now is Sunday 2026-11-22 10:00.
        ("8pm", "2026-11-21", 20, 0, false),
        ("at 8pm", "2026-11-21", 20, 0, false),
        ("10:00", "2026-11-22", 10, 0, false),
        ("10:01", "2026-11-21", 10, 1, false),
        ("sunday 8pm", "2026-11-15", 20, 0, false),
        ("sunday 9am", "2026-11-22", 9, 0, false),
        ("friday 8pm", "2026-11-20", 20, 0, false),
        ("today 8pm", "2026-11-22", 20, 0, true),
        ("tomorrow 9am", "2026-11-23", 9, 0, true),
        ("2026-12-24 18:00", "2026-12-24", 18, 0, true),
        ("this morning", "2026-11-22", 9, 0, false),
        ("This Evening", "2026-11-22", 19, 0, true),
        ("this afternoon", "2026-11-22", 15, 0, true),
        ("tonight", "2026-11-22", 21, 0, true),
        ("last night", "2026-11-21", 21, 0, false),
        ("yesterday evening", "2026-11-21", 19, 0, false),
        ("friday morning", "2026-11-20", 9, 0, false),
        ("sunday evening", "2026-11-15", 19, 0, false),
    ])
    func bareTimesAndWeekdaysAreThePastWrittenDaysMayBePlanned(_ text: String, day: String, hour: Int, minute: Int, planned: Bool) throws {
        let m = try DatePhrase.moment(text, now: Self.now, timeZone: Self.taipei)
        #expect(m.day.description == day)
        #expect(m.time == DatePhrase.Time(hour: hour, minute: minute))
        #expect(m.isPlanned == planned)
        #expect((m.date > Self.now) == planned)
    }

    @Test func tomorrowAndAFutureDateAreAcceptedAsPlanned() throws {
        let tomorrow = try DatePhrase.moment("tomorrow", now: Self.now, timeZone: Self.taipei)
        #expect(tomorrow.day.description == "2026-11-23")
        #expect(tomorrow.isPlanned)
        #expect(try !DatePhrase.moment("yesterday", now: Self.now, timeZone: Self.taipei).isPlanned)
        #expect(try !DatePhrase.moment("now", now: Self.now, timeZone: Self.taipei).isPlanned)
    }

    @Test(arguments: ["last morning", "this", "this night soon", "soon evening"])
    func unreadablePartsOfTheDaySayWhatIsAccepted(_ text: String) {
        let error = #expect(throws: DatePhraseError.self) { try DatePhrase.moment(text, now: Self.now, timeZone: Self.taipei) }
        #expect(error?.advice.contains("this evening") == true)
    }

    @Test func aMomentWithoutATimeHasNoTimeAndStartsAtMidnight() throws {
        let m = try DatePhrase.moment("yesterday", now: Self.now, timeZone: Self.taipei)
        #expect(m.time == nil)
        #expect(m.date == Date(timeIntervalSince1970: 1_795_190_400))  // 2026-11-21T00:00+08:00
    }

    @Test func nowIsTheCurrentInstantWithItsTime() throws {
        let m = try DatePhrase.moment("now", now: Self.now, timeZone: Self.taipei)
        #expect(m.date == Self.now)
        #expect(m.time == DatePhrase.Time(hour: 10, minute: 0))
        #expect(m.day.description == "2026-11-22")
    }

    @Test func aMomentIsAnInstantInTheGivenZone() throws {
        let m = try DatePhrase.moment("yesterday 15:30", now: Self.now, timeZone: Self.taipei)
        // 2026-11-21 15:30 +08:00 = 07:30 UTC
        #expect(m.date == Date(timeIntervalSince1970: 1_795_190_400 + 15 * 3600 + 1800))
        let utc = try DatePhrase.moment("2026-11-21 15:30", now: Self.now, timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.date.timeIntervalSince(m.date) == 8 * 3600)
    }

    @Test func aMomentInADaylightSavingGapMovesForward() throws {
        // 2026-03-08 02:30 does not exist in New York.
        let newYork = TimeZone(identifier: "America/New_York")!
        let m = try DatePhrase.moment("2026-03-08 2:30", now: Self.now, timeZone: newYork)
        let before = try DatePhrase.moment("2026-03-08 1:30", now: Self.now, timeZone: newYork)
        #expect(m.date.timeIntervalSince(before.date) == 3600)
    }

    @Test(arguments: [
        "", "   ", "someday", "last", "last blursday", "2026-13-01", "2026-02-30", "2025-02-29",
        "nov 31", "feb 30", "3 fortnights ago", "x days ago", "26-11-21", "20261121",
    ])
    func unreadableDaysSayWhatIsAccepted(_ text: String) {
        let error = #expect(throws: DatePhraseError.self) { try DatePhrase.day(text, now: Self.now, timeZone: Self.taipei) }
        #expect(error?.description.contains("cannot read \"\(text)\" as a date") == true)
        #expect(error?.advice.contains("yesterday") == true)
        #expect(error?.advice.contains("last friday") == true)
    }

    @Test(arguments: ["yesterday 25:00", "yesterday 15:61", "13pm", "0am", "today 3", "yesterday at", "soon 15:30"])
    func unreadableMomentsSayWhatIsAccepted(_ text: String) {
        let error = #expect(throws: DatePhraseError.self) { try DatePhrase.moment(text, now: Self.now, timeZone: Self.taipei) }
        #expect(error?.problem.hasPrefix("cannot read \"\(text)\" as a date and time") == true)
        #expect(error?.advice.contains("15:30") == true)
    }

    @Test func anImpossibleTimeIsNamed() {
        let error = #expect(throws: DatePhraseError.self) { try DatePhrase.moment("yesterday 25:00", now: Self.now, timeZone: Self.taipei) }
        #expect(error?.problem == "cannot read \"yesterday 25:00\" as a date and time: \"25:00\" is not a time of day")
    }

    @Test(arguments: [
        ("90m", 5400), ("2h", 7200), ("1h30m", 5400), ("1h 30m", 5400), ("45 min", 2700),
        ("1 hour", 3600), ("2 hours 15 minutes", 8100), ("1d", 86400), ("30s", 30), ("1H30M", 5400),
    ])
    func readsDurations(_ text: String, seconds: Int) throws {
        #expect(try DatePhrase.duration(text) == seconds)
    }

    @Test(arguments: ["", "90", "m", "1.5h", "2 fortnights", "0m", "h30"])
    func unreadableDurationsSayWhatIsAccepted(_ text: String) {
        let error = #expect(throws: DatePhraseError.self) { try DatePhrase.duration(text) }
        #expect(error?.description.contains("90m, 2h or 1h30m") == true)
    }

    @Test func dayOrderAndText() {
        let a = DatePhrase.Day(year: 2026, month: 1, day: 31)!
        let b = DatePhrase.Day(year: 2026, month: 2, day: 1)!
        #expect(a < b)
        #expect(a.description == "2026-01-31")
        #expect(DatePhrase.Day(year: 987, month: 3, day: 4)!.description == "0987-03-04")
    }
}
