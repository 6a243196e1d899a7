import Foundation
import GRDB

extension Journal {
    // MARK: Queries

    /// The days from `from` to `to` (inclusive) that have matching events, in order.
    ///
    /// Without a filter this reads only the per-day summary table; with one it aggregates
    /// the indexed per-day event rows of the range. Neither scans all events.
    /// - Complexity: O(days with events in the range) without a filter, O(event-days in the
    ///   range) with one.
    public func days(from: LocalDate, to: LocalDate, filter: DayFilter = DayFilter()) throws -> [DaySummary] {
        try read { db in try DayIndex.daySummaries(db, from: from.dayNumber, to: to.dayNumber, filter: filter) }
    }

    /// The days of a month that have matching events.
    public func month(year: Int, month: Int, filter: DayFilter = DayFilter()) throws -> [DaySummary] {
        guard (1...12).contains(month) else { throw JournalError.invalidValue(field: "month", reason: "\(month) is not 1...12") }
        let first = year * 10000 + month * 100
        return try read { db in try DayIndex.daySummaries(db, from: first + 1, to: first + 31, filter: filter) }
    }

    /// What the month view shows, read in one transaction: the days of the month that have
    /// matching events (as ``month(year:month:filter:)``), the moods (as
    /// `categories(kind: .mood)`) and how many matching events touch the month, each once
    /// (as ``eventCount(from:to:filter:)`` from the 1st to the 31st).
    ///
    /// One read instead of three, the moods read once instead of twice (issue 7).
    public func monthView(year: Int, month: Int, filter: DayFilter = DayFilter())
        throws -> (days: [DaySummary], moods: [Category], eventCount: Int)
    {
        guard (1...12).contains(month) else { throw JournalError.invalidValue(field: "month", reason: "\(month) is not 1...12") }
        let first = year * 10000 + month * 100
        return try read { db in
            let moods = try Journal.fetchCategories(db, kind: .mood)
            let days = try DayIndex.daySummaries(db, from: first + 1, to: first + 31, filter: filter, moods: moods)
            return (days, moods, try DayIndex.eventCount(db, from: first + 1, to: first + 31, filter: filter))
        }
    }

    /// The days of a year that have matching events.
    public func year(_ year: Int, filter: DayFilter = DayFilter()) throws -> [DaySummary] {
        try read { db in try DayIndex.daySummaries(db, from: year * 10000 + 101, to: year * 10000 + 1231, filter: filter) }
    }

    /// The events touching a local day, in time order, read through the day index.
    public func events(on day: LocalDate, filter: DayFilter = DayFilter()) throws -> [Event] {
        try read { db in
            let (sql, arguments) = try DayIndex.dayEventSQL(db, select: "de.eventId", from: day.dayNumber, to: day.dayNumber, filter: filter)
            let ids = try Int64.fetchAll(db, sql: sql, arguments: arguments)
            return Journal.inLocalOrder(try Journal.fetchEvents(db, ids: ids))
        }
    }

    /// How many matching events touch the days from `from` to `to` (inclusive), each counted
    /// once: the day summaries count an event across midnight on every day it touches.
    /// - Complexity: O(event-days in the range), through the index.
    public func eventCount(from: LocalDate, to: LocalDate, filter: DayFilter = DayFilter()) throws -> Int {
        try read { db in try DayIndex.eventCount(db, from: from.dayNumber, to: to.dayNumber, filter: filter) }
    }

    /// Rebuilds the day index from the events and compares it with the stored one; also
    /// checks that each trait learned in an event is about one of its people, that each
    /// person's last interaction read from the index is the one the events give, and that
    /// the stored cadences and snoozes are well formed.
    /// - Throws: ``JournalError/invariantViolation(_:)`` describing the first differences.
    /// - Complexity: O(all events and the days they touch).
    public func checkInvariants() throws {
        try read { db in
            try DayIndex.checkDayIndex(db)
            try CadenceStore.check(db)
        }
    }
}
