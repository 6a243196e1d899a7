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
