/// Everything the journal knows about one person, for their page.
public struct PersonPage: Hashable, Sendable, Codable {
    public var person: Person
    /// Traits by category (in category order), newest first within each.
    public var traits: [TraitGroup]
    /// Events with them, newest first.
    public var events: [Event]
    /// The local day of the latest event with them up to the page's date, if any.
    public var lastSeen: LocalDate?
    /// Events with them that started in each of the last twelve months, oldest month first
    /// (the page's month last).
    public var meetingsPerMonth: [MonthCount]
    /// The average of ``meetingsPerMonth``.
    public var averagePerMonth: Double
}

/// The traits of one category.
public struct TraitGroup: Hashable, Sendable, Codable {
    public var category: Category
    public var traits: [TraitEntry]
}

/// One trait of one person, with where it was learned.
public struct TraitEntry: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var category: Category
    public var text: String
    /// The event it was learned at; nil for traits that came from elsewhere (an import).
    public var source: EventRef?
}

/// A short reference to an event: enough to say when and where.
public struct EventRef: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var title: String
    public var day: LocalDate
    public var place: String?
}

/// How many events in one month.
public struct MonthCount: Hashable, Sendable, Codable {
    public var year: Int
    public var month: Int
    public var count: Int
}

/// Matching traits of one person, for "who likes climbing?".
public struct PersonTraits: Hashable, Sendable, Codable {
    public var person: PersonRef
    /// Newest first.
    public var traits: [TraitEntry]
}
