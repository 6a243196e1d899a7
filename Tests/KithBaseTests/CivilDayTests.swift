import Foundation
import Testing

@testable import KithBase

@Suite struct CivilDayTests {
    static let gregorian: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    @Test("days and dates agree with Foundation's Calendar, day by day from 1599 to 2101")
    func agreesWithFoundation() {
        let start = CivilDay.days(year: 1599, month: 1, day: 1)
        let end = CivilDay.days(year: 2101, month: 12, day: 31)
        var mismatches = 0
        // Every 7th day across five centuries, and every day of the years the leap rules decide.
        for d in stride(from: start, through: end, by: 7) where !check(d) { mismatches += 1 }
        for year in [1600, 1700, 1900, 1970, 2000, 2024, 2100] {
            let first = CivilDay.days(year: year, month: 1, day: 1)
            for d in first..<(first + CivilDay.daysInYear(year)) where !check(d) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// Whether day `d` has the date, weekday and round trip Foundation gives it.
    func check(_ d: Int) -> Bool {
        let instant = Date(timeIntervalSince1970: Double(d) * 86_400 + 43_200)
        let c = Self.gregorian.dateComponents([.year, .month, .day, .weekday], from: instant)
        let mine = CivilDay.date(days: d)
        return mine.year == c.year && mine.month == c.month && mine.day == c.day
            && CivilDay.weekday(days: d) == c.weekday
            && CivilDay.weekday(year: mine.year, month: mine.month, day: mine.day) == c.weekday
            && CivilDay.isoWeekday(days: d) == (c.weekday! + 5) % 7 + 1
            && CivilDay.days(year: mine.year, month: mine.month, day: mine.day) == d
    }

    @Test(
        "leap years: every fourth, not centuries, but every fourth century",
        arguments: [
            (1600, true), (1700, false), (1800, false), (1900, false), (2000, true), (2004, true),
            (2023, false), (2024, true), (2100, false), (2400, true),
        ])
    func leapYears(year: Int, leap: Bool) {
        #expect(CivilDay.isLeap(year) == leap)
        #expect(CivilDay.daysInMonth(year: year, month: 2) == (leap ? 29 : 28))
        #expect(CivilDay.daysInYear(year) == (leap ? 366 : 365))
        let range = Self.gregorian.range(
            of: .day, in: .month,
            for: Self.gregorian.date(from: DateComponents(year: year, month: 2, day: 1))!)!
        #expect(range.count == CivilDay.daysInMonth(year: year, month: 2))
    }

    @Test("fixed points: the epoch, days before it, month lengths")
    func fixedPoints() {
        #expect(CivilDay.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDay.date(days: -1) == (1969, 12, 31))
        #expect(CivilDay.days(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilDay.weekday(days: 0) == 5)  // Thursday
        #expect(CivilDay.isoWeekday(days: 0) == 4)
        #expect(CivilDay.weekday(days: -4) == 1)  // 1969-12-28, a Sunday
        #expect((1...12).map { CivilDay.daysInMonth(year: 2026, month: $0) } == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    }
}
