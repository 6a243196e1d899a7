/// The structured form of a property value that jCal (RFC 7265) and xCal (RFC 6321) share:
/// a value type name and one or more typed items.
struct ICalValue {
    enum Item {
        case string(String)
        case integer(Int)
        case float(Double)
        case geo(Double, Double)
        case period(start: String, end: String, isDuration: Bool)
        case recur([(key: String, values: [String])])
    }

    var type: String
    var items: [Item]

    private static let dateTimeNames: Set<String> = [
        "DTSTART", "DTEND", "DUE", "DTSTAMP", "RECURRENCE-ID", "CREATED", "LAST-MODIFIED", "COMPLETED",
        "EXDATE", "RDATE", "ACKNOWLEDGED",
    ]
    private static let integerNames: Set<String> = ["SEQUENCE", "PRIORITY", "PERCENT-COMPLETE", "REPEAT"]
    private static let uriNames: Set<String> = ["URL", "TZURL", "ATTACH", "IMAGE", "CONFERENCE", "SOURCE"]
    private static let listNames: Set<String> = ["CATEGORIES", "RESOURCES", "EXDATE", "RDATE", "FREEBUSY"]
    private static let textNames: Set<String> = [
        "SUMMARY", "DESCRIPTION", "LOCATION", "STATUS", "CLASS", "UID", "PRODID", "VERSION", "CALSCALE", "METHOD",
        "CATEGORIES", "RESOURCES", "COMMENT", "CONTACT", "RELATED-TO", "TRANSP", "ACTION", "TZID", "TZNAME",
        "NAME", "COLOR", "REQUEST-STATUS", "BUSYTYPE",
    ]

    /// The default value type of a property (RFC 5545 §3.8, RFC 7986).
    static func defaultType(_ name: String) -> String {
        if dateTimeNames.contains(name) { return "date-time" }
        if integerNames.contains(name) { return "integer" }
        if uriNames.contains(name) { return "uri" }
        switch name {
        case "DURATION", "TRIGGER": return "duration"
        case "RRULE", "EXRULE": return "recur"
        case "GEO": return "float"
        case "TZOFFSETFROM", "TZOFFSETTO": return "utc-offset"
        case "ATTENDEE", "ORGANIZER": return "cal-address"
        default: return textNames.contains(name) ? "text" : "unknown"
        }
    }

    /// Converts a property's iCalendar text to the structured form.
    static func from(_ p: ICalProperty) -> ICalValue {
        let type = p.parameter("VALUE")?.lowercased() ?? defaultType(p.name)
        let raw = p.value
        func parts() -> [String] { listNames.contains(p.name) ? ICalText.splitList(raw) : [raw] }
        switch type {
        case "date", "date-time":
            return ICalValue(
                type: type,
                items: raw.split(separator: ",").map { s in
                    .string(ICalDateTime(String(s)).map(\.isoString) ?? String(s))
                })
        case "period":
            return ICalValue(
                type: type,
                items: raw.split(separator: ",").map { s in
                    let halves = s.split(separator: "/", maxSplits: 1).map(String.init)
                    guard halves.count == 2 else { return .string(String(s)) }
                    let start = ICalDateTime(halves[0]).map(\.isoString) ?? halves[0]
                    if let e = ICalDateTime(halves[1]) { return .period(start: start, end: e.isoString, isDuration: false) }
                    return .period(start: start, end: halves[1], isDuration: true)
                })
        case "integer":
            return ICalValue(type: type, items: [Int(raw.trimmingSpaces).map(Item.integer) ?? .string(raw)])
        case "float":
            if p.name == "GEO", let g = ICalGeo(raw) { return ICalValue(type: type, items: [.geo(g.latitude, g.longitude)]) }
            return ICalValue(type: type, items: [Double(raw).map(Item.float) ?? .string(raw)])
        case "utc-offset":
            if let secs = ICalTimeZoneResolver.parseOffset(raw) {
                let f = ICalTimeZoneResolver.formatOffset(secs)
                let b = Array(f)
                return ICalValue(type: type, items: [.string(String(b[0..<3]) + ":" + String(b[3..<5]) + (b.count > 5 ? ":" + String(b[5...]) : ""))])
            }
            return ICalValue(type: type, items: [.string(raw)])
        case "recur":
            var pairs: [(key: String, values: [String])] = []
            for part in raw.split(separator: ";") {
                guard let eq = part.firstIndex(of: "=") else { continue }
                let key = part[..<eq].lowercased()
                var vals = part[part.index(after: eq)...].split(separator: ",").map(String.init)
                if key == "until" { vals = vals.map { ICalDateTime($0).map(\.isoString) ?? $0 } }
                pairs.append((key, vals))
            }
            return ICalValue(type: type, items: [.recur(pairs)])
        case "text":
            return ICalValue(type: type, items: parts().map { .string(ICalText.unescape($0)) })
        default:
            return ICalValue(type: type, items: [.string(raw)])
        }
    }

    /// Converts back to iCalendar text; also says whether a VALUE parameter is needed.
    func icalText(for name: String) -> (value: String, needsValueParameter: Bool) {
        let needsValue = type != ICalValue.defaultType(name) && type != "unknown"
        var texts: [String] = []
        for item in items {
            switch item {
            case .string(let s):
                switch type {
                case "date", "date-time":
                    texts.append(ICalDateTime(iso: s).map(\.description) ?? s)
                case "text": texts.append(ICalText.escape(s))
                case "utc-offset": texts.append(s.replacingColons)
                default: texts.append(s)
                }
            case .integer(let n): texts.append(String(n))
            case .float(let d): texts.append(Self.number(d))
            case .geo(let a, let b): texts.append(Self.number(a) + ";" + Self.number(b))
            case .period(let s, let e, let isDuration):
                let start = ICalDateTime(iso: s).map(\.description) ?? s
                texts.append(start + "/" + (isDuration ? e : (ICalDateTime(iso: e).map(\.description) ?? e)))
            case .recur(let pairs):
                texts.append(
                    pairs.map { k, v in
                        let vals = k == "until" ? v.map { ICalDateTime(iso: $0).map(\.description) ?? $0 } : v
                        return k.uppercased() + "=" + vals.joined(separator: ",")
                    }.joined(separator: ";"))
            }
        }
        return (texts.joined(separator: ","), needsValue)
    }

    static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// Recur parts whose values are integers in jCal.
    static let integerRecurKeys: Set<String> = [
        "count", "interval", "bysecond", "byminute", "byhour", "bymonthday", "byyearday", "byweekno", "bymonth", "bysetpos",
    ]
}

extension String {
    var replacingColons: String { String(self.filter { $0 != ":" }) }
}
