/// Proleptic Gregorian calendar arithmetic on plain integers (no Foundation).
///
/// "Local seconds" are seconds since 1970-01-01T00:00:00 of a wall clock, as if it were UTC.
enum CivilTime {
    /// Days since 1970-01-01 for a civil date (Howard Hinnant's algorithm).
    @inline(__always)
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The civil date of a day count since 1970-01-01.
    @inline(__always)
    static func date(days z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    @inline(__always)
    static func weekday(days: Int) -> Int {
        // 1970-01-01 was a Thursday (4).
        let w = (days + 3) % 7
        return (w < 0 ? w + 7 : w) + 1
    }

    @inline(__always)
    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    @inline(__always)
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func daysInYear(_ y: Int) -> Int { isLeap(y) ? 366 : 365 }

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
