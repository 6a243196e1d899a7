import Kith
import Testing

@testable import KithCLI

@Suite struct CalendarCommandTests {
    let today = LocalDate(year: 2026, month: 11, day: 22)!

    @Test func periodsAreAMonthAYearOrThisMonth() throws {
        #expect(try CalendarCommand.parsePeriod(nil, today: today) == .month(2026, 11))
        #expect(try CalendarCommand.parsePeriod("2025-03", today: today) == .month(2025, 3))
        #expect(try CalendarCommand.parsePeriod("2024", today: today) == .year(2024))
    }

    @Test(arguments: ["2025-13", "2025-3", "25", "march", "2025-03-01", "0000"])
    func otherPeriodsAreRefusedWithTheFormsToUse(_ text: String) {
        let error = #expect(throws: UserError.self) { try CalendarCommand.parsePeriod(text, today: today) }
        #expect(error?.advice == "write a month as 2026-11 or a year as 2026")
    }

    @Test(arguments: [
        (["LANG": "en_GB.UTF-8"], 2), (["LANG": "de_DE.UTF-8"], 2), (["LANG": "en_US.UTF-8"], 1),
        (["LANG": "C.UTF-8"], 1), ([:], 1), (["LANG": "en_US.UTF-8", "LC_TIME": "fr_FR.UTF-8"], 2),
        (["LC_ALL": "en_US.UTF-8", "LC_TIME": "fr_FR.UTF-8"], 1),
    ])
    func weeksStartOnTheLocalesFirstDay(_ environment: [String: String], weekday: Int) {
        #expect(CalendarCommand.localeFirstWeekday(environment: environment) == weekday)
    }
}
