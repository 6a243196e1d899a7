import Foundation
import Testing

/// Issue 16 through the built binary: imports that never merge on a loose match and say
/// why, places that do not move, names, contact checks and merges.
@Suite struct PeopleCommandTests {
    struct Profile: Decodable {
        var id: Int64
        var name: String
        var nicknames: [String]
        var birthday: String?
        var emails: [String]
        var phones: [String]
        var organization: String?
    }
    struct Page: Decodable { var person: Profile }
    struct Ref: Decodable { var id: Int64; var name: String }
    struct Pair: Decodable { var first: Ref; var second: Ref; var reasons: [String] }
    struct PlaceOut: Decodable { var id: Int64; var name: String; var latitude: Double?; var longitude: Double?; var address: String?; var events: Int }
    struct EventOut: Decodable {
        struct P: Decodable { var name: String; var latitude: Double?; var longitude: Double? }
        var id: Int64
        var place: P?
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    func write(_ kith: KithRunner, _ name: String, _ text: String) throws -> String {
        let url = kith.folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The `person` object of `person show --json` for a person with every field, byte for
    /// byte as it was before `PersonFields` (Tests/KithTests/Fixtures/golden).
    @Test func personShowJSONStaysAsItWas() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KithTests/Fixtures/golden")
        let kith = try KithRunner()
        try kith.ok("import", golden.appendingPathComponent("backup.json").path)
        let out = try kith.ok("person", "show", "Ana Lima", "--json")
        let start = try #require(out.range(of: "  \"person\" : {"))
        let end = try #require(out.range(of: "\n  },\n", range: start.upperBound..<out.endIndex))
        let expected = try String(contentsOf: golden.appendingPathComponent("show-person.json"), encoding: .utf8)
        #expect(String(out[start.lowerBound..<end.upperBound]) == expected)
    }

    @Test func importingACardWhosePhoneEndsSomeoneElsesAddsAPossibleDuplicate() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--phone", "+351 912 345 678")
        let file = try write(kith, "rui.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:Rui Costa\nTEL:912 345 678\nEND:VCARD\n")
        let out = try kith.ok("import", file)
        #expect(out.contains("rui.vcf (vCard 3.0): 1 added, 0 updated, 0 unchanged, 0 skipped; 1 possible duplicate(s)"))
        #expect(out.contains("+ Rui Costa (line 1): new person, into Imported/rui; possible duplicate of Ana Lima (#1)"))
        #expect(try decode(Page.self, kith.ok("person", "show", "Ana Lima", "--json")).person.phones == ["+351 912 345 678"])
        let pairs = try decode([Pair].self, kith.ok("person", "duplicates", "--json"))
        #expect(pairs.map { [$0.first.name, $0.second.name] } == [["Ana Lima", "Rui Costa"]])
        #expect(pairs.first?.reasons == ["similar phone"])
        #expect(try kith.ok("person", "duplicates").contains("similar phone"))
    }

    @Test func theDefaultImportReportSaysWhyForWhatWasNotAddedOrUnchanged() throws {
        let kith = try KithRunner()
        let cards = (1...23).map { "BEGIN:VCARD\nVERSION:3.0\nFN:P\($0)\nUID:p-\($0)\nREV:20260101T000000Z\nEND:VCARD\n" }.joined()
        let file = try write(kith, "p.vcf", cards)
        let first = try kith.ok("import", file)
        #expect(first == "p.vcf (vCard 3.0): 23 added, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try kith.ok("import", file) == "p.vcf (vCard 3.0): 0 added, 0 updated, 23 unchanged, 0 skipped\n")
        _ = try write(kith, "p.vcf", cards.replacingOccurrences(of: "REV:", with: "NOTE:changed\nREV:"))
        let again = try kith.ok("import", file)
        let lines = again.split(separator: "\n").map(String.init)
        #expect(lines.first == "p.vcf (vCard 3.0): 0 added, 0 updated, 0 unchanged, 23 skipped")
        #expect(lines[1] == "  - P1 (line 1): same UID; the card's REV is not newer than the last import")
        #expect(lines.count == 22 && lines.last == "  … and 3 more (use --verbose)")
        let verbose = try kith.ok("import", file, "--verbose")
        #expect(verbose.split(separator: "\n").count == 24 && !verbose.contains("more (use --verbose)"))
        #expect(try kith.ok("import", "--help").contains("past the first 20 a line says how many more"))
    }

    @Test func geoOnAKnownPlaceLeavesEarlierEventsWhereTheyWere() throws {
        let kith = try KithRunner()
        let first = try decode(EventOut.self, kith.ok("log", "Coffee", "--at", "Blue Bottle", "--geo", "25.0330,121.5654", "--json"))
        let r = try kith.run(["log", "Tea", "--at", "Blue Bottle", "--geo", "48.8566,2.3522", "--json"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("kith: warning: Blue Bottle is already at 25.033,121.5654"))
        #expect(r.stderr.contains("kith place edit \"Blue Bottle\" --geo 48.8566,2.3522"))
        let earlier = try decode(EventOut.self, kith.ok("show", "\(first.id)", "--json"))
        #expect(earlier.place?.latitude == 25.033 && earlier.place?.longitude == 121.5654)
        let places = try decode([PlaceOut].self, kith.ok("place", "list", "--json"))
        #expect(places.map(\.name) == ["Blue Bottle"] && places.map(\.events) == [2] && places.first?.latitude == 25.033)
        #expect(try kith.ok("place", "list").contains("2 events"))
        let edit = try kith.ok("place", "edit", "blue bottle", "--geo", "48.8566,2.3522", "--address", "Rue X")
        #expect(edit == "changed Blue Bottle at 48.8566,2.3522: 2 events changed with it\n")
        #expect(try decode(EventOut.self, kith.ok("show", "\(first.id)", "--json")).place?.latitude == 48.8566)
        #expect(try kith.fails("place", "edit", "Nowhere", "--name", "X").status == 1)
        #expect(try kith.fails("place", "edit", "Blue Bottle").status == 2)
    }

    @Test func addingANameThatExistsSaysSoAndAddsThemAll() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        let r = try kith.run(["person", "add", "ana lima"])
        #expect(r.status == 0 && r.stdout == "added ana lima\n")
        #expect(r.stderr.contains("kith: note: there was already someone named ana lima (#1); this one is #2"))
        #expect(try kith.run(["person", "add", "Ana"]).stderr.isEmpty)
        // Typed exactly, each is found; "Ana" is the Ana, not a prefix of the others.
        #expect(try decode(Page.self, kith.ok("person", "show", "ana lima", "--json")).person.id == 2)
        #expect(try decode(Page.self, kith.ok("person", "show", "Ana Lima", "--json")).person.id == 1)
        #expect(try decode(Page.self, kith.ok("person", "show", "Ana", "--json")).person.id == 3)
    }

    @Test func editRemovesDetailsAndRefusesMalformedOnesUnlessForced() throws {
        let kith = try KithRunner()
        let bad = try kith.fails("person", "add", "Ana", "--email", "ana@gmail")
        #expect(bad.status == 1)
        #expect(
            bad.stderr == "kith: \"ana@gmail\" is not an e-mail address: the domain after the @ has no dot (correct it, or add --force to keep it as written)\n"
        )
        #expect(try kith.ok("person", "list").contains("nobody yet"))
        let forced = try kith.run(["person", "add", "Ana", "--email", "ana@gmail", "--phone", "call me", "--force"])
        #expect(forced.status == 0 && forced.stderr.contains("kith: warning: \"call me\" is not a phone number: it has letters in it"))
        try kith.ok("person", "edit", "Ana", "--email", "ana@example.org", "--phone", "+351 912 345 678", "--nickname", "Aninha")
        #expect(try kith.fails("person", "edit", "Ana", "--phone", "12").status == 1)
        try kith.ok("person", "edit", "Ana", "--remove-email", "ANA@GMAIL", "--remove-phone", "call me", "--remove-nickname", "aninha")
        var p = try decode(Page.self, kith.ok("person", "show", "Ana", "--json")).person
        #expect(p.emails == ["ana@example.org"] && p.phones == ["+351 912 345 678"] && p.nicknames.isEmpty)
        try kith.ok("person", "edit", "Ana", "--remove-phone", "+351912345678")
        p = try decode(Page.self, kith.ok("person", "show", "Ana", "--json")).person
        #expect(p.phones.isEmpty)
        let missing = try kith.fails("person", "edit", "Ana", "--remove-email", "nope@example.org")
        #expect(missing.status == 1 && missing.stderr == "kith: Ana has no e-mail \"nope@example.org\" (theirs: ana@example.org)\n")
    }

    @Test func mergeKeepsTheFullerValueOfEachField() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana", "--birthday", "--04-12", "--org", "Acme")
        try kith.ok("person", "add", "Ana Lima", "--birthday", "1990-04-12", "--org", "Acme Health", "--email", "ana@example.org")
        #expect(try kith.ok("person", "merge", "Ana", "Ana Lima") == "merged Ana Lima into Ana Lima\n")
        let p = try decode(Page.self, kith.ok("person", "show", "#1", "--json")).person
        #expect(p.name == "Ana Lima" && p.nicknames == ["Ana"] && p.birthday == "1990-04-12")
        #expect(p.organization == "Acme Health" && p.emails == ["ana@example.org"])
    }
}
