import Dispatch
import Foundation
import Kith

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM during long work (an import, an export, a backup): the
/// signal cancels the work's ``Cancellation``, the library stops at its next check and
/// throws ``JournalError/cancelled``, the journal's transaction rolls back and no file is
/// left behind; `kith` then exits with 130 for SIGINT, 143 for SIGTERM (128 + the signal,
/// as shells report a process a signal stopped). A second signal exits at once.
///
/// Only the commands that call ``watch()`` handle the signals; the others keep the
/// default, which ends the process at once (their writes are single short transactions).
package enum Interruption {
    /// The cancellation the watched work checks.
    static let cancellation = Cancellation()

    /// The signal received, 0 before any.
    nonisolated(unsafe) private static var received: Int32 = 0
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Starts handling SIGINT and SIGTERM for the rest of the process, and returns the
    /// cancellation to hand to the library.
    @discardableResult
    package static func watch() -> Cancellation {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return cancellation }
        for number in [SIGINT, SIGTERM] {
            // Ignored as a signal, so that it arrives as an event on the source's queue.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                lock.lock()
                let again = received != 0
                if !again { received = number }
                lock.unlock()
                if again { _exit(128 + number) }
                cancellation.cancel()
            }
            source.resume()
            sources.append(source)
        }
        return cancellation
    }

    /// The exit status for work the signal stopped: 130 for SIGINT, 143 for SIGTERM.
    static var exitStatus: Int32 {
        lock.lock()
        defer { lock.unlock() }
        return 128 + (received == 0 ? SIGINT : received)
    }
}
