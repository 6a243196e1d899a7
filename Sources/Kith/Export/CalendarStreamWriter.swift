import ContentLines
import Foundation
import ICalendarFormat

/// The writing side of a streamed calendar export, run on its own thread: the calendar's
/// header and VTIMEZONEs (built while the reading thread reads the first events), the
/// events of each batch from an ``ExportPipeline`` in order, then the yearly events and
/// the end, handed to the sink about 1 MiB at a time.
///
/// Its results are read by the reading thread once ``ExportPipeline/finish(stopping:)``
/// has returned (the writer has returned by then).
// @unchecked: one thread at a time owns it: the writing thread while the pipeline runs, the
// reading thread after `finish` returned (the pipeline's hand-off orders the two).
final class CalendarStreamWriter: @unchecked Sendable {
    private let resolver: ICalTimeZoneResolver
    private let zones: ICalTimeZoneUsage
    private let yearly: [ICalComponent]
    /// VTIMEZONEs kept from imported files, for TZIDs that are not IANA or Windows.
    private let sources: [String: ICalComponent]
    /// Let go of once written: the caller may hold the sink only for the export's duration.
    private var sink: (([UInt8]) throws -> Void)?

    /// What the written events used (their zones and years).
    private(set) var used = ICalTimeZoneUsage()
    /// The bytes handed to the sink.
    private(set) var byteCount = 0
    /// Zones that got no VTIMEZONE.
    private(set) var warnings: [FormatWarning] = []
    /// What the sink threw; nothing more was written after it.
    private(set) var failure: (any Error)?

    /// - Parameter sink: called on the writing thread only.
    init(
        resolver: ICalTimeZoneResolver, zones: ICalTimeZoneUsage, yearly: [ICalComponent],
        sources: [String: ICalComponent] = [:], sink: @escaping ([UInt8]) throws -> Void
    ) {
        self.resolver = resolver
        self.sources = sources
        self.zones = zones
        self.yearly = yearly
        self.sink = sink
    }

    /// Writes the whole calendar, or up to where the reader or the sink stopped.
    func run(_ pipeline: ExportPipeline) {
        defer {
            sink = nil
            pipeline.writerFinished()
        }
        do {
            var w = ICalendarLineWriter()
            w.begin("VCALENDAR")
            w.property("VERSION", value: "2.0")
            w.property("PRODID", value: "-//Kith//Kith//EN")
            w.property("X-WR-CALNAME", value: "Kith")
            for z in zones.timeZones(excluding: [], sources: sources, warnings: &warnings) { w.write(z) }
            var colors: [String: String] = [:]
            var prefixes = EventMapping.DatePrefixes()
            while let batch = pipeline.receive() {
                try batch.forEach { e, text in
                    EventMapping.write(e, text: text, into: &w, resolver: resolver, colors: &colors, usage: &used, prefixes: &prefixes)
                    if w.bytes.count >= 1 << 20 { try flush(&w) }
                }
                pipeline.recycle(batch)
            }
            // The reader failed: the export fails, so its end is not written.
            if pipeline.wasStopped { return }
            for c in yearly {
                used.note(c)
                w.write(c)
            }
            w.end("VCALENDAR")
            try flush(&w)
        } catch {
            failure = error
            pipeline.stop()
        }
    }

    private func flush(_ w: inout ICalendarLineWriter) throws {
        byteCount += w.bytes.count
        guard let sink else { return }
        try w.drain(sink)
    }
}
