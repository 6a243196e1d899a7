import ContentLines
import Foundation
import Testing

@testable import ICalendarFormat

/// The parser keeps raw byte buffers from one component (and one folded line) to the next:
/// a buffer grown past 1 MiB is given back, one emptied is reused; what each component and
/// line holds must never show bytes of another.
@Suite struct ICalendarParserBuffersTests {
    private func read(_ text: String, lineLength: Int? = nil) throws -> ICalendar {
        var r = ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!)
        if let lineLength { r.limits = ContentLineLimits(lineLength: lineLength, propertiesPerComponent: 1000, depth: 8) }
        return try r.read(text)
    }

    /// Folds `value` after `NAME:` every 70 octets.
    private func folded(_ name: String, _ value: String) -> String {
        var out = name + ":", column = name.utf8.count + 1
        for c in value { if column >= 70 { out += "\r\n "; column = 1 }; out.append(c); column += 1 }
        return out
    }

    @Test func aHugeComponentThenSmallOnesKeepTheirOwnBytes() throws {
        let huge = String(repeating: "abcdefghij", count: 150_000)  // 1.5 MB, folded
        let text =
            [
                "BEGIN:VCALENDAR",
                "BEGIN:VEVENT", "UID:big", folded("DESCRIPTION", huge), "SUMMARY:after the big one", "END:VEVENT",
                "BEGIN:VEVENT", "UID:small", folded("DESCRIPTION", "short \u{e9}t\u{e9} text"), "SUMMARY:s", "END:VEVENT",
                "BEGIN:VEVENT", "UID:nested", "SUMMARY:outer",
                "BEGIN:VALARM", "ACTION:DISPLAY", folded("DESCRIPTION", String(repeating: "r", count: 200)), "END:VALARM",
                "LOCATION:outer place", "END:VEVENT",
                "END:VCALENDAR",
            ].joined(separator: "\r\n") + "\r\n"
        for t in [text, text.replacingOccurrences(of: "\r\n", with: "\r")] {
            let cal = try read(t)
            #expect(cal.warnings.isEmpty, "\(cal.warnings)")
            #expect(cal.events.map { $0.uid } == ["big", "small", "nested"])
            #expect(cal.events[0].descriptionText == huge)
            #expect(cal.events[0].summary == "after the big one")
            #expect(cal.events[1].descriptionText == "short \u{e9}t\u{e9} text")
            #expect(cal.events[1].summary == "s")
            #expect(cal.events[2].summary == "outer" && cal.events[2].location == "outer place")
            #expect(cal.events[2].alarms.first?.property("DESCRIPTION")?.value == String(repeating: "r", count: 200))
        }
    }

    @Test func foldedLinesAroundAnOverlongOneAreReadWhole() throws {
        let text =
            [
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:u",
                folded("SUMMARY", String(repeating: "s", count: 150)),
                folded("X-HUGE", String(repeating: "h", count: 600)),
                folded("DESCRIPTION", String(repeating: "d", count: 100) + "\u{1F389}"),
                "LOCATION:l", "END:VEVENT", "END:VCALENDAR",
            ].joined(separator: "\r\n") + "\r\n"
        let cal = try read(text, lineLength: 400)
        #expect(cal.warnings.map(\.code) == [.lineTooLong])
        let e = try #require(cal.events.first)
        #expect(e.summary == String(repeating: "s", count: 150))
        #expect(e.property("X-HUGE") == nil)
        #expect(e.descriptionText == String(repeating: "d", count: 100) + "\u{1F389}")
        #expect(e.location == "l")
    }
}
