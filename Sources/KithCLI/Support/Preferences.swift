import Foundation
import Kith

/// The journal's settings (`kith settings`) for this run, read once when the journal is
/// opened (``JournalOptions/open(journal:)``), so that every command honours them without
/// asking: colour (after `--color`, `NO_COLOR` and `KITH_COLOR`), the first day of the week
/// (after `--monday`/`--sunday`) and the time zone of new events (after `--tz`).
enum Preferences {
    /// What the journal holds for ``read`` (in its order); nil until a journal is opened,
    /// or where none is set. Not a dictionary: the first `[Setting: String]` of a run costs
    /// the Swift runtime a look through every conformance in the binary (issue 19).
    nonisolated(unsafe) static var stored: [String?] = [nil, nil, nil]

    /// The settings this reads.
    static let read: [Setting] = [.color, .weekStart, .timeZone]

    /// Reads the settings of `journal`; a journal that cannot say keeps the defaults.
    static func load(from journal: Journal) {
        stored = (try? journal.storedValues(of: read)) ?? [nil, nil, nil]
    }

    /// The value stored for `setting` (one of ``read``).
    static func value(_ setting: Setting) -> String? {
        read.firstIndex(of: setting).flatMap { stored[$0] }
    }

    /// `color`, when set to something other than `auto`.
    static var color: ColorChoice? {
        guard let choice = value(.color).flatMap(ColorChoice.init(rawValue:)), choice != .auto else { return nil }
        return choice
    }

    /// `week-start` as `Calendar`'s first weekday (1 = Sunday, 2 = Monday), when set.
    static var firstWeekday: Int? {
        value(.weekStart).map { WeekStart(rawValue: $0) == .monday ? 2 : 1 }
    }

    /// `time-zone`, when set to a zone rather than `system`.
    static var timeZone: TimeZone? {
        guard let value = value(.timeZone), value != ZoneChoice.system.rawValue else { return nil }
        return TimeZone(identifier: value)
    }

    /// The values of `week-start` (as `Setting` normalizes them).
    enum WeekStart: String { case sunday, monday }

    /// The one `time-zone` value that is not a zone name: this machine's zone.
    enum ZoneChoice: String { case system }
}
