import ContentLines
import Foundation

/// Writes iCalendar text: CRLF line ends, lines folded at 75 octets without splitting a
/// UTF-8 sequence, parameter values quoted when needed, and a VTIMEZONE for every TZID used.
public struct ICalendarWriter: Sendable {
    /// Add a VTIMEZONE, built from the system's IANA data, for each TZID the calendar uses
    /// but does not define (strict clients such as khal need one).
    public var addsMissingTimeZones: Bool = true
    /// The longest physical line in octets, CRLF excluded.
    public var lineLimit: Int = 75

    public init(addsMissingTimeZones: Bool = true) { self.addsMissingTimeZones = addsMissingTimeZones }

    /// The calendar as iCalendar bytes, plus warnings (TZIDs that could not be defined).
    public func write(_ calendar: ICalendar) -> (data: Data, warnings: [FormatWarning]) {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        var warnings: [FormatWarning] = []
        let cal = addsMissingTimeZones ? Self.addingTimeZones(to: calendar, warnings: &warnings) : calendar
        line(&out, "BEGIN:VCALENDAR")
        var props = cal.properties
        if !props.contains(where: { $0.name == "VERSION" }) { props.insert(ICalProperty(name: "VERSION", value: "2.0"), at: 0) }
        if !props.contains(where: { $0.name == "PRODID" }) { props.insert(ICalProperty(name: "PRODID", value: "-//Kith//Kith//EN"), at: 1) }
        for p in props { write(p, into: &out) }
        // VTIMEZONEs first: readers that stream need them before the events.
        for c in cal.components where c.name == "VTIMEZONE" { write(c, into: &out) }
        for c in cal.components where c.name != "VTIMEZONE" { write(c, into: &out) }
        line(&out, "END:VCALENDAR")
        return (Data(out), warnings)
    }

    /// The calendar as a String.
    public func string(_ calendar: ICalendar) -> String {
        String(decoding: write(calendar).data, as: UTF8.self)
    }

    /// Appends one component (with its sub-components) to `out`.
    public func write(_ component: ICalComponent, into out: inout [UInt8]) {
        line(&out, "BEGIN:" + component.name)
        for p in component.properties { write(p, into: &out) }
        for c in component.components { write(c, into: &out) }
        line(&out, "END:" + component.name)
    }

    /// Appends one property, folded.
    public func write(_ p: ICalProperty, into out: inout [UInt8]) {
        var raw: [UInt8] = []
        raw.reserveCapacity(p.name.utf8.count + p.value.utf8.count + 16)
        raw += p.name.utf8
        for param in p.parameters {
            raw.append(59)
            raw += param.name.utf8
            raw.append(61)
            for (i, v) in param.values.enumerated() {
                if i > 0 { raw.append(44) }
                Self.appendParameterValue(v, to: &raw)
            }
        }
        raw.append(58)
        // Line breaks inside a value would end the line: escape them.
        for b in p.value.utf8 {
            if b == 10 { raw += [92, 110] } else if b != 13 { raw.append(b) }
        }
        fold(raw, into: &out)
    }

    private static func appendParameterValue(_ v: String, to raw: inout [UInt8]) {
        var quote = false
        for b in v.utf8 where b == 58 || b == 59 || b == 44 || b == 32 { quote = true; break }
        if quote { raw.append(34) }
        for b in v.utf8 {
            switch b {
            case 34: raw += [94, 39] // RFC 6868 ^'
            case 10: raw += [94, 110]
            case 13: break
            case 94: raw += [94, 94]
            default: raw.append(b)
            }
        }
        if quote { raw.append(34) }
    }

    private func line(_ out: inout [UInt8], _ s: String) {
        out += s.utf8
        out += [13, 10]
    }

    private func fold(_ raw: [UInt8], into out: inout [UInt8]) {
        let limit = max(lineLimit, 8)
        var i = 0
        var first = true
        while i < raw.count {
            let room = first ? limit : limit - 1
            var end = min(raw.count, i + room)
            if end < raw.count {
                // Never split a UTF-8 sequence: back up to a lead byte.
                while end > i + 1, raw[end] & 0xC0 == 0x80 { end -= 1 }
            }
            if !first { out.append(32) }
            out += raw[i..<end]
            out += [13, 10]
            i = end
            first = false
        }
        if raw.isEmpty { out += [13, 10] }
    }

    /// The properties whose years decide the span of generated VTIMEZONEs.
    private static let spanDateNames: Set<String> = ["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE"]

    /// The calendar with a generated VTIMEZONE for each TZID in use that it lacks.
    static func addingTimeZones(to calendar: ICalendar, warnings: inout [FormatWarning]) -> ICalendar {
        var used: [String] = []
        var seen: Set<String> = []
        var minYear = Int.max, maxYear = Int.min
        var openEnded = false
        func visit(_ c: ICalComponent) {
            for p in c.properties {
                if let tz = p.parameter("TZID"), !seen.contains(tz) { seen.insert(tz); used.append(tz) }
                if p.name == "RRULE", let r = try? RecurrenceRule(p.value) {
                    if let u = r.until { maxYear = max(maxYear, u.year) } else if r.count == nil { openEnded = true } else { openEnded = true }
                }
                if Self.spanDateNames.contains(p.name) {
                    for v in p.value.split(separator: ",") {
                        if let d = ICalDateTime(String(v.prefix(16))) { minYear = min(minYear, d.year); maxYear = max(maxYear, d.year) }
                    }
                }
            }
            for s in c.components { visit(s) }
        }
        for c in calendar.components where c.name != "VTIMEZONE" { visit(c) }
        let defined = Set(calendar.timeZones.compactMap { $0.property("TZID")?.value })
        let missing = used.filter { !defined.contains($0) }
        if missing.isEmpty { return calendar }
        if minYear == Int.max { minYear = 2000; maxYear = 2000 }
        if openEnded { maxYear = max(maxYear, minYear) + 10 }
        maxYear = min(maxYear, 2099)
        var cal = calendar
        var zones: [ICalComponent] = []
        for tzid in missing {
            let name = ICalTimeZoneResolver.ianaName(tzid) ?? WindowsZones.iana(for: tzid)
            guard let name, let tz = TimeZone(identifier: name) else {
                warnings.append(FormatWarning(line: 0, property: "TZID", code: .unknownTimeZone,
                    message: "TZID \"\(tzid)\" is not an IANA zone, so no VTIMEZONE could be written; strict clients may reject its events"))
                continue
            }
            zones.append(ICalComponent.timeZone(tz, tzid: tzid, years: minYear...max(minYear, maxYear)))
        }
        let firstNonZone = cal.components.firstIndex { $0.name != "VTIMEZONE" } ?? cal.components.count
        cal.components.insert(contentsOf: zones, at: firstNonZone)
        return cal
    }
}
