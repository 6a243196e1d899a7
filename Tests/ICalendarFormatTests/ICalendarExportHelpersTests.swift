import Foundation
import Testing

@testable import ICalendarFormat

/// The shortcuts a streaming export takes: they must write what the plain calls write.
@Suite struct ICalendarExportHelpersTests {
    let resolver = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)

    @Test(
        "a converter gives the values of value(for:tzid:), across transitions, for unknown TZIDs and for UTC",
        arguments: [
            "America/Phoenix", "America/New_York", "Europe/Lisbon", "Asia/Kolkata", "Australia/Lord_Howe", "Not/AZone", "W. Europe Standard Time",
        ] as [String?] + [nil])
    func converterMatchesResolver(tzid: String?) {
        let converter = resolver.converter(for: tzid)
        // Every 7 hours and 13 minutes over 1940–1946 and 2024–2027 (war time, DST edges).
        for start in [-946_771_200.0, 1_704_067_200.0] {
            var t = start
            while t < start + 3 * 365 * 86400 {
                let date = Date(timeIntervalSince1970: t)
                #expect(converter.value(for: date) == resolver.value(for: date, tzid: tzid))
                t += 7 * 3600 + 13 * 60
            }
        }
    }

    @Test(
        "a date line written from a prefix is the line dateTimeProperty writes",
        arguments: [
            ICalDateTime(year: 2026, month: 11, day: 26, hour: 19, minute: 5, second: 7, form: .utc),
            ICalDateTime(year: 2026, month: 11, day: 26, form: .date),
            ICalDateTime(year: 1944, month: 1, day: 1, hour: 0, minute: 0, second: 30, form: .zoned(tzid: "America/Phoenix")),
            ICalDateTime(
                year: 2026, month: 1, day: 1, hour: 9, minute: 0, second: 0,
                form: .zoned(tzid: "Name; with, specials: and a long tail to fold over the line limit")),
            ICalDateTime(year: 2026, month: 1, day: 1, hour: 9, minute: 0, second: 0, form: .floating),
        ])
    func prefixMatchesDateTimeProperty(value: ICalDateTime) {
        for name in ["DTSTART", "DTEND", "DTSTAMP", "LAST-MODIFIED"] {
            var plain = ICalendarLineWriter(), quick = ICalendarLineWriter()
            plain.dateTimeProperty(name, value)
            quick.dateTimeProperty(prefix: ICalendarLineWriter.dateTimePrefix(name, form: value.form), value)
            #expect(quick.bytes == plain.bytes)
        }
    }
}
