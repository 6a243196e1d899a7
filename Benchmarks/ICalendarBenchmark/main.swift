// Reads an .ics file with ICalendarFormat and prints events/s and MB/s.
// Usage: ICalendarBenchmark FILE [--stream]
import Foundation
import ICalendarFormat

let args = CommandLine.arguments
guard args.count >= 2, let data = FileManager.default.contents(atPath: args[1]) else {
    FileHandle.standardError.write(Data("usage: ICalendarBenchmark FILE.ics [--stream]\n".utf8))
    exit(2)
}
let streaming = args.contains("--stream")
let reader = ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!)
var best = Double.infinity
var events = 0
var checksum = 0.0
var dropTime = Double.infinity
for _ in 0..<3 {
    let start = Date()
    events = 0
    checksum = 0
    if streaming {
        _ = try reader.stream(data) { c, resolver in
            guard c.name == "VEVENT" else { return }
            events += 1
            if let s = c.dtStart { checksum += resolver.date(for: s).timeIntervalSince1970 }
        }
    } else {
        var cal = try reader.read(data)
        defer { let t = Date(); cal = ICalendar(); dropTime = min(dropTime, Date().timeIntervalSince(t)) }
        let resolver = cal.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        for e in cal.components where e.name == "VEVENT" {
            events += 1
            if let s = e.dtStart { checksum += resolver.date(for: s).timeIntervalSince1970 }
        }
    }
    best = min(best, Date().timeIntervalSince(start))
}
let mb = Double(data.count) / 1_000_000
if !streaming { print(String(format: "  (of which freeing the tree: %.3f s)", dropTime)) }
print(String(format: "kith-swift%@: %d events in %.3f s: %.0f events/s, %.1f MB/s (checksum %.0f)",
             streaming ? " (stream)" : "", events, best, Double(events) / best, mb / best, checksum))
