import Foundation
import Testing

@testable import Kith

@Suite("LocalDate and PartialDate")
struct LocalDateTests {
    @Test("day numbers and epoch days round-trip over four centuries")
    func roundTrip() {
        var d = LocalDate(year: 1900, month: 1, day: 1)!
        var expected = d.daysSinceEpoch
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        for _ in 0..<(400 * 366 / 7) {
            #expect(LocalDate(daysSinceEpoch: d.daysSinceEpoch) == d)
            #expect(LocalDate(dayNumber: d.dayNumber) == d)
            #expect(d.daysSinceEpoch == expected)
            let date = cal.date(from: DateComponents(year: d.year, month: d.month, day: d.day))!
            #expect(cal.component(.weekday, from: date) == d.weekday)
            d = d.adding(days: 7); expected += 7
        }
    }

    @Test(
        "parsing accepts real days only",
        arguments: [
            ("2026-11-21", true), ("2024-02-29", true), ("2026-02-29", false), ("2026-13-01", false), ("26-11-21", false), ("2026/11/21", false),
        ])
    func parse(text: String, valid: Bool) {
        #expect((LocalDate(text) != nil) == valid)
        if valid { #expect(LocalDate(text)?.description == text) }
    }

    @Test(
        "partial dates with or without a year",
        arguments: [
            ("1990-04-12", "1990-04-12"), ("--04-12", "--04-12"), ("--0412", "--04-12"), ("--02-29", "--02-29"),
        ])
    func partial(text: String, canonical: String) {
        #expect(PartialDate(text)?.description == canonical)
    }

    @Test("partial dates refuse impossible days", arguments: ["--02-30", "1990-02-29", "--13-01", "04-12", ""])
    func partialInvalid(text: String) {
        #expect(PartialDate(text) == nil)
    }
}
