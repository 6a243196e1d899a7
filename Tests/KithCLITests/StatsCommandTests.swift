import Foundation
import Testing

@testable import KithCLI

@Suite struct StatsCommandTests {
    /// A journal with a few months of 2025: Ana often, Ben once, Chen in Family never.
    static func journal() throws -> KithRunner {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--in", "Friends")
        try kith.ok("person", "add", "Ben Okafor", "--in", "Work")
        try kith.ok("person", "add", "Chen Wei", "--in", "Family")
        for (date, mood) in [("2025-01-05", "great"), ("2025-01-19", "good"), ("2025-02-02", "good"), ("2025-04-20", "bad")] {
            try kith.ok("log", "Coffee", "--with", "Ana Lima", "--mood", mood, "--when", "\(date) 10:00")
        }
        try kith.ok("log", "Standup", "--with", "Ben Okafor", "--when", "2025-02-10 09:00")
        return kith
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aYearReadsAsMonthsMoodsPeopleAndGaps() throws {
        let kith = try Self.journal()
        let text = try kith.ok("stats", "2025", "--as-of", "2025-06-30")
        #expect(!text.hasEscapes)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "How it has felt: 2025")
        #expect(lines[1] == "5 events from 1 Jan 2025 to 30 Jun 2025, 2 people seen, mood +0.8 on average (-2 to +2)")
        // Months aligned: the counts end in one column, bars start in one.
        let months = lines.filter { $0.hasPrefix("  ") && $0.contains(" 2025 ") && !$0.contains("→") }
        #expect(months.count == 6)
        #expect(months[0].hasPrefix("  Jan 2025") && months[0].contains("2  ████") && months[0].contains("😄 great"))
        #expect(months[2].hasPrefix("  Mar 2025") && months[2].contains("  0"))
        let barColumns = months.compactMap { line in line.firstIndex(of: "█").map { line.distance(from: line.startIndex, to: $0) } }
        #expect(barColumns.count == 3 && Set(barColumns).count == 1)
        #expect(text.contains("🙂 good") && text.contains("50%"))
        #expect(text.contains("no mood"))
        let most = try #require(lines.firstIndex { $0.hasPrefix("Most seen") })
        #expect(lines[most + 1].hasPrefix("  Ana Lima") && lines[most + 1].contains("20 Apr 2025"))
        #expect(text.contains("1 other not seen in this period"))
        // Ana's last coffee (20 April) to the as-of day: still going.
        #expect(text.contains("71 days  20 Apr 2025 → 30 Jun 2025 (still)"))
        #expect(text.contains("Most neglected"))
    }

    @Test func colourComesFromTheMoodsAndGoesWithNoColor() throws {
        let kith = try Self.journal()
        let coloured = try kith.ok("stats", "2025", "--as-of", "2025-06-30", "--color", "always")
        // good is #A3D977: its bar and its name in its own colour.
        #expect(coloured.contains("\u{1B}[38;2;163;217;119m"))
        // --color always beats NO_COLOR, as everywhere.
        let forced = try kith.ok("stats", "2025", "--as-of", "2025-06-30", "--color", "always", env: ["NO_COLOR": "1"])
        #expect(forced.contains("\u{1B}[38;2;163;217;119m"))
        let piped = try kith.ok("stats", "2025", "--as-of", "2025-06-30", env: ["NO_COLOR": "1"])
        #expect(!piped.hasEscapes && piped.contains("█"))
    }

    @Test func jsonIsStableAndDocumented() throws {
        let kith = try Self.journal()
        let json = try Self.object(kith.ok("stats", "2025", "--as-of", "2025-06-30", "--json"))
        #expect(
            Set(json.keys) == [
                "period", "asOf", "from", "to", "events", "months", "moods", "withoutMood", "meanScore", "gaps", "peopleSeen",
                "peopleNotSeen", "mostSeen", "leastSeen", "neglected",
            ])
        #expect(json["period"] as? String == "2025" && json["events"] as? Int == 5 && json["withoutMood"] as? Int == 1)
        #expect(json["meanScore"] as? Double == 0.75)
        let months = try #require(json["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2025-01", "2025-02", "2025-03", "2025-04", "2025-05", "2025-06"])
        #expect(months[0]["moods"] as? [String: Int] == ["great": 1, "good": 1])
        #expect(months[0]["dominantMood"] as? String == "great" && months[0]["meanScore"] as? Double == 1.5)
        let moods = try #require(json["moods"] as? [[String: Any]])
        #expect(moods.first { $0["mood"] as? String == "good" }?["share"] as? Double == 0.5)
        let most = try #require(json["mostSeen"] as? [[String: Any]])
        #expect(most.first?["name"] as? String == "Ana Lima" && most.first?["days"] as? Int == 4)
        let gaps = try #require(json["gaps"] as? [[String: Any]])
        #expect(gaps.first?["days"] as? Int == 71 && gaps.first?["ongoing"] as? Bool == true)
        // Every key the JSON has is named in the help.
        let help = try kith.ok("stats", "--help")
        for key in json.keys { #expect(help.contains(key), "help does not name \(key)") }
        for key in months[0].keys { #expect(help.contains(key), "help does not name \(key)") }
    }

    @Test func withAPersonItIsTheirStory() throws {
        let kith = try Self.journal()
        let text = try kith.ok("stats", "--with", "Ana", "--as-of", "2025-06-30")
        #expect(text.hasPrefix("How it has felt: all time (with Ana Lima)"))
        #expect(!text.contains("Most seen") && !text.contains("Most neglected"))
        #expect(text.contains("between days with them"))
        let json = try Self.object(kith.ok("stats", "--with", "Ana", "--as-of", "2025-06-30", "--json"))
        #expect(json["with"] as? String == "Ana Lima" && json["period"] as? String == "all" && json["events"] as? Int == 4)
        #expect(json["mostSeen"] == nil && json["from"] as? String == "2025-01-05")
        // A month, and a relation.
        let feb = try Self.object(kith.ok("stats", "2025-02", "--in", "Work", "--as-of", "2025-06-30", "--json"))
        #expect(feb["events"] as? Int == 1 && feb["in"] as? String == "Work")
        let family = try kith.ok("stats", "2025", "--in", "Family", "--as-of", "2025-06-30")
        #expect(family.contains("0 events") && family.contains("no one seen (1 not seen)"))
    }

    @Test func aPersonsPageShowsTheirMoodsAndLongestGap() throws {
        let kith = try Self.journal()
        let page = try kith.ok("person", "show", "Ana")
        #expect(page.contains("moods") && page.contains("🙂 good 50%"))
        #expect(page.contains("longest gap") && page.contains("20 Apr 2025 →"))
        let json = try Self.object(kith.ok("person", "show", "Ana", "--json"))
        let stats = try #require(json["stats"] as? [String: Any])
        #expect(stats["events"] as? Int == 4 && stats["with"] as? String == "Ana Lima")
    }

    @Test func mistakesSayWhatToDo() throws {
        let kith = try Self.journal()
        let period = try kith.fails("stats", "2025-13")
        #expect(period.status == 1 && period.stderr.contains("write a month as 2026-11 or a year as 2026"))
        let nobody = try kith.fails("stats", "--with", "Zed Nobody")
        #expect(nobody.status == 1 && nobody.stderr.hasPrefix("kith: "))
        let top = try kith.fails("stats", "--top", "0")
        #expect(top.status == 2)
        let empty = try KithRunner()
        let missing = try empty.fails("stats")
        #expect(missing.status == 1 && missing.stderr.hasPrefix("kith: "))
    }
}
