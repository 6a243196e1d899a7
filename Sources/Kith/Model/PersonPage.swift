/// Everything the journal knows about one person, for their page.
public struct PersonPage: Hashable, Sendable, Codable {
    public var person: Person
    /// Traits by category (in category order), newest first within each.
    public var traits: [TraitGroup]
    /// Events with them, newest first (the newest `eventLimit` when the page was read with one).
    public var events: [Event]
    /// How many events they are in, all of them (more than ``events`` holds when limited).
    public var eventCount: Int
    /// The local day of the latest event with them up to the page's date, if any.
    public var lastSeen: LocalDate?
    /// Events with them in each of the last twelve months, oldest month first (the page's
    /// month last), counted from the day index as `kith stats` counts: an event that spans
    /// days counts on each day it touches.
    public var meetingsPerMonth: [MonthCount]
    /// The average of ``meetingsPerMonth``.
    public var averagePerMonth: Double
}
