/// How often to keep in touch with someone: every N days, weeks, months or years, or never.
///
/// Written and read as `2w`, `3m`, `10d`, `1y` or `none` (``description`` and
/// ``init(_:)``). A cadence is set on a relation category (main or sub) or on a person; a
/// person without their own inherits from their sub category, then its main category.
/// The same value serves as a length of time (`kith snooze NAME 1w`).
public enum Cadence: Hashable, Sendable, CustomStringConvertible {
    /// The unit of a cadence.
    public enum Unit: String, CaseIterable, Sendable {
        case days = "d", weeks = "w", months = "m", years = "y"

        /// `day`, `week`, `month`, `year`.
        public var singular: String {
            switch self {
            case .days: return "day"
            case .weeks: return "week"
            case .months: return "month"
            case .years: return "year"
            }
        }
    }

    /// Every `count` (1 or more) units.
    case every(Int, Unit)
    /// Never remind: stops a category's cadence from reaching down.
    case never

    /// The largest count accepted (`9999d`, `9999y`).
    public static let maximumCount = 9999

    /// Reads `Nd`, `Nw`, `Nm`, `Ny` (N from 1 to ``maximumCount``, spaces and case ignored)
    /// or `none`/`never`; nil for anything else (`inherit` is not a cadence but its absence).
    public init?(_ text: String) {
        let t = text.lowercased().filter { $0 != " " }
        if t == "none" || t == "never" {
            self = .never
            return
        }
        guard let last = t.last, let unit = Unit(rawValue: String(last)) else { return nil }
        let digits = t.dropLast()
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), let n = Int(digits), n >= 1, n <= Cadence.maximumCount else {
            return nil
        }
        self = .every(n, unit)
    }

    /// `2w`, `3m`, `none`: what ``init(_:)`` reads and the journal stores.
    public var description: String {
        switch self {
        case .every(let n, let unit): return "\(n)\(unit.rawValue)"
        case .never: return "none"
        }
    }

    /// `every 2 weeks`, `every week`, `never`.
    public var phrase: String {
        switch self {
        case .every(let n, let unit): return n == 1 ? "every \(unit.singular)" : "every \(n) \(unit.singular)s"
        case .never: return "never"
        }
    }

    /// `2 weeks`, `1 month`: the cadence as a length of time; `never` for ``never``.
    public var length: String {
        switch self {
        case .every(let n, let unit): return "\(n) \(unit.singular)\(n == 1 ? "" : "s")"
        case .never: return "never"
        }
    }

    /// The cadence's length in days, on average (a month is 30.44 days, a year 365.25):
    /// what lateness is measured against. Nil for ``never``.
    public var approximateDays: Double? {
        switch self {
        case .every(let n, .days): return Double(n)
        case .every(let n, .weeks): return Double(n * 7)
        case .every(let n, .months): return Double(n) * 30.436875
        case .every(let n, .years): return Double(n) * 365.2425
        case .never: return nil
        }
    }

    /// The day one cadence after `date`; nil for ``never``.
    ///
    /// Months and years keep the day of the month, or take the last day of a shorter month:
    /// 31 January + 1 month is 28 (or 29) February, 29 February + 1 year is 28 February.
    public func after(_ date: LocalDate) -> LocalDate? {
        switch self {
        case .never: return nil
        case .every(let n, .days): return date.adding(days: n)
        case .every(let n, .weeks): return date.adding(days: 7 * n)
        case .every(let n, .months): return Cadence.adding(months: n, to: date)
        case .every(let n, .years): return Cadence.adding(months: 12 * n, to: date)
        }
    }

    /// `date` plus `months` calendar months, the day kept or clamped to the month's end.
    static func adding(months: Int, to date: LocalDate) -> LocalDate {
        let total = date.year * 12 + (date.month - 1) + months
        let year = min(9999, max(1, total / 12)), month = total % 12 + 1
        let day = min(date.day, LocalDate.daysInMonth(year: year, month: month))
        return LocalDate(year: year, month: month, day: day) ?? date
    }
}
