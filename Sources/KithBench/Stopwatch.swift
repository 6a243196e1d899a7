import Foundation

/// Monotonic wall time, for in-process timings.
struct Stopwatch {
    private var start = Stopwatch.now()

    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Seconds since this stopwatch was made or last reset.
    var seconds: Double { Double(Stopwatch.now() - start) / 1e9 }

    mutating func reset() { start = Stopwatch.now() }

    /// Runs `body` and returns its result with the seconds it took.
    static func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let watch = Stopwatch()
        let value = try body()
        return (value, watch.seconds)
    }
}
