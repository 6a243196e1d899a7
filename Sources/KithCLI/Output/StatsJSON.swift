import Kith

/// `kith stats --json` (and `stats` in `kith person show --json`). Stable keys, documented
/// in `kith stats --help`; days are `YYYY-MM-DD`, months `YYYY-MM`, scores from -2 to 2.
struct StatsJSON: Encodable {
    struct Month: Encodable {
        var month: String
        var events: Int
        /// Events per mood path; moods with none are left out.
        var moods: [String: Int]
        var dominantMood: String?
        var meanScore: Double?
    }
    struct Mood: Encodable {
        var mood: String
        var icon: String
        var color: String
        var score: Int
        var count: Int
        var share: Double
    }
    struct Person: Encodable {
        var id: Int64
        var name: String
        var days: Int
        var lastSeen: String
    }
    struct Gap: Encodable {
        var id: Int64?
        var name: String?
        var from: String
        var to: String
        var days: Int
        var ongoing: Bool
    }
    var period: String
    var with: String?
    var `in`: String?
    var asOf: String
    var from: String?
    var to: String?
    var events: Int
    var months: [Month]
    var moods: [Mood]
    var withoutMood: Int
    var meanScore: Double?
    var peopleSeen: Int?
    var peopleNotSeen: Int?
    var mostSeen: [Person]?
    var leastSeen: [Person]?
    var gaps: [Gap]
    var neglected: [Gap]?

    /// Two decimals: enough for a script, stable across platforms.
    static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    init(_ stats: Stats, with person: String?, in relation: String?) {
        let moods = stats.moods.map(\.mood)
        period = stats.period.description
        with = person
        self.in = relation
        asOf = stats.asOf.description
        from = stats.from?.description
        to = stats.to?.description
        events = stats.eventCount
        months = stats.months.map { m in
            var counts: [String: Int] = [:]
            for (i, c) in m.moodCounts.enumerated() where c > 0 { counts[moods[i].path] = c }
            return Month(
                month: "\(m.year)-\(LocalTime.two(m.month))", events: m.eventCount, moods: counts, dominantMood: m.dominantMood?.path,
                meanScore: m.meanScore.map(Self.round))
        }
        self.moods = stats.moods.map {
            Mood(mood: $0.mood.path, icon: $0.mood.icon, color: $0.mood.color, score: $0.mood.score ?? 0, count: $0.count, share: Self.round($0.share))
        }
        withoutMood = stats.eventsWithoutMood
        meanScore = stats.meanScore.map(Self.round)
        func gap(_ g: Stats.Gap) -> Gap {
            Gap(id: g.person?.id, name: g.person?.displayName, from: g.from.description, to: g.to.description, days: g.days, ongoing: g.ongoing)
        }
        gaps = stats.gaps.map(gap)
        if person == nil {
            func row(_ p: Stats.PersonCount) -> Person {
                Person(id: p.person.id, name: p.person.displayName, days: p.days, lastSeen: p.lastSeen.description)
            }
            peopleSeen = stats.peopleSeen
            peopleNotSeen = stats.peopleNotSeen
            mostSeen = stats.mostSeen.map(row)
            leastSeen = stats.leastSeen.map(row)
            neglected = stats.neglected.map(gap)
        }
    }
}
