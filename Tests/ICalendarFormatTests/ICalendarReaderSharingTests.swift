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

    /// Values and long parameter lists are kept as bytes of their component and made when
    /// read: what comes out must be what parsing every line at once gave.
    @Test func parametersAndValuesMadeOnDemandReadAsWritten() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:u1\r\n"
        text += "ATTENDEE;cn=\"Doe, Jane: \u{00C9}\";ROLE=REQ-PARTICIPANT;MEMBER=\"mailto:a@x\",\"mailto:b@x\";X-C=a^nb^^c^'d;X-EMPTY=;X-NOVALUE\r\n"
        text += " :mailto:jane@example.org\r\n"
        text += "SUMMARY:Caf\u{00E9}\\, \u{1F389}\\nnext\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        var bytes = Array(text.utf8)
        // An invalid byte in a long parameter list and in a value: each repaired on its own.
        let bad = Array(
            "BEGIN:VEVENT\r\nUID:u2\r\nATTENDEE;CN=Bad\u{FFFF}Name;ROLE=CHAIR;PARTSTAT=ACCEPTED;RSVP=TRUE;X-LONG=0123456789:mailto:bad@x\r\nLOCATION:Ort X\r\nEND:VEVENT\r\n"
                .utf8)
        var patched = bad
        for (i, b) in patched.enumerated() where b == 0xEF && patched[i + 1] == 0xBF && patched[i + 2] == 0xBF {
            patched.replaceSubrange(i..<(i + 3), with: [0xFF]); break
        }
        if let i = patched.lastIndex(of: UInt8(ascii: "X")), patched[i - 1] == 32 { patched[i] = 0xC3 }
        let end = Array("END:VCALENDAR\r\n".utf8)
        bytes.removeLast(end.count)
        bytes += patched + end
        let cal = try ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!).read(Data(bytes))
        let first = try #require(cal.events.first)
        let att = try #require(first.property("ATTENDEE"))
        #expect(att.value == "mailto:jane@example.org")
        #expect(att.parameters.map(\.name) == ["CN", "ROLE", "MEMBER", "X-C", "X-EMPTY", "X-NOVALUE"])
        #expect(att.parameter("Cn") == "Doe, Jane: \u{00C9}")
        #expect(att.parameter("MEMBER") == "mailto:a@x" && att.parameters[2].values == ["mailto:a@x", "mailto:b@x"])
        #expect(att.parameter("X-C") == "a\nb^c\"d")
        #expect(att.parameter("X-EMPTY") == "" && att.parameter("X-NOVALUE") == nil && att.parameter("X-NONE") == nil)
        #expect(first.attendees.first?.commonName == "Doe, Jane: \u{00C9}")
        #expect(first.summary == "Caf\u{00E9}, \u{1F389}\nnext")
        #expect(first.property("SUMMARY")?.value == "Caf\u{00E9}\\, \u{1F389}\\nnext")
        // The same property built in code is equal, and hashes the same.
        let built = ICalProperty(name: "ATTENDEE", value: "mailto:jane@example.org", parameters: att.parameters)
        #expect(built == att && built.hashValue == att.hashValue)
        // Changing a read property makes it its own: the others are untouched.
        var changed = att
        changed.setParameter("ROLE", "CHAIR")
        #expect(changed.parameter("ROLE") == "CHAIR" && changed.value == "mailto:jane@example.org")
        #expect(att.parameter("ROLE") == "REQ-PARTICIPANT")
        var revalued = att
        revalued.value = "mailto:other@example.org"
        #expect(revalued.parameters == att.parameters && revalued.value == "mailto:other@example.org")

        let second = try #require(cal.events.last)
        let badAtt = try #require(second.property("ATTENDEE"))
        #expect(badAtt.parameter("CN") == "Bad\u{FFFD}Name", "invalid UTF-8 in a parameter is repaired")
        #expect(badAtt.parameter("PARTSTAT") == "ACCEPTED" && badAtt.value == "mailto:bad@x")
        #expect(second.location == "Ort \u{FFFD}", "invalid UTF-8 in a value is repaired")
        #expect(second.uid == "u2")
    }

    /// TEXT escapes are undone after invalid UTF-8 is repaired: a backslash between a lead
    /// byte and a continuation byte does not join them into a character.
    @Test func escapesAreUndoneAfterRepair() throws {
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nSUMMARY:a".utf8)
        bytes += [0xC3, 92, 0x86]
        bytes += Array("\r\nDESCRIPTION:".utf8) + [0xC3, 32, 92, 44, 0xE6, 0x88, 92, 110, 0x86, 92]
        bytes += Array("\r\nX-T:".utf8) + [0xC3, 32, 92, 44, 0x86]
        bytes += Array("\r\nLOCATION:b\\,c\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let event = try #require(try ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!).read(Data(bytes)).events.first)
        #expect(event.summary == "a\u{FFFD}\u{FFFD}")
        #expect(event.property("SUMMARY")?.value == "a\u{FFFD}\\\u{FFFD}")
        #expect(event.location == "b,c")
        #expect(event.property("X-T")?.text == "\u{FFFD} ,\u{FFFD}")
        #expect(event.descriptionText == "\u{FFFD} ,\u{FFFD}\n\u{FFFD}\\")
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
        #expect(
            seen == [
                "16 invalid-date", "19 invalid-rrule", "20 invalid-rrule", "21 unknown-time-zone",
                "25 invalid-date", "28 missing-uid", "30 invalid-value",
            ], "\(cal.warnings)")
    }

    /// The typed getters read a property where it lies in its component: they must give
    /// what they give for the same properties owning their values (built in code, or set).
    @Test func gettersReadingInPlaceAgreeWithOwnedProperties() throws {
        let long = String(repeating: "x", count: 60)
        let cal = try read([
            "BEGIN:VCALENDAR", "VERSION:2.0",
            "BEGIN:VEVENT", "uid:u-1@example.org",
            "DTSTART;X-LONG=\"\(long)\";TZID=America/New_York:20260308T023000",
            "DTEND;TZID=\"Europe/Berlin\":20261025T023000", "DTSTAMP:20260101T120000Z",
            "SUMMARY:Tea\\, cake\\; more\\nnext line", "LOCATION;LANGUAGE=de:Caf\u{e9} Einstein",
            "DESCRIPTION:\u{1F389} party", "status:tentative", "CLASS:private", "URL:https://example.org/e",
            "SEQUENCE: 3 ", "DURATION:PT1H30M", "RRULE:FREQ=WEEKLY;COUNT=3", "GEO:52.5;13.4",
            "ORGANIZER;CN=\"Ana: the host\":mailto:ana@example.org",
            "CREATED:20250101T000000Z", "LAST-MODIFIED:20250102T000000Z", "RECURRENCE-ID;VALUE=DATE:20260308",
            "END:VEVENT", "END:VCALENDAR",
        ])
        #expect(cal.warnings.isEmpty, "\(cal.warnings)")
        let read = try #require(cal.events.first)
        var owned = read
        owned.properties = read.properties.map { p in
            ICalProperty(name: p.name, value: p.value, parameters: p.parameters, line: p.line)
        }
        var set = read
        for i in set.properties.indices { set.properties[i].value = set.properties[i].value }
        for e in [owned, set] {
            #expect(e.uid == read.uid && read.uid == "u-1@example.org")
            #expect(e.summary == read.summary && read.summary == "Tea, cake; more\nnext line")
            #expect(e.location == read.location && read.location == "Caf\u{e9} Einstein")
            #expect(e.descriptionText == read.descriptionText)
            #expect(e.status == read.status && read.status == "TENTATIVE")
            #expect(e.classification == read.classification && read.classification == "PRIVATE")
            #expect(e.url == read.url && e.sequence == read.sequence && read.sequence == 3)
            #expect(e.dtStart == read.dtStart && read.dtStart?.tzid == "America/New_York")
            #expect(e.dtEnd == read.dtEnd && read.dtEnd?.tzid == "Europe/Berlin")
            #expect(e.dtStamp == read.dtStamp && e.created == read.created && e.lastModified == read.lastModified)
            #expect(e.recurrenceID == read.recurrenceID && read.recurrenceID?.isDate == true)
            #expect(e.duration == read.duration && read.duration != nil)
            #expect(e.recurrenceRule == read.recurrenceRule && read.recurrenceRule != nil)
            #expect(e.geo == read.geo && read.geo != nil)
            #expect(e.organizer == read.organizer && read.organizer?.commonName == "Ana: the host")
        }
        #expect(read.dtStart?.localSeconds == CivilTime.seconds(year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0))
        var none = read
        none.properties = []
        #expect(none.uid == nil && none.summary == nil && none.dtStart == nil && none.organizer == nil && none.sequence == nil)
    }
}
