import Foundation

/// An iCalendar DATE or DATE-TIME value in one of its three forms: UTC, floating, or with a TZID.
///
/// The fields are the wall-clock values as written; turning them into an instant needs a
/// time zone for the `.zoned` form (see ``ICalTimeZoneResolver``).
public struct ICalDateTime: Hashable, Sendable, CustomStringConvertible {
    /// How the value is anchored in time.
    public enum Form: Hashable, Sendable {
        /// A DATE (all-day), no time of day.
        case date
        /// A local time with no zone: the same wall time everywhere.
        case floating
        /// A UTC time, written with a trailing `Z`.
        case utc
        /// A local time in the zone named by the `TZID` parameter.
        case zoned(tzid: String)
    }

    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var form: Form

    /// Creates a value; `hour`, `minute` and `second` are ignored for `.date`.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, form: Form) {
        self.year = year; self.month = month; self.day = day
        if case .date = form {
            self.hour = 0; self.minute = 0; self.second = 0
        } else {
            self.hour = hour; self.minute = minute; self.second = second
        }
        self.form = form
    }

    /// True for a DATE value (an all-day event).
    public var isDate: Bool { if case .date = form { return true } else { return false } }

    /// The TZID of a `.zoned` value.
    public var tzid: String? { if case .zoned(let id) = form { return id } else { return nil } }

    /// The value as written in iCalendar text: `20260308`, `20260308T020000`, `20260308T070000Z`.
    public var description: String { String(decoding: icalBytes, as: UTF8.self) }

    /// The ISO 8601 form used by jCal and xCal: `2026-03-08`, `2026-03-08T02:00:00[Z]`.
    public var isoString: String {
        var s = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        if isDate { return s }
        s += "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
        if case .utc = form { s += "Z" }
        return s
    }

    /// ``description`` as bytes.
    public var icalBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16)
        appendICalBytes(to: &out)
        return out
    }

    /// Appends ``icalBytes`` to `out`.
    public func appendICalBytes(to out: inout [UInt8]) {
        appendDigits(&out, year, 4); appendDigits(&out, month, 2); appendDigits(&out, day, 2)
        if isDate { return }
        out.append(UInt8(ascii: "T"))
        appendDigits(&out, hour, 2); appendDigits(&out, minute, 2); appendDigits(&out, second, 2)
        if case .utc = form { out.append(UInt8(ascii: "Z")) }
    }

    /// Wall-clock seconds since 1970-01-01T00:00:00 as if UTC.
    var localSeconds: Int64 {
        CivilTime.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    init(localSeconds s: Int64, form: Form) {
        let f = CivilTime.fields(s)
        self.init(year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute, second: f.second, form: form)
    }

    /// A UTC value for an instant.
    public init(utc date: Date) {
        let s = Int64((date.timeIntervalSince1970).rounded(.down))
        self.init(localSeconds: s, form: .utc)
    }

    /// The wall-clock value of an instant in a time zone, with the zone's identifier as TZID
    /// (a UTC value for UTC/GMT). Uses the same cached transition tables as reading.
    public init(date: Date, timeZone: TimeZone) {
        let u = Int64(date.timeIntervalSince1970.rounded(.down))
        let id = timeZone.identifier
        if id == "UTC" || id == "GMT" || id == "Etc/UTC" || id == "Etc/GMT" {
            self.init(localSeconds: u, form: .utc)
            return
        }
        let rules = ICalTimeZoneResolver.ianaRules(id) ?? ZoneRules.make(from: timeZone)
        self.init(localSeconds: u + Int64(rules.offset(atUTC: u)), form: .zoned(tzid: id))
    }

    /// A DATE (all-day) value for a calendar day.
    public init(year: Int, month: Int, day: Int) {
        self.init(year: year, month: month, day: day, form: .date)
    }

    /// Parses `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`, with an optional TZID.
    ///
    /// A TZID on a UTC value is ignored (RFC 5545 §3.3.5). Returns nil for anything else or
    /// for out-of-range fields (month 13, 30 February, hour 25).
    public init?(_ text: String, tzid: String? = nil) {
        var t = text
        guard let v = t.withUTF8({ ICalDateTime.parse($0, tzid: tzid) }) else { return nil }
        self = v
    }

    /// Whether text is a valid DATE or DATE-TIME, without building a value.
    static func isValid(_ text: String) -> Bool {
        var t = text
        return t.withUTF8 { parse($0, tzid: nil) != nil }
    }

    /// Parses the ISO forms of jCal/xCal (`2026-03-08`, `2026-03-08T02:00:00Z`) as well as the basic form.
    public init?(iso text: String, tzid: String? = nil) {
        let filtered = text.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ":") }
        guard let v = filtered.withUnsafeBufferPointer({ ICalDateTime.parse($0, tzid: tzid) }) else { return nil }
        self = v
    }

    /// Whether bytes are a valid DATE or DATE-TIME: what ``parse(_:tzid:)`` accepts
    /// (nothing is built).
    static func isValid(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        fields(b) != nil
    }

    /// Byte-level parser, the hot path of reading.
    static func parse(_ b: UnsafeBufferPointer<UInt8>, tzid: String?) -> ICalDateTime? {
        guard let f = fields(b) else { return nil }
        let form: Form
        switch f.kind {
        case 0: return ICalDateTime(year: f.y, month: f.m, day: f.d, form: .date)
        case 2: form = .utc
        default:
            if let tzid, !tzid.isEmpty { form = .zoned(tzid: tzid) } else { form = .floating }
        }
        return ICalDateTime(year: f.y, month: f.m, day: f.d, hour: f.hh, minute: f.mm, second: f.ss, form: form)
    }

    /// The fields of `YYYYMMDD` (kind 0), `YYYYMMDDTHHMMSS` (1) or `YYYYMMDDTHHMMSSZ` (2),
    /// trailing spaces ignored; nil for anything else or out-of-range fields. A leap
    /// second (60) reads as 59.
    @inline(__always)
    private static func fields(_ b: UnsafeBufferPointer<UInt8>) -> (y: Int, m: Int, d: Int, hh: Int, mm: Int, ss: Int, kind: Int)? {
        guard let p = b.baseAddress else { return nil }
        var n = b.count
        while n > 0, p[n - 1] == 32 { n -= 1 }
        guard n == 8 || n == 15 || n == 16 else { return nil }
        @inline(__always) func two(_ i: Int) -> Int? {
            let a = p[i] &- 48, c = p[i + 1] &- 48
            return a <= 9 && c <= 9 ? Int(a) * 10 + Int(c) : nil
        }
        guard let y0 = two(0), let y1 = two(2), let m = two(4), let d = two(6),
            m >= 1, m <= 12, d >= 1
        else { return nil }
        let y = y0 * 100 + y1
        guard d <= CivilTime.daysInMonth(year: y, month: m) else { return nil }
        if n == 8 { return (y, m, d, 0, 0, 0, 0) }
        guard p[8] | 0x20 == 116, let hh = two(9), let mm = two(11), let ss = two(13),
            hh <= 23, mm <= 59, ss <= 60
        else { return nil }
        if n == 16 {
            guard p[15] | 0x20 == 122 else { return nil }
            return (y, m, d, hh, mm, min(ss, 59), 2)
        }
        return (y, m, d, hh, mm, min(ss, 59), 1)
    }
}

@inline(__always)
func appendDigits(_ out: inout [UInt8], _ value: Int, _ width: Int) {
    var v = value < 0 ? -value : value
    var tmp: [UInt8] = []
    while v > 0 { tmp.append(UInt8(48 + v % 10)); v /= 10 }
    while tmp.count < width { tmp.append(48) }
    if value < 0 { out.append(UInt8(ascii: "-")) }
    out.append(contentsOf: tmp.reversed())
}

func pad(_ value: Int, _ width: Int) -> String {
    var out: [UInt8] = []
    appendDigits(&out, value, width)
    return String(decoding: out, as: UTF8.self)
}
