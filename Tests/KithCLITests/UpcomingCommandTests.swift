import Foundation
import OutsideJudges
import Testing

/// `kith upcoming`, the digest of a bare `kith`, and `kith export ics --reminders`,
/// through the built binary.
@Suite struct UpcomingCommandTests {
    struct Listing: Decodable {
        struct Item: Decodable {
            struct P: Decodable { var id: Int64; var name: String }
            var date: String
            var kind: String
            var person: P
            var original: String?
            var years: Int?
            var daysAway: Int
        }
        var from: String
        var to: String
        var items: [Item]
    }

    /// A journal with four people: birthdays with and without a year, a leap day and an
    /// anniversary (imported from a card: `kith person` has no --anniversary).
    func journal() throws -> KithRunner {
        let kith = try KithRunner()
        let cards = """
            BEGIN:VCARD
            VERSION:4.0
            FN:Chen Wei
            BDAY:--0102
            ANNIVERSARY:20160105
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            FN:Leap Li
            BDAY:20000229
            END:VCARD

            """
        let file = kith.folder.appendingPathComponent("cards.vcf")
        try cards.write(to: file, atomically: true, encoding: .utf8)
        try kith.ok("import", file.path)
        try kith.ok("person", "add", "Ana Lima", "--birthday", "1986-12-30")
        try kith.ok("person", "add", "Bea Ruiz", "--birthday", "1990-01-11")
        return kith
    }

    @Test func upcomingListsTheDaysAcrossNewYearWithAgesAsOfADate() throws {
        let kith = try journal()
        let out = try kith.ok("upcoming", "--as-of", "2026-12-28")
        #expect(
            out == """
                Wed 30 Dec 2026  in 2 days  Ana Lima  birthday, turns 40
                Sat 2 Jan 2027   in 5 days  Chen Wei  birthday
                Tue 5 Jan 2027   in 8 days  Chen Wei  11th anniversary

                """)
        // --days 15 reaches 11 January.
        #expect(try kith.ok("upcoming", "--as-of", "2026-12-28", "--days", "15").contains("Mon 11 Jan 2027  in 14 days  Bea Ruiz  birthday, turns 37"))
        #expect(try kith.ok("upcoming", "--as-of", "2026-12-30", "--days", "1") == "Wed 30 Dec 2026  today  Ana Lima  birthday, turns 40\n")
        #expect(try kith.ok("upcoming", "--as-of", "2026-12-29", "--days", "2").contains("tomorrow"))
        // The leap day: 28 February in 2027, 29 February in 2028.
        #expect(try kith.ok("upcoming", "--as-of", "2027-02-27", "--days", "2") == "Sun 28 Feb 2027  tomorrow  Leap Li  birthday, turns 27\n")
        #expect(try kith.ok("upcoming", "--as-of", "2028-02-29", "--days", "1") == "Tue 29 Feb 2028  today  Leap Li  birthday, turns 28\n")
        let none = try kith.ok("upcoming", "--as-of", "2026-06-01")
        #expect(none.hasPrefix("no birthdays, anniversaries or people coming due in the 14 days from Mon 1 Jun 2026"))
    }

    @Test func upcomingJSONHasTheWindowAndEachItem() throws {
        let kith = try journal()
        let listing = try JSONDecoder().decode(Listing.self, from: Data(kith.ok("upcoming", "--as-of", "2026-12-28", "--json").utf8))
        #expect(listing.from == "2026-12-28")
        #expect(listing.to == "2027-01-10")
        #expect(listing.items.map(\.date) == ["2026-12-30", "2027-01-02", "2027-01-05"])
        #expect(listing.items.map(\.kind) == ["birthday", "birthday", "anniversary"])
        #expect(listing.items.map(\.person.name) == ["Ana Lima", "Chen Wei", "Chen Wei"])
        #expect(listing.items.map(\.years) == [40, nil, 11])
        #expect(listing.items.map(\.original) == ["1986-12-30", "--01-02", "2016-01-05"])
        #expect(listing.items.map(\.daysAway) == [2, 5, 8])
        let empty = try kith.ok("upcoming", "--as-of", "2026-06-01", "--json")
        #expect(try JSONDecoder().decode(Listing.self, from: Data(empty.utf8)).items.isEmpty)
    }

    @Test func upcomingListsPeopleComingDueWithTheirCadenceAndLastSeen() throws {
        let kith = try KithRunner()
        try kith.ok("category", "edit", "relation", "Family", "--every", "2w")
        try kith.ok("person", "add", "Mum", "--in", "Family/Parents")
        // Never seen: due from today, the day the cadence began to apply to her.
        #expect(try kith.ok("upcoming").contains("today  Mum  due (every 2 weeks), never seen"))
        try kith.ok("log", "Call", "--with", "Mum", "--when", "yesterday")
        let out = try kith.ok("upcoming")
        #expect(out.contains("in 13 days  Mum  due (every 2 weeks), last seen "))
        let listing = try JSONDecoder().decode(Listing.self, from: Data(kith.ok("upcoming", "--json").utf8))
        #expect(listing.items.map(\.kind) == ["due"])
        #expect(listing.items.first?.daysAway == 13)
        #expect(listing.items.first?.original == nil)
    }

    @Test func upcomingRefusesWhatItCannotReadAndCreatesNoJournal() throws {
        let kith = try KithRunner()
        let missing = try kith.fails("upcoming")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("kith: "))
        #expect(!FileManager.default.fileExists(atPath: kith.journal))
        try kith.ok("person", "add", "Ana Lima")
        let zero = try kith.fails("upcoming", "--days", "0")
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--days must be from 1 to 3660"))
        let bad = try kith.fails("upcoming", "--as-of", "someday")
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("kith: "))
    }

    /// Today in the runner's zone (Asia/Taipei), `days` ahead, as `YYYY-MM-DD`.
    func taipeiDay(_ days: Int) -> (year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Taipei")!
        let date = calendar.date(byAdding: .day, value: days, to: Date())!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return (c.year!, c.month!, c.day!)
    }

    @Test func bareKithPrintsTheDigestOnlyWhenSomethingIsComing() throws {
        let kith = try KithRunner()
        // No journal: the help, and no journal made.
        let help = try kith.run([], journal: false, env: ["KITH_JOURNAL": kith.journal])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: kith"))
        #expect(!FileManager.default.fileExists(atPath: kith.journal))
        // A journal with nothing coming in the next 7 days: the help.
        let far = taipeiDay(20)
        try kith.ok("person", "add", "Far Away", "--birthday", String(format: "1980-%02d-%02d", far.month, far.day))
        #expect(try kith.run([], journal: false, env: ["KITH_JOURNAL": kith.journal]).stdout.contains("USAGE: kith"))
        // A birthday in two days: the digest, with `kith` and `kith --journal PATH` alike.
        let soon = taipeiDay(2)
        try kith.ok("person", "add", "Ana Lima", "--birthday", String(format: "1990-%02d-%02d", soon.month, soon.day))
        let digest = try kith.run([], journal: false, env: ["KITH_JOURNAL": kith.journal])
        #expect(digest.status == 0)
        #expect(!digest.stdout.contains("USAGE"))
        #expect(digest.stdout.hasPrefix("Coming up, today and the next 6 days:\n"))
        #expect(digest.stdout.contains("in 2 days  Ana Lima  birthday, turns \(soon.year - 1990)"))
        #expect(!digest.stdout.contains("Far Away"))
        #expect(try kith.ok() == digest.stdout)
        // Someone due: first, under "Due now".
        try kith.ok("category", "edit", "relation", "Family", "--every", "2w")
        try kith.ok("person", "add", "Mum", "--in", "Family/Parents")
        let withDue = try kith.ok()
        #expect(withDue.hasPrefix("Due now:\n  Mum  due today  never seen  every 2 weeks\n\nComing up, today and the next 6 days:\n"))
        #expect(withDue.contains("Ana Lima  birthday"))
        // Anything else on the command line is a command, as before.
        #expect(try kith.run(["--help"], journal: false).stdout.contains("USAGE: kith"))
    }
}
