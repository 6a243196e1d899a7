import Foundation

/// Time zones by IANA name, made once per process: `TimeZone(identifier:)` loads ICU data
/// on every call, which dominated logging many events. `@unchecked Sendable`: `lock`
/// guards `zones` (`Mutex` needs macOS 15; the package targets macOS 14).
final class TimeZoneCache: @unchecked Sendable {
    static let shared = TimeZoneCache()
    private let lock = NSLock()
    private var zones: [String: TimeZone] = [:]

    /// The zone with this identifier, or nil when there is none.
    func zone(_ identifier: String) -> TimeZone? {
        lock.lock()
        defer { lock.unlock() }
        if let z = zones[identifier] { return z }
        guard let z = TimeZone(identifier: identifier) else { return nil }
        if zones.count < 1024 { zones[identifier] = z }
        return z
    }
}
