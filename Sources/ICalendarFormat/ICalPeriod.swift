/// An iCalendar PERIOD value: a start with either an end or a duration (RFC 5545 §3.3.9).
public struct ICalPeriod: Hashable, Sendable, CustomStringConvertible {
    /// The end of a period.
    public enum End: Hashable, Sendable {
        case dateTime(ICalDateTime)
        case duration(ICalDuration)
    }
    public var start: ICalDateTime
    public var end: End

    public init(start: ICalDateTime, end: End) { self.start = start; self.end = end }

    /// Parses `START/END` or `START/DURATION`.
    public init?(_ text: String, tzid: String? = nil) {
        guard let slash = text.firstIndex(of: "/"),
            let s = ICalDateTime(String(text[..<slash]), tzid: tzid), !s.isDate
        else { return nil }
        let rest = String(text[text.index(after: slash)...])
        if rest.hasPrefix("P") || rest.hasPrefix("+") || rest.hasPrefix("-") {
            guard let d = ICalDuration(rest) else { return nil }
            self.init(start: s, end: .duration(d))
        } else {
            guard let e = ICalDateTime(rest, tzid: tzid), !e.isDate else { return nil }
            self.init(start: s, end: .dateTime(e))
        }
    }

    public var description: String {
        switch end {
        case .dateTime(let e): return "\(start)/\(e)"
        case .duration(let d): return "\(start)/\(d)"
        }
    }
}
