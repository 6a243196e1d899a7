import Foundation

/// Hands batches from a producer thread to a consumer thread, in order, at most `depth`
/// queued (the producer waits when the consumer is that far behind). The package's one
/// queue between threads: reading components ahead (ContentLines), an export's read and
/// write threads and its zone warm-up (Kith).
///
/// - The producer calls ``send(_:)`` for each batch and ``finish(_:)`` once at the end,
///   whatever happened, with its `Outcome` (what the consumer gets from ``waitForProducer()``).
/// - The consumer calls ``receive()`` until nil and, when the producer waits for it,
///   ``consumerFinished()`` once it touches nothing shared any more.
/// - Either side may ``cancel()``: queued batches are dropped, the producer's next
///   ``send(_:)`` throws ``Cancelled``, and ``receive()`` returns nil.
/// - Emptied batches (`Spare`) can flow back from the consumer to the producer, so that
///   their storage is filled again instead of being freed on one thread and allocated on
///   the other.
// @unchecked: every stored var is read and written only while `condition` is locked.
@usableFromInline package final class HandOff<Batch, Spare, Outcome>: @unchecked Sendable {
    /// Thrown by ``send(_:)`` once either side has cancelled.
    package struct Cancelled: Error {
        package init() {}
    }

    private let condition = NSCondition()
    /// Batches sent and not received yet, oldest first (at most `depth`).
    private var queue: [Batch] = []
    private var spares: [Spare] = []
    private var outcome: Outcome?
    private var finished = false
    private var cancelled = false
    private var consumerDone = false
    /// The most batches queued at once.
    package let depth: Int

    /// `depth` is at least 1; `Int.max` for a queue that never makes the producer wait.
    @usableFromInline package init(depth: Int) { self.depth = max(depth, 1) }

    // MARK: Producer

    /// Queues a batch, waiting while `depth` are queued.
    /// - Throws: ``Cancelled`` once either side has cancelled: produce no more.
    package func send(_ batch: consuming Batch) throws {
        condition.lock(); defer { condition.unlock() }
        try enqueue(batch)
    }

    /// ``send(_:)``, then takes the spares handed back so far into `taken` when it is empty.
    @usableFromInline package func send(_ batch: consuming Batch, takingSpares taken: inout [Spare]) throws {
        condition.lock(); defer { condition.unlock() }
        try enqueue(batch)
        if taken.isEmpty { swap(&taken, &spares) }
    }

    /// ``send(_:)``, then returns one spare handed back, if any.
    package func sendTakingSpare(_ batch: consuming Batch) throws -> Spare? {
        condition.lock(); defer { condition.unlock() }
        try enqueue(batch)
        return spares.popLast()
    }

    private func enqueue(_ batch: consuming Batch) throws {
        while queue.count >= depth && !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
        queue.append(batch)
        condition.broadcast()
    }

    /// No more batches: ``receive()`` returns nil once the queued ones are received, and
    /// ``waitForProducer()`` returns `outcome`. The producer touches nothing shared after it.
    @usableFromInline package func finish(_ outcome: consuming Outcome) {
        condition.lock(); defer { condition.unlock() }
        self.outcome = outcome
        finished = true
        condition.broadcast()
    }

    /// Waits until the consumer called ``consumerFinished()``.
    package func waitForConsumer() {
        condition.lock(); defer { condition.unlock() }
        while !consumerDone { condition.wait() }
    }

    // MARK: Consumer

    /// The next batch in order; nil once the producer finished and every batch was
    /// received, or as soon as either side cancelled.
    package func receive() -> Batch? {
        condition.lock(); defer { condition.unlock() }
        return dequeue()
    }

    /// ``receive()``, first handing back the `emptied` spares (which it leaves empty) for the
    /// producer, keeping at most `limit` of them waiting.
    @usableFromInline package func receive(handingBack emptied: inout [Spare], keepingAtMost limit: Int = .max) -> Batch? {
        condition.lock(); defer { condition.unlock() }
        if !emptied.isEmpty {
            if spares.isEmpty {
                swap(&spares, &emptied)
            } else {
                spares.append(contentsOf: emptied.prefix(max(limit - spares.count, 0)))
            }
            emptied.removeAll(keepingCapacity: true)
        }
        return dequeue()
    }

    private func dequeue() -> Batch? {
        while queue.isEmpty && !finished && !cancelled { condition.wait() }
        if cancelled || queue.isEmpty { return nil }
        condition.broadcast()
        return queue.removeFirst()
    }

    /// Hands one emptied batch back for the producer to fill again.
    package func handBack(_ spare: consuming Spare) {
        condition.lock(); defer { condition.unlock() }
        spares.append(spare)
    }

    /// The consumer has returned and touches nothing shared any more.
    package func consumerFinished() {
        condition.lock(); defer { condition.unlock() }
        consumerDone = true
        condition.broadcast()
    }

    /// Waits until the producer called ``finish(_:)``; returns its outcome.
    @usableFromInline package func waitForProducer() -> Outcome {
        condition.lock(); defer { condition.unlock() }
        while !finished { condition.wait() }
        return outcome!
    }

    // MARK: Either side

    /// Stops both sides: drops what is queued; the producer's next ``send(_:)`` throws and
    /// ``receive()`` returns nil.
    @usableFromInline package func cancel() {
        condition.lock(); defer { condition.unlock() }
        cancelled = true
        queue.removeAll()
        condition.broadcast()
    }

    /// Whether either side cancelled.
    package var isCancelled: Bool {
        condition.lock(); defer { condition.unlock() }
        return cancelled
    }
}

extension HandOff where Outcome == Void {
    /// No more batches (see ``finish(_:)``).
    package func finish() { finish(()) }
}
