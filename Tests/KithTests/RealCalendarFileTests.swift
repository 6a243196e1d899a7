import Foundation
import OutsideJudges
import Testing

@testable import Kith

/// Calendars as real programs write them (issue 17): Outlook without UIDs, Evolution's
/// bare components, a Confluence feed with a broken fold, iCalcreator's short VTIMEZONE,
/// custom zone names. Each comes in, and what Kith writes from it is valid.
@Suite("Real calendar files")
struct RealCalendarFileTests {
    /// An Outlook 2016 export: no UIDs, Windows zone names, a time zone defined by RRULEs.
    static let outlook = """
        BEGIN:VCALENDAR\r
        PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN\r
        VERSION:2.0\r
        METHOD:PUBLISH\r
        X-MS-OLK-FORCEINSPECTOROPEN:TRUE\r
        BEGIN:VTIMEZONE\r
        TZID:W. Europe Standard Time\r
        BEGIN:STANDARD\r
        DTSTART:16011028T030000\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:16010325T020000\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        CLASS:PUBLIC\r
        CREATED:20240110T081500Z\r
        DTEND;TZID="W. Europe Standard Time":20240115T100000\r
        DTSTAMP:20240110T081500Z\r
        DTSTART;TZID="W. Europe Standard Time":20240115T093000\r
        LAST-MODIFIED:20240111T091500Z\r
        PRIORITY:5\r
        SEQUENCE:0\r
        SUMMARY;LANGUAGE=de-de:Weekly sync\r
        TRANSP:OPAQUE\r
        X-MICROSOFT-CDO-BUSYSTATUS:BUSY\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        CLASS:PUBLIC\r
        DTEND;TZID="W. Europe Standard Time":20240716T130000\r
        DTSTAMP:20240110T081500Z\r
        DTSTART;TZID="W. Europe Standard Time":20240716T120000\r
        SUMMARY;LANGUAGE=de-de:Lunch with the team\r
        LOCATION:Kantine\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        DTSTAMP:20240110T081500Z\r
        DTSTART;TZID="W. Europe Standard Time":20240716T120000\r
        SUMMARY;LANGUAGE=de-de:Lunch with the team\r
        LOCATION:Terrasse\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// Files written like the exporters above, kept under Fixtures/calendars (the round
    /// trip of every fixture in KithCLITests reads them too).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/calendars")

    @Test(
        "each real exporter's file imports without a failure, and again without adding anything",
        arguments: [
            "outlook-2016-no-uid.ics", "confluence-broken-fold.ics", "icalcreator-short-vtimezone.ics",
            "evolution-bare-vevent.ics", "evolution-bare-vtodo.ics", "custom-zone-name.ics",
        ])
    func exporterFixture(_ name: String) throws {
        let j = try Journal.inMemory()
        let url = Self.fixtures.appendingPathComponent(name)
        let r = try j.importFile(at: url, options: testOptions())
        #expect(r.failures.isEmpty)
        #expect(name.contains("vtodo") ? r.added.isEmpty && !r.notes.isEmpty : !r.added.isEmpty)
        let again = try j.importFile(at: url, options: testOptions())
        #expect(again.added.isEmpty && again.updated.isEmpty && again.failures.isEmpty)
        try j.checkInvariants()
    }

    @Test("Outlook's VEVENTs without UID come in, and a second import updates them instead of adding them again")
    func outlookWithoutUIDs() throws {
        let j = try Journal.inMemory()
        let r = try j.importText(Self.outlook, name: "outlook.ics")
        #expect(r.failures.isEmpty)
        #expect(r.added.count == 3)
        #expect(r.eventsWithoutUID == 3)
        #expect(r.notes.contains { $0.hasPrefix("3 events had no UID") })
        // One line for all of them, not a warning each.
        #expect(!r.warnings.contains { $0.code == "missing-uid" })
        let events = try j.events()
        #expect(Set(events.map(\.uid)).count == 3)
        // 09:30 in Berlin winter time.
        #expect(events.contains { $0.title == "Weekly sync" && $0.start == Date(timeIntervalSince1970: 1_705_307_400) })
        let again = try j.importText(Self.outlook, name: "outlook.ics")
        #expect(again.added.isEmpty && again.failures.isEmpty)
        #expect(again.unchanged.count == 3)
        #expect(try j.events().count == 3)
        try j.checkInvariants()
    }

    @Test("two VEVENTs with one UID and no RECURRENCE-ID are both kept, with a warning naming the line")
    func duplicateUIDs() throws {
        let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Timetable generator//EN\r
            BEGIN:VEVENT\r
            UID:lesson@school.example\r
            DTSTAMP:20240901T000000Z\r
            DTSTART:20240902T080000Z\r
            SUMMARY:Maths\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:lesson@school.example\r
            DTSTAMP:20240901T000000Z\r
            DTSTART:20240902T090000Z\r
            SUMMARY:Physics\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let j = try Journal.inMemory()
        let r = try j.importText(ics, name: "timetable.ics")
        #expect(r.added.count == 2)
        let w = try #require(r.warnings.first { $0.code == "duplicate-uid" })
        #expect(w.line == 10 && w.message.contains("timetable.ics"))
        #expect(Set(try j.events().map(\.title)) == ["Maths", "Physics"])
        let again = try j.importText(ics, name: "timetable.ics")
        #expect(again.added.isEmpty && again.unchanged.count == 2)
    }

    @Test("Evolution's bare VEVENT and VTODO (no VCALENDAR around them) are read; a to-do list says it holds no events")
    func bareComponents() throws {
        let event = """
            BEGIN:VEVENT\r
            UID:20240301T101500Z-4242-1000-1-7@laptop\r
            DTSTAMP:20240301T101500Z\r
            DTSTART;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20240305T140000\r
            DTEND;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20240305T150000\r
            SUMMARY:Dentist\r
            CREATED:20240301T101512Z\r
            LAST-MODIFIED:20240301T101512Z\r
            END:VEVENT\r

            """
        let j = try Journal.inMemory()
        let r = try j.importText(event, name: "dentist.ics")
        #expect(r.added.count == 1)
        #expect(try j.events().first?.start == Date(timeIntervalSince1970: 1_709_643_600))
        let todo = """
            BEGIN:VTODO\r
            UID:20240301T101600Z-4243-1000-1-8@laptop\r
            DTSTAMP:20240301T101600Z\r
            SUMMARY:Call the plumber\r
            END:VTODO\r

            """
        let t = try j.importText(todo, name: "todo.ics")
        #expect(t.items.map(\.reason) == ["a task (VTODO), not an event"])
        #expect(t.notes == ["the calendar holds no events, only 1 to-do (VTODO); Kith imports events only"])
        let held = try j.importText(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VJOURNAL\r\nUID:j1\r\nEND:VJOURNAL\r\nBEGIN:VFREEBUSY\r\nUID:f1\r\nEND:VFREEBUSY\r\nEND:VCALENDAR\r\n",
            name: "held.ics")
        #expect(held.notes == ["the calendar holds no events, only 1 journal entry (VJOURNAL), 1 free/busy block (VFREEBUSY); Kith imports events only"])
    }

    @Test("an empty file says it is empty instead of failing")
    func emptyFile() throws {
        let j = try Journal.inMemory()
        let r = try j.importText("\r\n\r\n", name: "empty.ics")
        #expect(r.fileIsEmpty)
        #expect(r.notes == ["the file is empty; there was nothing to import"])
    }

    /// A Confluence team-calendar feed whose fold lost its leading space, with a name that
    /// is not a valid name and control characters.
    static let confluence = """
        BEGIN:VCALENDAR\r
        PRODID:-//Atlassian Confluence//Calendar Plugin 1.0//EN\r
        VERSION:2.0\r
        CALSCALE:GREGORIAN\r
        X-WR-CALNAME:Team Leave\r
        BEGIN:VEVENT\r
        DTSTAMP:20240402T120000Z\r
        UID:20240402T115959Z--1234567@confluence.example.com\r
        DTSTART;VALUE=DATE:20240410\r
        DTEND;VALUE=DATE:20240412\r
        SUMMARY:Ana on leave\u{7}\r
        X-CONFLUENCE-SUBCALENDAR-TYPE:leaves\r
        X-CONFLUENCE-NOTE:Cover by Ben; the handover is described on the page at \r
        the team space: https://wiki.example.com/display/TEAM/Leave\r
        X-BAD/SLASH:value\r
        X-CTRL:bell\u{1}here\r
        X-GOOD;X-PARAM="a\u{2}b";X-FINE=yes:kept\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test("invalid lines (lost fold, X-BAD/SLASH, control characters) are dropped at import with a warning naming file and line; valid unknown ones stay")
    func invalidKeptLines() throws {
        let j = try Journal.inMemory()
        let r = try j.importText(Self.confluence, name: "confluence.ics")
        #expect(r.added.count == 1)
        let dropped = r.warnings.filter { $0.code == "invalid-line" }
        #expect(dropped.map(\.line) == [14, 15, 16])
        #expect(dropped.allSatisfy { $0.message.hasPrefix("confluence.ics, line ") })
        #expect(r.warnings.contains { $0.code == "invalid-parameter" && $0.line == 17 })
        let e = try #require(try j.events().first)
        #expect(e.title == "Ana on leave")
        #expect(e.icalLines.contains("X-CONFLUENCE-SUBCALENDAR-TYPE:leaves"))
        #expect(e.icalLines.contains("X-GOOD;X-FINE=yes:kept"))
        #expect(!e.icalLines.contains { $0.contains("SLASH") || $0.contains("bell") || $0.uppercased().hasPrefix("THE TEAM") })
        let out = String(decoding: try j.exportCalendar().data, as: UTF8.self)
        #expect(!out.unicodeScalars.contains { $0.value < 32 && $0 != "\r" && $0 != "\n" })
    }

    @Test("a custom zone's VTIMEZONE is kept and written back with the kept time that uses it; a zone with no VTIMEZONE goes out in UTC")
    func customZoneKeptLine() throws {
        let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VTIMEZONE\r
            TZID:Company Standard Time\r
            BEGIN:STANDARD\r
            DTSTART:19700101T000000\r
            TZOFFSETFROM:+0300\r
            TZOFFSETTO:+0300\r
            TZNAME:CST\r
            END:STANDARD\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:custom-zone-1\r
            DTSTAMP:20240101T000000Z\r
            DTSTART;TZID=Company Standard Time:20240110T120000\r
            X-MS-OLK-ORIGINALSTART;TZID=Company Standard Time:20240109T120000\r
            SUMMARY:Planning\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:custom-zone-2\r
            DTSTAMP:20240101T000000Z\r
            DTSTART:20240111T120000Z\r
            X-ORIGINAL;TZID=Mars/Olympus_Mons:20240111T130000\r
            SUMMARY:Unknown zone\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let j = try Journal.inMemory()
        let r = try j.importText(ics, name: "company.ics")
        #expect(r.warnings.contains { $0.code == "zone-written-in-utc" && $0.line == 23 })
        let events = Dictionary(uniqueKeysWithValues: try j.events().map { ($0.uid, $0) })
        let e = try #require(events["custom-zone-1"])
        #expect(e.start == Date(timeIntervalSince1970: 1_704_877_200))
        #expect(e.icalLines == ["X-MS-OLK-ORIGINALSTART;TZID=\"Company Standard Time\":20240109T120000"])
        #expect(events["custom-zone-2"]?.icalLines == ["X-ORIGINAL:20240111T130000Z"])
        let out = String(decoding: try j.exportCalendar().data, as: UTF8.self)
        #expect(
            out.contains(
                "BEGIN:VTIMEZONE\r\nTZID:Company Standard Time\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0300\r\nTZOFFSETTO:+0300\r\nTZNAME:CST\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
            ))
        #expect(!out.contains("Mars"))
        // The single-event files of a vdir carry it too.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kith-zones-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try j.exportVdir(to: dir)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/calendar")
        let one = try #require(files.first { $0.hasPrefix("custom-zone-1") })
        #expect(try String(contentsOfFile: dir.path + "/calendar/" + one, encoding: .utf8).contains("TZID:Company Standard Time\r\n"))
        // The JSON backup carries it: a restored journal writes the same calendar.
        let restored = try Journal.inMemory()
        _ = try restored.importData(try j.exportJSON().data, fileName: "backup.json", options: testOptions())
        #expect(try restored.exportCalendar().data == j.exportCalendar().data)
    }

    /// iCalcreator writes a VTIMEZONE with the observances of recent years only.
    static let iCalcreator = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//kigkonsult.se iCalcreator 2.39.2//\r
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:STANDARD\r
        DTSTART:20201025T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        TZNAME:CET\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:20210328T020000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        TZNAME:CEST\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        DTSTART:20211031T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        TZNAME:CET\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:icalcreator-2016@example.com\r
        DTSTAMP:20211101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20161203T140000\r
        SUMMARY:Christmas market\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:icalcreator-2016-summer@example.com\r
        DTSTAMP:20211101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20160703T140000\r
        SUMMARY:Lake\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:icalcreator-2021@example.com\r
        DTSTAMP:20211101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20210703T140000\r
        SUMMARY:Inside the zone\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:icalcreator-2023@example.com\r
        DTSTAMP:20211101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20230703T140000\r
        SUMMARY:After the zone\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test("a time before an iCalcreator VTIMEZONE's observances uses the zone's real rules: 3 Dec 2016 14:00 Berlin is 13:00 UTC")
    func timeOutsideVTimeZone() throws {
        let j = try Journal.inMemory()
        try j.importText(Self.iCalcreator, name: "icalcreator.ics")
        let byUID = Dictionary(uniqueKeysWithValues: try j.events().map { ($0.uid, $0.start) })
        #expect(byUID["icalcreator-2016@example.com"] == Date(timeIntervalSince1970: 1_480_770_000))
        #expect(byUID["icalcreator-2016-summer@example.com"] == Date(timeIntervalSince1970: 1_467_547_200))
        #expect(byUID["icalcreator-2021@example.com"] == Date(timeIntervalSince1970: 1_625_313_600))
        #expect(byUID["icalcreator-2023@example.com"] == Date(timeIntervalSince1970: 1_688_385_600))
    }

    @Test("Kith reads the instants of short-VTIMEZONE files as python-icalendar does", .enabled(if: OutsideJudge.shouldRun(importing: "icalendar")))
    func instantsMatchPythonICalendar() throws {
        for text in [Self.iCalcreator, Self.outlook] {
            let out = try OutsideJudge.python(
                script: """
                    import sys, datetime, icalendar
                    cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
                    for e in cal.walk('VEVENT'):
                        print(str(e['SUMMARY']) + '|' + str(e['DTSTART'].dt) + '|' + str(int(e['DTSTART'].dt.timestamp())))
                    """, stdin: Data(text.utf8))
            let j = try Journal.inMemory()
            try j.importText(text, name: "zones.ics")
            let theirs = Set(
                out.split(separator: "\n").map { line in
                    let f = line.split(separator: "|")
                    return "\(f[0])|\(f[2])"
                })
            let ours = Set(try j.events().map { "\($0.title)|\(Int($0.start.timeIntervalSince1970))" })
            #expect(ours == theirs)
        }
    }

    @Test("attendees find people by e-mail, then by exact name; the others stay on the event, are counted in one line and exported")
    func attendees() throws {
        let j = try Journal.inMemory()
        try j.importText(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana Lima\r\nEMAIL:ana@example.com\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ben Okafor\r\nEND:VCARD\r\n",
            name: "people.vcf")
        let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:meet-1\r
            DTSTAMP:20240101T000000Z\r
            DTSTART:20240110T120000Z\r
            SUMMARY:Planning\r
            ORGANIZER;CN=Ana:mailto:ANA@example.com\r
            ATTENDEE;CN=Ben Okafor;PARTSTAT=ACCEPTED:mailto:ben.o@work.example\r
            ATTENDEE;CN=Carla:mailto:carla@example.com\r
            ATTENDEE;CN=Dev Team:mailto:dev@example.com\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:meet-2\r
            DTSTAMP:20240101T000000Z\r
            DTSTART:20240111T120000Z\r
            SUMMARY:Review\r
            ATTENDEE;CN=Carla:mailto:carla@example.com\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let r = try j.importText(ics, name: "meetings.ics")
        #expect(r.unmatchedAddresses == 2)
        #expect(!r.warnings.contains { $0.code == "unknown-attendee" })
        #expect(r.notes.contains { $0.hasPrefix("2 attendees or organizers matched no one") })
        let e = try #require(try j.events().first { $0.uid == "meet-1" })
        #expect(Set(e.people.map(\.displayName)) == ["Ana Lima", "Ben Okafor"])
        let out = String(decoding: try j.exportCalendar().data, as: UTF8.self)
        #expect(out.contains("ATTENDEE;CN=Carla:mailto:carla@example.com"))
        #expect(out.contains("ATTENDEE;CN=\"Dev Team\":mailto:dev@example.com"))
    }

    @Test("an imported event keeps its source's LAST-MODIFIED: import, export, import, export gives the same bytes")
    func stampsRoundTrip() throws {
        let j = try Journal.inMemory()
        try j.importText(Self.outlook + "", name: "outlook.ics")
        let first = try j.exportCalendar().data
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("LAST-MODIFIED:20240111T091500Z"))
        #expect(text.contains("DTSTAMP:20240110T081500Z"))
        let fresh = try Journal.inMemory()
        _ = try fresh.importData(first, fileName: "calendar.ics", options: testOptions())
        #expect(try fresh.exportCalendar().data == first)
        // An edit is a change of its own.
        let e = try #require(try fresh.events().first { $0.title == "Weekly sync" })
        try fresh.editEvent(id: e.id) { $0.note = "Bring the numbers" }
        #expect(!String(decoding: try fresh.exportCalendar().data, as: UTF8.self).contains("LAST-MODIFIED:20240111T091500Z"))
    }
}
