import Foundation

/// Work run on a thread of its own while the thread that started it does something else;
/// ``value()`` waits for it and gives what it returned or threw. The starting thread must
/// wait (``value()`` or ``wait()``) before it returns, so that what `work` captured is not
/// in use on two threads after that.
// @unchecked: `result` is written by the work's thread before it signals `done`, and read
// only after waiting for that signal.
final class Background<T>: @unchecked Sendable {
    private let work: () throws -> T
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error>?
    private var finished = false

    init(_ work: @escaping () throws -> T) {
        self.work = work
        Thread { self.run() }.start()
    }

    private func run() {
        result = Result(catching: work)
        done.signal()
    }

    /// Waits for the work to end (at once if it has been waited for before).
    func wait() {
        guard !finished else { return }
        done.wait()
        finished = true
    }

    /// What the work returned, or throws what it threw, once it has ended.
    func value() throws -> T {
        wait()
        guard let result else { preconditionFailure("the work ended without a result") }
        return try result.get()
    }
}
