/// A line of the people list.
public struct PersonSummary: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var displayName: String
    public var nicknames: [String]
    public var relation: Category?
    /// The local day of the latest event with them that has started, if any.
    public var lastSeen: LocalDate?
    /// All events with them.
    public var eventCount: Int
}
