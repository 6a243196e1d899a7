import Foundation
import Testing

/// `kith due`, `kith snooze` and `--every`, over a scripted few months of journaling (in
/// 2030, so that every cadence set today applies from before it).
@Suite struct DueCommandTests {
    /// The names `kith due --as-of DATE` lists, in order (first column).
    func names(_ kith: KithRunner, _ asOf: String, _ more: String...) throws -> [String] {
        let result = try kith.run(["due", "--as-of", asOf] + more)
        try #require(result.status == 0, "\(result.stderr)")
        if result.stdout.hasPrefix("nobody is due") { return [] }
        // Columns are two spaces or more apart; names have single spaces.
        return result.stdout.split(separator: "\n").map { String($0).components(separatedBy: "  ")[0] }
    }

    struct Due: Decodable, Equatable {
        var id: Int64
        var name: String
        var relation: String?
        var lastSeen: String?
        var cadence: String
        var cadenceFrom: String
        var dueDate: String
        var daysOverdue: Int
        var snoozedUntil: String?
    }

    @Test("a few months of journaling: who is due, most overdue first, as text and JSON; snooze and undo")
    func monthsOfJournaling() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--in", "Family")
        try kith.ok("person", "add", "Bo Chen", "--in", "Friends/College")
        try kith.ok("person", "add", "Cy Diaz", "--in", "Friends")
        #expect(try kith.ok("category", "edit", "relation", "Family", "--every", "2w") == "Family: keep in touch every 2 weeks\n")
        try kith.ok("category", "edit", "relation", "Friends", "--every", "1m")
        try kith.ok("category", "edit", "relation", "Friends/College", "--every", "3m")
        // The list shows each relation's own cadence; Close has none of its own.
        let tree = try kith.ok("category", "list", "--kind", "relation").split(separator: "\n")
        #expect(tree.contains { $0.contains("Family") && $0.hasSuffix("every 2 weeks") })
        #expect(tree.contains { $0.contains("College") && $0.hasSuffix("every 3 months") })
        #expect(tree.contains { $0.contains("Close") && !$0.contains("every") })
        try kith.ok("log", "New year dinner", "--with", "Ana Lima", "--with", "Bo", "--with", "Cy", "--when", "2030-01-05")

        // Nobody is due yet: the line says who comes next (Ana, two weeks after the dinner).
        #expect(try kith.ok("due", "--as-of", "2030-01-10").hasPrefix("nobody is due as of 2030-01-10; next: Ana Lima on 2030-01-19"))
        let first = try kith.ok("due", "--as-of", "2030-01-19")
        #expect(first.contains("Ana Lima") && first.contains("last seen 2030-01-05") && first.contains("every 2 weeks") && first.contains("due today"))
        #expect(try names(kith, "2030-01-19") == ["Ana Lima"])

        try kith.ok("log", "Call", "--with", "Ana", "--when", "2030-01-25")
        #expect(try names(kith, "2030-02-05") == ["Cy Diaz"])
        // Ana 12 days late on a fortnight comes before Cy 15 days late on a month.
        #expect(try names(kith, "2030-02-20") == ["Ana Lima", "Cy Diaz"])
        let late = try kith.ok("due", "--as-of", "2030-02-20")
        #expect(late.contains("12 days overdue") && late.contains("2 weeks overdue"))
        // The columns line up: each row's "last seen" starts at the same place.
        let starts = late.split(separator: "\n").map { $0.range(of: "last seen")?.lowerBound.utf16Offset(in: $0) }
        #expect(Set(starts).count == 1)

        // A person's own cadence overrides the category's; undo takes it back.
        #expect(try kith.ok("person", "edit", "Cy", "--every", "1w") == "Cy Diaz: keep in touch every week\n")
        #expect(try names(kith, "2030-02-20") == ["Cy Diaz", "Ana Lima"])
        #expect(try kith.ok("undo") == "undid: set cadence of Cy Diaz (#3) to every week\n")
        #expect(try names(kith, "2030-02-20") == ["Ana Lima", "Cy Diaz"])

        // Snoozed until March: gone until then; an event on a later day ends the snooze.
        #expect(try kith.ok("snooze", "Ana", "--until", "2030-03-01", "--as-of", "2030-02-20") == "snoozed Ana Lima: next due 2030-03-01\n")
        #expect(try names(kith, "2030-02-20") == ["Cy Diaz"])
        #expect(try names(kith, "2030-02-20", "--in", "Family") == [])
        #expect(try names(kith, "2030-03-01", "--in", "Family") == ["Ana Lima"])
        try kith.ok("log", "Lunch", "--with", "Ana", "--when", "2030-02-22")
        #expect(try names(kith, "2030-03-01", "--in", "Family") == [])
        #expect(try names(kith, "2030-03-08", "--in", "Family") == ["Ana Lima"])

        // JSON: every row, its cadence and where it comes from.
        let rows = try JSONDecoder().decode([Due].self, from: Data(try kith.ok("due", "--as-of", "2030-04-10", "--json").utf8))
        let bo = try #require(rows.first { $0.name == "Bo Chen" })
        #expect(
            bo
                == Due(
                    id: 2, name: "Bo Chen", relation: "Friends/College", lastSeen: "2030-01-05", cadence: "3m", cadenceFrom: "Friends/College",
                    dueDate: "2030-04-05", daysOverdue: 5, snoozedUntil: nil))
        // Ana 33 days late on a fortnight (2.4 of them), Cy 64 on a month (2.1), Bo 5 on three months.
        #expect(rows.map(\.name) == ["Ana Lima", "Cy Diaz", "Bo Chen"])
        #expect(rows.first { $0.name == "Ana Lima" }?.dueDate == "2030-03-08")

        // A planned event does not reset the clock before its day; removing it brings the date back.
        let planned = try kith.ok("log", "Reunion", "--with", "Bo", "--when", "2030-06-01")
        let id = try #require(planned.split(separator: "#").last?.prefix { $0.isNumber })
        #expect(try names(kith, "2030-05-01", "--in", "Friends/College") == ["Bo Chen"])
        #expect(try names(kith, "2030-06-01", "--in", "Friends/College") == [])
        try kith.ok("remove", String(id))
        #expect(try names(kith, "2030-06-01", "--in", "Friends/College") == ["Bo Chen"])

        // The person page says it too.
        #expect(try kith.ok("person", "show", "Ana").contains("keep in touch  every 2 weeks (from Family), next due"))
    }

    @Test("bad cadences and lengths are usage errors that say what to give; a snooze needs a cadence")
    func badValues() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--in", "Family")
        for bad in ["0w", "2x", "fortnightly", ""] {
            let r = try kith.fails("category", "edit", "relation", "Family", "--every", bad)
            #expect(r.status == 2, "\(bad)")
            #expect(r.stderr.hasPrefix("kith: --every \(bad) is not a cadence (give Nd, Nw, Nm or Ny"), "\(bad)")
        }
        #expect(try kith.fails("person", "edit", "Ana", "--every", "3q").status == 2)
        #expect(try kith.fails("category", "edit", "mood", "Great", "--every", "1w").status == 2)
        #expect(try kith.fails("snooze", "Ana", "1x").status == 2)
        #expect(try kith.fails("snooze", "Ana").status == 2)
        let none = try kith.fails("snooze", "Ana", "1w")
        #expect(none.status == 1 && none.stderr.hasPrefix("kith: Ana Lima has no cadence to keep in touch by (set one first"))
        try kith.ok("category", "edit", "relation", "Family", "--every", "none")
        // No cadence left anywhere: the line says how to set one.
        #expect(try kith.ok("due").contains("(set how often to keep in touch: kith category edit relation PATH --every 2w"))
        #expect(try kith.ok("category", "edit", "relation", "Family", "--every", "inherit").hasPrefix("Family: keep in touch as its main"))
    }
}
