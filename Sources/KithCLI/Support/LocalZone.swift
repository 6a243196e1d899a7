import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// This machine's time zone, the one `TimeZone.current` gives, found without Foundation's
/// copy of the whole environment into a dictionary when neither `TZFILE` nor `TZ` is set
/// (~0.7 M instructions of `kith log` and `kith calendar`, issue 7).
///
/// Foundation then reads the `/etc/localtime` link and takes the zone named after
/// `/usr/share/zoneinfo/`; so does this. In any other case (either variable set, no link,
/// a name Foundation does not know) it is `TimeZone.current` itself.
enum LocalZone {
    static let current: TimeZone = {
        if getenv("TZFILE") == nil, getenv("TZ") == nil, let name = linkedZoneName(), let zone = TimeZone(identifier: name) {
            return zone
        }
        return TimeZone.current
    }()

    /// The zone name in the target of the `/etc/localtime` link, if it is one into the zone
    /// directory.
    static func linkedZoneName(link: String = "/etc/localtime") -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        return zoneName(inLinkTarget: Array(buffer[..<count].map { UInt8(bitPattern: $0) }))
    }

    /// What follows the first `/usr/share/zoneinfo/` in a link target, nil without one (or
    /// with nothing after it, or not UTF-8).
    static func zoneName(inLinkTarget bytes: [UInt8]) -> String? {
        let marker = Array("/usr/share/zoneinfo/".utf8)
        // Foundation reads the whole target as UTF-8 first.
        guard bytes.count > marker.count, String(validating: bytes, as: UTF8.self) != nil else { return nil }
        for start in 0...(bytes.count - marker.count) where bytes[start..<(start + marker.count)].elementsEqual(marker) {
            let rest = bytes[(start + marker.count)...]
            guard !rest.isEmpty else { return nil }
            return String(validating: rest, as: UTF8.self)
        }
        return nil
    }
}
