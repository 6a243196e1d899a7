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
        var out = ICalendarLineWriter(lineLimit: lineLimit)
        var warnings: [FormatWarning] = []
        let cal = addsMissingTimeZones ? Self.addingTimeZones(to: calendar, warnings: &warnings) : calendar
        out.begin("VCALENDAR")
        var props = cal.properties
        if !props.contains(where: { $0.name == "VERSION" }) { props.insert(ICalProperty(name: "VERSION", value: "2.0"), at: 0) }
        if !props.contains(where: { $0.name == "PRODID" }) { props.insert(ICalProperty(name: "PRODID", value: "-//Kith//Kith//EN"), at: 1) }
        for p in props { out.write(p) }
        // VTIMEZONEs first: readers that stream need them before the events.
        for c in cal.components where c.name == "VTIMEZONE" { out.write(c) }
        for c in cal.components where c.name != "VTIMEZONE" { out.write(c) }
        out.end("VCALENDAR")
        return (Data(out.bytes), warnings)
    }

    /// The calendar as a String.
    public func string(_ calendar: ICalendar) -> String {
        String(decoding: write(calendar).data, as: UTF8.self)
    }

    /// Appends one component (with its sub-components) to `out`.
    public func write(_ component: ICalComponent, into out: inout [UInt8]) {
        var w = ICalendarLineWriter(lineLimit: lineLimit)
        w.write(component)
        out += w.bytes
    }

    /// Appends one property, folded.
    public func write(_ p: ICalProperty, into out: inout [UInt8]) {
        var w = ICalendarLineWriter(lineLimit: lineLimit)
        w.write(p)
        out += w.bytes
    }

    /// The calendar with a generated VTIMEZONE for each TZID in use that it lacks.
    static func addingTimeZones(to calendar: ICalendar, warnings: inout [FormatWarning]) -> ICalendar {
        var usage = ICalTimeZoneUsage()
        for c in calendar.components where c.name != "VTIMEZONE" { usage.note(c) }
        let defined = Set(calendar.timeZones.compactMap { $0.property("TZID")?.value })
        let zones = usage.timeZones(excluding: defined, warnings: &warnings)
        if zones.isEmpty { return calendar }
        var cal = calendar
        let firstNonZone = cal.components.firstIndex { $0.name != "VTIMEZONE" } ?? cal.components.count
        cal.components.insert(contentsOf: zones, at: firstNonZone)
        return cal
    }
}

/// The TZIDs a calendar's components use, in order of first use, and the years their dates
/// span: what the VTIMEZONEs ``ICalendarWriter`` generates must cover.
///
/// Note every component (or, when writing without building components, every TZID and
/// date year as it would appear), then ask for ``timeZones(excluding:warnings:)``.
public struct ICalTimeZoneUsage: Sendable, Equatable {
    /// The TZIDs used, in order of first use.
    public private(set) var tzids: [String] = []
    private var seen: Set<String> = []
    private var lastTZID: String?
    private var minYear = Int.max, maxYear = Int.min
    private var openEnded = false

    /// Same zones in the same order, same span: the same VTIMEZONEs.
    public static func == (a: ICalTimeZoneUsage, b: ICalTimeZoneUsage) -> Bool {
        a.tzids == b.tzids && a.minYear == b.minYear && a.maxYear == b.maxYear && a.openEnded == b.openEnded
    }

    /// Whether noting this property could change anything: it has a TZID, an RRULE or a
    /// date that counts for the span.
    public static func matters(_ p: ICalProperty) -> Bool {
        p.parameter("TZID") != nil || p.name == "RRULE" || spanDateNames.contains(p.name)
    }

    /// The properties whose years decide the span of generated VTIMEZONEs.
    static let spanDateNames: Set<String> = ["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE"]

    public init() {}

    /// Notes a component's properties and sub-components.
    public mutating func note(_ c: ICalComponent) {
        for p in c.properties { note(p) }
        for s in c.components { note(s) }
    }

    /// Notes one property: its TZID, its dates' years, an RRULE that runs on.
    public mutating func note(_ p: ICalProperty) {
        if let tz = p.parameter("TZID") { noteTZID(tz) }
        if p.name == "RRULE", let r = try? RecurrenceRule(p.value) {
            if let u = r.until { maxYear = max(maxYear, u.year) } else { openEnded = true }
        }
        if Self.spanDateNames.contains(p.name) {
            for v in p.value.split(separator: ",") {
                if let d = ICalDateTime(String(v.prefix(16))) { noteYear(d.year) }
            }
        }
    }

    /// Notes a TZID in use.
    public mutating func noteTZID(_ tzid: String) {
        if tzid == lastTZID { return }
        lastTZID = tzid
        if seen.insert(tzid).inserted { tzids.append(tzid) }
    }

    /// Notes the year of a DTSTART, DTEND, DUE, RECURRENCE-ID, EXDATE or RDATE value.
    public mutating func noteYear(_ year: Int) {
        if year < minYear { minYear = year }
        if year > maxYear { maxYear = year }
    }

    /// A VTIMEZONE, from the system's IANA data, for each TZID used and not in `defined`;
    /// for a TZID that names no known zone, its VTIMEZONE in `sources` (as the file it
    /// came from defined it), else a warning.
    public func timeZones(
        excluding defined: Set<String>, sources: [String: ICalComponent] = [:],
        warnings: inout [FormatWarning]
    ) -> [ICalComponent] {
        let missing = tzids.filter { !defined.contains($0) }
        if missing.isEmpty { return [] }
        var minYear = minYear, maxYear = maxYear
        if minYear == Int.max { minYear = 2000; maxYear = 2000 }
        if openEnded { maxYear = max(maxYear, minYear) + 10 }
        maxYear = min(maxYear, 2099)
        var zones: [ICalComponent] = []
        for tzid in missing {
            let name = ICalTimeZoneResolver.ianaName(tzid) ?? WindowsZones.iana(for: tzid)
            guard let name, let tz = TimeZone(identifier: name) else {
                if let own = sources[tzid] { zones.append(own); continue }
                warnings.append(
                    FormatWarning(
                        line: 0, property: "TZID", code: .unknownTimeZone,
                        message: "TZID \"\(tzid)\" is not an IANA zone, so no VTIMEZONE could be written; strict clients may reject its events"))
                continue
            }
            zones.append(ICalComponent.timeZone(tz, tzid: tzid, years: minYear...max(minYear, maxYear)))
        }
        return zones
    }
}
