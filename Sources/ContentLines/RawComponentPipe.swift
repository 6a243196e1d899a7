import Foundation

extension ContentLineReader {
    /// ``takeRawComponents(_:)`` with the reading spread over two threads: a second thread
    /// splits the bytes into lines and components, and `body` is called on the calling
    /// thread with each top-level component, in file order, while the next ones are read.
    ///
    /// What `body` receives, and ``warnings`` afterwards, are exactly those of
    /// ``takeRawComponents(_:)``. At most a few batches of components are read ahead (a
    /// batch is 16 components or 1 MiB of lines, whichever comes first), so memory still
    /// grows with the largest component, not with the input.
    ///
    /// - Throws: the first error `body` throws; the second thread then stops reading, and
    ///   it has returned before this does.
    package mutating func takeRawComponentsOnTwoThreads(_ body: (inout Component, inout RawLines) throws -> Void) throws {
        let pipe = RawComponentPipe(depth: 4)
        let start = self
        let thread = Thread {
            var reader = start
            var pending = RawComponentPipe.Batch()
            var pendingBytes = 0
            // Emptied lines handed back by the caller's thread, whose storage the reader
            // fills again (it takes the empty `lines` left here), so that the arrays of each
            // component are not allocated anew on this thread and freed on the other.
            var spare: [RawLines] = []
            do {
                try reader.takeRawComponents { component, lines in
                    var taken = spare.popLast() ?? RawLines()
                    swap(&taken, &lines)
                    pendingBytes += taken.bytes.count
                    pending.append((component, taken))
                    if pending.count >= RawComponentPipe.batchCount || pendingBytes >= RawComponentPipe.batchBytes {
                        try pipe.send(pending, takingSpare: &spare)
                        pending = RawComponentPipe.Batch()
                        pending.reserveCapacity(RawComponentPipe.batchCount)
                        pendingBytes = 0
                    }
                }
                if !pending.isEmpty { try pipe.send(pending, takingSpare: &spare) }
            } catch {
                // Only RawComponentPipe.Stopped: the caller's body failed; read no more.
            }
            pipe.finish(reader)
        }
        thread.start()
        var failure: (any Error)?
        do {
            var emptied: [RawLines] = []
            while var batch = pipe.receive(handingBack: &emptied) {
                // Taken out of the batch one by one, so `body` holds the only reference to
                // each component's lines and can change them in place.
                batch.reverse()
                while var (component, lines) = batch.popLast() {
                    try body(&component, &lines)
                    // Emptied and handed back with the next receive, unless large (a card
                    // with a photo): the storage is reused, not kept around.
                    if lines.bytes.capacity <= RawComponentPipe.spareBytes && lines.lines.capacity <= RawComponentPipe.spareLines {
                        lines.bytes.removeAll(keepingCapacity: true)
                        lines.lines.removeAll(keepingCapacity: true)
                        lines.built.removeAll()
                        emptied.append(lines)
                    }
                }
            }
        } catch {
            failure = error
            pipe.stop()
        }
        self = pipe.waitForReader()
        if let failure { throw failure }
    }
}

/// Hands batches of components from the thread that reads them to the thread that uses
/// them, in order, a few batches ahead at most. The user side can stop the reading side.
final class RawComponentPipe: @unchecked Sendable {
    typealias Batch = [(Component, RawLines)]

    /// A batch is sent once it holds this many components…
    static let batchCount = 16
    /// …or this many bytes of lines.
    static let batchBytes = 1 << 20
    /// Emptied lines are handed back for reuse when their capacity is at most this many
    /// bytes and lines, and at most `spareCount` of them wait to be reused.
    static let spareBytes = 1 << 16, spareLines = 256, spareCount = 64

    /// Thrown by ``send(_:)`` once the user side has stopped.
    struct Stopped: Error {}

    private let condition = NSCondition()
    private var full: [Batch] = []
    private var stopped = false
    private var finished: ContentLineReader?
    /// Emptied lines handed back by the user side, for the reading side to fill again.
    private var spare: [RawLines] = []
    private let depth: Int

    init(depth: Int) { self.depth = max(depth, 1) }

    /// Reading side: queues a batch, waiting while `depth` batches are queued, and takes
    /// into `spare` (when it is empty) the emptied lines handed back so far.
    /// - Throws: ``Stopped`` once the user side has stopped.
    func send(_ batch: Batch, takingSpare spare: inout [RawLines]) throws {
        condition.lock(); defer { condition.unlock() }
        while full.count >= depth && !stopped { condition.wait() }
        if stopped { throw Stopped() }
        full.append(batch)
        if spare.isEmpty { swap(&spare, &self.spare) }
        condition.broadcast()
    }

    /// Reading side, once at the end whatever happened: hands back the reader (for its
    /// warnings) and wakes the user side.
    func finish(_ reader: ContentLineReader) {
        condition.lock(); defer { condition.unlock() }
        finished = reader
        condition.broadcast()
    }

    /// User side: the next batch in order, or nil once every batch was received (or the
    /// pipe was stopped). Hands back the `emptied` lines (which it leaves empty) for reuse.
    func receive(handingBack emptied: inout [RawLines]) -> Batch? {
        condition.lock(); defer { condition.unlock() }
        if !emptied.isEmpty {
            if spare.isEmpty {
                swap(&spare, &emptied)
            } else {
                spare.append(contentsOf: emptied.prefix(max(Self.spareCount - spare.count, 0)))
            }
            emptied.removeAll(keepingCapacity: true)
        }
        while full.isEmpty && finished == nil && !stopped { condition.wait() }
        if stopped || full.isEmpty { return nil }
        condition.broadcast()
        return full.removeFirst()
    }

    /// User side: stops the reading side (its next ``send(_:)`` throws) and drops what is queued.
    func stop() {
        condition.lock(); defer { condition.unlock() }
        stopped = true
        full.removeAll()
        condition.broadcast()
    }

    /// User side: waits until the reading side has finished and returns its reader.
    func waitForReader() -> ContentLineReader {
        condition.lock(); defer { condition.unlock() }
        while finished == nil { condition.wait() }
        return finished!
    }
}
