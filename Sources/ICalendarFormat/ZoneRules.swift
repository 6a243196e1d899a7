import Foundation

/// One change of UTC offset: at `utc` the offset goes from `before` to `after` seconds.
struct ZoneTransition: Hashable, Sendable {
    var utc: Int64
    var before: Int
    var after: Int
    var isDaylight: Bool
    var name: String?
}

/// The offsets of one zone as a sorted list of transitions, answering both directions
/// (UTC to local, local to UTC) in pure integer arithmetic.
///
/// Built once per zone, from a VTIMEZONE or from Foundation's IANA data, then shared.
final class ZoneRules: Sendable {
    let initialOffset: Int
    let transitions: [ZoneTransition]
    /// Whether every offset is within ±26 h (true of any real zone): ``span(local:)``
    /// relies on it, and gives a one-second span otherwise.
    private let offsetsBounded: Bool

    init(initialOffset: Int, transitions: [ZoneTransition]) {
        self.initialOffset = initialOffset
        self.transitions = transitions.sorted { $0.utc < $1.utc }
        offsetsBounded = abs(initialOffset) < Self.window && transitions.allSatisfy { abs($0.after) < Self.window }
    }

    /// How far (seconds) an offset can be: ±26 h.
    private static let window = 26 * 3600

    /// Index of the first transition with `utc > u`.
    @inline(__always)
    private func upperBound(_ u: Int64) -> Int {
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if transitions[mid].utc <= u { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The UTC offset in effect at a UTC instant (seconds).
    func offset(atUTC u: Int64) -> Int {
        let i = upperBound(u)
        return i == 0 ? initialOffset : transitions[i - 1].after
    }

    /// The UTC instant of a wall-clock time (local seconds).
    ///
    /// A time skipped by a spring-forward gap is read with the offset before the gap and a
    /// time repeated by a fall-back is read as its first occurrence (RFC 5545 §3.3.5).
    func utc(fromLocal l: Int64) -> Int64 {
        // Start from the transitions that could matter: offsets are within ±26 h.
        var i = upperBound(l - 26 * 3600)
        var o = i == 0 ? initialOffset : transitions[i - 1].after
        while i < transitions.count {
            let t = transitions[i]
            if l - Int64(o) < t.utc { return l - Int64(o) }
            if l - Int64(t.after) < t.utc { return l - Int64(o) }  // gap: the offset before
            o = t.after
            i += 1
        }
        return l - Int64(o)
    }

    /// Local times `lower..<upper` over which ``utc(fromLocal:)`` subtracts the same `offset`.
    struct LocalSpan {
        var lower: Int64
        var upper: Int64
        var offset: Int
    }

    /// ``utc(fromLocal:)`` of `l` as a span: the offset it subtracts and the range of
    /// local times around `l` that get the same one (gaps and overlaps included), so that
    /// a caller can convert the next times in that range without searching again.
    ///
    /// A local time is read with the offset before transition k (`o_k`) for the first k
    /// with `l < utc_k + max(o_k, o_k+1)`: the span ends at that bound and begins at the
    /// previous one (or 26 h after the last transition the search skipped).
    func span(local l: Int64) -> LocalSpan {
        guard offsetsBounded, l > Int64.min / 2, l < Int64.max / 2 else {
            return LocalSpan(lower: l, upper: l + 1, offset: Int(l - utc(fromLocal: l)))
        }
        let w = Int64(Self.window)
        var i = upperBound(l - w)
        var lower = i == 0 ? Int64.min : transitions[i - 1].utc + w
        var o = i == 0 ? initialOffset : transitions[i - 1].after
        while i < transitions.count {
            let t = transitions[i]
            let bound = t.utc + Int64(max(o, t.after))
            if l < bound { return LocalSpan(lower: lower, upper: bound, offset: o) }
            lower = max(lower, bound)
            o = t.after
            i += 1
        }
        return LocalSpan(lower: lower, upper: Int64.max, offset: o)
    }

    /// `inner` over the UTC instants `from..<to`, `outer` before and after: the
    /// transitions of each in its part, the offset of `outer` before the first.
    static func spliced(_ outer: ZoneRules, _ inner: ZoneRules, from: Int64, to: Int64) -> ZoneRules {
        var list = outer.transitions.filter { $0.utc < from }
        list += inner.transitions.filter { $0.utc >= from && $0.utc < to }
        if to < Int64.max {
            // Back to the outer zone's offset where the inner rules end, if it differs.
            let afterInner = inner.offset(atUTC: to - 1), outerThen = outer.offset(atUTC: to)
            if afterInner != outerThen {
                list.append(ZoneTransition(utc: to, before: afterInner, after: outerThen, isDaylight: false, name: nil))
            }
            list += outer.transitions.filter { $0.utc > to }
        }
        return ZoneRules(initialOffset: outer.initialOffset, transitions: list)
    }

    /// Rules from Foundation's time zone data between 1900 and 2100.
    static func make(from tz: TimeZone) -> ZoneRules {
        let start = Date(timeIntervalSince1970: -2_208_988_800)  // 1900-01-01
        let end = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01
        let initial = tz.secondsFromGMT(for: start)
        var list: [ZoneTransition] = []
        var previous = initial
        var cursor = start
        while let next = tz.nextDaylightSavingTimeTransition(after: cursor), next < end, list.count < 2000 {
            let after = tz.secondsFromGMT(for: next)
            if after != previous {
                list.append(
                    ZoneTransition(
                        utc: Int64(next.timeIntervalSince1970.rounded()), before: previous, after: after,
                        isDaylight: tz.isDaylightSavingTime(for: next), name: tz.abbreviation(for: next)))
                previous = after
            }
            cursor = next
        }
        return ZoneRules(initialOffset: initial, transitions: list)
    }
}
