import Foundation
import GRDB

extension Journal {
    /// Which events an export writes: a `WHERE` clause on `event` (empty for all) and its
    /// values.
    struct EventSelection {
        var clause = ""
        var arguments = StatementArguments()
        /// The lowest and highest id it can hold, to narrow the reads of related tables.
        var ids: ClosedRange<Int64> = Int64.min...Int64.max
        /// Whether it holds few of the events between those ids (a person's, a month's):
        /// the related rows are then looked up per event rather than read in one pass.
        var sparse = false

        /// Every event.
        init() {}

        /// One event.
        init(id: Int64) {
            clause = " WHERE id = ?"
            arguments = [id]
            ids = id...id
            sparse = true
        }

        /// The events of ``CalendarExportOptions`` (days and person), by the timeline's rules.
        init(_ db: Database, _ options: CalendarExportOptions) throws {
            guard options.from != nil || options.to != nil || options.personID != nil else { return }
            let (tail, args) = try Journal.eventSelection(db, EventFilter(from: options.from, to: options.to, personID: options.personID, newestFirst: false))
            clause = " WHERE id IN (SELECT id FROM event" + tail + ")"
            arguments = args
        }
    }
}
