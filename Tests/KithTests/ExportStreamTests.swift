import Foundation
import ICalendarFormat
import Testing

@testable import Kith

/// The streamed calendar export: events read on one thread and written on another, the
/// VTIMEZONEs worked out before the events, the file written back as it grows.
@Suite("Export streaming")
struct ExportStreamTests {
    /// Every way of exporting the whole calendar, which must agree byte for byte: in memory,
    /// to a sink (no restart: what `kith export ics -o -` does) and to a file.
    func everyPath(_ j: Journal) throws -> (memory: Data, streamed: Data, file: Data) {
        let memory = try j.exportCalendar().data
        var streamed = Data()
        _ = try j.exportCalendar(CalendarExportOptions()) { streamed.append(contentsOf: $0) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kith-stream-\(UUID().uuidString).ics")
        defer { try? FileManager.default.removeItem(at: url) }
        let summary = try j.exportCalendar(toFile: url.path)
        let file = try Data(contentsOf: url)
        #expect(summary.byteCount == file.count)
        return (memory, streamed, file)
    }

    /// The VTIMEZONE block written for `tzid` over `years`.
    func vtimezone(_ tzid: String, _ years: ClosedRange<Int>) throws -> String {
        var w = ICalendarLineWriter()
        w.write(ICalComponent.timeZone(try #require(TimeZone(identifier: tzid)), tzid: tzid, years: years))
        return String(decoding: w.bytes, as: UTF8.self)
    }

    @Test(
        "VTIMEZONEs cover a local year that only an event between a zone's first and last times has (Phoenix turned its clocks back at New Year 1944), streamed or not"
    )
    func newYearFallBack() throws {
        let j = try Journal.inMemory()
        // 1944-01-01 00:01 war time Phoenix went back to 1943-12-31 23:01 standard time: the
        // second event (00:00:30 on 1 January 1944) comes before the last (23:30 on 31
        // December 1943) but is in the later year.
        let instants: [TimeInterval] = [-838_987_200, -820_519_170, -820_517_400]
        var drafts = instants.enumerated().map {
            EventDraft(title: "Phoenix \($0.offset)", start: Date(timeIntervalSince1970: $0.element), timeZone: "America/Phoenix")
        }
        // New York in March 1943: its VTIMEZONE shows whether 1944 is covered (its war time ended in 1945).
        drafts.append(EventDraft(title: "New York", start: Date(timeIntervalSince1970: -846_936_000), timeZone: "America/New_York"))
        _ = try j.logEvents(drafts)
        let paths = try everyPath(j)
        #expect(paths.streamed == paths.memory)
        #expect(paths.file == paths.memory)
        let text = String(decoding: paths.streamed, as: UTF8.self)
        #expect(text.contains("DTSTART;TZID=America/Phoenix:19440101T000030\r\n"))
        // 23:30 on 31 December 1943 came twice; this is the second (standard time), which its
        // TZID cannot say (RFC 5545 reads the first): it goes out in UTC.
        #expect(text.contains("DTSTART;X-KITH-TZID=America/Phoenix:19440101T063000Z\r\n"))
        // The VTIMEZONEs span the years of all the events: 1943 and 1944.
        let wide = try vtimezone("America/New_York", 1943...1944), narrow = try vtimezone("America/New_York", 1943...1943)
        #expect(wide != narrow)
        #expect(text.contains(wide))
        #expect(text.contains(try vtimezone("America/Phoenix", 1943...1944)))
    }

    @Test("VTIMEZONEs cover the years of all-day events and of end times, whichever event has them")
    func yearsOfDaysAndEnds() throws {
        let j = try Journal.inMemory()
        var drafts = [
            EventDraft(
                title: "Timed", start: Date(timeIntervalSince1970: 1_500_000_000), timeZone: "Europe/Lisbon",
                end: Date(timeIntervalSince1970: 1_900_000_000)),
            EventDraft(title: "Early", start: Date(timeIntervalSince1970: 1_600_000_000), timeZone: "Asia/Kolkata"),
        ]
        // An all-day event on 31 December 2035 (noon UTC): its DTEND is in 2036.
        drafts.append(EventDraft(title: "All day", start: Date(timeIntervalSince1970: 2_082_715_200), timeZone: "UTC", allDay: true))
        _ = try j.logEvents(drafts)
        let paths = try everyPath(j)
        #expect(paths.streamed == paths.memory && paths.file == paths.memory)
        let text = String(decoding: paths.streamed, as: UTF8.self)
        #expect(text.contains(try vtimezone("Asia/Kolkata", 2017...2036)))
        #expect(text.contains(try vtimezone("Europe/Lisbon", 2017...2036)))
    }

    @Test("a calendar of many batches comes out in storage order, each VEVENT as its own file has it, the same on every path")
    func manyBatches() throws {
        let j = try Journal.inMemory()
        for f in ImportTests.contactFiles { try j.importSample(f) }
        let ana = try j.resolvePerson("Ana Lima").id, chen = try j.resolvePerson("Chen Wei").id
        let zones = ["Europe/Lisbon", "UTC", "America/Phoenix", "Asia/Kolkata", "America/Sao_Paulo"]
        let meal = try j.category(kind: .eventType, path: "Meal").id, great = try j.category(kind: .mood, path: "great").id
        var drafts: [EventDraft] = []
        for i in 0..<1_300 {
            var d = EventDraft(
                title: "Event \(i); with, escapes", start: Date(timeIntervalSince1970: 1_000_000_000 + Double(i) * 80_000),
                timeZone: zones[i % zones.count], end: i % 3 == 0 ? Date(timeIntervalSince1970: 1_000_003_600 + Double(i) * 80_000) : nil,
                allDay: i % 7 == 0)
            if i % 4 == 0 { d.personIDs = [ana] }
            if i % 10 == 0 { d.personIDs.append(chen) }
            if i % 5 == 0 { d.icalLines = ["X-N:\(i)", "CATEGORIES:Kept", "x-lower;x-p=\"a b\":v \(i)"] }
            if i % 6 == 0 { d.typeID = meal }
            if i % 9 == 0 { d.moodID = great }
            if i % 11 == 0 { d.note = String(repeating: "A longer note, folded across lines. ", count: i % 40) }
            drafts.append(d)
        }
        _ = try j.logEvents(drafts)
        let paths = try everyPath(j)
        #expect(paths.streamed == paths.memory)
        #expect(paths.file == paths.memory)
        let text = String(decoding: paths.memory, as: UTF8.self)
        let cal = try ICalendarReader().read(paths.memory)
        #expect(cal.warnings.isEmpty)
        let events = try j.events(EventFilter(newestFirst: false)).sorted { $0.id < $1.id }
        #expect(cal.events.compactMap(\.uid) == events.map(\.uid))
        for e in events where e.id % 97 == 0 || e.id == events.last?.id {
            let one = String(decoding: try j.exportCalendar(eventID: e.id), as: UTF8.self)
            #expect(try vevent(one, e.uid) == vevent(text, e.uid))
        }
    }

    func vevent(_ s: String, _ uid: String) throws -> Substring {
        let start = try #require(s.range(of: "BEGIN:VEVENT\r\nUID:" + uid + "\r\n"))
        let end = try #require(s.range(of: "END:VEVENT\r\n", range: start.upperBound..<s.endIndex))
        return s[start.lowerBound..<end.upperBound]
    }

    struct SinkFailure: Error, Equatable { var call: Int }

    @Test("a sink that fails stops the export with its own error and is not called again; the journal exports again after")
    func failingSink() throws {
        let j = try Journal.inMemory()
        let note = String(repeating: "x", count: 1_000)
        _ = try j.logEvents(
            (0..<3_000).map {
                var d = EventDraft(title: "E\($0)", start: Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 3600), timeZone: "Europe/Lisbon")
                d.note = note
                return d
            })
        for failing in [1, 2] {
            var calls = 0
            #expect(throws: SinkFailure(call: failing)) {
                _ = try j.exportCalendar(CalendarExportOptions()) { _ in
                    calls += 1
                    if calls == failing { throw SinkFailure(call: calls) }
                }
            }
            #expect(calls == failing)
        }
        var streamed = Data()
        let summary = try j.exportCalendar(CalendarExportOptions()) { streamed.append(contentsOf: $0) }
        #expect(summary.count == 3_000 && summary.byteCount == streamed.count && streamed.count > 3 << 20)
        #expect(streamed == (try j.exportCalendar().data))
    }

    @Test("a streamed private file of several write-back steps, started over once, holds exactly the last bytes written")
    func privateFileWriteBack() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kith-writeback-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        let chunk = [UInt8](repeating: 7, count: 1 << 20)
        var expected = Data()
        try PrivateFile.write(to: url.path) { out in
            for _ in 0..<20 { try out.put(chunk) }
            try out.restart()
            for i in 0..<(Int(PrivateFile.writeBackStep) >> 20) + 3 {
                let part = [UInt8](repeating: UInt8(i), count: 1 << 20)
                try out.put(part)
                expected.append(contentsOf: part)
            }
        }
        #expect(try Data(contentsOf: url) == expected)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
