/// How a stretch of the journal has felt: events per month, the moods and their trend,
/// who you saw most and least, and the longest gaps. ``Journal/stats(period:person:in:asOf:top:)``
/// makes one.
///
/// Only what has happened counts: events from the period's first day up to its last day or
/// the `asOf` day, whichever comes first. Each event counts once, in the month of the day it
/// started (where it happened). Moods are the user's own categories; each has a score from
/// -2 to +2, and the averages here are of those scores over the events that have a mood.
public struct Stats: Hashable, Sendable {
    /// The stretch of time asked about.
    public enum Period: Hashable, Sendable, CustomStringConvertible {
        /// From the first event to the `asOf` day.
        case all
        case year(Int)
        case month(year: Int, month: Int)

        /// `all`, `2026` or `2026-03`.
        public var description: String {
            switch self {
            case .all: return "all"
            case .year(let y): return String(y)
            case .month(let y, let m): return "\(y)-\(m < 10 ? "0" : "")\(m)"
            }
        }
    }

    /// One month of the period.
    public struct Month: Hashable, Sendable {
        public var year: Int
        public var month: Int
        /// Events that started in the month.
        public var eventCount: Int
        /// How many of them had each mood, in the order of ``Stats/moods``.
        public var moodCounts: [Int]
        /// The average score of the month's events that have a mood; nil if none has.
        public var meanScore: Double?
        /// The month's most frequent mood (ties to the higher score, then the earlier
        /// mood); nil if no event has one.
        public var dominantMood: Category?

        /// Events of the month that have a mood.
        public var moodTotal: Int { moodCounts.reduce(0, +) }
    }

    /// One mood over the whole period.
    public struct MoodShare: Hashable, Sendable {
        public var mood: Category
        public var count: Int
        /// `count` over the events that have a mood (0 when none has).
        public var share: Double
    }

    /// How often one person was seen in the period.
    public struct PersonCount: Hashable, Sendable {
        public var person: PersonRef
        /// Days with at least one event with them: the measure of how often you saw them
        /// (two events on one day are one meeting; an event over three days, three days).
        public var days: Int
        /// The last day they were seen in the period.
        public var lastSeen: LocalDate
    }

    /// A stretch with no interaction: from one day with an event to the next.
    public struct Gap: Hashable, Sendable {
        /// Whose gap, for the per-person lists; nil for gaps of the whole selection.
        public var person: PersonRef?
        /// The last day with an event before the gap.
        public var from: LocalDate
        /// The next day with an event, or the `asOf` day when there has been none since
        /// (``ongoing``).
        public var to: LocalDate
        /// Whether nothing has happened since ``from`` (up to the `asOf` day).
        public var ongoing: Bool

        /// Days from ``from`` to ``to``.
        public var days: Int { to.daysSinceEpoch - from.daysSinceEpoch }
    }

    public var period: Period
    /// The first day counted; nil when the period holds nothing to count (a journal with no
    /// matching events, or a period wholly after `asOf`).
    public var from: LocalDate?
    /// The last day counted: the period's last day or `asOf`, whichever is earlier.
    public var to: LocalDate?
    public var asOf: LocalDate
    /// Matching events that started in the period.
    public var eventCount: Int
    /// Every month from ``from`` to ``to``, in order, empty ones included.
    public var months: [Month]
    /// Every mood (in category order) with its count and share.
    public var moods: [MoodShare]
    /// Events without a mood.
    public var eventsWithoutMood: Int
    /// The average mood score of the period's events that have a mood.
    public var meanScore: Double?
    /// People (under the relation filter, if any) seen at least once in the period.
    public var peopleSeen: Int
    /// People (under the relation filter, if any) not seen in the period. 0 with a person filter.
    public var peopleNotSeen: Int
    /// The people seen on the most days, most first (ties: seen more lately, then the
    /// person added first). Empty with a person filter.
    public var mostSeen: [PersonCount]
    /// The people seen on the fewest days (at least one), fewest first (ties: seen longer
    /// ago, then the person added first), leaving out anyone in ``mostSeen``. Empty with a
    /// person filter.
    public var leastSeen: [PersonCount]
    /// The longest gaps between consecutive days with a matching event, longest first: with
    /// the person when there is a person filter, else with anyone (under the relation
    /// filter). Gaps that overlap the period count, in full, even when they start before it
    /// or end after it; the last may be ``Gap/ongoing``.
    public var gaps: [Gap]
    /// Per person, the gap that spans the period's last counted day (``to``): from the last
    /// time they were seen on or before it to the next time after it, or to `asOf` if there
    /// has been none; longest first. Only people seen at least once by then. Empty with a
    /// person filter.
    public var neglected: [Gap]

    /// The average score and the most frequent mood of counts per mood (`counts[i]` events
    /// had `moods[i]`): ties go to the higher score, then the earlier mood. Both nil when
    /// every count is 0. The months and the whole period are summed up this way; so can a
    /// caller sum up several months.
    public static func mood(of counts: [Int], moods: [Category]) -> (meanScore: Double?, dominantMood: Category?) {
        var n = 0, sum = 0
        var best: Int?
        for (i, c) in counts.enumerated() where c > 0 && i < moods.count {
            n += c
            sum += c * (moods[i].score ?? 0)
            if let b = best, (counts[b], moods[b].score ?? 0) >= (c, moods[i].score ?? 0) { continue }
            best = i
        }
        return (n > 0 ? Double(sum) / Double(n) : nil, best.map { moods[$0] })
    }
}
