import Foundation
import KithBase

/// Runs the reading and mapping half of an import on a thread of its own: `produce`
/// sends items, which this thread receives in order a batch at a time while it writes the
/// ones before (through KithBase's ``HandOff``, at most 8 batches ahead).
///
/// The importing thread calls ``start(_:)``, ``next()`` until nil, and
/// ``finish(stopping:)`` once whatever happens; `finish` waits for the reading thread, so
/// what `produce` captured is the importing thread's again after it.
final class ReadAhead<Item: Sendable, Outcome>: Sendable {
    private typealias Queue = HandOff<[Item], Never, Result<Outcome, any Error>?>
    private let queue = Queue(depth: 8)
    private let batchSize: Int

    init(batchSize: Int = 64) { self.batchSize = batchSize }

    /// Starts `produce` on its own thread: it calls `send` with each item in order and
    /// returns its outcome, or throws what stopped it.
    func start(_ produce: @escaping (_ send: (Item) throws -> Void) throws -> Outcome) {
        let box = UncheckedBox(produce)
        let thread = Thread { self.run(box.value) }
        thread.start()
    }

    private func run(_ produce: (_ send: (Item) throws -> Void) throws -> Outcome) {
        var batch: [Item] = []
        batch.reserveCapacity(batchSize)
        let outcome: Result<Outcome, any Error>?
        do {
            let value = try produce { item in
                batch.append(item)
                if batch.count >= batchSize {
                    try queue.send(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { try queue.send(batch) }
            outcome = .success(value)
        } catch is Queue.Cancelled {
            // The importing thread stopped: read no more.
            outcome = nil
        } catch {
            outcome = .failure(error)
        }
        queue.finish(outcome)
    }

    /// The next items in order; nil after the last (or once stopped).
    func next() -> [Item]? { queue.receive() }

    /// Waits for the reading thread to end, stopping it first when `stopping` (the import
    /// failed); returns its outcome, or throws what stopped it (nil when stopped).
    @discardableResult
    func finish(stopping: Bool) throws -> Outcome? {
        if stopping { queue.cancel() }
        let outcome = queue.waitForProducer()
        if stopping { return nil }
        return try outcome?.get()
    }
}

/// A value handed to the reading thread, which is its only user until ``ReadAhead/finish(stopping:)``.
// @unchecked: the importing thread does not touch it between `start` and `finish`.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
