import Foundation
import GRDB

extension Journal {
    /// How a stretch of the journal has felt: events per month, the moods and the mood of
    /// each month, who you saw most and least, and the longest gaps. See ``Stats`` for what
    /// each part counts.
    ///
    /// Reads the events' start days and moods, and the day index for the days seen, in one
    /// read transaction.
    /// - Parameters:
    ///   - period: all, a year or a month. Only days up to `asOf` count.
    ///   - person: only events with this person (by id); the people lists are then empty.
    ///   - relation: only events with someone under this relation category or its
    ///     subcategories (by id), and only those people in the people lists.
    ///   - asOf: the day the stats are taken on (today by default): later, planned events
    ///     are left out and an ongoing gap ends here.
    ///   - top: how many people and gaps each list holds at most.
    /// - Throws: ``JournalError/personNotFound(id:)``, ``JournalError/categoryNotFound(id:)``,
    ///   ``JournalError/wrongCategoryKind(expected:path:)``, or
    ///   ``JournalError/invalidValue(field:reason:)`` for a month outside 1...12.
    /// - Complexity: O(events that started in the period + days with events in it + people
    ///   in the selection × log of the day index).
    public func stats(period: Stats.Period, person: Int64? = nil, in relation: Int64? = nil, asOf: LocalDate = .today(), top: Int = 5) throws -> Stats {
        try read { db in
            try StatsQuery.stats(db, period: period, personID: person, relationID: relation, asOf: asOf, top: max(0, top))
        }
    }
}
