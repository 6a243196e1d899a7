import Foundation
import ICalendarFormat
import KithBase

/// Hands batches of events from the thread that reads them out of the journal to the
/// thread that writes them, in order, a few at a time (the reader waits when the writer
/// is that far behind). Either side can stop the other: the writer when its sink fails,
/// the reader when the journal does.
///
/// The reader calls ``send(_:)`` for each batch and, whatever happens, ``finish(stopping:)``
/// once at the end, which waits for the writer; the writer calls ``receive()`` until nil,
/// ``recycle(_:)`` for each batch written, and ``writerFinished()`` once when it returns.
/// A thin face over ``HandOff`` (the one queue between threads) with the export's words.
final class ExportPipeline: Sendable {
    /// Thrown by ``send(_:)`` once the writer has stopped.
    typealias Stopped = HandOff<ExportBatch, ExportBatch, Void>.Cancelled

    private let handOff: HandOff<ExportBatch, ExportBatch, Void>
    /// The most batches read and not yet written.
    var depth: Int { handOff.depth }

    init(depth: Int = 3) { handOff = HandOff(depth: depth) }

    /// Whether either side stopped the export.
    var wasStopped: Bool { handOff.isCancelled }

    /// Reader: queues a full batch for the writer (waiting while `depth` are queued) and
    /// returns an empty one to fill next.
    /// - Throws: ``Stopped`` when the writer has stopped: read no more.
    func send(_ batch: consuming ExportBatch) throws -> ExportBatch {
        try handOff.sendTakingSpare(batch) ?? ExportBatch()
    }

    /// Reader: no more batches (`stopping`: the reader failed, so the writer writes nothing
    /// more); returns once the writer has returned.
    func finish(stopping: Bool) {
        if stopping { handOff.cancel() }
        handOff.finish()
        handOff.waitForConsumer()
    }

    /// Writer: the next batch in order; nil once the reader is done and every batch was
    /// received, or as soon as either side stopped.
    func receive() -> ExportBatch? { handOff.receive() }

    /// Writer: a batch written, emptied for the reader to fill again.
    func recycle(_ batch: consuming ExportBatch) {
        var batch = batch
        batch.removeAll()
        handOff.handBack(batch)
    }

    /// Writer: it failed; the reader's next ``send(_:)`` throws.
    func stop() { handOff.cancel() }

    /// Writer: it has returned and touches nothing shared any more.
    func writerFinished() { handOff.consumerFinished() }
}

/// Events read for an export and not written yet: their text columns and kept lines
/// copied into one buffer (SQLite's own bytes last only until the next step), so that
/// another thread can write them while the next batch is read.
///
/// A value: the reader fills its own, ``ExportPipeline`` hands it over whole (its buffers
/// move without a copy), and the writer hands it back emptied to be filled again.
struct ExportBatch: Sendable {
    /// One event: its ranges index ``bytes`` (text); its kept lines are a run of
    /// ``lineEnds``, turned into the event's `keptLines` as it is handed to the writer.
    struct Item {
        var event: EventMapping.ExportEvent
        /// Where its first kept line starts in ``bytes``.
        var linesStart: Int
        /// Its kept lines: indexes of their ends in ``lineEnds``.
        var lines: Range<Int>
    }

    private(set) var bytes: [UInt8] = []
    private(set) var lineEnds: [Int] = []
    private(set) var items: [Item] = []

    var count: Int { items.count }

    /// Copies a text column of the cursor's current row in; returns where it is.
    mutating func append(_ column: CInt, of cursor: ExportCursor) -> Range<Int> {
        cursor.appendText(column, to: &bytes)
    }

    /// Copies an event's kept lines (a text column of the cursor's current row: the lines
    /// joined by LF) in, each line ending where its LF was (the LFs are taken out).
    mutating func appendLines(_ column: CInt, of cursor: ExportCursor) {
        let range = cursor.appendText(column, to: &bytes)
        var write = range.lowerBound
        for read in range {
            let byte = bytes[read]
            if byte == 0x0A {
                lineEnds.append(write)
            } else {
                bytes[write] = byte
                write += 1
            }
        }
        lineEnds.append(write)
        bytes.removeLast(bytes.count - write)
    }

    /// How many kept lines and bytes it holds: an event's lines start there.
    var lineMark: (line: Int, byte: Int) { (lineEnds.count, bytes.count) }

    mutating func append(_ item: Item) { items.append(item) }

    /// Empties it, keeping its memory.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lineEnds.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with each event in order and the text its ranges index.
    func forEach(_ body: (EventMapping.ExportEvent, Span<UInt8>) throws -> Void) rethrows {
        // A slice: an array's own `span` is newer than macOS 14.
        let all = bytes[...]
        let text = all.span
        var kept: [Range<Int>] = []
        for item in items {
            kept.removeAll(keepingCapacity: true)
            var start = item.linesStart
            for k in item.lines {
                kept.append(start..<lineEnds[k])
                start = lineEnds[k]
            }
            var event = item.event
            event.keptLines = kept
            try body(event, text)
        }
    }
}

/// Builds the rules of time zones in a resolver on a second thread, in the order they are
/// added, while the caller goes on (an export's pre-pass reading the events' zones). A
/// conversion in a zone whose rules are being built waits for them (the resolver's lock).
/// The thread ends once ``finish()`` was called and the zones added are built.
final class ZoneWarmUp: Sendable {
    private let queue = HandOff<String, Never, Void>(depth: .max)

    init(_ resolver: ICalTimeZoneResolver) {
        Thread { [queue] in
            while let tzid = queue.receive() { _ = resolver.canResolve(tzid) }
        }.start()
    }

    /// Builds the rules of a TZID (soon).
    func add(_ tzid: String) {
        // Never throws: nothing cancels this queue, and it never makes the caller wait.
        try? queue.send(tzid)
    }

    /// No more zones: the thread ends after the ones added.
    func finish() { queue.finish() }
}
