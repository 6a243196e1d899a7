/// An RRULE value (RFC 5545 §3.3.10), parsed into its parts and written back as it came.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    /// FREQ.
    public enum Frequency: String, Hashable, Sendable, CaseIterable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY"
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A day of the week; the raw value is ISO (Monday = 1 ... Sunday = 7).
    public enum Weekday: Int, Hashable, Sendable, CaseIterable {
        case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

        /// The two-letter code (`MO` ... `SU`).
        public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue - 1] }

        public init?(code: String) {
            guard let i = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: code.uppercased()) else { return nil }
            self.init(rawValue: i + 1)
        }
    }

    /// A BYDAY entry: a weekday with an optional ordinal (`2MO`, `-1FR`, `SU`).
    public struct WeekdayNum: Hashable, Sendable, CustomStringConvertible {
        public var ordinal: Int?
        public var weekday: Weekday
        public init(_ weekday: Weekday, ordinal: Int? = nil) { self.weekday = weekday; self.ordinal = ordinal }
        public var description: String { (ordinal.map(String.init) ?? "") + weekday.code }

        init?(text: String) {
            let s = text.trimmingSpaces
            guard s.utf8.count >= 2 else { return nil }
            let code = String(s.suffix(2))
            guard let wd = Weekday(code: code) else { return nil }
            let num = s.dropLast(2)
            if num.isEmpty {
                self.init(wd)
            } else {
                guard let n = Int(num.hasPrefix("+") ? String(num.dropFirst()) : String(num)), n != 0, abs(n) <= 53 else { return nil }
                self.init(wd, ordinal: n)
            }
        }
    }

    public var frequency: Frequency
    public var interval: Int = 1
    public var count: Int?
    public var until: ICalDateTime?
    public var bySecond: [Int] = []
    public var byMinute: [Int] = []
    public var byHour: [Int] = []
    public var byDay: [WeekdayNum] = []
    public var byMonthDay: [Int] = []
    public var byYearDay: [Int] = []
    public var byWeekNo: [Int] = []
    public var byMonth: [Int] = []
    public var bySetPos: [Int] = []
    public var weekStart: Weekday?
    /// Parts this type does not model (`RSCALE`, `SKIP`, `X-...`), kept in order.
    public var otherParts: [ICalParameter] = []

    /// The text it was parsed from, written back as long as the parts are unchanged.
    private var source: String?

    public init(frequency: Frequency) { self.frequency = frequency }

    /// Why an RRULE text could not be read.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var part: String
        public var description: String { "RRULE part \"\(part)\" is not valid (fix or remove it)" }
    }

    /// Parses `FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T235959Z`.
    public init(_ text: String) throws {
        var freq: Frequency?
        var r = RecurrenceRule(frequency: .daily)
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let eq = part.firstIndex(of: "=") else { throw ParseError(part: String(part)) }
            let key = part[..<eq].uppercased().trimmingSpaces
            let val = String(part[part.index(after: eq)...]).trimmingSpaces
            func ints(_ range: ClosedRange<Int>, allowNegative: Bool) throws -> [Int] {
                try val.split(separator: ",").map {
                    let s = $0.hasPrefix("+") ? String($0.dropFirst()) : String($0)
                    guard let n = Int(s), range.contains(abs(n)), allowNegative || n >= 0, n != 0 || range.lowerBound == 0 else {
                        throw ParseError(part: String(part))
                    }
                    return n
                }
            }
            switch key {
            case "FREQ":
                guard let f = Frequency(rawValue: val.uppercased()) else { throw ParseError(part: String(part)) }
                freq = f
            case "INTERVAL":
                guard let n = Int(val), n >= 1 else { throw ParseError(part: String(part)) }
                r.interval = n
            case "COUNT":
                guard let n = Int(val), n >= 0 else { throw ParseError(part: String(part)) }
                r.count = n
            case "UNTIL":
                guard let d = ICalDateTime(val) else { throw ParseError(part: String(part)) }
                r.until = d
            case "BYSECOND": r.bySecond = try ints(0...60, allowNegative: false)
            case "BYMINUTE": r.byMinute = try ints(0...59, allowNegative: false)
            case "BYHOUR": r.byHour = try ints(0...23, allowNegative: false)
            case "BYMONTHDAY": r.byMonthDay = try ints(1...31, allowNegative: true)
            case "BYYEARDAY": r.byYearDay = try ints(1...366, allowNegative: true)
            case "BYWEEKNO": r.byWeekNo = try ints(1...53, allowNegative: true)
            case "BYMONTH": r.byMonth = try ints(1...12, allowNegative: false)
            case "BYSETPOS": r.bySetPos = try ints(1...366, allowNegative: true)
            case "BYDAY":
                r.byDay = try val.split(separator: ",").map {
                    guard let w = WeekdayNum(text: String($0)) else { throw ParseError(part: String(part)) }
                    return w
                }
            case "WKST":
                guard let w = Weekday(code: val) else { throw ParseError(part: String(part)) }
                r.weekStart = w
            default:
                r.otherParts.append(ICalParameter(name: key, values: [val]))
            }
        }
        guard let freq else { throw ParseError(part: "FREQ (missing)") }
        r.frequency = freq
        r.source = text
        self = r
    }

    /// The rule in iCalendar text: the original text if the parts are unchanged, else a canonical form.
    public var description: String {
        if let source, var again = try? RecurrenceRule(source) {
            again.source = nil
            var me = self
            me.source = nil
            if again == me { return source }
        }
        return canonical
    }

    /// The canonical text: FREQ first, then the parts in RFC order.
    public var canonical: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if let until { parts.append("UNTIL=\(until)") }
        if let count { parts.append("COUNT=\(count)") }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        func add(_ k: String, _ v: [Int]) { if !v.isEmpty { parts.append(k + "=" + v.map(String.init).joined(separator: ",")) } }
        add("BYSECOND", bySecond); add("BYMINUTE", byMinute); add("BYHOUR", byHour)
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.description).joined(separator: ",")) }
        add("BYMONTHDAY", byMonthDay); add("BYYEARDAY", byYearDay); add("BYWEEKNO", byWeekNo)
        add("BYMONTH", byMonth); add("BYSETPOS", bySetPos)
        if let weekStart { parts.append("WKST=\(weekStart.code)") }
        for p in otherParts { parts.append("\(p.name)=\(p.value)") }
        return parts.joined(separator: ";")
    }

    public static func == (a: RecurrenceRule, b: RecurrenceRule) -> Bool {
        a.frequency == b.frequency && a.interval == b.interval && a.count == b.count && a.until == b.until
            && a.bySecond == b.bySecond && a.byMinute == b.byMinute && a.byHour == b.byHour && a.byDay == b.byDay
            && a.byMonthDay == b.byMonthDay && a.byYearDay == b.byYearDay && a.byWeekNo == b.byWeekNo
            && a.byMonth == b.byMonth && a.bySetPos == b.bySetPos && a.weekStart == b.weekStart
            && a.otherParts == b.otherParts
    }

    public func hash(into h: inout Hasher) { h.combine(canonical) }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
