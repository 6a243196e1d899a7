import Foundation
import Kith

/// The journal's settings (`kith settings`) for this run, read once when the journal is
/// opened (``JournalOptions/open(journal:)``), so that every command honours them without
/// asking: colour (after `--color`, `NO_COLOR` and `KITH_COLOR`), the first day of the week
/// (after `--monday`/`--sunday`) and the time zone of new events (after `--tz`).
enum Preferences {
    /// What the journal holds; empty until a journal is opened, or when none is set.
    nonisolated(unsafe) static var stored: [Setting: String] = [:]

    /// Reads the settings of `journal`; a journal that cannot say keeps the defaults.
    static func load(from journal: Journal) {
        stored = (try? journal.storedSettings()) ?? [:]
    }

    /// `color`, when set to something other than `auto`.
    static var color: ColorChoice? {
        guard let choice = stored[.color].flatMap(ColorChoice.init(rawValue:)), choice != .auto else { return nil }
        return choice
    }

    /// `week-start` as `Calendar`'s first weekday (1 = Sunday, 2 = Monday), when set.
    static var firstWeekday: Int? {
        stored[.weekStart].map { WeekStart(rawValue: $0) == .monday ? 2 : 1 }
    }

    /// `time-zone`, when set to a zone rather than `system`.
    static var timeZone: TimeZone? {
        guard let value = stored[.timeZone], value != ZoneChoice.system.rawValue else { return nil }
        return TimeZone(identifier: value)
    }

    /// The values of `week-start` (as `Setting` normalizes them).
    enum WeekStart: String { case sunday, monday }

    /// The one `time-zone` value that is not a zone name: this machine's zone.
    enum ZoneChoice: String { case system }
}
