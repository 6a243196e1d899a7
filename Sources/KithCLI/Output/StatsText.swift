import Kith

/// `kith stats` as text: pure functions of a ``Stats`` value and a terminal.
///
/// Bars are `█` with eighth blocks for the rest; with colour each month's bar is split into
/// its moods' colours (events without a mood dimmed) and each mood's bar is in its colour.
/// Without colour the same characters print, plain.
struct StatsText {
    var terminal: Terminal
    /// Widest bar, in columns.
    var barWidth = 24

    /// `3 Mar 2025`.
    static func day(_ d: LocalDate) -> String { "\(d.day) \(LocalTime.months[d.month - 1]) \(d.year)" }

    /// `+0.8`, `-1.2`, `0.0`.
    static func score(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let text = "\(abs(tenths) / 10).\(abs(tenths) % 10)"
        return tenths > 0 ? "+" + text : tenths < 0 ? "-" + text : text
    }

    /// `40%`.
    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

    /// `value / top` of `width` columns in full and eighth blocks; at least one eighth for
    /// anything above zero.
    static func bar(_ value: Int, of top: Int, width: Int) -> String {
        guard value > 0, top > 0 else { return "" }
        let eighths = max(1, Int((Double(value) / Double(top) * Double(width * 8)).rounded()))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }

    /// A bar for `total` of `top` whose whole cells are split in proportion to `parts`
    /// (count, colour), the rest dimmed; plain without colour.
    func stackedBar(_ parts: [(Int, String)], total: Int, of top: Int) -> String {
        let plain = Self.bar(total, of: top, width: barWidth)
        guard terminal.colored, total > 0 else { return plain }
        let cells = Array(plain)
        var out = "", start = 0, running = 0
        for (count, color) in parts where count > 0 {
            running += count
            let end = Int((Double(running) / Double(total) * Double(cells.count)).rounded())
            if end > start { out += terminal.foreground(String(cells[start..<end]), hex: color) }
            start = max(start, end)
        }
        if start < cells.count { out += terminal.dim(String(cells[start...])) }
        return out
    }

    /// A sparkline of counts, one character each.
    static func sparkline(_ counts: [Int]) -> String {
        let top = counts.max() ?? 0
        let bars = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return counts.map { top == 0 || $0 == 0 ? " " : bars[min(7, ($0 * 8 - 1) / top)] }.joined()
    }

    func moodLabel(_ mood: Category?) -> String {
        guard let mood else { return "" }
        return terminal.foreground((mood.icon.isEmpty ? "" : mood.icon + " ") + mood.name, hex: mood.color)
    }

    /// The whole page. `scope` says what was selected (`with Ana Lima`, `in Family`).
    func render(_ stats: Stats, scope: String, personFilter: Bool) -> String {
        var out: [String] = []
        let periodName = stats.period == .all ? "all time" : stats.period.description
        out.append(terminal.bold("How it has felt: \(periodName)") + (scope.isEmpty ? "" : terminal.dim(" (\(scope))")))
        guard let from = stats.from, let to = stats.to else {
            out.append("nothing to count yet" + (stats.period == .all ? "" : " in \(periodName)"))
            return out.joined(separator: "\n")
        }
        var summary = "\(stats.eventCount) \(stats.eventCount == 1 ? "event" : "events") from \(Self.day(from)) to \(Self.day(to))"
        if !personFilter { summary += ", \(stats.peopleSeen) \(stats.peopleSeen == 1 ? "person" : "people") seen" }
        if let mean = stats.meanScore { summary += ", mood \(Self.score(mean)) on average (-2 to +2)" }
        out.append(summary)
        out.append("")
        out.append(contentsOf: months(stats))
        out.append("")
        out.append(contentsOf: moods(stats))
        if !personFilter {
            out.append("")
            out.append(contentsOf: people(stats))
        }
        out.append("")
        out.append(contentsOf: gaps(stats, personFilter: personFilter))
        return out.joined(separator: "\n")
    }

    /// Events per month (a row a year, its months as a sparkline, over more than twelve months) with the mood of each.
    func months(_ stats: Stats) -> [String] {
        let moods = stats.moods.map(\.mood)
        var table = Table()
        table.rightAligned = [1]
        if stats.months.count > 12 {
            // A row a year: its months as a sparkline, its mood from all its months.
            var years: [(year: Int, months: [Stats.Month])] = []
            for m in stats.months {
                if years.last?.year == m.year { years[years.count - 1].months.append(m) } else { years.append((m.year, [m])) }
            }
            table.add([terminal.dim("Year"), terminal.dim("events"), terminal.dim("Jan–Dec"), terminal.dim("mood"), ""])
            for (year, months) in years {
                var counts = Array(repeating: 0, count: 12)
                var moodCounts = Array(repeating: 0, count: moods.count)
                for m in months {
                    counts[m.month - 1] = m.eventCount
                    for (i, c) in m.moodCounts.enumerated() { moodCounts[i] += c }
                }
                let (mean, dominant) = Stats.mood(of: moodCounts, moods: moods)
                table.add([
                    "  \(year)", String(counts.reduce(0, +)), Self.sparkline(counts), moodLabel(dominant), mean.map(Self.score) ?? "",
                ])
            }
        } else {
            let top = stats.months.map(\.eventCount).max() ?? 0
            table.add([terminal.dim("Month"), terminal.dim("events"), "", terminal.dim("mood"), ""])
            for m in stats.months {
                let parts = zip(m.moodCounts, moods).map { ($0, $1.color) }
                table.add([
                    "  \(LocalTime.months[m.month - 1]) \(m.year)", String(m.eventCount), stackedBar(parts, total: m.eventCount, of: top),
                    moodLabel(m.dominantMood), m.meanScore.map(Self.score) ?? "",
                ])
            }
        }
        return [terminal.bold("Events per month") + terminal.dim("  (mood: the most frequent, and the average score)"), table.render()]
    }

    /// Each mood's share, as bars in its colour.
    func moods(_ stats: Stats) -> [String] {
        let withMood = stats.moods.reduce(0) { $0 + $1.count }
        var lines = [terminal.bold("Moods") + terminal.dim("  (\(withMood) of \(stats.eventCount) events have one)")]
        let top = stats.moods.map(\.count).max() ?? 0
        var table = Table()
        table.rightAligned = [2, 3]
        for share in stats.moods {
            table.add([
                "  " + moodLabel(share.mood), terminal.foreground(Self.bar(share.count, of: top, width: barWidth), hex: share.mood.color),
                Self.percent(share.share), String(share.count),
            ])
        }
        if stats.eventsWithoutMood > 0 { table.add(["  " + terminal.dim("no mood"), "", "", String(stats.eventsWithoutMood)]) }
        lines.append(table.render())
        return lines
    }

    /// Most and least seen.
    func people(_ stats: Stats) -> [String] {
        var lines: [String] = []
        guard !stats.mostSeen.isEmpty else {
            return [terminal.bold("People") + "  no one seen" + (stats.peopleNotSeen > 0 ? " (\(stats.peopleNotSeen) not seen)" : "")]
        }
        func table(_ title: String, _ rows: [Stats.PersonCount]) -> String {
            var t = Table()
            t.rightAligned = [1]
            t.add([terminal.bold(title), terminal.dim("days"), terminal.dim("last seen")])
            for r in rows { t.add(["  " + r.person.displayName, String(r.days), Self.day(r.lastSeen)]) }
            return t.render()
        }
        lines.append(table("Most seen", stats.mostSeen))
        // Least seen only says something new when more people were seen than the first list shows.
        if stats.peopleSeen > stats.mostSeen.count { lines.append(table("Least seen", stats.leastSeen)) }
        if stats.peopleNotSeen > 0 {
            lines.append(terminal.dim("  \(stats.peopleNotSeen) \(stats.peopleNotSeen == 1 ? "other" : "others") not seen in this period"))
        }
        return lines
    }

    /// The longest gaps, and per person the gap they were in at the end.
    func gaps(_ stats: Stats, personFilter: Bool) -> [String] {
        func rows(_ gaps: [Stats.Gap], names: Bool) -> String {
            var t = Table()
            t.rightAligned = names ? [1] : [0]
            for g in gaps {
                let span = "\(Self.day(g.from)) → " + (g.ongoing ? "\(Self.day(g.to)) " + terminal.dim("(still)") : Self.day(g.to))
                let days = "\(g.days) days"
                t.add(names ? ["  " + (g.person?.displayName ?? ""), days, span] : ["  " + days, span])
            }
            return t.render()
        }
        var lines = [terminal.bold("Longest gaps") + terminal.dim(personFilter ? "  (between days with them)" : "  (between days with anyone)")]
        lines.append(stats.gaps.isEmpty ? "  none" : rows(stats.gaps, names: false))
        if !personFilter, !stats.neglected.isEmpty, let to = stats.to {
            lines.append("")
            lines.append(terminal.bold("Most neglected") + terminal.dim("  (the gap each person was in on \(Self.day(to)))"))
            lines.append(rows(stats.neglected, names: true))
        }
        return lines
    }

    // MARK: On a person's page

    /// The moods of their events, most frequent first, after a bar split in the moods'
    /// colours (the bar only with colour); empty when no event with them has a mood.
    func compactMoods(_ stats: Stats) -> String {
        let total = stats.moods.reduce(0) { $0 + $1.count }
        guard total > 0 else { return "" }
        let shown = stats.moods.filter { $0.count > 0 }.sorted { $0.count > $1.count }
        let text = shown.map { moodLabel($0.mood) + " " + Self.percent($0.share) }.joined(separator: "  ")
        guard terminal.colored else { return text }
        var compact = self
        compact.barWidth = 12
        return compact.stackedBar(stats.moods.map { ($0.count, $0.mood.color) }, total: total, of: total) + "  " + text
    }

    /// `41 days, 10 Dec 2024 → 20 Jan 2025`; empty when there was none.
    func longestGap(_ stats: Stats) -> String {
        guard let g = stats.gaps.first else { return "" }
        return "\(g.days) days, \(Self.day(g.from)) → " + (g.ongoing ? "\(Self.day(g.to)) " + terminal.dim("(still)") : Self.day(g.to))
    }
}
