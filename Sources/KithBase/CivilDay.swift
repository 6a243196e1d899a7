/// The package's one calendar-day arithmetic: the proleptic Gregorian calendar on plain
/// integers, with no `Calendar` and no Foundation.
///
/// The functions are `@inlinable`: the iCalendar reader calls them for every date it reads.
/// Days are counted from 1970-01-01 (day 0; negative before). The conversions are Howard
/// Hinnant's `days_from_civil` and `civil_from_days`, exact for every year an `Int` holds.
package enum CivilDay {
    /// Days since 1970-01-01 of a civil date (month 1...12; the day is not checked).
    @inlinable @inline(__always)
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date `days` days after 1970-01-01.
    @inlinable @inline(__always)
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Whether a year has a February 29: every fourth year, but not centuries unless they
    /// divide by 400 (2000 and 1600 are, 1900 and 2100 are not).
    @inlinable @inline(__always)
    package static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// Number of days in a month (1...12) of a year.
    @inlinable @inline(__always)
    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// 365 or 366.
    @inlinable
    package static func daysInYear(_ year: Int) -> Int { isLeap(year) ? 366 : 365 }

    /// Day of the week counted as `Calendar` does: 1 = Sunday ... 7 = Saturday.
    @inlinable @inline(__always)
    package static func weekday(days: Int) -> Int {
        // 1970-01-01 was a Thursday (5).
        let w = (days + 4) % 7
        return (w < 0 ? w + 7 : w) + 1
    }

    /// ISO 8601 day of the week: 1 = Monday ... 7 = Sunday.
    @inlinable @inline(__always)
    package static func isoWeekday(days: Int) -> Int {
        let w = (days + 3) % 7
        return (w < 0 ? w + 7 : w) + 1
    }

    /// 1 = Sunday ... 7 = Saturday for a civil date.
    @inlinable
    package static func weekday(year: Int, month: Int, day: Int) -> Int {
        weekday(days: days(year: year, month: month, day: day))
    }
}
