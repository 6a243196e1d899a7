import Foundation
import GRDB
import ICalendarFormat

/// The calendar of ``Journal/exportReminders(from:through:personID:)``: what is coming,
/// for a calendar or to-do app, and none of the journal's events.
///
/// - A yearly all-day VEVENT (`RRULE:FREQ=YEARLY`) for each birthday and anniversary, with
///   an alarm at 09:00 on the day; a 29 February date repeats on the last day of February
///   (see `EventMapping.yearly`). Its UID is `kith-birthday-<person UID>` (or
///   `kith-anniversary-…`): the same event as `kith export ics --birthdays` writes.
///
/// - A VTODO for each person due by the window's last day (their cadence says it is time
///   to see them; already overdue ones too), DUE on the day they are due, with an alarm at
///   09:00 that day and their name, relation, last-seen day and cadence in the text. Its UID
///   is `kith-due-<person UID>-<YYYYMMDD of the due day>`: the same due day gives the same
///   to-do; seeing them again gives a new due day and a new to-do.
///
/// Every UID comes from the person's UID and what the item is, so a calendar that
/// subscribes to the file, or imports it again, updates its items instead of adding new
/// ones; the same journal on the same day gives the same bytes.
enum ReminderExport {
    /// The reminders as a calendar.
    static func calendar(_ db: Database, from first: LocalDate, through last: LocalDate, personID: Int64?) throws -> ICalendar {
        var calendar = ICalendar()
        calendar.properties.append(ICalProperty(name: "X-WR-CALNAME", value: "Kith reminders"))
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, uid, displayName, birthday, anniversary FROM person
                WHERE (birthday IS NOT NULL OR anniversary IS NOT NULL) AND (?1 IS NULL OR id = ?1)
                ORDER BY displayName COLLATE NOCASE, id
                """, arguments: [personID])
        for row in rows {
            let uid: String = row["uid"], name: String = row["displayName"]
            for (column, kind) in [("birthday", EventMapping.YearlyKind.birthday), ("anniversary", .anniversary)] {
                guard let text: String = row[column], let date = PartialDate(text) else { continue }
                var event = EventMapping.yearly(date, summary: "\(name)'s \(kind.rawValue)", uid: "kith-\(kind.rawValue)-\(uid)", category: kind.category)
                event.components.append(alarm(trigger: "PT9H", related: nil, text: "\(name)'s \(kind.rawValue)"))
                calendar.components.append(event)
            }
        }
        let uids = try db.cachedStatement(sql: "SELECT uid FROM person WHERE id = ?")
        for d in try DueList.dueList(db, asOf: first, in: nil, through: last) where personID == nil || d.person.id == personID {
            guard let uid = try String.fetchOne(uids, arguments: [d.person.id]) else { continue }
            calendar.components.append(todo(d, uid: uid))
        }
        return calendar
    }

    /// The to-do of a person who is due.
    static func todo(_ d: DuePerson, uid: String) -> ICalComponent {
        let name = d.person.displayName
        var todo = ICalComponent(name: "VTODO")
        let day = d.dueDate
        todo.uid = "kith-due-\(uid)-" + String(day.dayNumber)
        todo.dtStamp = ICalDateTime(year: 2000, month: 1, day: 1, form: .utc)
        todo.due = ICalDateTime(year: day.year, month: day.month, day: day.day, form: .date)
        todo.summary = "Get in touch with \(name)"
        let relation = d.relation.map { " (\($0.path))" } ?? ""
        let seen = d.lastSeen.map { "last seen \($0)" } ?? "never seen"
        let source: String
        switch d.cadence.source {
        case .person: source = "their own"
        case .category(let c): source = "from \(c.path)"
        }
        todo.descriptionText = "\(name)\(relation): \(seen); \(d.cadence.cadence.phrase) (\(source))."
        todo.status = "NEEDS-ACTION"
        todo.categories = ["Keep in touch"]
        todo.components.append(alarm(trigger: "PT9H", related: "END", text: "Get in touch with \(name)"))
        return todo
    }

    /// A display alarm: `trigger` a duration from the start (or from the end / DUE when
    /// `related` is `END`).
    static func alarm(trigger: String, related: String?, text: String) -> ICalComponent {
        var alarm = ICalComponent(name: "VALARM")
        alarm.properties.append(ICalProperty(name: "ACTION", value: "DISPLAY"))
        var triggerProperty = ICalProperty(name: "TRIGGER", value: trigger)
        if let related { triggerProperty.parameters.append(ICalParameter("RELATED", related)) }
        alarm.properties.append(triggerProperty)
        alarm.descriptionText = text
        return alarm
    }
}
