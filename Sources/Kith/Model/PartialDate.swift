/// A date whose year may be unknown, as birthdays and anniversaries often are.
///
/// Written `YYYY-MM-DD`, or `--MM-DD` without a year (the vCard form).
public struct PartialDate: Hashable, Sendable, Codable, CustomStringConvertible {
    public var year: Int?
    public var month: Int
    public var day: Int

    /// Makes a date; nil when the day cannot exist (February 29 is allowed without a year).
    public init?(year: Int?, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1 else { return nil }
        if let year {
            guard LocalDate(year: year, month: month, day: day) != nil else { return nil }
        } else {
            guard day <= LocalDate.daysInMonth(year: 2000, month: month) else { return nil }
        }
        self.year = year; self.month = month; self.day = day
    }

    /// Reads `YYYY-MM-DD`, `--MM-DD` or `--MMDD`; nil otherwise.
    public init?(_ text: String) {
        if let d = LocalDate(text) { self.init(year: d.year, month: d.month, day: d.day); return }
        // `--`, then four digits with a `-` after the second in the 7-byte form; one pass,
        // no copy.
        let count = text.utf8.count
        guard count == 6 || count == 7 else { return nil }
        var v = 0, i = 0
        for c in text.utf8 {
            if i < 2 || (count == 7 && i == 4) {
                guard c == UInt8(ascii: "-") else { return nil }
            } else {
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += 1
        }
        self.init(year: nil, month: v / 100, day: v % 100)
    }

    /// `YYYY-MM-DD` or `--MM-DD`.
    public var description: String {
        let md = (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)"
        guard let year else { return "--" + md }
        let y = String(year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + md
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let d = PartialDate(s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected YYYY-MM-DD or --MM-DD, got \(s)")
        }
        self = d
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
