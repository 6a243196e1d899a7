import Foundation
import GRDB
import ICalendarFormat

extension Journal {
    /// The export, streamed. The VTIMEZONEs come first and must cover the zones and years
    /// of every event, kept iCalendar lines included: with `restart`, they are worked out
    /// from the events' own times and checked against what the events really used once
    /// written (the export starts over, once, in the rare case a kept line adds a zone or a
    /// year); without, kept lines that may matter are read before writing anything.
    ///
    /// Events are written in the order they are stored (by id: the order they came into the
    /// journal), not in time order: iCalendar gives the order no meaning (khal, Thunderbird
    /// and Python's icalendar sort for themselves), and storage order lets the export read
    /// `event`, `eventKeptLines` and the people of events as merge joins, each one ordered
    /// pass, instead of seeking scattered pages for every batch of events.
    ///
    /// Events are read on the calling thread and written on a second one (see
    /// ``ExportPipeline``), which calls `sink`, one call at a time and never after this
    /// returns; an error on either thread stops both and is thrown here.
    func exportCalendar(
        _ options: CalendarExportOptions, _ sink: ([UInt8]) throws -> Void,
        restart: (() throws -> Void)?
    ) throws -> ExportSummary {
        var sinkError: (any Error)?
        // An export reads every event and its kept lines: let SQLite read the file through a
        // memory map for this read (no copy per page, no page-cache churn), then go back to reading.
        try? dbQueue.inDatabase { db in try db.execute(sql: "PRAGMA mmap_size = \(Journal.exportMapSize)") }
        defer { try? dbQueue.inDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 0") } }
        let summary = try withoutActuallyEscaping(sink) { sink in
            try read { db -> ExportSummary? in
                do {
                    // Called on the writing thread while this one waits for it (see ExportPipeline).
                    let put: ([UInt8]) throws -> Void = { bytes in
                        do {
                            try options.cancellation.check()
                            try sink(bytes)
                        } catch { sinkError = error; throw SinkStopped() }
                    }
                    let plan = try CalendarPlan(db, options, readingKeptLines: restart == nil)
                    let (summary, used) = try Journal.streamCalendar(db, plan, zones: plan.usage, put)
                    if used == plan.usage || restart == nil { return summary }
                    do { try restart?() } catch { sinkError = error; throw SinkStopped() }
                    return try Journal.streamCalendar(db, plan, zones: used, put).0
                } catch is SinkStopped {
                    return nil
                }
            }
        }
        if let sinkError { throw sinkError }
        return summary!
    }

    /// The most of the journal file an export maps into memory (SQLite caps it further).
    static let exportMapSize = 1 << 30

    /// Thrown through the read transaction when the sink failed; its error is rethrown after.
    private struct SinkStopped: Error {}

    /// Writes the calendar with the VTIMEZONEs of `zones`; returns what the events used.
    /// This thread reads the events in batches; a second one builds the VTIMEZONEs (while
    /// the first batches are read), writes the events of each batch in order and hands the
    /// bytes to `sink`.
    private static func streamCalendar(
        _ db: Database, _ plan: CalendarPlan, zones: ICalTimeZoneUsage,
        _ sink: @escaping ([UInt8]) throws -> Void
    ) throws -> (ExportSummary, ICalTimeZoneUsage) {
        let pipeline = ExportPipeline()
        let writer = CalendarStreamWriter(
            resolver: plan.resolver, zones: zones, yearly: plan.yearly,
            sources: try Journal.sourceTimeZones(db), sink: sink)
        let thread = Thread { writer.run(pipeline) }
        thread.start()
        var leftOutPhotos = 0
        do {
            var rows = try EventRows(db, plan.selection)
            try rows.forEachBatch(size: 512) { try pipeline.send($0) }
            leftOutPhotos = rows.leftOutPhotos
            pipeline.finish(stopping: false)
        } catch is ExportPipeline.Stopped {
            pipeline.finish(stopping: true)
        } catch {
            pipeline.finish(stopping: true)
            throw error
        }
        // The writing thread is done: what it left is ours to read.
        if let failure = writer.failure { throw failure }
        var warnings = writer.warnings.map(\.description)
        if leftOutPhotos > 0 {
            warnings.append(
                "\(leftOutPhotos) \(leftOutPhotos == 1 ? "photo" : "photos") larger than \(Photo.sizeText(EventMapping.inlinePhotoLimit)) left out of the calendar (kith export vdir writes them beside it; kith photo ID writes one out)"
            )
        }
        return (ExportSummary(count: plan.count + plan.yearly.count, byteCount: writer.byteCount, warnings: warnings), writer.used)
    }
}
