/// What the calendar shows for one local day that has events.
public struct DaySummary: Hashable, Sendable, Codable {
    public var date: LocalDate
    /// Events touching the day (an event across midnight counts on each day it touches).
    public var eventCount: Int
    /// The people met that day, by id, ascending.
    ///
    /// Read from the day index's stored list when asked for (each time), so that a month or
    /// a year costs nothing for the people of days nobody looks at.
    public var personIDs: [Int64] {
        get { people.ids }
        set { people = PersonIDList(newValue) }
    }
    /// The average mood score (-2...2) of the day's events that have a mood; nil if none has.
    public var moodAverage: Double?
    /// The most frequent mood of the day; ties go to the higher score. Nil if no event has a mood.
    public var dominantMood: Category?
    /// The storage behind ``personIDs``.
    var people: PersonIDList

    public init(date: LocalDate, eventCount: Int, personIDs: [Int64], moodAverage: Double?, dominantMood: Category?) {
        self.init(
            date: date, eventCount: eventCount, people: PersonIDList(personIDs), moodAverage: moodAverage,
            dominantMood: dominantMood)
    }

    init(date: LocalDate, eventCount: Int, people: PersonIDList, moodAverage: Double?, dominantMood: Category?) {
        self.date = date
        self.eventCount = eventCount
        self.people = people
        self.moodAverage = moodAverage
        self.dominantMood = dominantMood
    }

    enum CodingKeys: String, CodingKey {
        case date, eventCount, people = "personIDs", moodAverage, dominantMood
    }
}
