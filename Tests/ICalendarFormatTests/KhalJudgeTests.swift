import Foundation
import OutsideJudges
import Testing

@testable import ICalendarFormat

/// khal (strict about VTIMEZONEs) imports a calendar Kith writes and lists the same
/// events at the same UTC times. Found next to the judging Python; disabled only when
/// khal is absent and `CI` is not set.
@Suite(
    .enabled(
        if: PythonJudge.khal != nil || ProcessInfo.processInfo.environment["CI"] != nil,
        "khal not installed (run .ci/run, or pip install khal into /work/venv)"))
struct KhalJudgeTests {
    @Test func khalListsTheSameEventsAtTheSameTimes() throws {
        let khal = try #require(PythonJudge.khal, "khal is required under CI")
        func event(_ uid: String, _ start: String, _ end: String, _ tz: String?) throws -> ICalComponent {
            var e = ICalComponent(name: "VEVENT")
            e.uid = uid
            e.dtStamp = ICalDateTime("20261121T120000Z")
            e.dtStart = ICalDateTime(start, tzid: tz)
            e.dtEnd = ICalDateTime(end, tzid: tz)
            e.summary = "Event \(uid)"
            return e
        }
        let cal = ICalendar(components: [
            try event("ny-gap", "20260308T023000", "20260308T040000", "America/New_York"),
            try event("berlin", "20260329T033000", "20260329T050000", "Europe/Berlin"),
            try event("taipei", "20261121T153000", "20261121T170000", "Asia/Taipei"),
            try event("sydney", "20261004T090000", "20261004T100000", "Australia/Sydney"),
            try event("utc", "20260704T120000Z", "20260704T130000Z", nil),
            try event("allday", "20261121", "20261122", nil),
        ])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kith-khal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("cal"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let conf = OutsideJudge.khalConfig(calendar: dir.path + "/cal", database: dir.path + "/khal.db")
        try conf.write(to: dir.appendingPathComponent("conf"), atomically: true, encoding: .utf8)
        let ics = dir.appendingPathComponent("kith.ics")
        try ICalendarWriter().write(cal).data.write(to: ics)
        let imported = try PythonJudge.run(khal, ["-c", dir.path + "/conf", "import", "--batch", "-a", "kith", ics.path])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(!imported.err.contains("Cannot find timezone"), "\(imported.err)")
        let listed = try PythonJudge.run(khal, ["-c", dir.path + "/conf", "list", "-o", "-df", "", "-f", "{uid}|{start}|{end}", "2026-01-01", "2027-01-01"])
        #expect(listed.status == 0, "\(listed.err)")
        let lines = Set(listed.out.split(separator: "\n").map(String.init))
        #expect(
            lines == [
                "ny-gap|2026-03-08 07:30|2026-03-08 08:00",
                "berlin|2026-03-29 01:30|2026-03-29 03:00",
                "taipei|2026-11-21 07:30|2026-11-21 09:00",
                "sydney|2026-10-03 22:00|2026-10-03 23:00",
                "utc|2026-07-04 12:00|2026-07-04 13:00",
                "allday|2026-11-21|2026-11-21",
            ])
    }
}
