import Foundation

extension Journal {
    /// The birthdays, anniversaries and due dates that fall in the `days` days from `from`
    /// (that day included), in date order: on one day birthdays, then anniversaries, then
    /// people coming due, each by name.
    ///
    /// A person comes due on the day their cadence says to see them again (see
    /// ``due(asOf:in:through:)``); people already overdue on `from` are not listed here.
    ///
    /// Each comes with the age the person turns, or the years since the anniversary, when
    /// the card gives the year; a date without a year (`--04-12`) comes up every year
    /// without one. A 29 February date comes up on 28 February in common years (and on
    /// 29 February in leap years). A date comes up only after its own year: a birthday
    /// written as 2030-05-01 is not listed before 2031. A window longer than a year lists
    /// a date once for each time it comes round.
    ///
    /// - Parameters:
    ///   - from: the first day of the window (usually today).
    ///   - days: how many days the window holds, 1 to 3660.
    /// - Throws: ``JournalError/invalidValue(field:reason:)`` for `days` out of range.
    /// - Complexity: one or two index ranges of the month and day of birthdays and of
    ///   anniversaries (a migration indexes them): the people whose dates fall in the
    ///   window, not everyone; and one index seek per person with a cadence.
    public func upcoming(from: LocalDate, days: Int) throws -> [UpcomingItem] {
        guard (1...3660).contains(days) else {
            throw JournalError.invalidValue(field: "days", reason: "must be from 1 to 3660")
        }
        let last = from.adding(days: days - 1)
        return try read { db in try UpcomingQueries.items(db, from: from, through: last) }
    }
}
