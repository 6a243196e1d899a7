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

/// Narrows the day index queries. Nil fields do not filter; given ones all apply.
public struct DayFilter: Sendable, Hashable {
    /// Only events with this person.
    public var personID: Int64?
    /// Only events of this event type or its subcategories.
    public var typeID: Int64?
    /// Only events with someone under this relation category or its subcategories.
    public var relationID: Int64?

    public init(personID: Int64? = nil, typeID: Int64? = nil, relationID: Int64? = nil) {
        self.personID = personID; self.typeID = typeID; self.relationID = relationID
    }

    /// Whether no filter is set.
    public var isEmpty: Bool { personID == nil && typeID == nil && relationID == nil }
}
