import Kith

/// A day's summary in `--json` output of `kith calendar`.
///
/// Keys: `date` (`YYYY-MM-DD`), `eventCount`, `people` (`id`, `name`), `moodAverage`
/// (-2…2, absent when no event had a mood), `mood` (the dominant mood: `name`, `icon`,
/// `color`, `score`).
struct DaySummaryJSON: Encodable {
    struct Mood: Encodable {
        var name: String
        var icon: String
        var color: String
        var score: Int?
    }
    var date: String
    var eventCount: Int
    var people: [EventJSON.PersonJSON]
    var moodAverage: Double?
    var mood: Mood?

    init(_ d: DaySummary, names: [Int64: String]) {
        date = d.date.description
        eventCount = d.eventCount
        people = d.personIDs.map { EventJSON.PersonJSON(id: $0, name: names[$0] ?? "") }
        moodAverage = d.moodAverage.map { ($0 * 100).rounded() / 100 }
        mood = d.dominantMood.map { Mood(name: $0.name, icon: $0.icon, color: $0.color, score: $0.score) }
    }
}
