import Dispatch
import Foundation

/// Runs async library work (a sync) from a synchronous command and waits for it: the
/// command tree stays synchronous, so `kith log` and `kith calendar` start no concurrency
/// runtime work of their own.
enum AsyncBridge {
    // @unchecked: `result` is written once by the task before the semaphore is signalled,
    // and read only after the wait returns.
    private final class Box<T>: @unchecked Sendable {
        var result: Result<T, Error>?
    }

    static func run<T>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                box.result = .success(try await work())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}
