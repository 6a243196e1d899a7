import GRDB

extension Journal {
    /// The events of each day from `from` to `to` (inclusive), for a calendar grid: title,
    /// type and mood, by day then start time, read from the day index in one query (no
    /// event is loaded whole).
    /// - Complexity: O(event-days in the range), through the day index's primary key.
    public func calendarEntries(from: LocalDate, to: LocalDate) throws -> [CalendarEntry] {
        try read { db in
            let categories = Dictionary(uniqueKeysWithValues: try Journal.fetchCategories(db, kind: nil).map { ($0.id, $0) })
            var out: [CalendarEntry] = []
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT de.day, e.id, e.title, e.typeId, e.moodId FROM dayEvent de JOIN event e ON e.id = de.eventId
                        WHERE de.day BETWEEN ? AND ? ORDER BY de.day, e.startAt, e.id
                        """), arguments: [from.dayNumber, to.dayNumber])
            while let row = try rows.next() {
                let type: Int64? = row[3], mood: Int64? = row[4]
                out.append(
                    CalendarEntry(
                        day: LocalDate(dayNumber: row[0]), eventID: row[1], title: row[2],
                        type: type.flatMap { categories[$0] }, mood: mood.flatMap { categories[$0] }))
            }
            return out
        }
    }
}
