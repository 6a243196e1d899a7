/// What the calendar shows for one local day that has events.
public struct DaySummary: Hashable, Sendable, Codable {
    public var date: LocalDate
    /// Events touching the day (an event across midnight counts on each day it touches).
    public var eventCount: Int
    /// The people met that day, by id, ascending.
    public var personIDs: [Int64]
    /// The average mood score (-2...2) of the day's events that have a mood; nil if none has.
    public var moodAverage: Double?
    /// The most frequent mood of the day; ties go to the higher score. Nil if no event has a mood.
    public var dominantMood: Category?
}
