import Testing

@testable import KithCLI

@Suite struct CalendarRendererTests {
    let moods = [
        CalendarRenderer.Mood(name: "good", icon: "🙂", color: "#8BC34A", score: 1),
        CalendarRenderer.Mood(name: "great", icon: "😄", color: "#2E7D32", score: 2),
    ]
    let days: CalendarRenderer.Days = [
        20261103: .init(count: 1, moodColor: "#2E7D32"),
        20261121: .init(count: 12, moodColor: "#8BC34A"),
        20261122: .init(count: 2, moodColor: "#8BC34A"),
    ]

    func renderer(colored: Bool = false, firstWeekday: Int = 1) -> CalendarRenderer {
        CalendarRenderer(terminal: Terminal(colored: colored, width: 80), firstWeekday: firstWeekday, today: 20261122)
    }

    @Test func monthWithoutColourMarksBusyDaysWithBracketsAndTodayWithAnArrow() {
        let text = renderer().month(year: 2026, month: 11, days: days, moods: moods, showCounts: false)
        #expect(
            text == """
                       November 2026
                 Su  Mo  Tu  We  Th  Fr  Sa
                  1   2 [ 3]  4   5   6   7
                  8   9  10  11  12  13  14
                 15  16  17  18  19  20 [21]
                >22] 23  24  25  26  27  28
                 29  30

                15 events on 3 days
                😄 great  🙂 good
                [ ] a day with events; > marks today
                """)
        #expect(!text.hasEscapes)
    }

    @Test func monthStartingOnMondayWithCounts() {
        let text = renderer(firstWeekday: 2).month(year: 2026, month: 11, days: days, moods: moods, showCounts: true)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == " Mo     Tu     We     Th     Fr     Sa     Su")
        #expect(lines[2] == String(repeating: " ", count: 44) + "1")
        #expect(lines[3] == "  2    [ 3]1    4      5      6      7      8")
        #expect(lines[5] == " 16     17     18     19     20    [21]12 >22]2")
    }

    @Test func colouredMonthPaintsBusyDaysInTheirMoodColour() {
        let text = renderer(colored: true).month(year: 2026, month: 11, days: days, moods: moods, showCounts: false)
        // Nov 3 on the "great" green (#2E7D32 = 46,125,50), in white ink.
        #expect(text.contains("\u{1B}[48;2;46;125;50;97m 3\u{1B}[0m"))
        // Nov 21 on the light "good" green, in black ink.
        #expect(text.contains("\u{1B}[48;2;139;195;74;30m21\u{1B}[0m"))
        #expect(!text.contains("[ 3]"))
    }

    @Test func yearStatsFindTheBusiestDayAndTheLongestStreak() {
        var cells = CalendarRenderer.Days()
        for day in [20260101, 20260102, 20260301, 20260302, 20260303, 20261231] {
            cells[day] = .init(count: 1, moodColor: nil)
        }
        cells[20260302]?.count = 5
        let stats = CalendarRenderer.stats(year: 2026, days: cells)
        #expect(stats.total == 10)
        #expect(stats.activeDays == 6)
        #expect(stats.busiest?.day == 20260302)
        #expect(stats.busiest?.count == 5)
        #expect(stats.streak?.length == 3)
        #expect(stats.streak?.first == 20260301)
        #expect(stats.streak?.last == 20260303)
    }

    @Test func yearHeatMapHasAColumnPerWeekAndSummaries() {
        let text = renderer(firstWeekday: 2).year(2026, days: days)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "2026")
        #expect(lines[1].hasPrefix("   Jan"))
        #expect(lines[1].contains("Nov"))
        // 2026-01-01 is a Thursday: with Monday first, the first column has 3 blanks.
        #expect(lines[2] == "   " + " " + String(repeating: "·", count: 52))
        #expect(lines[3].hasPrefix("Tu  ·····") && lines[3].contains("░"))
        #expect(text.contains("15 events on 3 days"))
        #expect(text.contains("busiest day: Sat 21 Nov 2026 (12 events)"))
        #expect(text.contains("longest streak: 2 days, Sat 21 Nov 2026 to Sun 22 Nov 2026"))
        #expect(text.contains("█"))
        #expect(!text.hasEscapes)
    }

    @Test(arguments: [(2026, 1, 1, 5), (2026, 11, 22, 1), (2000, 2, 29, 3), (1970, 1, 1, 5), (2024, 12, 31, 3)])
    func weekdays(year: Int, month: Int, day: Int, weekday: Int) {
        #expect(CalendarRenderer.weekday(year: year, month: month, day: day) == weekday)
    }

    @Test func displayWidthCountsEmojiAsTwoAndEscapesAsNothing() {
        #expect(Terminal.displayWidth("abc") == 3)
        #expect(Terminal.displayWidth("😄") == 2)
        #expect(Terminal.displayWidth("☕️ chat") == 7)
        #expect(Terminal.displayWidth("\u{1B}[1mbold\u{1B}[0m") == 4)
        #expect(Terminal.displayWidth("台北") == 4)
    }

    @Test func colourIsOnlyForTerminalsWithoutNoColorUnlessForced() {
        #expect(Terminal.wantsColor(choice: nil, environment: [:], isTTY: true))
        #expect(!Terminal.wantsColor(choice: nil, environment: [:], isTTY: false))
        #expect(!Terminal.wantsColor(choice: nil, environment: ["NO_COLOR": "1"], isTTY: true))
        #expect(Terminal.wantsColor(choice: nil, environment: ["KITH_COLOR": "always"], isTTY: false))
        #expect(Terminal.wantsColor(choice: .always, environment: ["NO_COLOR": "1"], isTTY: false))
        #expect(!Terminal.wantsColor(choice: .never, environment: [:], isTTY: true))
    }
}
