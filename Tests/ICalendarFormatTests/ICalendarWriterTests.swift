import Foundation
import Testing

@testable import ICalendarFormat

@Suite struct ICalendarWriterTests {
    @Test(arguments: Fixture.all)
    func roundTripKeepsComponentsPropertiesParametersAndValues(_ name: String) throws {
        let cal = try Fixture.read(name)
        let written = ICalendarWriter(addsMissingTimeZones: false).write(cal)
        #expect(written.warnings.isEmpty)
        let again = try ICalendarReader().read(written.data)
        #expect(again.warnings.isEmpty, "\(again.warnings)")
        #expect(again == cal)
        // And a second pass is byte for byte stable.
        #expect(ICalendarWriter(addsMissingTimeZones: false).write(again).data == written.data)
    }

    @Test func linesAreFoldedAt75OctetsWithoutSplittingUTF8() throws {
        var e = ICalComponent(name: "VEVENT")
        e.uid = "fold"
        e.summary = String(repeating: "日本語のテキスト🏃", count: 30)
        e.descriptionText = String(repeating: "a", count: 74) + "é" + String(repeating: "b", count: 200)
        let data = ICalendarWriter().write(ICalendar(components: [e])).data
        let bytes = [UInt8](data)
        // Every physical line ends in CRLF and is at most 75 octets, each one valid UTF-8.
        var start = 0
        for i in 0..<bytes.count where bytes[i] == 10 {
            #expect(i > 0 && bytes[i - 1] == 13)
            let line = Array(bytes[start..<(i - 1)])
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold split a UTF-8 sequence")
            start = i + 1
        }
        let back = try ICalendarReader().read(data).events[0]
        #expect(back.summary == e.summary && back.descriptionText == e.descriptionText)
    }

    @Test func textIsEscapedBothWays() throws {
        var e = ICalComponent(name: "VEVENT")
        e.uid = "esc"
        e.summary = "Back\\slash; semi, comma\nnew line\r\nwindows"
        e.categories = ["a,b", "c;d"]
        let text = ICalendarWriter().string(ICalendar(components: [e]))
        #expect(text.contains("SUMMARY:Back\\\\slash\\; semi\\, comma\\nnew line\\nwindows\r\n"))
        let back = try ICalendarReader().read(text).events[0]
        #expect(back.summary == "Back\\slash; semi, comma\nnew line\nwindows")
        #expect(back.categories == ["a,b", "c;d"])
    }

    @Test("TEXT is escaped alike wherever the special characters fall (the writer skips plain text eight bytes at a time)")
    func textEscapingDoesNotDependOnPosition() throws {
        for special in ["\\", ";", ",", "\n", "\r", "\r\n", "é"] {
            for before in 0..<18 {
                for after in [0, 1, 7, 8, 9, 20] {
                    let s = String(repeating: "a", count: before) + special + String(repeating: "b", count: after)
                    var w = ICalendarLineWriter(lineLimit: 1000)
                    w.textProperty("X", s)
                    var bytes = ICalendarLineWriter(lineLimit: 1000)
                    bytes.beginProperty("X")
                    bytes.beginValue()
                    var copy = s
                    copy.withUTF8 { bytes.appendTextValue($0) }
                    bytes.endProperty()
                    let expected = "X:" + ICalText.escape(s) + "\r\n"
                    #expect(String(decoding: w.bytes, as: UTF8.self) == expected, "\(before) \(special.debugDescription) \(after)")
                    #expect(bytes.bytes == w.bytes)
                }
            }
        }
    }

    @Test func parameterValuesAreQuotedWhenNeeded() throws {
        var e = ICalComponent(name: "VEVENT")
        e.uid = "p"
        e.attendees = [ICalAddress(uri: "mailto:ana@x", parameters: [ICalParameter("CN", "Lima, Ana: \"Dr\""), ICalParameter("PARTSTAT", "ACCEPTED")])]
        let text = ICalendarWriter().string(ICalendar(components: [e]))
        #expect(text.contains("ATTENDEE;CN=\"Lima, Ana: ^'Dr^'\";PARTSTAT=ACCEPTED:mailto:ana@x"))
        #expect(try ICalendarReader().read(text).events[0].attendees == e.attendees, "RFC 6868 escapes are undone on read")
    }

    @Test func aVTimeZoneIsAddedForEveryTZIDUsed() throws {
        var a = ICalComponent(name: "VEVENT")
        a.uid = "a"
        a.dtStart = ICalDateTime("20260308T093000", tzid: "America/New_York")
        var b = ICalComponent(name: "VEVENT")
        b.uid = "b"
        b.dtStart = ICalDateTime("20260329T100000", tzid: "Europe/Berlin")
        b.dtEnd = ICalDateTime("20260329T110000", tzid: "Europe/Berlin")
        var c = ICalComponent(name: "VEVENT")
        c.uid = "c"
        c.dtStart = ICalDateTime("20260329T100000", tzid: "Nowhere/Special")
        let (data, warnings) = ICalendarWriter().write(ICalendar(components: [a, b, c]))
        let back = try ICalendarReader().read(data)
        #expect(back.timeZones.compactMap { $0.property("TZID")?.value } == ["America/New_York", "Europe/Berlin"])
        #expect(back.components.prefix(2).allSatisfy { $0.name == "VTIMEZONE" }, "zones come before events")
        #expect(warnings.map(\.code) == [.unknownTimeZone])
        let r = back.timeZoneResolver()
        #expect(r.source(for: "Europe/Berlin") == .vtimezone)
        #expect(isoUTC(r.date(for: back.events[1].dtStart!)) == "2026-03-29T08:00:00Z")
        #expect(isoUTC(r.date(for: back.events[0].dtStart!)) == "2026-03-08T13:30:00Z")
    }

    @Test func typedSettersWriteTheRightParameters() throws {
        var e = ICalComponent(name: "VEVENT")
        e.dtStart = ICalDateTime("20261121")
        e.dtEnd = ICalDateTime("20261122")
        e.geo = ICalGeo(latitude: 25.033, longitude: 121.5654)
        e.sequence = 4
        e.attachments = [ICalAttachment(data: [0, 1, 2, 250, 251, 252, 253], mediaType: "application/octet-stream")]
        let text = ICalendarWriter().string(ICalendar(components: [e]))
        #expect(text.contains("DTSTART;VALUE=DATE:20261121\r\n"))
        #expect(text.contains("GEO:25.033;121.5654\r\n"))
        #expect(text.contains("SEQUENCE:4\r\n"))
        let back = try ICalendarReader().read(text).events[0]
        #expect(back.attachments.first?.data == [0, 1, 2, 250, 251, 252, 253])
        #expect(back.attachments.first?.mediaType == "application/octet-stream")
    }
}
