import Foundation
import Kith
import Testing

/// Traits are about one person (issue 16), through the built `kith`: `--trait` names
/// whom, `kith traits add|edit|remove`, `kith edit` taking things away, the person page.
@Suite struct TraitCommandTests {
    struct TraitOut: Decodable {
        var id: Int64
        var kind: String
        var text: String
        var learned: String?
        var eventId: Int64?
        var person: PersonOut?
    }
    struct PersonOut: Decodable { var id: Int64; var name: String }
    struct PersonTraitsOut: Decodable { var person: PersonOut; var traits: [TraitOut] }
    struct PhotoOut: Decodable { var hash: String }
    struct Ref: Decodable { var name: String }
    struct EventOut: Decodable {
        var id: Int64
        var people: [PersonOut]
        var traits: [TraitOut]
        var mood: Ref?
        var place: Ref?
        var note: String
        var photos: [PhotoOut]
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    /// Ana Lima (nickname Annie) and Chen Wei.
    func twoPeople() throws -> KithRunner {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--nickname", "Annie")
        try kith.ok("person", "add", "Chen Wei")
        return kith
    }

    /// Who holds which trait texts, from `kith traits --json`.
    func holders(_ kith: KithRunner) throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        for group in try decode([PersonTraitsOut].self, kith.ok("traits", "--json")) {
            out[group.person.name] = group.traits.map(\.text).sorted()
        }
        return out
    }

    @Test func aTraitInAnEventWithTwoPeopleLandsOnTheNamedOneOnly() throws {
        let kith = try twoPeople()
        try kith.ok(
            "log", "Board games", "--with", "Ana Lima", "--with", "Chen", "--when", "2025-03-03 20:00",
            "--trait", "Ana Lima: Features: wears red glasses",
            "--trait", "Chen: Interests/Go: plays go",  // a prefix
            "--trait", "annie: Interests: reads at 10:30 each night")  // a nickname; the text keeps its ':'
        #expect(try holders(kith) == ["Ana Lima": ["reads at 10:30 each night", "wears red glasses"], "Chen Wei": ["plays go"]])
        // The same through ArgumentParser (`--trait=` is not read by the quick parser): the same result.
        try kith.ok(
            "log", "Dim sum", "--with", "Ana Lima", "--with", "Chen", "--when", "2025-03-04 12:00",
            "--trait=Chen Wei: Preferences: no coriander")
        #expect(try holders(kith)["Chen Wei"] == ["no coriander", "plays go"])
        #expect(try holders(kith)["Ana Lima"]?.contains("no coriander") == false)
        // The person page has each trait for its person only, by category, with its source event.
        let ana = try kith.ok("person", "show", "Ana")
        #expect(ana.contains("wears red glasses"))
        #expect(ana.contains("Mon 3 Mar 2025, #1 Board games") || ana.contains("2025-03-03, #1 Board games"))
        #expect(!ana.contains("plays go") && !ana.contains("no coriander"))
        let chen = try kith.ok("person", "show", "Chen Wei")
        #expect(chen.contains("plays go") && chen.contains("no coriander") && !chen.contains("red glasses"))
        struct PageOut: Decodable { var traits: [TraitOut] }
        let page = try decode(PageOut.self, kith.ok("person", "show", "Chen Wei", "--json"))
        #expect(page.traits.map(\.text) == ["plays go", "no coriander"])  // by category (Interests before Preferences), with ids
        #expect(page.traits.allSatisfy { $0.id > 0 && $0.eventId != nil })
        // A kind beats a prefix: "Interests" starts Ivo's family name, yet names the kind here.
        try kith.ok("person", "add", "Ivo Interestsworth")
        try kith.ok("log", "Tea", "--with", "Ivo", "--trait", "Interests: tea at 16:00")
        #expect(try holders(kith)["Ivo Interestsworth"] == ["tea at 16:00"])
        // `kith show` says whom each trait is about.
        let shown = try decode(EventOut.self, kith.ok("show", "1", "--json"))
        #expect(shown.traits.map { $0.person?.name ?? "" } == ["Ana Lima", "Chen Wei", "Ana Lima"])
    }

    @Test func aTraitWithoutANameInAnEventWithTwoPeopleIsRefusedListingThem() throws {
        let kith = try twoPeople()
        for quick in [true, false] {
            let trait = "Interests/Climbing: started bouldering in May"
            let result = try kith.run(
                ["log", "Climbing", "--with", "Ana Lima", "--with", "Chen"]
                    + (quick ? ["--trait", trait] : ["--trait=" + trait]))
            #expect(result.status == 1)
            #expect(
                result.stderr == """
                    kith: the trait "\(trait)" does not say whom it is about, and this event has 2 people: Ana Lima, Chen Wei \
                    (put the name first, as in --trait "Ana Lima: Interests/Climbing: started bouldering in May")

                    """)
        }
        #expect(try kith.ok("events", "--json") == "[]\n")
        // With one person the name may be left out.
        try kith.ok("log", "Call", "--with", "Chen", "--trait", "Interests/Climbing: started bouldering in May")
        #expect(try holders(kith) == ["Chen Wei": ["started bouldering in May"]])
    }

    @Test func aFirstPartThatIsNeitherSomeoneThereNorAKindIsRefused() throws {
        let kith = try twoPeople()
        let result = try kith.run(["log", "Tea", "--with", "Ana Lima", "--trait", "Chen Wei: Interests: tea"])
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                kith: "Chen Wei" in the trait "Chen Wei: Interests: tea" is neither someone in this event nor a trait kind \
                (name one of "Ana Lima", or a kind from `kith category list --kind trait`)

                """)
        #expect(try kith.ok("events", "--json") == "[]\n")
    }

    @Test func traitsAreAddedEditedAndRemovedByTheirIds() throws {
        let kith = try twoPeople()
        #expect(
            try kith.ok("traits", "add", "Ana", "Interests/Chess: plays on Sundays")
                == "added trait #1 of Ana Lima: Interests/Chess: plays on Sundays (no event)\n")
        try kith.ok(
            "log", "Lunch", "--with", "Ana Lima", "--with", "Chen", "--when", "2025-03-04 12:00",
            "--trait", "Chen: Features: tall")
        let listed = try decode([PersonTraitsOut].self, kith.ok("traits", "--json"))
        #expect(listed.map(\.person.name) == ["Ana Lima", "Chen Wei"])
        #expect(listed[0].traits.map(\.id) == [1] && listed[0].traits[0].eventId == nil)
        #expect(listed[1].traits.map(\.id) == [2] && listed[1].traits[0].eventId == 1)

        #expect(
            try kith.ok("traits", "edit", "1", "--text", "plays on Saturdays", "--kind", "Interests")
                == "changed trait #1 of Ana Lima: Interests: plays on Saturdays (no event)\n")
        let moved = try decode(TraitOut.self, kith.ok("traits", "edit", "1", "--person", "Chen", "--json"))
        #expect(moved.person?.name == "Chen Wei" && moved.text == "plays on Saturdays")
        // A trait of an event moves only to someone who was there.
        try kith.ok("person", "add", "Zoe")
        let away = try kith.run(["traits", "edit", "2", "--person", "Zoe"])
        #expect(away.status == 1)
        #expect(
            away.stderr
                == "kith: the trait \"tall\" is about Zoe, who is not in its event (its people: Ana Lima, Chen Wei; name one of them, or remove the trait)\n")
        #expect(try decode(TraitOut.self, kith.ok("traits", "edit", "2", "--person", "Ana Lima", "--json")).person?.name == "Ana Lima")

        let nothing = try kith.run(["traits", "edit", "2"])
        #expect(nothing.status == 2)
        #expect(nothing.stderr == "kith: nothing to change: give --text, --kind or --person (see kith traits edit --help)\n")

        #expect(try kith.ok("traits", "remove", "1") == "removed trait #1 of Chen Wei: Interests: plays on Saturdays\n")
        #expect(try holders(kith) == ["Ana Lima": ["tall"]])
        let gone = try kith.run(["traits", "remove", "1"])
        #expect(gone.status == 1)
        #expect(gone.stderr == "kith: no trait with id 1 (list them with `kith traits --json`)\n")
        // The event keeps its other facts; `kith traits` with no subcommand still lists.
        #expect(try kith.ok("traits").contains("tall"))
    }

    @Test func editTakesAwayPeopleTraitsPhotosAndClearsMoodPlaceAndNote() throws {
        let kith = try twoPeople()
        let png = kith.folder.appendingPathComponent("walk.png")
        try onePixelPNG.write(to: png)
        try kith.ok(
            "log", "Walk", "--with", "Ana Lima", "--with", "Chen", "--mood", "good", "--at", "Park", "--note", "Windy.",
            "--photo", png.path, "--trait", "Chen: Interests: birds", "--when", "2025-03-05 09:00")
        let before = try decode(EventOut.self, kith.ok("show", "1", "--json"))
        #expect(before.mood?.name == "good" && before.place?.name == "Park" && before.note == "Windy." && before.photos.count == 1)

        // Nothing to change is a usage error that says what can be changed.
        let nothing = try kith.run(["edit", "1"])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.hasPrefix("kith: nothing to change: give --title, --with, --without, "))
        #expect(nothing.stderr.contains("--no-mood") && nothing.stderr.contains("--remove-trait") && nothing.stderr.contains("--no-note"))

        try kith.ok("edit", "1", "--no-mood", "--no-place", "--no-note")
        var after = try decode(EventOut.self, kith.ok("show", "1", "--json"))
        #expect(after.mood == nil && after.place == nil && after.note == "")
        #expect(after.people.count == 2 && after.traits.count == 1 && after.photos.count == 1)

        // Taking Chen out would leave what was learned about him there: refused, naming it.
        let orphan = try kith.run(["edit", "1", "--without", "Chen"])
        #expect(orphan.status == 1)
        #expect(
            orphan.stderr == """
                kith: taking Chen Wei out of event #1 would leave what was learned about them there: #1 "birds" (about Chen Wei) \
                (remove it too with --remove-trait 1, or give it to someone else with `kith traits edit 1 --person NAME`)

                """)
        try kith.ok("edit", "1", "--without", "Chen", "--remove-trait", "1")
        after = try decode(EventOut.self, kith.ok("show", "1", "--json"))
        #expect(after.people.map(\.name) == ["Ana Lima"] && after.traits.isEmpty)

        let photo = String(before.photos[0].hash.prefix(12))
        try kith.ok("edit", "1", "--remove-photo", photo)
        #expect(try decode(EventOut.self, kith.ok("show", "1", "--json")).photos.isEmpty)
        let missing = try kith.run(["edit", "1", "--remove-photo", photo])
        #expect(missing.status == 1)
        #expect(missing.stderr == "kith: no photo \(photo) in event #1 (it has no photos)\n")
        let stranger = try kith.run(["edit", "1", "--without", "Zed"])
        #expect(stranger.status == 1)
        #expect(stranger.stderr == "kith: nobody called \"Zed\" is in event #1 (its people: Ana Lima)\n")
        let both = try kith.run(["edit", "1", "--mood", "good", "--no-mood"])
        #expect(both.status == 2)
    }

    @Test func theEditorTemplateTakesTheSameTraitForm() throws {
        let kith = try twoPeople()
        let editor = kith.folder.appendingPathComponent("fake-editor.sh")
        try """
        #!/bin/sh
        grep -q '^# Trait: Name: Kind/Sub' "$1" || exit 3
        cat > "$1" <<'EOF'
        Title: Dumplings
        With: Ana Lima, Chen Wei
        When: 2025-01-10 19:00
        Trait: Chen Wei: Preferences: no coriander
        Trait: Ana: Features: left-handed
        Note:
        EOF
        """.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let result = try kith.run(["log"], env: ["EDITOR": editor.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try holders(kith) == ["Ana Lima": ["left-handed"], "Chen Wei": ["no coriander"]])
    }

    @Test func editInTheEditorKeepsWhatIsLeftAndChangesWhatIsEdited() throws {
        let kith = try twoPeople()
        try kith.ok(
            "log", "Walk", "--with", "Ana Lima", "--with", "Chen", "--type", "Chat", "--mood", "good", "--at", "Park",
            "--when", "2025-03-05 09:00", "--duration", "90m", "--note", "Windy.",
            "--trait", "Chen: Interests: birds", "--trait", "Ana: Features: tall")
        let editor = kith.folder.appendingPathComponent("fake-editor.sh")
        // The template shows the event as it is, then the editor drops the mood and Chen's
        // trait and adds one for Ana.
        try """
        #!/bin/sh
        grep -q '^# Change the event' "$1" || exit 3
        grep -q '^Title: Walk$' "$1" || exit 4
        grep -q '^With: Ana Lima, Chen Wei$' "$1" || exit 5
        grep -q '^When: 2025-03-05 09:00$' "$1" || exit 6
        grep -q '^Duration: 1h30m$' "$1" || exit 7
        grep -q '^Trait: Chen Wei: Interests: birds$' "$1" || exit 8
        grep -q '^Trait: Ana Lima: Features: tall$' "$1" || exit 9
        sed -i -e 's/^Mood: good$/Mood:/' -e '/^Trait: Chen Wei/d' -e 's/^Note:$/Trait: Ana: Preferences: tea\\nNote:/' "$1"
        """.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let before = try decode(EventOut.self, kith.ok("show", "1", "--json"))
        let result = try kith.run(["edit", "1", "--editor"], env: ["EDITOR": editor.path])
        #expect(result.status == 0, "\(result.stderr)")
        let after = try decode(EventOut.self, kith.ok("show", "1", "--json"))
        #expect(after.mood == nil && after.place?.name == "Park" && after.note == "Windy.")
        #expect(after.people.map(\.name) == ["Ana Lima", "Chen Wei"])
        #expect(after.traits.map { "\($0.person?.name ?? ""): \($0.text)" } == ["Ana Lima: tall", "Ana Lima: tea"])
        // The trait left as it was keeps its id.
        #expect(after.traits.first?.id == before.traits.first { $0.text == "tall" }?.id)
        // An editor that changes nothing changes nothing; --editor goes alone.
        let unchanged = kith.folder.appendingPathComponent("true-editor.sh")
        try "#!/bin/sh\nexit 0\n".write(to: unchanged, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: unchanged.path)
        #expect(try kith.ok("edit", "1", "--editor", env: ["EDITOR": unchanged.path]) == "no change to #1 Walk\n")
        #expect(try kith.run(["edit", "1", "--editor", "--no-note"]).status == 2)
    }
}
