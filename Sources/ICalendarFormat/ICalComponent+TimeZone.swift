import Foundation

extension ICalComponent {
    /// A VTIMEZONE for a system time zone, with one STANDARD or DAYLIGHT observance per
    /// offset change between the year before `years` and the year after it.
    ///
    /// A zone with no change in that span gets one STANDARD observance with its fixed offset.
    /// - Parameter tzid: the TZID to write (defaults to the zone's identifier).
    /// - Complexity: O(transitions in the span).
    public static func timeZone(_ tz: TimeZone, tzid: String? = nil, years: ClosedRange<Int>) -> ICalComponent {
        let rules = ICalTimeZoneResolver.ianaRules(tz.identifier) ?? ZoneRules.make(from: tz)
        let from = Int64(CivilTime.days(year: years.lowerBound - 1, month: 1, day: 1)) * 86400
        let to = Int64(CivilTime.days(year: years.upperBound + 2, month: 1, day: 1)) * 86400
        var vtz = ICalComponent(name: "VTIMEZONE", properties: [ICalProperty(name: "TZID", value: tzid ?? tz.identifier)])
        let inSpan = rules.transitions.filter { $0.utc >= from && $0.utc < to }
        if inSpan.isEmpty {
            let off = rules.offset(atUTC: from)
            let abbr = tz.abbreviation(for: Date(timeIntervalSince1970: TimeInterval(from)))
            vtz.components.append(observance("STANDARD", local: CivilTime.seconds(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0),
                                             from: off, to: off, name: abbr))
            return vtz
        }
        for t in inSpan {
            vtz.components.append(observance(t.isDaylight ? "DAYLIGHT" : "STANDARD", local: t.utc + Int64(t.before),
                                             from: t.before, to: t.after, name: t.name))
        }
        return vtz
    }

    private static func observance(_ kind: String, local: Int64, from: Int, to: Int, name: String?) -> ICalComponent {
        var c = ICalComponent(name: kind, properties: [
            ICalProperty(name: "DTSTART", value: ICalDateTime(localSeconds: local, form: .floating).description),
            ICalProperty(name: "TZOFFSETFROM", value: ICalTimeZoneResolver.formatOffset(from)),
            ICalProperty(name: "TZOFFSETTO", value: ICalTimeZoneResolver.formatOffset(to)),
        ])
        // Linux Foundation gives "GMT+2" where it lacks a name; TZNAME is optional, so leave it out then.
        if let name, !name.isEmpty, !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-") { c.properties.append(.text("TZNAME", name)) }
        return c
    }
}
