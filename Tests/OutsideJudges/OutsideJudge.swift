import Foundation

/// The outside tools that judge what Kith writes (Python's icalendar and vobject, khal,
/// khard), shared by the test targets.
///
/// The interpreter is `KITH_PYTHON` (set by `.ci/run`), else `/work/venv/bin/python`, else
/// `python3`; khal and khard are looked up next to it. Without a judge its tests are
/// disabled on a developer's machine, but they run (and fail) when `CI` is set: a missing
/// judge must never pass silently in CI.
public enum OutsideJudge {
    /// What a judge printed.
    public struct Result: Sendable {
        public var status: Int32
        public var out: String
        public var err: String
    }

    /// A judge that ran and failed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The Python interpreter that judges.
    public static let python: String = {
        let env = ProcessInfo.processInfo.environment
        if let p = env["KITH_PYTHON"], !p.isEmpty { return p }
        for c in ["/work/venv/bin/python", "/usr/bin/python3", "/usr/local/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: c) { return c }
        return "/usr/bin/python3"
    }()

    /// True under CI.
    public static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    /// Whether the judge's tests should run: `module` imports, or CI is set.
    public static func shouldRun(importing module: String) -> Bool {
        inCI || imports(module)
    }

    /// Whether `module` imports in ``python``.
    public static func imports(_ module: String) -> Bool {
        (try? run(python, ["-c", "import \(module)"]))?.status == 0
    }

    /// A tool installed next to ``python`` (its virtual environment), if any.
    public static func tool(_ name: String) -> String? {
        let path = URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Whether a tool's tests should run: it is installed, or CI is set.
    public static func shouldRun(tool name: String) -> Bool { inCI || tool(name) != nil }

    /// Runs `executable` in a UTF-8 locale (khal needs one), feeding `stdin` if given.
    public static func run(_ executable: String, _ arguments: [String], stdin: Data? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"; env["LC_ALL"] = "C.UTF-8"
        p.environment = env
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe; p.standardOutput = outPipe; p.standardError = errPipe
        try p.run()
        inPipe.fileHandleForWriting.write(stdin ?? Data())
        try inPipe.fileHandleForWriting.close()
        // Standard error is read on another thread so that neither pipe can fill and block.
        let err = Collected()
        let done = DispatchSemaphore(value: 0)
        Thread {
            err.data = errPipe.fileHandleForReading.readDataToEndOfFile(); done.signal()
        }.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        p.waitUntilExit()
        return Result(
            status: p.terminationStatus, out: String(decoding: out, as: UTF8.self),
            err: String(decoding: err.data, as: UTF8.self))
    }

    /// Runs a Python script given as text, with `stdin`; its standard output, or
    /// ``Failure`` with its standard error when it exits non-zero.
    public static func python(script: String, stdin: Data? = nil) throws -> String {
        let r = try run(python, ["-c", script], stdin: stdin)
        guard r.status == 0 else { throw Failure(description: r.err) }
        return r.out
    }

    /// A khal configuration for one calendar folder, with UTC and ISO formats.
    public static func khalConfig(calendar: String, database: String) -> String {
        """
        [calendars]
        [[kith]]
        path = \(calendar)
        type = calendar
        [locale]
        timeformat = %H:%M
        dateformat = %Y-%m-%d
        longdateformat = %Y-%m-%d
        datetimeformat = %Y-%m-%d %H:%M
        longdatetimeformat = %Y-%m-%d %H:%M
        local_timezone = UTC
        default_timezone = UTC
        [sqlite]
        path = \(database)

        """
    }
}

/// Bytes filled in by one thread and read by another after it signals.
private final class Collected: @unchecked Sendable {
    var data = Data()
}
