import Foundation
import GRDB
import ICalendarFormat

extension Journal {
    /// Gives each VEVENT of a file the UID it is imported under, on the first pass over the
    /// file (the second applies ``changed`` by the VEVENT's place): its own UID; for a VEVENT without one, a
    /// UID made from its DTSTART, SUMMARY and RECURRENCE-ID (importing the file again finds
    /// the same events); for a second VEVENT with an earlier one's UID and no RECURRENCE-ID,
    /// that UID with `#2`, `#3`... so that both are kept (with a warning).
    struct EventUIDs {
        let file: String
        /// UIDs given to events without RECURRENCE-ID so far (see ``firstTime(_:)``), and
        /// how many had each of those that more than one had.
        private var seen: [UInt64: (start: Int, end: Int)] = [:]
        private var seenBytes: [UInt8] = []
        private var collided = Set<String>()
        private var repeated: [String: Int] = [:]
        /// How many VEVENTs had no UID.
        private(set) var made = 0
        /// The UIDs given in place of the file's, by the VEVENT's place among the VEVENTs.
        private(set) var changed: [Int: String] = [:]
        private(set) var warnings: [ImportWarning] = []

        init(file: String) { self.file = file }

        /// Whether no VEVENT before had `uid`, which it now has. The UIDs are kept by a 64-bit
        /// hash, their bytes one after the other in one buffer (a set of 100,000 strings took
        /// a seventh of a re-import's first pass to fill, and ~15 ms to free); a UID whose
        /// hash an earlier other UID has is kept in `collided`.
        private mutating func firstTime(_ uid: String) -> Bool {
            let key = EventSource.key(uid)
            guard let earlier = seen[key] else {
                let start = seenBytes.count
                seenBytes.append(contentsOf: uid.utf8)
                seen[key] = (start, seenBytes.count)
                return true
            }
            if seenBytes[earlier.start..<earlier.end].elementsEqual(uid.utf8) { return false }
            return collided.insert(uid).inserted
        }

        mutating func assign(_ c: inout ICalComponent, ordinal: Int) {
            var uid = c.uid ?? ""
            if uid.isEmpty {
                made += 1
                var key = ""
                for name in ["DTSTART", "SUMMARY", "RECURRENCE-ID"] {
                    guard let p = c.property(name) else { key += "\u{1}"; continue }
                    key += (p.parameter("TZID") ?? "") + ":" + p.value + "\u{1}"
                }
                uid = "kith-made-" + SHA256.hex(Array(key.utf8)).prefix(32)
                c.uid = uid
                changed[ordinal] = uid
            }
            guard c.property("RECURRENCE-ID") == nil, !firstTime(uid) else { return }
            let n = (repeated[uid] ?? 1) + 1
            repeated[uid] = n
            let renamed = uid + "#\(n)"
            c.uid = renamed
            changed[ordinal] = renamed
            if !uid.hasPrefix("kith-made-") {
                warnings.append(
                    ImportWarning(
                        line: c.line, code: "duplicate-uid",
                        message:
                            "\(file), line \(c.line): another VEVENT above has the UID \(uid) and neither has a RECURRENCE-ID; both were kept, this one as \(renamed)."
                    ))
            }
        }
    }
}
