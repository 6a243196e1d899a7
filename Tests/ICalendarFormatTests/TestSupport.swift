import Foundation
import OutsideJudges

@testable import ICalendarFormat

/// Shared helpers for the ICalendarFormat suites.
enum Fixture {
    static func url(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    static func read(_ name: String, zone: String = "UTC") throws -> ICalendar {
        try ICalendarReader(floatingTimeZone: TimeZone(identifier: zone)!).read(contentsOf: url(name))
    }

    static let all = ["google.ics", "apple.ics", "outlook.ics", "thunderbird.ics", "meetup.ics"]
}

/// A UTC instant from its fields.
func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Date {
    Date(timeIntervalSince1970: TimeInterval(CivilTime.seconds(year: y, month: m, day: d, hour: h, minute: mi, second: s)))
}

/// `2026-03-08T07:30:00Z` for an instant.
func isoUTC(_ d: Date) -> String { ICalDateTime(utc: d).isoString }

/// The Python with icalendar and the khal next to it (see `OutsideJudge`).
enum PythonJudge {
    static let interpreter: String? = OutsideJudge.imports("icalendar") ? OutsideJudge.python : nil
    static let khal: String? = OutsideJudge.tool("khal")

    /// True when icalendar is importable, or when CI is set (then a missing module must fail the test).
    static var shouldRun: Bool { interpreter != nil || OutsideJudge.inCI }

    static func run(_ exe: String, _ args: [String], stdin: Data? = nil) throws -> (status: Int32, out: String, err: String) {
        let r = try OutsideJudge.run(exe, args, stdin: stdin)
        return (r.status, r.out, r.err)
    }
}
