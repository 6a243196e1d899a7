import KithBase

/// Draws the month grid and the year heat map from per-day summaries. Pure functions of
/// their input: no journal, no clock, no environment.
struct CalendarRenderer {
    /// What one day shows.
    struct Cell: Equatable {
        var count: Int
        /// The dominant mood's colour, `#RRGGBB`.
        var moodColor: String?
    }

    /// The cells of the days that have events, by `yyyymmdd`: two sorted arrays searched by
    /// halves, not a `[Int: Cell]` dictionary, whose first use costs the Swift runtime a scan
    /// of the binary's ~7,000 protocol conformance records for `Int: Hashable` (issue 7).
    struct Days: ExpressibleByDictionaryLiteral, Equatable {
        private(set) var keys: [Int] = []
        private(set) var values: [Cell] = []

        init() {}

        init(dictionaryLiteral elements: (Int, Cell)...) {
            for (key, cell) in elements { self[key] = cell }
        }

        /// Where `key` is, or where it would go.
        private func index(of key: Int) -> (Int, found: Bool) {
            var low = 0, high = keys.count
            while low < high {
                let mid = (low + high) / 2
                if keys[mid] < key { low = mid + 1 } else { high = mid }
            }
            return (low, low < keys.count && keys[low] == key)
        }

        subscript(key: Int) -> Cell? {
            get {
                let (i, found) = index(of: key)
                return found ? values[i] : nil
            }
            set {
                let (i, found) = index(of: key)
                switch (found, newValue) {
                case (true, let cell?): values[i] = cell
                case (true, nil): keys.remove(at: i); values.remove(at: i)
                case (false, let cell?): keys.insert(key, at: i); values.insert(cell, at: i)
                case (false, nil): break
                }
            }
        }
    }

    /// A mood in the legend.
    struct Mood: Equatable {
        var name: String
        var icon: String
        var color: String
        var score: Int
    }

    var terminal: Terminal
    /// 1 = Sunday … 7 = Saturday.
    var firstWeekday: Int
    /// The day to mark as today, as `yyyymmdd`.
    var today: Int?

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]
    static let weekdayNames = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]

    // MARK: Month

    /// The month in `cal` layout. Each day is a cell of four columns, `[12]` when it has
    /// events (or, with colour, the number on the mood colour), `>` before today; when
    /// `showCounts` is on, the number of events follows each busy day.
    func month(year: Int, month: Int, days: Days, moods: [Mood], showCounts: Bool, eventCount: Int? = nil) -> String {
        let cellWidth = showCounts ? 7 : 4
        let gridWidth = cellWidth * 7 - (showCounts ? 3 : 0)
        var lines: [String] = []
        let title = "\(Self.monthNames[month - 1]) \(year)"
        let titlePad = max(0, (gridWidth - title.count) / 2)
        lines.append(String(repeating: " ", count: titlePad) + terminal.bold(title))

        var header = ""
        for i in 0..<7 {
            let name = Self.weekdayNames[(firstWeekday - 1 + i) % 7]
            header += Terminal.pad(" " + name, cellWidth)
        }
        lines.append(trimmed(header))

        let first = Self.weekday(year: year, month: month, day: 1)
        let leading = (first - firstWeekday + 7) % 7
        let count = Self.daysIn(year: year, month: month)
        var line = String(repeating: " ", count: leading * cellWidth)
        var column = leading
        for day in 1...count {
            let key = year * 10000 + month * 100 + day
            line += dayCell(day: day, cell: days[key], isToday: key == today, showCounts: showCounts)
            column += 1
            if column == 7 {
                lines.append(trimmed(line))
                line = ""
                column = 0
            }
        }
        if !line.isEmpty { lines.append(trimmed(line)) }

        let total = eventCount ?? days.values.reduce(0) { $0 + $1.count }
        let busy = days.values.filter { $0.count > 0 }.count
        lines.append("")
        lines.append("\(total) \(total == 1 ? "event" : "events") on \(busy) \(busy == 1 ? "day" : "days")")
        lines.append(contentsOf: legend(moods: moods))
        return lines.joined(separator: "\n")
    }

    private func dayCell(day: Int, cell: Cell?, isToday: Bool, showCounts: Bool) -> String {
        let number = day < 10 ? " \(day)" : "\(day)"
        let busy = (cell?.count ?? 0) > 0
        var text: String
        if terminal.colored {
            var shown = number
            if busy {
                shown = terminal.background(number, hex: cell?.moodColor ?? "#8A8A8A")
            }
            if isToday { shown = terminal.bold(terminal.underline(busy ? shown : terminal.inverse(number))) }
            text = (isToday ? ">" : " ") + shown + " "
        } else {
            text = (isToday ? ">" : busy ? "[" : " ") + number + (busy ? "]" : " ")
        }
        if showCounts {
            if busy, let count = cell?.count {
                let label = count > 99 ? "++" : String(count)
                text += terminal.dim(Terminal.pad(label, 2)) + " "
            } else {
                text += "   "
            }
        }
        return text
    }

    /// The moods and their colours, and what the markers mean.
    func legend(moods: [Mood]) -> [String] {
        var parts: [String] = []
        for mood in moods.sorted(by: { $0.score > $1.score }) {
            let swatch = terminal.colored ? terminal.background("  ", hex: mood.color) : ""
            parts.append((swatch.isEmpty ? "" : swatch + " ") + "\(mood.icon) \(mood.name)")
        }
        var lines = [parts.joined(separator: "  ")]
        lines.append(
            terminal.dim(
                terminal.colored
                    ? "a day in colour has events, in its most frequent mood; > marks today"
                    : "[ ] a day with events; > marks today"))
        return lines
    }

    // MARK: Year

    /// Summary figures of a year.
    struct YearStats: Equatable {
        var total: Int
        var activeDays: Int
        /// The busiest day (`yyyymmdd`) and its count; the earliest on a tie.
        var busiest: (day: Int, count: Int)?
        /// The longest run of consecutive days with events: length, first and last day.
        var streak: (length: Int, first: Int, last: Int)?

        static func == (a: YearStats, b: YearStats) -> Bool {
            a.total == b.total && a.activeDays == b.activeDays
                && a.busiest?.day == b.busiest?.day && a.busiest?.count == b.busiest?.count
                && a.streak?.length == b.streak?.length && a.streak?.first == b.streak?.first
        }
    }

    static func stats(year: Int, days: Days) -> YearStats {
        var stats = YearStats(total: 0, activeDays: 0)
        var run = 0
        var runStart = 0
        for month in 1...12 {
            for day in 1...daysIn(year: year, month: month) {
                let key = year * 10000 + month * 100 + day
                let count = days[key]?.count ?? 0
                if count > 0 {
                    stats.total += count
                    stats.activeDays += 1
                    if count > (stats.busiest?.count ?? 0) { stats.busiest = (key, count) }
                    if run == 0 { runStart = key }
                    run += 1
                    if run > (stats.streak?.length ?? 0) { stats.streak = (run, runStart, key) }
                } else {
                    run = 0
                }
            }
        }
        return stats
    }

    /// The year as a contribution graph: a column per week, a row per weekday, each day
    /// shaded by its number of events (`·░▒▓█` without colour, greens with colour),
    /// then the busiest day, the longest streak and the total.
    func year(_ year: Int, days: Days, eventCount: Int? = nil) -> String {
        let maxCount = days.values.map(\.count).max() ?? 0
        let first = Self.weekday(year: year, month: 1, day: 1)
        let leading = (first - firstWeekday + 7) % 7
        let dayCount = Self.isLeap(year) ? 366 : 365
        let weeks = (leading + dayCount + 6) / 7
        // grid[row][week]
        var grid = Array(repeating: Array(repeating: " ", count: weeks), count: 7)
        var monthStarts: [(week: Int, month: Int)] = []
        var ordinal = 0
        for month in 1...12 {
            for day in 1...Self.daysIn(year: year, month: month) {
                let slot = leading + ordinal
                let week = slot / 7, row = slot % 7
                if day == 1 { monthStarts.append((week, month)) }
                let key = year * 10000 + month * 100 + day
                let count = days[key]?.count ?? 0
                var cell = shade(count: count, max: maxCount)
                if key == today { cell = terminal.colored ? terminal.inverse(cell) : (count == 0 ? "o" : cell) }
                grid[row][week] = cell
                ordinal += 1
            }
        }
        var lines: [String] = []
        lines.append(terminal.bold("\(year)"))
        // Month labels over the week where each month starts.
        var labels = Array(repeating: Character(" "), count: weeks + 3)
        for (week, month) in monthStarts {
            let name = Array(Self.monthNames[month - 1].prefix(3))
            let start = week + 3
            // Skip a label that would run into the previous one.
            guard start + name.count <= labels.count, labels[start..<start + name.count].allSatisfy({ $0 == " " }),
                start == 3 || labels[start - 1] == " "
            else { continue }
            for (i, c) in name.enumerated() { labels[start + i] = c }
        }
        lines.append(trimmed(String(labels)))
        for row in 0..<7 {
            let weekday = (firstWeekday - 1 + row) % 7
            let label = row % 2 == 1 ? Self.weekdayNames[weekday] : "  "
            lines.append(trimmed(label + " " + grid[row].joined()))
        }
        lines.append("")
        lines.append("less " + (0...4).map(glyph(level:)).joined() + " more" + (terminal.colored ? "" : "   o today"))
        let stats = Self.stats(year: year, days: days)
        let total = eventCount ?? stats.total
        lines.append("\(total) \(total == 1 ? "event" : "events") on \(stats.activeDays) \(stats.activeDays == 1 ? "day" : "days")")
        if let busiest = stats.busiest {
            lines.append("busiest day: \(Self.longDate(busiest.day)) (\(busiest.count) \(busiest.count == 1 ? "event" : "events"))")
        }
        if let streak = stats.streak {
            let span = streak.length == 1 ? Self.longDate(streak.first) : "\(Self.longDate(streak.first)) to \(Self.longDate(streak.last))"
            lines.append("longest streak: \(streak.length) \(streak.length == 1 ? "day" : "days"), \(span)")
        }
        return lines.joined(separator: "\n")
    }

    /// One week-cell: a dot for no events, then four levels relative to the busiest day.
    func shade(count: Int, max maxCount: Int) -> String {
        let level: Int
        if count <= 0 {
            level = 0
        } else if maxCount <= 1 {
            level = 4
        } else {
            level = Swift.max(1, Swift.min(4, (count * 4 + maxCount - 1) / maxCount))
        }
        return glyph(level: level)
    }

    /// The cell for a level from 0 (no events) to 4 (as busy as the busiest day).
    func glyph(level: Int) -> String {
        if terminal.colored {
            let greens = ["#3A3F45", "#0E4429", "#006D32", "#26A641", "#39D353"]
            return terminal.foreground(level == 0 ? "·" : "■", hex: greens[level])
        }
        return ["·", "░", "▒", "▓", "█"][level]
    }

    // MARK: Day arithmetic

    /// `Wed 4 Nov 2026`.
    static func longDate(_ key: Int) -> String {
        let y = key / 10000, m = key / 100 % 100, d = key % 100
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday(year: y, month: m, day: d) - 1]
        return "\(weekday) \(d) \(monthNames[m - 1].prefix(3)) \(y)"
    }

    static func isLeap(_ y: Int) -> Bool { CivilDay.isLeap(y) }

    static func daysIn(year: Int, month: Int) -> Int { CivilDay.daysInMonth(year: year, month: month) }

    /// 1 = Sunday … 7 = Saturday.
    static func weekday(year: Int, month: Int, day: Int) -> Int { CivilDay.weekday(year: year, month: month, day: day) }

    private func trimmed(_ s: String) -> String {
        var s = s
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
