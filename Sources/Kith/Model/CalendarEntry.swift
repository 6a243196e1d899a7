/// One event on one day of a calendar grid: enough to show its title in its mood's colour
/// and link to it (``Journal/calendarEntries(from:to:)``).
public struct CalendarEntry: Hashable, Sendable {
    /// The local day it is shown on (an event across midnight is on each day it touches).
    public var day: LocalDate
    /// The event's id.
    public var eventID: Int64
    public var title: String
    public var type: Category?
    public var mood: Category?
}
