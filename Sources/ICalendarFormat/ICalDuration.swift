/// An iCalendar DURATION value (RFC 5545 §3.3.6): `P1W`, `PT1H30M`, `-P1D`, `P1DT12H`.
///
/// Days and weeks are nominal (a day in local time may be 23 or 25 hours across DST);
/// hours, minutes and seconds are exact.
public struct ICalDuration: Hashable, Sendable, CustomStringConvertible {
    public var isNegative: Bool
    public var weeks: Int
    public var days: Int
    public var hours: Int
    public var minutes: Int
    public var seconds: Int

    public init(isNegative: Bool = false, weeks: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.isNegative = isNegative; self.weeks = weeks; self.days = days
        self.hours = hours; self.minutes = minutes; self.seconds = seconds
    }

    /// A duration of exact seconds, written with the largest units (`PT1H30M`, `P1D` for 86400 is not used).
    public init(seconds total: Int) {
        let a = abs(total)
        self.init(isNegative: total < 0, hours: a / 3600, minutes: a / 60 % 60, seconds: a % 60)
    }

    /// Nominal days (weeks × 7 + days), signed.
    public var nominalDays: Int { (isNegative ? -1 : 1) * (weeks * 7 + days) }
    /// Exact seconds of the time part, signed.
    public var exactSeconds: Int { (isNegative ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds) }
    /// Total seconds if every day had 86400 seconds.
    public var totalSeconds: Int { nominalDays * 86400 + exactSeconds }

    /// Parses `[+-]P…`; nil when malformed.
    public init?(_ text: String) {
        var neg = false
        var bytes = Array(text.utf8)
        while let l = bytes.last, l == 32 { bytes.removeLast() }
        var i = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            neg = bytes[i] == UInt8(ascii: "-"); i += 1
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "P") || bytes[i] == UInt8(ascii: "p") else { return nil }
        i += 1
        var inTime = false, any = false, num = -1
        var w = 0, d = 0, h = 0, m = 0, s = 0
        while i < bytes.count {
            let c = bytes[i] | 0x20  // lowercase letters
            let raw = bytes[i]
            if raw >= 48, raw <= 57 {
                num = (num < 0 ? 0 : num) &* 10 &+ Int(raw - 48)
                if num > 100_000_000 { return nil }
            } else if c == UInt8(ascii: "t") {
                guard num < 0, !inTime else { return nil }
                inTime = true
            } else {
                guard num >= 0 else { return nil }
                switch c {
                case UInt8(ascii: "w") where !inTime: w = num
                case UInt8(ascii: "d") where !inTime: d = num
                case UInt8(ascii: "h") where inTime: h = num
                case UInt8(ascii: "m") where inTime: m = num
                case UInt8(ascii: "s") where inTime: s = num
                default: return nil
                }
                num = -1; any = true
            }
            i += 1
        }
        guard any, num < 0 else { return nil }
        self.init(isNegative: neg, weeks: w, days: d, hours: h, minutes: m, seconds: s)
    }

    /// The value as written in iCalendar.
    public var description: String {
        var s = isNegative ? "-P" : "P"
        if weeks > 0 { s += "\(weeks)W" }
        if days > 0 { s += "\(days)D" }
        if hours > 0 || minutes > 0 || seconds > 0 {
            s += "T"
            if hours > 0 { s += "\(hours)H" }
            if minutes > 0 { s += "\(minutes)M" }
            if seconds > 0 { s += "\(seconds)S" }
        }
        if s.hasSuffix("P") { s += "T0S" }
        return s
    }
}
