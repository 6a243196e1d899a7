import Foundation
import Kith

extension KithBench {
    /// `import FILE --journal J`: what `kith import FILE` does, opening (or creating) the
    /// journal included.
    static func importFile(_ args: inout BenchArguments) throws -> String {
        let journalPath = try args.required("--journal")
        let path = try args.positional("FILE")
        let watch = Stopwatch()
        let (journal, openSeconds) = try Stopwatch.time { try Journal(path: journalPath) }
        // As `kith import` without --verbose, --dry-run or --json: the report keeps counts.
        var options = ImportOptions()
        options.keepsDetails = false
        let report = try journal.importFile(at: URL(fileURLWithPath: path), options: options)
        let seconds = watch.seconds
        let added = report.count(.added), updated = report.count(.updated), skipped = report.count(.skipped)
        let codes = report.warningCounts.prefix(3).map { "\($0.code):\($0.count)" }.joined(separator: ",")
        return "format=\(report.format.replacingOccurrences(of: " ", with: "_")) added=\(added) updated=\(updated) "
            + "skipped=\(skipped) warnings=\(report.warningCount) top_warnings=\(codes.isEmpty ? "-" : codes) open_seconds=\(format(openSeconds)) "
            + "maxrss_mib=\(maxResidentMiB()) seconds=\(format(seconds))"
    }

    /// `export-ics --journal J -o FILE`: what `kith export ics -o FILE` does (every event,
    /// VTIMEZONEs included), opening the journal and writing the file included.
    static func exportICS(_ args: inout BenchArguments) throws -> String {
        let journalPath = try args.required("--journal")
        let output = try args.required("-o")
        try args.finish()
        let watch = Stopwatch()
        let journal = try openExisting(journalPath)
        let result = try journal.exportCalendar(toFile: output)
        let seconds = watch.seconds
        return "events=\(result.count) bytes=\(result.byteCount) warnings=\(result.warnings.count) "
            + "maxrss_mib=\(maxResidentMiB()) seconds=\(format(seconds))"
    }

    /// `month --journal J YYYY-MM [--runs N]`: the day index's month query (per-day counts,
    /// people and moods of one month). The journal is opened untimed; the first query is
    /// reported alone (`first_seconds`), `seconds` is the median of the next N.
    static func month(_ args: inout BenchArguments) throws -> String {
        let journalPath = try args.required("--journal")
        let runs = try args.integer("--runs", default: 101)
        let text = try args.positional("YYYY-MM")
        let parts = text.split(separator: "-")
        guard parts.count == 2, let y = Int(parts[0]), let m = Int(parts[1]), (1...12).contains(m) else {
            throw BenchArguments.UsageError(message: "month wants YYYY-MM, not \(text)")
        }
        let journal = try openExisting(journalPath)
        return try repeatQuery(runs: runs) { try journal.month(year: y, month: m) }
    }

    /// `year --journal J YYYY [--runs N]`: the day index's year query, timed like `month`.
    static func year(_ args: inout BenchArguments) throws -> String {
        let journalPath = try args.required("--journal")
        let runs = try args.integer("--runs", default: 101)
        let text = try args.positional("YYYY")
        guard let y = Int(text) else { throw BenchArguments.UsageError(message: "year wants YYYY, not \(text)") }
        let journal = try openExisting(journalPath)
        return try repeatQuery(runs: runs) { try journal.year(y) }
    }

    /// Runs a day-index query once cold, then `runs` times, and reports the median.
    static func repeatQuery(runs: Int, _ query: () throws -> [DaySummary]) throws -> String {
        let (days, first) = try Stopwatch.time(query)
        let events = days.reduce(0) { $0 + $1.eventCount }
        var times: [Double] = []
        times.reserveCapacity(max(runs, 1))
        for _ in 0..<max(runs, 1) {
            let (again, t) = try Stopwatch.time(query)
            guard again.count == days.count else { throw QueryChanged() }
            times.append(t)
        }
        times.sort()
        return "days=\(days.count) event_days=\(events) runs=\(times.count) first_seconds=\(format(first)) "
            + "min_seconds=\(format(times[0])) seconds=\(format(times[times.count / 2]))"
    }

    /// A repeated query answered differently: the journal changed under the benchmark.
    struct QueryChanged: Error, CustomStringConvertible {
        var description: String { "the query answered differently on a later run (is another process writing the journal?)" }
    }

    /// Opens a journal that must already exist (a query on a missing file measures nothing).
    static func openExisting(_ path: String) throws -> Journal {
        guard FileManager.default.fileExists(atPath: path) else {
            throw MappedFile.OpenError(path: path, reason: "no journal there (build it first with kith-bench import or build-journal)")
        }
        return try Journal(path: path)
    }
}
