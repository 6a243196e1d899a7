import KithBase

/// Local seconds on plain integers (no Foundation), over ``CivilDay``'s day arithmetic.
///
/// "Local seconds" are seconds since 1970-01-01T00:00:00 of a wall clock, as if it were UTC.
enum CivilTime {
    /// Days since 1970-01-01 for a civil date (``CivilDay``, the one day arithmetic).
    @inline(__always)
    static func days(year: Int, month: Int, day: Int) -> Int { CivilDay.days(year: year, month: month, day: day) }

    /// The civil date of a day count since 1970-01-01.
    @inline(__always)
    static func date(days: Int) -> (year: Int, month: Int, day: Int) { CivilDay.date(days: days) }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    @inline(__always)
    static func weekday(days: Int) -> Int { CivilDay.isoWeekday(days: days) }

    @inline(__always)
    static func isLeap(_ y: Int) -> Bool { CivilDay.isLeap(y) }

    @inline(__always)
    static func daysInMonth(year: Int, month: Int) -> Int { CivilDay.daysInMonth(year: year, month: month) }

    static func daysInYear(_ y: Int) -> Int { CivilDay.daysInYear(y) }

    @inline(__always)
    static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64 {
        Int64(days(year: year, month: month, day: day)) * 86400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Splits local seconds into civil fields.
    @inline(__always)
    static func fields(_ s: Int64) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var d = s / 86400
        var r = s % 86400
        if r < 0 { r += 86400; d -= 1 }
        let c = date(days: Int(d))
        let rr = Int(r)
        return (c.year, c.month, c.day, rr / 3600, rr / 60 % 60, rr % 60)
    }
}
