import Foundation
import Testing

/// Issue 19's end-to-end check: a year of journaling (2030, so that cadences set today
/// apply from before it) logged through the built `kith`, with `--as-of` days along the
/// way: who is due, what is coming, how it has felt. What each command must print is
/// worked out here from the script itself.
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

    /// `kith due --as-of DAY --json`: names and days overdue, in the order listed.
    static func due(_ kith: KithRunner, _ day: String) throws -> [(name: String, overdue: Int)] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(kith.ok("due", "--as-of", day, "--json").utf8)) as? [[String: Any]])
        return rows.map { ($0["name"] as? String ?? "", $0["daysOverdue"] as? Int ?? -1) }
    }

    /// `kith upcoming --as-of DAY --days N --json`: (date, kind, name, years) in order.
    static func upcoming(_ kith: KithRunner, _ day: String, days: Int) throws -> [(date: String, kind: String, name: String, years: Int?)] {
        let json = try object(kith.ok("upcoming", "--as-of", day, "--days", String(days), "--json"))
        let items = try #require(json["items"] as? [[String: Any]])
        return items.map {
            ($0["date"] as? String ?? "", $0["kind"] as? String ?? "", ($0["person"] as? [String: Any])?["name"] as? String ?? "", $0["years"] as? Int)
        }
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

    @Test("a scripted year: due, upcoming and stats along the way, as text and JSON")
    func aYearOfJournaling() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--in", "Family", "--birthday", "1990-04-12")
        try kith.ok("person", "add", "Bo Chen", "--in", "Friends/College", "--birthday", "--07-25")
        try kith.ok("person", "add", "Cy Diaz", "--in", "Work", "--birthday", "1985-10-02")
        try kith.ok("person", "add", "Dee Fox", "--in", "Friends")
        // Family every two weeks, college friends and work monthly; other friends never.
        try kith.ok("category", "edit", "relation", "Family", "--every", "2w")
        try kith.ok("category", "edit", "relation", "Friends/College", "--every", "1m")
        try kith.ok("category", "edit", "relation", "Work", "--every", "1m")

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

        // Due on 31 March: Ana (last seen 17 March, every two weeks) today; Bo (20 March)
        // and Cy (10 March) not before April; Dee has no cadence.
        #expect(try Self.due(kith, "2030-03-31").map(\.name) == ["Ana Lima"])
        #expect(try Self.due(kith, "2030-03-31").first?.overdue == 0)
        #expect(try kith.ok("due", "--as-of", "2030-03-31").contains("last seen 2030-03-17"))
        // The next fortnight: Cy comes due on 10 April, Ana turns 40 on the 12th (Ana, due
        // already, is in `kith due`, not here; Bo comes due on the 20th, after it).
        let april = try Self.upcoming(kith, "2030-04-01", days: 14)
        #expect(april.map(\.date) == ["2030-04-10", "2030-04-12"])
        #expect(april.map(\.kind) == ["due", "birthday"])
        #expect(april.map(\.name) == ["Cy Diaz", "Ana Lima"] && april[1].years == 40)
        #expect(try kith.ok("upcoming", "--as-of", "2030-04-01").contains("Ana Lima  birthday, turns 40"))

        // The summer: July's most frequent mood is bad, and Ana's summer gap shows.
        try log(through: "2030-08-31", after: "2030-03-31")
        // On 31 August, relative to their cadences: Cy (113 days on a month, since the
        // April standup), Ana (14 days on two weeks), Bo (11 days on a month).
        #expect(try Self.due(kith, "2030-08-31").map(\.name) == ["Cy Diaz", "Ana Lima", "Bo Chen"])
        #expect(try Self.due(kith, "2030-08-31").map(\.overdue) == [113, 14, 11])
        // Cy snoozed to October: gone until then.
        try kith.ok("snooze", "Cy", "--until", "2030-10-01", "--as-of", "2030-08-31")
        #expect(try Self.due(kith, "2030-08-31").map(\.name) == ["Ana Lima", "Bo Chen"])
        // Bo's birthday has no year: no age.
        let bo = try Self.upcoming(kith, "2030-07-20", days: 7).filter { $0.kind == "birthday" }
        #expect(bo.map(\.name) == ["Bo Chen"] && bo.map(\.date) == ["2030-07-25"] && bo[0].years == nil)
        try log(through: "2030-09-30", after: "2030-08-31")
        // Logging clears Ana's and Bo's debts; Cy's snooze ends on 1 October, Ana is due that day
        // too (17 September plus two weeks), and Cy turns 45 on the 2nd.
        #expect(try Self.due(kith, "2030-09-30").isEmpty)
        #expect(Set(try Self.due(kith, "2030-10-01").map(\.name)) == ["Ana Lima", "Cy Diaz"])
        let october = try Self.upcoming(kith, "2030-09-28", days: 7)
        #expect(october.filter { $0.kind == "birthday" }.map { "\($0.date) \($0.name) \($0.years ?? 0)" } == ["2030-10-02 Cy Diaz 45"])
        #expect(october.filter { $0.kind == "due" }.map(\.name).contains("Ana Lima"))
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
