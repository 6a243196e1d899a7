import Foundation
import Testing

@testable import Kith
@testable import KithCLI

/// Aligned tables and event times as a terminal shows them.
@Suite struct TableTests {
    @Test(
        "widths of accented, wide, combined and escaped text",
        arguments: [
            ("Noël Nakamura", 13), ("Thu 31 Dec 2026 07:00–07:30", 27), ("e\u{301}te\u{301}", 3), ("👩‍💻 code", 7),
            ("✈ trip", 6), ("✈️ trip", 7), ("\u{1B}[2m#12\u{1B}[0m", 3), ("\u{1B}[38;2;1;2;3m🙂 good\u{1B}[0m", 7),
            ("台北 101", 8), ("tab\there", 7), ("Café Einstein, Berlin", 21), ("𝄞 clef", 6), ("", 0),
        ])
    func widths(_ text: String, _ width: Int) {
        #expect(Terminal.displayWidth(text) == width)
        // The same text built piece by piece (not one contiguous literal) measures the same.
        var built = ""
        for ch in text { built.append(ch) }
        #expect(Terminal.displayWidth(built) == width)
    }

    /// Issue 16: each measured as terminals draw it (these were off by one or two before).
    @Test(
        "widths after Unicode's East Asian Width and emoji presentation",
        arguments: [
            ("🟢 ok", 5), ("⬛ box", 6), ("🀄", 2), ("🈚 free", 7), ("か\u{3099}", 2), ("x\u{2060}y", 2), ("\u{FEFF}Ana", 3),
            ("ก\u{0E31}", 1), ("ᄀ\u{1161}", 2), ("🇹🇼 Taipei", 9), ("👍🏽", 2), ("Ｋｉｔｈ", 8), ("ﾀﾅｶ", 3),
            ("\u{05D0}\u{05B8}", 1), ("👨‍👩‍👧 family", 9),
        ])
    func unicodeWidths(_ text: String, _ width: Int) {
        #expect(Terminal.displayWidth(text) == width)
    }

    @Test("names in CJK, with emoji and combining marks line up in a table")
    func alignedWithWideText() {
        var table = Table()
        for row in [["#1", "王小明", "🟢", "台北"], ["#2", "Zoe\u{0308}", "⬛", "Lisboa"], ["#3", "田中ｱｷﾗ", "🈚", "東京"]] { table.add(row) }
        let lines = table.render().split(separator: "\n").map(String.init)
        // Every third column starts at the same terminal column.
        let starts = lines.map { line -> Int in
            let parts = line.components(separatedBy: "  ").filter { !$0.isEmpty }
            return Terminal.displayWidth(line.components(separatedBy: parts[3])[0])
        }
        #expect(Set(starts).count == 1, "\(lines)")
    }

    @Test("columns are padded to the widest cell, numbers to the right, empty columns dropped")
    func render() {
        var table = Table()
        table.rightAligned = [0]
        table.add(["#1", "", "Noël", "☕ chat", ""])
        table.add(["#123", "", "Ana", "x", ""])
        table.add(["#12", "", "台北", "", ""])
        #expect(
            table.render() == """
                  #1  Noël  ☕ chat
                #123  Ana   x
                 #12  台北
                """)
    }

    @Test("rows of different lengths: a dropped column shifts neither alignment nor padding")
    func raggedRows() {
        var table = Table()
        table.rightAligned = [2]
        table.add(["a", "", "1", "x"])
        table.add(["bb", "", "22"])
        table.add(["c"])
        #expect(table.render() == "a    1  x\nbb  22\nc")
    }

    @Test("trailing spaces go, even after text that is not ASCII")
    func trailingSpaces() {
        var table = Table()
        table.add(["a", "é", ""])
        table.add(["bb", "", "c"])
        #expect(table.render() == "a   é\nbb     c")
        var line = Array("x\u{0600}  ".utf8)
        Table.trimTrailingSpaces(&line, lineStart: 0)
        var expected = "x\u{0600}  "
        while expected.hasSuffix(" ") { expected.removeLast() }
        #expect(String(decoding: line, as: UTF8.self) == expected)
    }

    func event(_ start: Date, end: Date?, zone: String, allDay: Bool = false, days: (Int, Int)? = nil) -> Event {
        let startDay = LocalDate(dayNumber: days?.0 ?? 20260101), endDay = LocalDate(dayNumber: days?.1 ?? 20260101)
        return Event(
            id: 1, uid: "u", title: "t", start: start, end: end, timeZone: zone, allDay: allDay, startDay: startDay,
            endDay: endDay, type: nil, mood: nil, place: nil, people: [], note: "", photos: [], traits: [],
            icalLines: [], createdAt: 0, updatedAt: 0)
    }

    @Test("event times read as before, with or without the zones kept between events")
    func spans() {
        let zones = LocalTime.Zones()
        let local = TimeZone.current.identifier
        let other = local == "Asia/Taipei" ? "Europe/Berlin" : "Asia/Taipei"
        // 2026-11-20 07:05 UTC is 15:05 in Taipei.
        let start = Date(timeIntervalSince1970: 1_795_158_300)
        let cases: [(Event, Bool)] = [
            (event(start, end: start.addingTimeInterval(5400), zone: "Asia/Taipei"), true),
            (event(start, end: start.addingTimeInterval(20 * 3600), zone: "Asia/Taipei"), true),
            (event(start, end: nil, zone: other), true),
            (event(start, end: start.addingTimeInterval(60), zone: local), true),
            (event(start, end: nil, zone: "Europe/Berlin"), false),
            (event(start, end: nil, zone: "Not/AZone"), true),
            (event(start, end: nil, zone: other, allDay: true, days: (20260105, 20260105)), true),
            (event(start, end: nil, zone: other, allDay: true, days: (20251230, 20260102)), true),
            (event(Date(timeIntervalSince1970: -86400 * 365 * 1000), end: nil, zone: "UTC"), true),
        ]
        for (e, showZone) in cases {
            #expect(LocalTime.span(e, showZone: showZone, zones: zones) == LocalTime.span(e, showZone: showZone))
        }
        #expect(LocalTime.span(cases[0].0, showZone: false) == "Fri 20 Nov 2026 15:05–16:35")
        #expect(LocalTime.span(cases[1].0, showZone: false) == "Fri 20 Nov 2026 15:05–Sat 21 Nov 2026 11:05")
        #expect(LocalTime.span(cases[6].0, showZone: false) == "Mon 5 Jan 2026 (all day)")
        #expect(LocalTime.span(cases[7].0, showZone: false) == "Tue 30 Dec 2025 – Fri 2 Jan 2026 (all day)")
        #expect(LocalTime.span(cases[2].0).hasSuffix(" " + other))
        #expect(!LocalTime.span(cases[3].0).contains(local))
    }
}
