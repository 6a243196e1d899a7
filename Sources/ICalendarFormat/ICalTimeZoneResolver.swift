import Foundation

/// Turns TZIDs into UTC offsets: the calendar's own VTIMEZONE first, then the IANA
/// database, then the Windows zone names Outlook writes.
///
/// Each TZID is resolved once and cached; converting a value is then integer arithmetic,
/// and for the last few TZIDs used, a range check against the span of local times over
/// which their offset stays the same. Safe to share between threads.
// @unchecked: its mutable state (VTIMEZONEs, cache, recent TZIDs) is touched only with `lock` held.
public final class ICalTimeZoneResolver: @unchecked Sendable {
    /// Where a TZID's rules came from.
    public enum Source: String, Hashable, Sendable {
        /// The VTIMEZONE in the same file.
        case vtimezone
        /// The IANA zone of that name (also after stripping prefixes like `/mozilla.org/20050126_1/`).
        case iana
        /// A Windows zone name mapped to IANA through CLDR.
        case windows
    }

    private struct Entry { var rules: ZoneRules; var source: Source; var iana: String? }

    private let lock = NSLock()
    private var vtimezones: [String: ICalComponent] = [:]
    private var cache: [String: Entry?] = [:]
    /// The last TZIDs converted (at most ``recentCount``), each with its rules and the span
    /// of local times its last answer fell in: consecutive times in the same zone and the
    /// same span (DTSTART then DTEND, an hour apart) cost a comparison, not a search.
    /// Read and written with the lock held only, so without the run-time exclusivity
    /// checks of a class's stored properties (~75 instructions a time converted).
    @exclusivity(unchecked) private var recent: [Recent] = []
    @exclusivity(unchecked) private var nextRecent = 0
    private static let recentCount = 4
    private struct Recent {
        var tzid: String
        var entry: Entry?
        var rules: ZoneRules
        var span: ZoneRules.LocalSpan
    }
    /// The same for floating times and dates.
    @exclusivity(unchecked) private var floatingSpan = ZoneRules.LocalSpan(lower: 0, upper: 0, offset: 0)

    /// The zone used for floating times and DATE values.
    public let floatingTimeZone: TimeZone
    private let floatingRules: ZoneRules

    /// - Parameter floatingTimeZone: how floating times and all-day dates become instants.
    public init(floatingTimeZone: TimeZone = .current, timeZones: [ICalComponent] = []) {
        self.floatingTimeZone = floatingTimeZone
        self.floatingRules = Self.ianaRules(floatingTimeZone.identifier) ?? ZoneRules.make(from: floatingTimeZone)
        for tz in timeZones { register(tz) }
    }

    /// Adds a VTIMEZONE; it takes precedence over IANA for its TZID.
    public func register(_ vtimezone: ICalComponent) {
        guard vtimezone.name == "VTIMEZONE", let id = vtimezone.property("TZID")?.value, !id.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        vtimezones[id] = vtimezone
        cache[id] = nil
        recent.removeAll { $0.tzid == id }
        nextRecent = 0
    }

    /// Where the rules for a TZID come from, or nil if it is known nowhere.
    public func source(for tzid: String) -> Source? { entry(tzid)?.source }

    /// The IANA identifier a TZID maps to, when there is one.
    public func ianaIdentifier(for tzid: String) -> String? { entry(tzid)?.iana }

    /// Whether a TZID can be resolved.
    public func canResolve(_ tzid: String) -> Bool { entry(tzid) != nil }

    /// The instant of a value. Floating times and dates use ``floatingTimeZone``; an
    /// unknown TZID falls back to it too (the reader warns about those).
    public func date(for value: ICalDateTime) -> Date {
        Date(timeIntervalSince1970: TimeInterval(utcSeconds(for: value)))
    }

    /// The UTC offset in seconds of a TZID at an instant (nil when unknown).
    public func offset(of tzid: String, at date: Date) -> Int? {
        entry(tzid)?.rules.offset(atUTC: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// The wall-clock value of an instant in a TZID (or UTC with nil).
    public func value(for date: Date, tzid: String?) -> ICalDateTime {
        converter(for: tzid).value(for: date)
    }

    /// ``value(for:tzid:)`` for one TZID (or UTC with nil), resolved once: for many
    /// instants in the same zone without looking the TZID up for each.
    public func converter(for tzid: String?) -> Converter {
        Converter(tzid: tzid, rules: tzid.flatMap { entry($0)?.rules } ?? floatingRules)
    }

    /// The wall-clock values of instants in one TZID (see ``converter(for:)``).
    public struct Converter: Sendable {
        let tzid: String?
        let rules: ZoneRules

        /// The wall-clock value of `date` in the converter's TZID (UTC without one; an
        /// unknown TZID uses the floating zone's rules).
        public func value(for date: Date) -> ICalDateTime {
            let u = Int64(date.timeIntervalSince1970.rounded(.down))
            guard let tzid else { return ICalDateTime(localSeconds: u, form: .utc) }
            return ICalDateTime(localSeconds: u + Int64(rules.offset(atUTC: u)), form: .zoned(tzid: tzid))
        }

        /// Whether ``value(for:)`` of `date` reads back as `date`. It does not in the second
        /// pass of an hour the clocks repeat (01:30 on the night summer time ends), which
        /// RFC 5545 reads as the first pass: such a time must be written in UTC.
        public func readsBack(_ date: Date) -> Bool {
            guard tzid != nil else { return true }
            let u = Int64(date.timeIntervalSince1970.rounded(.down))
            let local = u + Int64(rules.offset(atUTC: u))
            return local - Int64(rules.span(local: local).offset) == u
        }
    }

    func utcSeconds(for value: ICalDateTime) -> Int64 {
        let l = value.localSeconds
        switch value.form {
        case .utc: return l
        case .date, .floating:
            lock.lock(); defer { lock.unlock() }
            if l < floatingSpan.lower || l >= floatingSpan.upper { floatingSpan = floatingRules.span(local: l) }
            return l - Int64(floatingSpan.offset)
        case .zoned(let id): return utcSeconds(local: l, tzid: id)
        }
    }

    /// A zoned local time as UTC seconds, through the recent TZIDs and their spans.
    private func utcSeconds(local l: Int64, tzid: String) -> Int64 {
        lock.lock(); defer { lock.unlock() }
        var r = recentIndex(tzid)
        if r < 0 {
            let e = lookUp(tzid)
            let rules = e?.rules ?? floatingRules
            r = remember(Recent(tzid: tzid, entry: e, rules: rules, span: rules.span(local: l)))
        } else if l < recent[r].span.lower || l >= recent[r].span.upper {
            recent[r].span = recent[r].rules.span(local: l)
        }
        return l - Int64(recent[r].span.offset)
    }

    /// Where `tzid` is among the recent ones, or -1. Called with the lock held.
    @inline(__always)
    private func recentIndex(_ tzid: String) -> Int {
        let n = tzid.utf8.count
        for i in recent.indices where recent[i].tzid.utf8.count == n && recent[i].tzid == tzid { return i }
        return -1
    }

    /// Keeps a TZID among the recent ones, in place of the oldest. Called with the lock held.
    private func remember(_ r: Recent) -> Int {
        if recent.count < Self.recentCount { recent.append(r); return recent.count - 1 }
        let i = nextRecent
        recent[i] = r
        nextRecent = (i + 1) % Self.recentCount
        return i
    }

    func rules(for tzid: String?) -> ZoneRules {
        guard let tzid else { return floatingRules }
        return entry(tzid)?.rules ?? floatingRules
    }

    private func entry(_ tzid: String) -> Entry? {
        lock.lock(); defer { lock.unlock() }
        let r = recentIndex(tzid)
        return r >= 0 ? recent[r].entry : lookUp(tzid)
    }

    /// The entry of a TZID, resolved once. Called with the lock held.
    private func lookUp(_ tzid: String) -> Entry? {
        if let cached = cache[tzid] { return cached }
        let e = resolve(tzid)
        cache[tzid] = e
        return e
    }

    private func resolve(_ tzid: String) -> Entry? {
        if let vt = vtimezones[tzid], let rules = Self.rules(fromVTimeZone: vt) {
            let iana = Self.ianaName(tzid) ?? WindowsZones.iana(for: tzid.trimmingSpaces)
            // Where the TZID names a known zone, times the VTIMEZONE does not reach (before
            // its first observance, after its last when no rule runs on) follow that zone's
            // real rules, as python-icalendar and khal read them.
            if let iana, let real = Self.ianaRules(iana), let covered = Self.coverage(of: vt, rules: rules) {
                return Entry(
                    rules: ZoneRules.spliced(real, rules, from: covered.lowerBound, to: covered.upperBound),
                    source: .vtimezone, iana: iana)
            }
            return Entry(rules: rules, source: .vtimezone, iana: iana)
        }
        if let name = Self.ianaName(tzid), let r = Self.ianaRules(name) { return Entry(rules: r, source: .iana, iana: name) }
        if let name = WindowsZones.iana(for: tzid.trimmingSpaces), let r = Self.ianaRules(name) {
            return Entry(rules: r, source: .windows, iana: name)
        }
        return nil
    }

    /// The IANA name inside a TZID: itself, or its last two or three path parts.
    static func ianaName(_ tzid: String) -> String? {
        let t = tzid.trimmingSpaces
        if t.isEmpty { return nil }
        if !t.contains(" "), TimeZone(identifier: t) != nil { return t }
        let parts = t.split(separator: "/")
        for n in [3, 2] where parts.count > n {
            let candidate = parts.suffix(n).joined(separator: "/")
            if TimeZone(identifier: candidate) != nil { return candidate }
        }
        return nil
    }

    private static let ianaLock = NSLock()
    nonisolated(unsafe) private static var ianaCache: [String: ZoneRules] = [:]

    /// Rules for an IANA zone, built once per process.
    static func ianaRules(_ identifier: String) -> ZoneRules? {
        ianaLock.lock(); defer { ianaLock.unlock() }
        if let r = ianaCache[identifier] { return r }
        guard let tz = TimeZone(identifier: identifier) else { return nil }
        let r = ZoneRules.make(from: tz)
        ianaCache[identifier] = r
        return r
    }

    /// Rules from a VTIMEZONE's STANDARD and DAYLIGHT observances up to 2100.
    static func rules(fromVTimeZone c: ICalComponent) -> ZoneRules? {
        var list: [ZoneTransition] = []
        let limit = CivilTime.seconds(year: 2100, month: 1, day: 1, hour: 0, minute: 0, second: 0)
        for obs in c.components where obs.name == "STANDARD" || obs.name == "DAYLIGHT" {
            guard let from = obs.property("TZOFFSETFROM").flatMap({ parseOffset($0.value) }),
                let to = obs.property("TZOFFSETTO").flatMap({ parseOffset($0.value) }),
                let ds = obs.property("DTSTART").flatMap({ ICalDateTime($0.value) })
            else { continue }
            let start = ds.localSeconds
            var onsets: [Int64] = [start]
            if let rr = obs.property("RRULE").flatMap({ try? RecurrenceRule($0.value) }) {
                let until = rr.until
                onsets = rr.expandLocal(
                    start: start, isDate: false,
                    beyondUntil: { local in
                        guard let until else { return false }
                        if case .utc = until.form { return local - Int64(from) > until.localSeconds }
                        return local > until.localSeconds
                    }, limit: limit, maxCount: 1200)
            }
            for rd in obs.properties("RDATE") {
                for v in rd.value.split(separator: ",") {
                    guard let d = ICalDateTime(String(v)) else { continue }
                    if case .utc = d.form { onsets.append(d.localSeconds + Int64(from)) } else { onsets.append(d.localSeconds) }
                }
            }
            let name = obs.property("TZNAME")?.text
            for o in onsets {
                list.append(
                    ZoneTransition(
                        utc: o - Int64(from), before: from, after: to,
                        isDaylight: obs.name == "DAYLIGHT", name: name))
            }
        }
        guard !list.isEmpty else { return nil }
        list.sort { $0.utc < $1.utc }
        return ZoneRules(initialOffset: list[0].before, transitions: list)
    }

    /// The UTC instants over which a VTIMEZONE's own rules apply: from its first onset to
    /// its last, or on without end when an observance has an RRULE without UNTIL or COUNT
    /// or when it has no DAYLIGHT observance (a fixed offset holds until told otherwise,
    /// where a list of yearly switches such as iCalcreator's stops with its last year).
    /// Nil when it has no onset.
    static func coverage(of c: ICalComponent, rules: ZoneRules) -> Range<Int64>? {
        guard let first = rules.transitions.first, let last = rules.transitions.last else { return nil }
        let runsOn =
            !c.components.contains { $0.name == "DAYLIGHT" }
            || c.components.contains { obs in
                guard obs.name == "STANDARD" || obs.name == "DAYLIGHT",
                    let rr = obs.property("RRULE").flatMap({ try? RecurrenceRule($0.value) })
                else { return false }
                return rr.until == nil && rr.count == nil
            }
        return first.utc..<(runsOn ? Int64.max : last.utc + 1)
    }

    /// Parses a UTC-OFFSET value: `+0100`, `-0500`, `+053000`.
    static func parseOffset(_ s: String) -> Int? {
        let b = Array(s.utf8.filter { $0 != 32 })
        guard b.count == 5 || b.count == 7, b[0] == 43 || b[0] == 45 else { return nil }
        var v = [Int]()
        for i in stride(from: 1, to: b.count, by: 2) {
            guard b[i] >= 48, b[i] <= 57, b[i + 1] >= 48, b[i + 1] <= 57 else { return nil }
            v.append(Int(b[i] - 48) * 10 + Int(b[i + 1] - 48))
        }
        let secs = v[0] * 3600 + v[1] * 60 + (v.count > 2 ? v[2] : 0)
        return b[0] == 45 ? -secs : secs
    }

    /// Writes a UTC-OFFSET value.
    static func formatOffset(_ secs: Int) -> String {
        let a = abs(secs)
        var s = (secs < 0 ? "-" : "+") + pad(a / 3600, 2) + pad(a / 60 % 60, 2)
        if a % 60 != 0 { s += pad(a % 60, 2) }
        return s
    }
}
