import Foundation
import GRDB
import KithBase

/// Reads for ``Journal/upcoming(from:days:)``: the birthdays and anniversaries that fall in
/// a window of days, and the people coming due in it (`DueList`).
///
/// `person.birthday` and `person.anniversary` hold `YYYY-MM-DD` or `--MM-DD`, so their
/// last five characters are the month and day whatever the year. The `upcoming-days`
/// migration indexes `substr(birthday, -5)` and `substr(anniversary, -5)`; a window is one
/// or two ranges of that key (two when it crosses New Year), read through the index, so a
/// fortnight of a 10,000-person journal reads a few hundred index entries, not every
/// person. SQLite keeps the indexes with the rows in every write: there is nothing of
/// Kith's own to keep exact.
enum UpcomingQueries {
    /// The birthdays, anniversaries and due dates from `first` through `last` (inclusive),
    /// in the order of ``inOrder(_:)``.
    static func items(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> [UpcomingItem] {
        var items: [UpcomingItem] = []
        for (column, kind) in [("birthday", UpcomingItem.Kind.birthday), ("anniversary", .anniversary)] {
            for range in keyRanges(from: first, through: last) {
                let where_ = range.map { _ in "substr(\(column), -5) BETWEEN ? AND ?" } ?? "\(column) IS NOT NULL"
                let statement = try db.cachedStatement(sql: "SELECT id, displayName, \(column) FROM person WHERE " + where_)
                let arguments: StatementArguments = range.map { [$0.low, $0.high] } ?? []
                let rows = try Row.fetchCursor(statement, arguments: arguments)
                while let row = try rows.next() {
                    guard let text: String = row[2], let date = PartialDate(text) else { continue }
                    let person = PersonRef(id: row[0], displayName: row[1])
                    for year in first.year...last.year {
                        guard let day = date.occurrence(in: year), day >= first, day <= last else { continue }
                        let years = date.year.map { year - $0 }
                        // The day itself is not yet a birthday or an anniversary.
                        if years == 0 { continue }
                        items.append(
                            UpcomingItem(
                                date: day, kind: kind, person: person, original: date, years: years,
                                daysAway: day.daysSinceEpoch - first.daysSinceEpoch))
                    }
                }
            }
        }
        // People whose due date falls in the window; those due before it are `kith due`'s.
        for d in try DueList.dueList(db, asOf: first, in: nil, through: last) where d.dueDate >= first {
            items.append(
                UpcomingItem(
                    date: d.dueDate, kind: .due, person: d.person, original: nil, years: nil,
                    daysAway: d.dueDate.daysSinceEpoch - first.daysSinceEpoch, due: d))
        }
        return inOrder(items)
    }

    /// `items` by day, then birthdays, anniversaries and people coming due, then name (as
    /// SQLite's NOCASE orders the people list: ASCII letters without case), then id.
    ///
    /// Each name's key is made once, and the sort is of plain indices: a fortnight of a large
    /// journal has hundreds of items, and a locale-aware comparison per pair took a third of
    /// `kith upcoming`'s instructions.
    static func inOrder(_ items: [UpcomingItem]) -> [UpcomingItem] {
        let names = items.map { item in
            item.person.displayName.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        }
        var order = Array(items.indices)
        order.sort { i, j in
            let a = items[i], b = items[j]
            if a.date != b.date { return a.date < b.date }
            if a.kind != b.kind { return rank(a.kind) < rank(b.kind) }
            if names[i] != names[j] { return names[i].lexicographicallyPrecedes(names[j]) }
            return a.person.id < b.person.id
        }
        return order.map { items[$0] }
    }

    static func rank(_ kind: UpcomingItem.Kind) -> Int {
        switch kind {
        case .birthday: 0
        case .anniversary: 1
        case .due: 2
        }
    }

    /// The ranges of `MM-DD` keys that hold every date coming round from `first` through
    /// `last`; `[nil]` (every row with a date) for a window of a year or more. A window that
    /// ends on 28 February of a common year takes `02-29` too (see ``PartialDate/occurrence(in:)``).
    static func keyRanges(from first: LocalDate, through last: LocalDate) -> [(low: String, high: String)?] {
        guard last.daysSinceEpoch - first.daysSinceEpoch < 365 else { return [nil] }
        let low = key(first.month, first.day)
        var high = key(last.month, last.day)
        if last.month == 2, last.day == 28, !CivilDay.isLeap(last.year) { high = "02-29" }
        if low <= high { return [(low, high)] }
        return [(low, "12-31"), ("01-01", high)]
    }

    /// `MM-DD`.
    static func key(_ month: Int, _ day: Int) -> String {
        (month < 10 ? "0" : "") + String(month) + "-" + (day < 10 ? "0" : "") + String(day)
    }
}
