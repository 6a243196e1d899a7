import Foundation
import Testing

/// Issue 19's end-to-end check: a year of journaling (2030, so that cadences set today
/// apply from before it) logged through the built `kith`, with `--as-of` days along the
/// way. What each command must print is worked out here from the script itself.
@Suite struct ScriptedYearTests {
    /// One line of the script: a day, who was there, the mood.
    struct Entry {
        var date: String
        var title: String
        var people: [String]
        var mood: String?
    }

    static let scores = ["great": 2, "good": 1, "okay": 0, "bad": -1, "awful": -2]

    /// Ana (Family) most weeks, Bo (Friends/College) every month or so, Cy (Work) until
    /// April; a bad summer, a better autumn.
    static let script: [Entry] = {
        var entries: [Entry] = []
        let anaMoods = ["good", "great", "good", "okay", "good", "good", "bad", "bad", "okay", "good", "great", "good"]
        for month in 1...12 {
            let m = month < 10 ? "0\(month)" : "\(month)"
            entries.append(Entry(date: "2030-\(m)-03", title: "Call with Ana", people: ["Ana Lima"], mood: anaMoods[month - 1]))
            // Ana twice a month except in the summer.
            if !(7...8).contains(month) {
                entries.append(Entry(date: "2030-\(m)-17", title: "Lunch with Ana", people: ["Ana Lima"], mood: "good"))
            }
            if month % 2 == 1 || month == 12 {
                entries.append(Entry(date: "2030-\(m)-20", title: "Drinks", people: ["Bo Chen"], mood: month == 7 ? "awful" : nil))
            }
            if month <= 4 {
                entries.append(Entry(date: "2030-\(m)-10", title: "Standup", people: ["Cy Diaz", "Bo Chen"], mood: "okay"))
            }
        }
        return entries
    }()

    /// The script up to a day, in order.
    static func entries(through day: String, from first: String = "2030-01-01") -> [Entry] {
        script.filter { $0.date >= first && $0.date <= day }.sorted { $0.date < $1.date }
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Events per month, and the mean mood score per month, of some entries (two decimals).
    static func expectedMonths(_ entries: [Entry], months: ClosedRange<Int>) -> [(events: Int, mean: Double?)] {
        months.map { month in
            let these = entries.filter { Int($0.date.dropFirst(5).prefix(2)) == month }
            let scores = these.compactMap { $0.mood.flatMap { Self.scores[$0] } }
            let mean = scores.isEmpty ? nil : (Double(scores.reduce(0, +)) / Double(scores.count) * 100).rounded() / 100
            return (these.count, mean)
        }
    }

    @Test("a scripted year: stats along the way, as text and JSON")
    func aYearOfJournaling() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--in", "Family")
        try kith.ok("person", "add", "Bo Chen", "--in", "Friends/College")
        try kith.ok("person", "add", "Cy Diaz", "--in", "Work")
        try kith.ok("person", "add", "Dee Fox", "--in", "Friends")

        // The first quarter, then a look back on 31 March.
        func log(through day: String, after: String = "0000") throws {
            for e in Self.script.filter({ $0.date > after && $0.date <= day }) {
                var arguments = ["log", e.title, "--when", "\(e.date) 12:00"]
                for p in e.people { arguments += ["--with", p] }
                if let mood = e.mood { arguments += ["--mood", mood] }
                let result = try kith.run(arguments)
                try #require(result.status == 0, "\(arguments): \(result.stderr)")
            }
        }
        try log(through: "2030-03-31")
        let q1 = try Self.object(kith.ok("stats", "2030", "--as-of", "2030-03-31", "--json"))
        let q1Entries = Self.entries(through: "2030-03-31")
        #expect(q1["events"] as? Int == q1Entries.count)
        #expect(q1["to"] as? String == "2030-03-31")
        let q1Months = try #require(q1["months"] as? [[String: Any]])
        let expected = Self.expectedMonths(q1Entries, months: 1...3)
        #expect(q1Months.map { $0["events"] as? Int } == expected.map(\.events))
        #expect(q1Months.map { $0["meanScore"] as? Double } == expected.map(\.mean))
        let most = try #require(q1["mostSeen"] as? [[String: Any]])
        // Ana 6 days, Bo 5 (three standups and two drinks), Cy 3.
        #expect(most.map { $0["name"] as? String } == ["Ana Lima", "Bo Chen", "Cy Diaz"])
        #expect(most.map { $0["days"] as? Int } == [6, 5, 3])
        #expect(q1["peopleNotSeen"] as? Int == 1)

        // The summer: July's most frequent mood is bad, and Ana's summer gap shows.
        try log(through: "2030-09-30", after: "2030-03-31")
        let july = try Self.object(kith.ok("stats", "2030-07", "--as-of", "2030-09-30", "--json"))
        let julyMonth = try #require((july["months"] as? [[String: Any]])?.first)
        // One call (bad) and Bo's awful drinks: a tie of one each goes to the higher score.
        #expect(julyMonth["dominantMood"] as? String == "bad")
        #expect(julyMonth["meanScore"] as? Double == -1.5)
        let anaSummer = try Self.object(kith.ok("stats", "2030", "--with", "Ana", "--as-of", "2030-09-30", "--json"))
        let anaGaps = try #require(anaSummer["gaps"] as? [[String: Any]])
        // 17 June to 3 July, then monthly calls: 3 July → 3 August (31 days) is the longest.
        #expect(anaGaps.first?["from"] as? String == "2030-07-03" && anaGaps.first?["days"] as? Int == 31)

        // The whole year, as text on 31 December.
        try log(through: "2030-12-31", after: "2030-09-30")
        let year = try kith.ok("stats", "2030", "--as-of", "2030-12-31")
        let lines = year.split(separator: "\n").map(String.init)
        #expect(lines[0] == "How it has felt: 2030")
        #expect(lines[1].hasPrefix("\(Self.script.count) events from 1 Jan 2030 to 31 Dec 2030, 3 people seen"))
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let monthRows = lines.filter { line in names.contains { line.hasPrefix("  \($0) 2030 ") } }
        #expect(monthRows.count == 12)
        // Cy, last seen at the April standup, is the most neglected; Dee was never seen.
        let neglected = try #require(lines.firstIndex { $0.hasPrefix("Most neglected") })
        #expect(lines[neglected + 1].hasPrefix("  Cy Diaz") && lines[neglected + 1].contains("10 Apr 2030 → 31 Dec 2030 (still)"))
        #expect(year.contains("1 other not seen in this period"))

        // Into 2031: the gap from December's last event reaches across the new year.
        try kith.ok("log", "New year call", "--with", "Ana Lima", "--when", "2031-01-25 12:00", "--mood", "great")
        let january = try Self.object(kith.ok("stats", "2031-01", "--as-of", "2031-01-31", "--json"))
        let gaps = try #require(january["gaps"] as? [[String: Any]])
        #expect(gaps.first?["from"] as? String == "2030-12-20" && gaps.first?["to"] as? String == "2031-01-25")
        #expect(january["events"] as? Int == 1)
        let cy = try Self.object(kith.ok("stats", "--with", "Cy", "--as-of", "2031-01-31", "--json"))
        #expect(cy["events"] as? Int == 4 && cy["from"] as? String == "2030-01-10")
    }
}
