import Foundation

/// One occurrence of an event: its start as written (wall clock, same form as DTSTART)
/// and its start and end instants.
public struct ICalOccurrence: Hashable, Sendable {
    /// The start in the event's own form (DATE, floating, UTC or with its TZID).
    public var start: ICalDateTime
    public var startDate: Date
    public var endDate: Date
    /// The RECURRENCE-ID that identifies this occurrence (the unmodified start).
    public var recurrenceID: ICalDateTime
    /// True when a component with this RECURRENCE-ID replaced the generated occurrence.
    public var isOverride: Bool

    public init(start: ICalDateTime, startDate: Date, endDate: Date, recurrenceID: ICalDateTime, isOverride: Bool = false) {
        self.start = start; self.startDate = startDate; self.endDate = endDate
        self.recurrenceID = recurrenceID; self.isOverride = isOverride
    }
}
