import Foundation
import Testing
@testable import ICalendarFormat

/// The reader shares repeated names, short values and parameter lists between lines and
/// checks values as it reads them: what each line says must still come out exactly.
@Suite struct ICalendarReaderSharingTests {
    private func read(_ lines: [String]) throws -> ICalendar {
        try ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!).read(lines.joined(separator: "\r\n") + "\r\n")
    }

    @Test func repeatedBytesGiveTheSameReadingEveryTime() throws {
        let cal = try read([
            "BEGIN:VCALENDAR", "VERSION:2.0",
            "BEGIN:VEVENT", "UID:a", "dtstart;tzid=Europe/Berlin:20260301T100000",
            "X-A;X-P=a^'b:a^'b", "X-B;X-P=a^'b:a^'b", "STATUS:CONFIRMED", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "dtstart;tzid=Europe/Berlin:20260302T100000",
            "DTEND;TZID=Europe/Berlin;X-MORE=1:20260302T110000",
            "X-A;X-P=a^'b:a^'b", "STATUS:CONFIRMED", "END:VEVENT",
            "END:VCALENDAR",
        ])
        #expect(cal.warnings.isEmpty, "\(cal.warnings)")
        for e in cal.events {
            let start = try #require(e.property("DTSTART"))
            #expect(start.name == "DTSTART" && start.parameters.map(\.name) == ["TZID"])
            #expect(e.dtStart?.tzid == "Europe/Berlin")
            for x in e.properties where x.name.hasPrefix("X-") {
                #expect(x.value == "a^'b", "a property value keeps its caret")
                #expect(x.parameter("X-P") == "a\"b", "a parameter value has its caret escape undone")
            }
            #expect(e.status == "CONFIRMED")
        }
        let end = try #require(cal.events[1].property("DTEND"))
        #expect(end.parameters.map(\.name) == ["TZID", "X-MORE"], "a longer list sharing the start of a recent one is its own")
        #expect(end.parameter("X-MORE") == "1")
    }

    @Test func valuesAreCheckedWhereTheyWereCheckedBefore() throws {
        let cal = try read([
            "BEGIN:VCALENDAR", "VERSION:2.0",
            "BEGIN:VTIMEZONE", "TZID:Nowhere/Zone",
            "BEGIN:STANDARD", "DTSTART:bad", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD",
            "BEGIN:VEVENT", "DTSTART:bad", "END:VEVENT",
            "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:x", "DTSTART:20260230", "RRULE:FREQ=WEEKLY", "RRULE:FREQ=WEEKLY",
            "RRULE:FREQ=SOMETIMES", "RRULE:FREQ=SOMETIMES", "DTEND;TZID=Mars/Base:20260301T100000",
            "BEGIN:VALARM", "TRIGGER:-PT5M", "DURATION:soon", "DTSTAMP:nope", "END:VALARM",
            "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART;TZID=Mars/Base:20260302T100000", "DURATION:soon", "END:VEVENT",
            "END:VCALENDAR",
        ])
        let seen = cal.warnings.map { "\($0.line) \($0.code.rawValue)" }
        #expect(seen == [
            "16 invalid-date", "19 invalid-rrule", "20 invalid-rrule", "21 unknown-time-zone",
            "25 invalid-date", "28 missing-uid", "30 invalid-value",
        ], "\(cal.warnings)")
    }
}
