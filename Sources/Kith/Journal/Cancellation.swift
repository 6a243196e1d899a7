import Foundation

/// A flag that asks long work (an import, an export, a backup) to stop.
///
/// The caller keeps it and calls ``cancel()`` from any thread, for example from its
/// SIGINT handler (the library installs no signal handlers); the work checks it once per
/// card, event or backup step and throws ``JournalError/cancelled``, leaving the journal
/// as it was and no file behind.
// @unchecked: `flag` is only read and written under `lock` (`Mutex` needs macOS 15; the
// package targets macOS 14).
public final class Cancellation: @unchecked Sendable {
    // An uncontended lock per check: tens of nanoseconds next to microseconds per item.
    private let lock = NSLock()
    private var flag = false

    public init() {}

    /// Asks the work to stop at its next check.
    public func cancel() {
        lock.lock(); flag = true; lock.unlock()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        lock.lock(); defer { lock.unlock() }
        return flag
    }

    /// Throws ``JournalError/cancelled`` once ``cancel()`` was called.
    public func check() throws {
        if isCancelled { throw JournalError.cancelled }
    }
}

extension Optional where Wrapped == Cancellation {
    /// Throws ``JournalError/cancelled`` when there is a cancellation and it was cancelled.
    func check() throws {
        if let c = self { try c.check() }
    }
}
