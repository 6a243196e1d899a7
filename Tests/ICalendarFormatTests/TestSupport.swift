import Foundation
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

/// Finds the Python that judges what Kith writes: `KITH_PYTHON`, then /work/venv, then python3.
enum PythonJudge {
    static let interpreter: String? = {
        let env = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let p = env["KITH_PYTHON"], !p.isEmpty { candidates.append(p) }
        candidates += ["/work/venv/bin/python", "/usr/bin/python3", "/usr/local/bin/python3"]
        for c in candidates where FileManager.default.isExecutableFile(atPath: c) {
            if (try? run(c, ["-c", "import icalendar"]))?.status == 0 { return c }
        }
        return nil
    }()

    /// khal installed next to the judging Python.
    static let khal: String? = {
        guard let py = PythonJudge.interpreter else { return nil }
        let path = URL(fileURLWithPath: py).deletingLastPathComponent().appendingPathComponent("khal").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// True when icalendar is importable, or when CI is set (then a missing module must fail the test).
    static var shouldRun: Bool { interpreter != nil || ProcessInfo.processInfo.environment["CI"] != nil }

    static func run(_ exe: String, _ args: [String], stdin: Data? = nil) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"; env["LC_ALL"] = "C.UTF-8" // khal needs a UTF-8 locale
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
