import Foundation
import OutsideJudges
import Testing

@testable import Kith

/// `exportReminders`: yearly birthday and anniversary events that other tools read and
/// expand as Kith lists them, with UIDs that stay put.
@Suite("Reminder export")
struct ReminderExportTests {
    /// A journal with a leap-day birthday, a year-less one and an anniversary; the calendar.
    func export() throws -> (TestJournal, Journal, String) {
        let t = try JournalKind.onDisk.make()
        let j = t.journal
        try j.addPerson(PersonDraft(displayName: "Leap Li", birthday: PartialDate("2000-02-29")))
        try j.addPerson(PersonDraft(displayName: "Ana Lima", birthday: PartialDate("--04-12"), anniversary: PartialDate("2016-06-20")))
        try j.addPerson(PersonDraft(displayName: "Nobody Dated"))
        // Family every two weeks; Mum last seen on 20 November: due on 4 December.
        try j.setCadence(Cadence("2w"), forCategory: j.category(kind: .relation, path: "Family").id, since: day("2026-01-01"))
        let mum = try j.person("Mum", in: "Family/Parents")
        try j.logEvent(EventDraft(title: "Lunch", start: instant(2026, 11, 20, 12, 0, "UTC"), timeZone: "UTC", personIDs: [mum.id]))
        let result = try j.exportReminders(from: day("2026-11-27"), through: day("2026-12-10"))
        return (t, j, String(decoding: result.data, as: UTF8.self))
    }

    @Test("one yearly all-day event per date, the leap day on the last day of February")
    func yearlyEvents() throws {
        let (_, _, text) = try export()
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 3)
        #expect(text.contains("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n"))
        #expect(text.contains("DTSTART;VALUE=DATE:20000229\r\n"))
        #expect(text.contains("SUMMARY:Ana Lima's anniversary\r\n"))
        #expect(text.contains("TRIGGER:PT9H\r\n"))
        #expect(!text.contains("Nobody Dated"))
    }

    @Test("a to-do for each person due in the window, with DUE, an alarm, the name and the day last seen")
    func todos() throws {
        let (_, j, text) = try export()
        let mum = try j.resolvePerson("Mum")
        #expect(text.components(separatedBy: "BEGIN:VTODO").count - 1 == 1)
        #expect(text.contains("UID:kith-due-\(mum.uid)-20261204\r\n"))
        #expect(text.contains("DUE;VALUE=DATE:20261204\r\n"))
        #expect(text.contains("SUMMARY:Get in touch with Mum\r\n"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("DESCRIPTION:Mum (Family/Parents): last seen 2026-11-20\\; every 2 weeks (from Family).\r\n"))
        #expect(text.contains("TRIGGER;RELATED=END:PT9H\r\n"))
        // Not yet due by the window's last day: no to-do.
        let early = String(decoding: try j.exportReminders(from: day("2026-11-21"), through: day("2026-12-03")).data, as: UTF8.self)
        #expect(!early.contains("BEGIN:VTODO"))
        // Only one person's reminders.
        let ana = try j.resolvePerson("Ana Lima")
        let only = String(decoding: try j.exportReminders(from: day("2026-11-27"), through: day("2026-12-10"), personID: ana.id).data, as: UTF8.self)
        #expect(only.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
        #expect(!only.contains("BEGIN:VTODO"))
    }

    @Test("exporting again, after a rename, gives the same UIDs; the same journal the same bytes")
    func stableUIDs() throws {
        let (_, j, text) = try export()
        func uids(_ text: String) -> [String] { text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map(String.init) }
        let again = try j.exportReminders(from: day("2026-11-27"), through: day("2026-12-10"))
        #expect(String(decoding: again.data, as: UTF8.self) == text)
        let ana = try j.resolvePerson("Ana Lima")
        try j.editPerson(id: ana.id) { $0.displayName = "Ana Lima Souza" }
        let renamed = String(decoding: try j.exportReminders(from: day("2027-01-01"), through: day("2027-01-14")).data, as: UTF8.self)
        #expect(Set(uids(renamed)) == Set(uids(text)))
        #expect(uids(text).count == 4)
        #expect(uids(text).contains("UID:kith-birthday-\(ana.uid)"))
        #expect(uids(text).contains("UID:kith-anniversary-\(ana.uid)"))
    }

    @Test("python icalendar parses it and dateutil expands the leap day to 28 February", .enabled(if: OutsideJudge.shouldRun(importing: "icalendar")))
    func pythonICalendar() throws {
        let (_, _, text) = try export()
        let out = try OutsideJudge.python(
            script: """
                import sys, datetime, icalendar
                from dateutil.rrule import rrulestr
                cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
                for e in sorted(cal.walk('VEVENT'), key=lambda e: str(e['SUMMARY'])):
                    start = e['DTSTART'].dt
                    assert isinstance(start, datetime.date) and not isinstance(start, datetime.datetime)
                    rule = rrulestr(e['RRULE'].to_ical().decode(), dtstart=datetime.datetime.combine(start, datetime.time()))
                    days = [d.date().isoformat() for d in rule.between(datetime.datetime(2025, 1, 1), datetime.datetime(2028, 12, 31), inc=True)]
                    alarms = [a['TRIGGER'].to_ical().decode() for a in e.walk('VALARM')]
                    print(e['SUMMARY'], ' '.join(d for d in days if d[5:7] in ('02', '04', '06')), alarms)
                for t in cal.walk('VTODO'):
                    print(t['SUMMARY'], t['DUE'].dt.isoformat(), [a['TRIGGER'].to_ical().decode() for a in t.walk('VALARM')], t['STATUS'])
                """, stdin: Data(text.utf8))
        #expect(
            out.split(separator: "\n").map(String.init) == [
                "Ana Lima's anniversary 2025-06-20 2026-06-20 2027-06-20 2028-06-20 ['PT9H']",
                "Ana Lima's birthday 2025-04-12 2026-04-12 2027-04-12 2028-04-12 ['PT9H']",
                "Leap Li's birthday 2025-02-28 2026-02-28 2027-02-28 2028-02-29 ['PT9H']",
                "Get in touch with Mum 2026-12-04 ['PT9H'] NEEDS-ACTION",
            ])
    }

    @Test("khal imports it and lists the leap-day birthday on 28 February 2027", .enabled(if: OutsideJudge.shouldRun(tool: "khal")))
    func khal() throws {
        let khal = try #require(OutsideJudge.tool("khal"), "khal is required under CI")
        let (t, _, text) = try export()
        let dir = try #require(t.folder)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("cal"), withIntermediateDirectories: true)
        let conf = dir.appendingPathComponent("khal.conf")
        try OutsideJudge.khalConfig(calendar: dir.path + "/cal", database: dir.path + "/khal.db").write(to: conf, atomically: true, encoding: .utf8)
        let ics = dir.appendingPathComponent("reminders.ics")
        try Data(text.utf8).write(to: ics)
        let imported = try OutsideJudge.run(khal, ["-c", conf.path, "import", "--batch", "-a", "kith", ics.path])
        #expect(imported.status == 0, "\(imported.err)")
        let listed = try OutsideJudge.run(khal, ["-c", conf.path, "list", "-o", "-df", "", "-f", "{start}|{title}", "2027-02-01", "2027-06-30"])
        #expect(listed.status == 0, "\(listed.err)")
        #expect(
            listed.out.split(separator: "\n").map(String.init) == [
                "2027-02-28|Leap Li's birthday", "2027-04-12|Ana Lima's birthday", "2027-06-20|Ana Lima's anniversary",
            ])
        let leap = try OutsideJudge.run(khal, ["-c", conf.path, "list", "-o", "-df", "", "-f", "{start}|{title}", "2028-02-27", "2028-03-01"])
        #expect(leap.out.split(separator: "\n").map(String.init) == ["2028-02-29|Leap Li's birthday"])
    }

    @Test("Radicale verifies each item", .enabled(if: OutsideJudge.shouldRun(tool: "radicale")))
    func radicale() throws {
        let radicale = try #require(OutsideJudge.tool("radicale"), "radicale is required under CI")
        let (t, _, text) = try export()
        let dir = try #require(t.folder)
        // Radicale stores one component (one UID) per item: split the calendar as a
        // CalDAV client uploading it would.
        let lines = text.components(separatedBy: "\r\n")
        let head = lines.prefix { !$0.hasPrefix("BEGIN:V") || $0 == "BEGIN:VCALENDAR" }
        var items: [[String]] = [], current: [String] = [], depth = 0
        for line in lines.dropFirst(head.count) where line != "END:VCALENDAR" && !line.isEmpty {
            current.append(line)
            if line.hasPrefix("BEGIN:") { depth += 1 }
            if line.hasPrefix("END:") { depth -= 1 }
            if depth == 0 { items.append(current); current = [] }
        }
        #expect(items.count == 4)
        for (i, item) in items.enumerated() {
            let file = dir.appendingPathComponent("item\(i).ics")
            try Data((Array(head) + item + ["END:VCALENDAR", ""]).joined(separator: "\r\n").utf8).write(to: file)
            let verified = try OutsideJudge.run(radicale, ["--verify-item", file.path])
            #expect(verified.status == 0, "\(item.first(where: { $0.hasPrefix("UID:") }) ?? ""): \(verified.err)")
        }
    }
}
