import Foundation

extension ICalComponent {
    /// A VTIMEZONE for a system time zone covering `years` (and the year around them).
    ///
    /// Where the zone's current daylight-saving rule is a fixed yearly one ("second Sunday
    /// of March"), it is written as a STANDARD and a DAYLIGHT with a yearly RRULE, as
    /// Apple, Google and tzurl.org do; earlier changes in the span are written one
    /// observance each.
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
            vtz.components.append(
                observance(
                    "STANDARD", local: CivilTime.seconds(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0),
                    from: off, to: off, name: abbr))
            return vtz
        }
        var cut = Int64.max
        if let tail = yearlyTail(rules.transitions), tail.cut < to {
            cut = tail.cut
            for (t, rule) in tail.observances {
                var c = observance(
                    t.isDaylight ? "DAYLIGHT" : "STANDARD", local: t.utc + Int64(t.before),
                    from: t.before, to: t.after, name: t.name)
                c.properties.insert(ICalProperty(name: "RRULE", value: rule), at: 1)
                vtz.components.append(c)
            }
        }
        for t in inSpan where t.utc < cut {
            vtz.components.append(
                observance(
                    t.isDaylight ? "DAYLIGHT" : "STANDARD", local: t.utc + Int64(t.before),
                    from: t.before, to: t.after, name: t.name))
        }
        return vtz
    }

    private struct Pattern: Equatable {
        var month: Int, weekday: Int, ordinal: Int, secondOfDay: Int, before: Int, after: Int, isDaylight: Bool
    }

    private static func pattern(_ t: ZoneTransition) -> Pattern {
        let local = t.utc + Int64(t.before)
        let f = CivilTime.fields(local)
        let days = CivilTime.days(year: f.year, month: f.month, day: f.day)
        let dim = CivilTime.daysInMonth(year: f.year, month: f.month)
        let ordinal = f.day + 7 > dim ? -1 : (f.day - 1) / 7 + 1
        return Pattern(
            month: f.month, weekday: CivilTime.weekday(days: days), ordinal: ordinal,
            secondOfDay: f.hour * 3600 + f.minute * 60 + f.second, before: t.before, after: t.after,
            isDaylight: t.isDaylight)
    }

    /// When the last transitions up to 2100 follow one yearly rule per kind (daylight and
    /// standard), the instant from which they do and the two observances with their RRULE.
    private static func yearlyTail(_ all: [ZoneTransition]) -> (cut: Int64, observances: [(ZoneTransition, String)])? {
        let dst = all.filter(\.isDaylight), std = all.filter { !$0.isDaylight }
        guard let lastD = dst.last, let lastS = std.last,
            CivilTime.fields(lastD.utc).year >= 2098, CivilTime.fields(lastS.utc).year >= 2098
        else { return nil }
        func suffixStart(_ series: [ZoneTransition]) -> Int {
            let p = pattern(series[series.count - 1])
            var i = series.count - 1
            while i > 0 && pattern(series[i - 1]) == p { i -= 1 }
            return i
        }
        let sd = suffixStart(dst), ss = suffixStart(std)
        let cut = max(dst[sd].utc, std[ss].utc)
        var out: [(ZoneTransition, String)] = []
        for series in [std, dst] {
            guard let first = series.first(where: { $0.utc >= cut }) else { return nil }
            let p = pattern(first)
            let code = RecurrenceRule.Weekday(rawValue: p.weekday)!.code
            out.append((first, "FREQ=YEARLY;BYMONTH=\(p.month);BYDAY=\(p.ordinal)\(code)"))
        }
        return (cut, out.sorted { $0.0.utc < $1.0.utc })
    }

    private static func observance(_ kind: String, local: Int64, from: Int, to: Int, name: String?) -> ICalComponent {
        var c = ICalComponent(
            name: kind,
            properties: [
                ICalProperty(name: "DTSTART", value: ICalDateTime(localSeconds: local, form: .floating).description),
                ICalProperty(name: "TZOFFSETFROM", value: ICalTimeZoneResolver.formatOffset(from)),
                ICalProperty(name: "TZOFFSETTO", value: ICalTimeZoneResolver.formatOffset(to)),
            ])
        // Linux Foundation gives "GMT+2" where it lacks a name; TZNAME is optional, so leave it out then.
        if let name, !name.isEmpty, !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-") { c.properties.append(.text("TZNAME", name)) }
        return c
    }
}
