import Foundation
import Testing

@testable import KithBase

@Suite struct HandOffTests {
    @Test("batches arrive in order from a producer thread, never more than depth ahead")
    func ordering() {
        let handOff = HandOff<[Int], [Int], Int>(depth: 2)
        let ahead = Counter()
        Thread {
            var sent = 0
            var spares: [[Int]] = []
            for b in 0..<500 {
                var batch = spares.popLast() ?? []
                batch.removeAll(keepingCapacity: true)
                for k in 0..<7 { batch.append(b * 7 + k) }
                ahead.add(1)
                try? handOff.send(batch, takingSpares: &spares)
                sent += 1
            }
            handOff.finish(sent)
        }.start()
        var received: [Int] = []
        var emptied: [[Int]] = []
        var maxAhead = 0
        while let batch = handOff.receive(handingBack: &emptied, keepingAtMost: 4) {
            maxAhead = max(maxAhead, ahead.add(-1) + 1)
            received += batch
            emptied.append(batch)
        }
        #expect(handOff.waitForProducer() == 500)
        #expect(received == Array(0..<3500))
        // Counted before the send that waits: depth queued plus one in hand plus one waiting.
        #expect(maxAhead <= 4)
    }

    @Test("the consumer cancels: the producer's send throws and it stops early")
    func consumerCancels() {
        let handOff = HandOff<Int, Never, Int>(depth: 1)
        Thread {
            var sent = 0
            do { for i in 0..<1_000_000 { try handOff.send(i); sent += 1 } } catch {}
            handOff.finish(sent)
        }.start()
        var got: [Int] = []
        while let i = handOff.receive() {
            got.append(i)
            if got.count == 10 { handOff.cancel() }
        }
        let sent = handOff.waitForProducer()
        #expect(got == Array(0..<10))
        #expect(sent < 20)
        #expect(handOff.isCancelled)
    }

    @Test("the producer waits for the consumer; an unbounded queue never makes it wait")
    func producerWaitsForConsumer() throws {
        let handOff = HandOff<String, Int, Void>(depth: .max)
        let done = Counter()
        Thread {
            var n = 0
            while let s = handOff.receive() { n += s.count }
            handOff.handBack(n)
            done.add(n)
            handOff.consumerFinished()
        }.start()
        for s in ["Europe/Paris", "America/New_York", "UTC"] { try handOff.send(s) }
        handOff.finish()
        handOff.waitForConsumer()
        #expect(done.add(0) == 31)
        #expect(!handOff.isCancelled)
    }

    @Test("spares handed back one by one come back to the producer with its next send")
    func sparesComeBack() throws {
        let handOff = HandOff<Int, String, Void>(depth: 4)
        #expect(try handOff.sendTakingSpare(1) == nil)
        #expect(handOff.receive() == 1)
        handOff.handBack("a")
        #expect(try handOff.sendTakingSpare(2) == "a")
        handOff.cancel()
        #expect(handOff.receive() == nil)
        #expect(throws: HandOff<Int, String, Void>.Cancelled.self) { try handOff.send(3) }
    }
}

/// A counter shared by two threads.
// @unchecked: its one var is touched only under the lock.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    /// Adds `n`; returns the new value.
    @discardableResult func add(_ n: Int) -> Int {
        lock.lock(); defer { lock.unlock() }
        value += n
        return value
    }
}
