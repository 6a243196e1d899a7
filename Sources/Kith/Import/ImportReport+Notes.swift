import Foundation

extension ImportReport {
    /// What the file held beyond its cards and events, one sentence each: an empty file, a
    /// calendar with no events (and what it held instead), events that had no UID,
    /// attendees that found no one.
    public var notes: [String] {
        var out: [String] = []
        if fileIsEmpty { out.append("the file is empty; there was nothing to import") }
        // To-dos and journal entries are listed as skipped items too: they are not events.
        let notEvents = (heldComponents["VTODO"] ?? 0) + (heldComponents["VJOURNAL"] ?? 0)
        let events = count(.added) + count(.updated) + count(.unchanged) + count(.skipped) + failures.count - notEvents
        if !fileIsEmpty, events == 0, Format(rawValue: format)?.isCalendar == true {
            let names: [(String, String, String)] = [
                ("VTODO", "to-do", "to-dos"), ("VJOURNAL", "journal entry", "journal entries"),
                ("VFREEBUSY", "free/busy block", "free/busy blocks"), ("VTIMEZONE", "time zone", "time zones"),
            ]
            var parts: [String] = []
            for (name, one, many) in names {
                if let n = heldComponents[name], n > 0 { parts.append("\(n) \(n == 1 ? one : many) (\(name))") }
            }
            for (name, n) in heldComponents.sorted(by: { $0.key < $1.key }) where !names.contains(where: { $0.0 == name }) {
                parts.append("\(n) \(name)")
            }
            out.append(
                parts.isEmpty
                    ? "the calendar holds no events"
                    : "the calendar holds no events, only " + parts.joined(separator: ", ") + "; Kith imports events only")
        }
        if eventsWithoutUID > 0 {
            out.append(
                "\(eventsWithoutUID) event\(eventsWithoutUID == 1 ? "" : "s") had no UID; each was given one made from its start and title, so importing the file again updates them instead of adding them twice"
            )
        }
        if unmatchedAddresses > 0 {
            out.append(
                "\(unmatchedAddresses) attendee\(unmatchedAddresses == 1 ? "" : "s") or organizer\(unmatchedAddresses == 1 ? "" : "s") matched no one in the journal (by e-mail or exact name); they stay on their events and are exported again (import their cards first to link them)"
            )
        }
        return out
    }
}

extension ImportFailure {
    /// The failure of a whole file that could not be read (`line` 0 when not tied to one).
    public init(unreadableAt line: Int, reason: String) {
        self.init(line: line, name: "", reason: reason)
    }
}
