import Foundation
import KithBase

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
    @inlinable package mutating func takeRawComponentsOnTwoThreads(_ body: (inout Component, inout RawLines) throws -> Void) throws {
        let pipe = HandOff<RawComponentPipe.Batch, RawLines, Self>(depth: 4)
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
                        try pipe.send(pending, takingSpares: &spare)
                        pending = RawComponentPipe.Batch()
                        pending.reserveCapacity(RawComponentPipe.batchCount)
                        pendingBytes = 0
                    }
                }
                if !pending.isEmpty { try pipe.send(pending, takingSpares: &spare) }
            } catch {
                // Only HandOff.Cancelled: the caller's body failed; read no more.
            }
            pipe.finish(reader)
        }
        thread.start()
        var failure: (any Error)?
        do {
            var emptied: [RawLines] = []
            while var batch = pipe.receive(handingBack: &emptied, keepingAtMost: RawComponentPipe.spareCount) {
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
            pipe.cancel()
        }
        self = pipe.waitForProducer()
        if let failure { throw failure }
    }
}

/// The sizes of what ``ContentLineReader/takeRawComponentsOnTwoThreads(_:)`` hands over
/// through a ``HandOff``: batches of components one way, emptied lines back the other.
@usableFromInline enum RawComponentPipe {
    @usableFromInline typealias Batch = [(Component, RawLines)]

    /// A batch is sent once it holds this many components…
    @usableFromInline static let batchCount = 16
    /// …or this many bytes of lines.
    @usableFromInline static let batchBytes = 1 << 20
    /// Emptied lines are handed back for reuse when their capacity is at most this many
    /// bytes and lines, and at most `spareCount` of them wait to be reused.
    @usableFromInline static let spareBytes = 1 << 16, spareLines = 256, spareCount = 64
}
