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
        let bad = Array("BEGIN:VEVENT\r\nUID:u2\r\nATTENDEE;CN=Bad\u{FFFF}Name;ROLE=CHAIR;PARTSTAT=ACCEPTED;RSVP=TRUE;X-LONG=0123456789:mailto:bad@x\r\nLOCATION:Ort X\r\nEND:VEVENT\r\n".utf8)
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
        #expect(seen == [
            "16 invalid-date", "19 invalid-rrule", "20 invalid-rrule", "21 unknown-time-zone",
            "25 invalid-date", "28 missing-uid", "30 invalid-value",
        ], "\(cal.warnings)")
    }
}
