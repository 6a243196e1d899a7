import Foundation
import ICalendarFormat

extension Journal {
    /// The local years of an export's times, as ``EventMapping/write(_:into:resolver:colors:usage:prefixes:)``
    /// will note them, worked out before writing: the VTIMEZONEs come first and must cover
    /// every year. Local years do not always grow with the instant (a zone that turns its
    /// clocks back at New Year, such as America/Phoenix in 1944, has an instant in the new
    /// year before one in the old), so each time counts, not only the first and last of a
    /// zone. But no zone is two days from UTC: a time more than two days inside the span
    /// found so far cannot widen it, and one more than two days from a New Year is in the
    /// year of its UTC date. Only the few times near a New Year that could still widen the
    /// span are converted in their zone, at the end: the zones' rules are seldom needed here
    /// (the writing thread builds them, while events are read).
    struct LocalYears {
        private(set) var span: ClosedRange<Int>?
        /// Instants whose local year, in any zone, is surely within `span`.
        private var inside: Range<Int64> = 0..<0
        /// Times within two days of a New Year (UTC), whose local year depends on the zone.
        private var nearNewYear: [(instant: Int64, tzid: String?)] = []

        /// Notes the local year of a time in `tzid` (UTC for nil).
        mutating func note(_ instant: Int64, tzid: String?) {
            if inside.contains(instant) { return }
            let utc = ICalDateTime(utc: Date(timeIntervalSince1970: Double(instant)))
            if (utc.month == 12 && utc.day >= 30) || (utc.month == 1 && utc.day <= 2) {
                nearNewYear.append((instant, tzid))
            } else {
                note(year: utc.year)
            }
        }

        mutating func note(year: Int) {
            if let s = span, s.contains(year) { return }
            let s = span.map { min($0.lowerBound, year)...max($0.upperBound, year) } ?? year...year
            span = s
            let margin: Int64 = 2 * 86400
            guard let first = LocalDate(year: s.lowerBound, month: 1, day: 1), let end = LocalDate(year: s.upperBound + 1, month: 1, day: 1) else {
                inside = 0..<0
                return
            }
            let low = Int64(first.daysSinceEpoch) * 86400 + margin, high = Int64(end.daysSinceEpoch) * 86400 - margin
            inside = low < high ? low..<high : 0..<0
        }

        /// The span, once the times near a New Year that could widen it are converted.
        mutating func finish(_ resolver: ICalTimeZoneResolver) -> ClosedRange<Int>? {
            for (instant, tzid) in nearNewYear where !inside.contains(instant) {
                let date = Date(timeIntervalSince1970: Double(instant))
                let utc = ICalDateTime(utc: date)
                // Its local year is that of its UTC date or the one across the New Year.
                let across = utc.month == 12 ? utc.year + 1 : utc.year - 1
                if let s = span, s.contains(utc.year), s.contains(across) { continue }
                note(year: resolver.value(for: date, tzid: tzid).year)
            }
            nearNewYear.removeAll()
            return span
        }
    }
}
