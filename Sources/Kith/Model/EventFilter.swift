import Foundation

/// Filters of the timeline, ``Journal/events(_:icalLines:)``. Nil fields do not filter.
public struct EventFilter: Sendable {
    /// First local day (inclusive); an event touching it counts.
    public var from: LocalDate?
    /// Last local day (inclusive).
    public var to: LocalDate?
    public var personID: Int64?
    /// An event type; its subcategories match too.
    public var typeID: Int64?
    public var moodID: Int64?
    /// Place name, matched as a substring; case and accents ignored.
    public var place: String?
    /// Words searched in titles and notes (every word must appear; case and accents ignored).
    public var search: String?
    public var newestFirst: Bool
    public var limit: Int?

    public init(
        from: LocalDate? = nil, to: LocalDate? = nil, personID: Int64? = nil, typeID: Int64? = nil,
        moodID: Int64? = nil, place: String? = nil, search: String? = nil, newestFirst: Bool = true,
        limit: Int? = nil
    ) {
        self.from = from; self.to = to; self.personID = personID; self.typeID = typeID; self.moodID = moodID
        self.place = place; self.search = search; self.newestFirst = newestFirst; self.limit = limit
    }
}
