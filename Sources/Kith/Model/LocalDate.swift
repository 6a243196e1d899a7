import Foundation
import KithBase

/// A calendar day with no time and no zone: the day something happened where it happened.
///
/// Stored in the journal as the integer `yyyymmdd` (``dayNumber``) so that months and years
/// are plain integer ranges. Day arithmetic uses the proleptic Gregorian calendar and needs
/// no `Calendar`.
public struct LocalDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Makes a date; returns nil when the day does not exist (for example February 30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= LocalDate.daysInMonth(year: year, month: month)
        else { return nil }
        self.year = year; self.month = month; self.day = day
    }

    init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// Reads `YYYY-MM-DD`; nil for anything else or a day that does not exist.
    public init?(_ text: String) {
        // One pass over the bytes, no copy: journals read these by the hundred.
        guard text.utf8.count == 10 else { return nil }
        var y = 0, m = 0, d = 0, i = 0
        for c in text.utf8 {
            if i == 4 || i == 7 {
                guard c == UInt8(ascii: "-") else { return nil }
            } else {
                guard c >= 48, c <= 57 else { return nil }
                let v = Int(c - 48)
                if i < 4 { y = y * 10 + v } else if i < 7 { m = m * 10 + v } else { d = d * 10 + v }
            }
            i += 1
        }
        self.init(year: y, month: m, day: d)
    }

    /// The day an instant falls on in a time zone.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let t = instant.timeIntervalSince1970
        let offset = Double(timeZone.secondsFromGMT(for: instant))
        let days = Int(((t + offset) / 86400).rounded(.down))
        self.init(daysSinceEpoch: days)
    }

    /// The date `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let c = CivilDay.date(days: days)
        self.init(uncheckedYear: c.year, month: c.month, day: c.day)
    }

    /// Reads the stored `yyyymmdd` integer.
    public init(dayNumber: Int) {
        self.init(uncheckedYear: dayNumber / 10000, month: dayNumber / 100 % 100, day: dayNumber % 100)
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSinceEpoch: Int { CivilDay.days(year: year, month: month, day: day) }

    /// The integer `yyyymmdd` the journal stores and indexes.
    public var dayNumber: Int { year * 10000 + month * 100 + day }

    /// The date `n` days later (earlier when negative).
    public func adding(days n: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + n) }

    /// Day of the week, 1 = Sunday ... 7 = Saturday (as `Calendar` counts).
    public var weekday: Int { CivilDay.weekday(days: daysSinceEpoch) }

    /// The first instant of this day in a time zone (the instant after a skipped midnight).
    public func startInstant(in timeZone: TimeZone) -> Date {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        let comps = DateComponents(year: year, month: month, day: day)
        if let d = cal.date(from: comps) { return d }
        let utc = Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86400)
        return utc.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: utc)))
    }

    /// Number of days in a month of a year.
    public static func daysInMonth(year: Int, month: Int) -> Int { CivilDay.daysInMonth(year: year, month: month) }

    /// Today in a time zone (the current one by default).
    public static func today(in timeZone: TimeZone = .current) -> LocalDate { LocalDate(Date(), in: timeZone) }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Ten bytes written out: JSON and listings write these by the thousand, and padding
        // through `String(repeating:)` and `count` cost ten times as much.
        if (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) {
            let bytes: [UInt8] = [
                UInt8(48 + year / 1000), UInt8(48 + year / 100 % 10), UInt8(48 + year / 10 % 10), UInt8(48 + year % 10), 0x2D,
                UInt8(48 + month / 10), UInt8(48 + month % 10), 0x2D, UInt8(48 + day / 10), UInt8(48 + day % 10),
            ]
            return String(decoding: bytes, as: UTF8.self)
        }
        func pad(_ v: Int, _ w: Int) -> String { let s = String(v); return String(repeating: "0", count: max(0, w - s.count)) + s }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let d = LocalDate(s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected YYYY-MM-DD, got \(s)")
        }
        self = d
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
