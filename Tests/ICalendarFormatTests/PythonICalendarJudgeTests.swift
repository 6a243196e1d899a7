import Foundation
import Testing

@testable import ICalendarFormat

/// Python's `icalendar` reads every file Kith writes and must see the same events at the
/// same UTC instants, with no errors recorded. Disabled only when neither `icalendar` nor
/// `CI` is available (a developer machine without the venv); under CI a missing module fails.
@Suite(.enabled(if: PythonJudge.shouldRun, "python icalendar not installed (set KITH_PYTHON or run .ci/run)"))
struct PythonICalendarJudgeTests {
    /// What Kith believes, in the judge's line format.
    private func expectedLines(_ cal: ICalendar) -> [String] {
        let r = cal.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        func show(_ v: ICalDateTime?) -> String {
            guard let v else { return "-" }
            switch v.form {
            case .date: return "D:" + v.isoString
            case .floating: return "F:" + v.isoString
            default: return isoUTC(r.date(for: v))
            }
        }
        return cal.events.map { e in
            let via = e.dtStart?.tzid != nil ? show(e.dtStart) : "-"
            return "\(e.uid ?? "None")|\(show(e.recurrenceID))|\(show(e.dtStart))|\(show(e.dtEnd))|\(via)"
        }
    }

    private func judge(_ files: [URL]) throws -> [String] {
        let python = try #require(PythonJudge.interpreter, "python with icalendar is required under CI")
        let script = Fixture.url("judge.py").path
        let result = try PythonJudge.run(python, [script] + files.map(\.path))
        #expect(result.status == 0, "judge failed: \(result.err)")
        return result.out.split(separator: "\n").map(String.init)
    }

    private func write(_ cal: ICalendar, _ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kith-ical-judge-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try ICalendarWriter().write(cal).data.write(to: url)
        return url
    }

    @Test(arguments: Fixture.all)
    func pythonSeesTheSameEventsInRewrittenFixtures(_ name: String) throws {
        let original = try Fixture.read(name)
        let url = try write(original, name)
        let rewritten = try ICalendarReader().read(contentsOf: url)
        let lines = try judge([url])
        #expect(!lines.contains { $0.hasPrefix("ERROR|") }, "\(lines.filter { $0.hasPrefix("ERROR|") })")
        #expect(lines == expectedLines(rewritten))
    }

    @Test func pythonSeesTheSameInstantsInACalendarBuiltByKith() throws {
        var events: [ICalComponent] = []
        func event(_ uid: String, _ start: ICalDateTime?, _ end: ICalDateTime?, _ summary: String) -> ICalComponent {
            var e = ICalComponent(name: "VEVENT")
            e.uid = uid
            e.dtStamp = ICalDateTime("20261121T120000Z")
            e.dtStart = start
            e.dtEnd = end
            e.summary = summary
            return e
        }
        events.append(
            event(
                "ny-gap", ICalDateTime("20260308T023000", tzid: "America/New_York"), ICalDateTime("20260308T040000", tzid: "America/New_York"),
                "In the spring-forward gap"))
        events.append(event("ny-fold", ICalDateTime("20261101T013000", tzid: "America/New_York"), nil, "In the fall-back fold"))
        events.append(
            event(
                "berlin", ICalDateTime("20260329T033000", tzid: "Europe/Berlin"), ICalDateTime("20260329T050000", tzid: "Europe/Berlin"),
                "Berlin, just after DST"))
        events.append(
            event(
                "taipei", ICalDateTime("20261121T153000", tzid: "Asia/Taipei"), ICalDateTime("20261121T170000", tzid: "Asia/Taipei"),
                "Coffee and a long walk; \"Blue Bottle\", Taipei\nShe moves to Lisbon"))
        events.append(event("sydney", ICalDateTime("20261004T090000", tzid: "Australia/Sydney"), nil, "Sydney, DST starts"))
        events.append(event("kolkata", ICalDateTime("20260115T100000", tzid: "Asia/Kolkata"), nil, "Half-hour offset"))
        events.append(event("windows", ICalDateTime("20260701T090000", tzid: "Pacific Standard Time"), nil, "Outlook zone name"))
        events.append(event("utc", ICalDateTime("20260704T120000Z"), ICalDateTime("20260704T130000Z"), "UTC"))
        events.append(event("allday", ICalDateTime("20261121"), ICalDateTime("20261122"), "All day"))
        events.append(event("floating", ICalDateTime("20261121T080000"), nil, "Floating breakfast"))
        var weekly = event(
            "weekly", ICalDateTime("20260302T090000", tzid: "America/New_York"), ICalDateTime("20260302T093000", tzid: "America/New_York"), "Weekly")
        weekly.recurrenceRule = try RecurrenceRule("FREQ=WEEKLY;BYDAY=MO;COUNT=10")
        weekly.setExceptionDates([try #require(ICalDateTime("20260316T090000", tzid: "America/New_York"))])
        events.append(weekly)
        var moved = event(
            "weekly", ICalDateTime("20260324T140000", tzid: "America/New_York"), ICalDateTime("20260324T143000", tzid: "America/New_York"), "Weekly, moved")
        moved.recurrenceID = ICalDateTime("20260323T090000", tzid: "America/New_York")
        events.append(moved)
        var bday = event("bday", ICalDateTime("20000229"), nil, "Ana — 生日 🎂")
        bday.recurrenceRule = try RecurrenceRule("FREQ=YEARLY")
        bday.descriptionText = String(repeating: "Long line with ünïcödé to fold. ", count: 20)
        events.append(bday)
        let url = try write(ICalendar(components: events), "kith-built.ics")
        let rewritten = try ICalendarReader().read(contentsOf: url)
        #expect(rewritten.warnings.isEmpty)
        let lines = try judge([url])
        #expect(!lines.contains { $0.hasPrefix("ERROR|") }, "\(lines.filter { $0.hasPrefix("ERROR|") })")
        #expect(lines == expectedLines(rewritten))
        // Spot checks against hand-computed instants.
        #expect(lines.contains("ny-gap|-|2026-03-08T07:30:00Z|2026-03-08T08:00:00Z|2026-03-08T07:30:00Z"))
        #expect(lines.contains("ny-fold|-|2026-11-01T05:30:00Z|-|2026-11-01T05:30:00Z"))
        #expect(lines.contains("windows|-|2026-07-01T16:00:00Z|-|2026-07-01T16:00:00Z"))
        #expect(lines.contains("allday|-|D:2026-11-21|D:2026-11-22|-"))
    }
}
