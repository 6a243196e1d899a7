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
    ///
    /// Both columns are read by one statement a key range (`UNION ALL`), stepped straight
    /// through SQLite (``RawRow``): GRDB's `Row` cursor and a second statement cost more
    /// than the fortnight's rows.
    static func items(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> [UpcomingItem] {
        var items: [UpcomingItem] = []
        for range in keyRanges(from: first, through: last) {
            let statement = try db.cachedStatement(sql: range == nil ? everySQL : rangeSQL)
            try RawRow.each(
                db, statement,
                { b in
                    if let range {
                        b.text(range.low); b.text(range.high)
                    }
                }
            ) { row in
                guard let date = PartialDate(row.text(3)) else { return }
                let kind: UpcomingItem.Kind = row.int(0) == 0 ? .birthday : .anniversary
                var person: PersonRef?
                for year in first.year...last.year {
                    guard let day = date.occurrence(in: year), day >= first, day <= last else { continue }
                    let years = date.year.map { year - $0 }
                    // The day itself is not yet a birthday or an anniversary.
                    if years == 0 { continue }
                    if person == nil { person = PersonRef(id: row.int(1), displayName: row.text(2)) }
                    items.append(
                        UpcomingItem(
                            date: day, kind: kind, person: person!, original: date, years: years,
                            daysAway: day.daysSinceEpoch - first.daysSinceEpoch))
                }
            }
        }
        // People whose due date falls in the window; those due before it are `kith due`'s.
        for d in try DueList.dueList(db, asOf: first, in: nil, from: first, through: last) {
            items.append(
                UpcomingItem(
                    date: d.dueDate, kind: .due, person: d.person, original: nil, years: nil,
                    daysAway: d.dueDate.daysSinceEpoch - first.daysSinceEpoch, due: d))
        }
        return inOrder(items)
    }

    /// Birthdays (0) and anniversaries (1) whose `MM-DD` is in `?1...?2`, through the indexes.
    static let rangeSQL = """
        SELECT 0, id, displayName, birthday FROM person WHERE substr(birthday, -5) BETWEEN ?1 AND ?2
        UNION ALL SELECT 1, id, displayName, anniversary FROM person WHERE substr(anniversary, -5) BETWEEN ?1 AND ?2
        """

    /// Every birthday (0) and anniversary (1): a window of a year or more.
    static let everySQL = """
        SELECT 0, id, displayName, birthday FROM person WHERE birthday IS NOT NULL
        UNION ALL SELECT 1, id, displayName, anniversary FROM person WHERE anniversary IS NOT NULL
        """

    /// `items` by day, then birthdays, anniversaries and people coming due, then name (as
    /// SQLite's NOCASE orders the people list: ASCII letters without case), then id.
    ///
    /// The sort is of plain integers (the day and kind above the item's index), names
    /// compared only between items of the same day and kind, byte by byte as they are read:
    /// comparing whole items (a name, a date, a due person each) took a tenth of
    /// `kith upcoming`'s instructions, and an array of a new type (a tuple of keys) costs the
    /// Swift runtime its metadata.
    static func inOrder(_ items: [UpcomingItem]) -> [UpcomingItem] {
        // A day and kind is below 2^31, a window holds far fewer than 2^32 items.
        var keys = items.indices.map { i in (items[i].date.dayNumber * 4 + rank(items[i].kind)) << 32 | i }
        mergeSort(&keys) { a, b in
            if a >> 32 != b >> 32 { return a < b }
            let x = items[a & 0xFFFF_FFFF].person, y = items[b & 0xFFFF_FFFF].person
            return precedes(x.displayName, y.displayName) ?? (x.id < y.id)
        }
        return keys.map { items[$0 & 0xFFFF_FFFF] }
    }

    /// Sorts `keys` by `less`, a bottom-up merge sort (stable). Not the standard library's
    /// sort: it keeps its runs in a `[Range<Int>]`, whose metadata costs the Swift runtime a
    /// look through every conformance in the binary (0.3 M instructions of
    /// `kith upcoming`).
    static func mergeSort(_ keys: inout [Int], by less: (Int, Int) -> Bool) {
        let n = keys.count
        var from = keys, to = keys, width = 1
        while width < n {
            var start = 0
            while start < n {
                let mid = min(start + width, n), end = min(start + 2 * width, n)
                var i = start, j = mid, k = start
                while i < mid && j < end {
                    if less(from[j], from[i]) {
                        to[k] = from[j]
                        j += 1
                    } else {
                        to[k] = from[i]
                        i += 1
                    }
                    k += 1
                }
                while i < mid {
                    to[k] = from[i]
                    i += 1
                    k += 1
                }
                while j < end {
                    to[k] = from[j]
                    j += 1
                    k += 1
                }
                start = end
            }
            swap(&from, &to)
            width *= 2
        }
        keys = from
    }

    /// Whether `a` comes before `b` with ASCII letters folded to lower case, byte by byte
    /// (a prefix first); nil when they are the same so folded.
    static func precedes(_ a: String, _ b: String) -> Bool? {
        var i = a.utf8.makeIterator(), j = b.utf8.makeIterator()
        while true {
            guard let x = i.next() else { return j.next() == nil ? nil : true }
            guard let y = j.next() else { return false }
            let fx = x >= 65 && x <= 90 ? x + 32 : x, fy = y >= 65 && y <= 90 ? y + 32 : y
            if fx != fy { return fx < fy }
        }
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
