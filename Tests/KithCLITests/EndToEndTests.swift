import Foundation
import Kith
import Testing

@testable import KithCLI

/// Drives the built `kith` binary through real journals in temporary folders.
@Suite struct EndToEndTests {
    /// The JSON of one event, as far as the tests read it.
    struct EventOut: Decodable {
        struct Ref: Decodable { var name: String; var path: String }
        struct PlaceOut: Decodable { var name: String; var latitude: Double?; var longitude: Double? }
        struct PersonOut: Decodable { var id: Int64; var name: String }
        struct TraitOut: Decodable { var kind: String; var text: String }
        var id: Int64
        var title: String
        var localStart: String
        var localEnd: String?
        var timeZone: String
        var allDay: Bool
        var startDay: String
        var type: Ref?
        var mood: Ref?
        var place: PlaceOut?
        var people: [PersonOut]
        var note: String
        var traits: [TraitOut]
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    /// Today and yesterday in Asia/Taipei, the zone the runner sets.
    var yesterday: LocalDate { LocalDate.today(in: TimeZone(identifier: "Asia/Taipei")!).adding(days: -1) }

    // MARK: Help and usage

    @Test func rootHelpReadsWordForWord() throws {
        let kith = try KithRunner()
        let result = try kith.run(["--help"], journal: false, env: ["COLUMNS": "80"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                OVERVIEW: A journal of the people in your life: who, what, how it felt.

                Everything lives in one SQLite file on your machine: --journal PATH, else
                $KITH_JOURNAL, else $XDG_DATA_HOME/kith/journal.sqlite
                (~/.local/share/kith/journal.sqlite). Start with `kith tour`. Add --debug to
                any command (or set KITH_DEBUG=1) to log what it does on standard error;
                otherwise kith logs nothing. `kith sync` (CardDAV/CalDAV) and `kith serve` (the
                journal in your browser) run in the companion kith-net, installed beside kith.

                USAGE: kith <subcommand>

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                SUBCOMMANDS:
                  log                     Write down an interaction: who, what, how it felt.
                  events                  List events, newest first, with filters.
                  show                    Show one event in full.
                  edit                    Change an event.
                  remove                  Remove an event.
                  person                  Add, list, show, edit, merge and remove people.
                  category                List and change relations, event types, traits, moods.
                  calendar                Show a month in mood colours, or a year as a heat map.
                  day                     List the interactions of one day, in time order.
                  stats                   Show how a year, a month or all your time has felt.
                  traits                  Who knows what: search what you learned about people.
                  tour                    Try Kith on a throwaway journal with a week of events.
                  import                  Import contacts and calendars: vCard, iCalendar.
                  export                  Write people and events as vCard, iCalendar, vdir.
                  backup                  Copy the journal safely, even while it is in use.
                  undo                    Reverse the last remove, merge or edit.
                  place                   List places and change one on purpose.
                  settings                List or change the settings kept in the journal.
                  photo                   Write out a photo, byte for byte as it went in.
                  due                     List who you are due to see, most overdue first.
                  snooze                  Move one person's next due date.
                  upcoming                Birthdays, anniversaries and people coming due.
                  sync                    Sync people and events with a CardDAV/CalDAV server,
                                          both ways.
                  serve                   Show the journal in a browser on this machine.

                  See 'kith help <subcommand>' for detailed help.

                """)
    }

    @Test(arguments: [
        (["log", "Tea", "--bogus"], "kith: unknown option '--bogus' (see kith log --help)\n"),
        (["person", "add"], "kith: missing expected argument '<name>' (see kith person add --help)\n"),
        (["calendar", "--monday", "--sunday"], "kith: --monday and --sunday cannot be used together (see kith calendar --help)\n"),
        (["frobnicate"], "kith: unexpected argument 'frobnicate' (see kith --help)\n"),
    ])
    func usageErrorsExitTwoWithOneLine(_ arguments: [String], message: String) throws {
        let kith = try KithRunner()
        let result = try kith.run(arguments, journal: false)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(result.stdout.isEmpty)
    }

    // MARK: A day of journaling

    @Test func aScriptedDayOfJournaling() throws {
        let kith = try KithRunner()
        #expect(
            try kith.ok("person", "add", "Ana Lima", "--in", "Friends/College", "--email", "ana@example.com", "--birthday", "--04-12")
                == "added Ana Lima in Friends/College\n")
        #expect(try kith.ok("person", "add", "Ben Okafor", "--in", "Work", "--nickname", "Benny") == "added Ben Okafor in Work\n")

        let logged = try kith.ok(
            "log", "Coffee and a long walk", "--with", "Ana Lima", "--with", "Benny", "--type", "Chat", "--mood", "good",
            "--at", "Blue Bottle, Taipei", "--geo", "25.0330,121.5654", "--when", "yesterday 15:30", "--duration", "90m",
            "--tz", "Asia/Taipei", "--trait", "Ana Lima: Interests/Climbing: started bouldering in May",
            "--note", "She is moving to Lisbon in spring.")
        let day = yesterday
        let dayText = "\(LocalTime.weekdays[day.weekday - 1]) \(day.day) \(LocalTime.months[day.month - 1]) \(day.year)"
        #expect(logged == "logged #1  \(dayText) 15:30–17:00  💬 Coffee and a long walk  with Ana Lima, Ben Okafor  🙂 good  at Blue Bottle, Taipei\n")

        try kith.ok("log", "Dinner", "--with", "Ana", "--type", "Meal", "--mood", "great", "--when", "\(day) 19:00")

        // The timeline, newest first, aligned.
        let events = try kith.ok("events")
        #expect(
            events == """
                #2  \(dayText) 19:00        🍽️  Dinner                  Ana Lima              😄 great
                #1  \(dayText) 15:30–17:00  💬  Coffee and a long walk  Ana Lima, Ben Okafor  🙂 good   Blue Bottle, Taipei

                """)
        #expect(try kith.ok("events", "--with", "Ben").contains("Coffee"))
        #expect(try !kith.ok("events", "--with", "Ben").contains("Dinner"))
        #expect(try kith.ok("events", "--search", "lisbon").contains("#1"))
        #expect(try kith.ok("events", "--mood", "great").contains("Dinner"))

        // The same as JSON.
        let json = try decode([EventOut].self, kith.ok("events", "--json"))
        #expect(json.map(\.id) == [2, 1])
        let coffee = json[1]
        #expect(coffee.title == "Coffee and a long walk")
        #expect(coffee.localStart == "\(day)T15:30:00+08:00")
        #expect(coffee.localEnd == "\(day)T17:00:00+08:00")
        #expect(coffee.timeZone == "Asia/Taipei")
        #expect(coffee.startDay == day.description)
        #expect(coffee.type?.path == "Chat")
        #expect(coffee.mood?.name == "good")
        #expect(coffee.place?.name == "Blue Bottle, Taipei")
        #expect(coffee.place?.latitude == 25.033)
        #expect(coffee.place?.longitude == 121.5654)
        #expect(coffee.people.map(\.name) == ["Ana Lima", "Ben Okafor"])
        #expect(coffee.note == "She is moving to Lisbon in spring.")
        #expect(coffee.traits.map(\.kind) == ["Interests/Climbing"])

        // One event in full.
        let show = try kith.ok("show", "1")
        #expect(show.hasPrefix("#1 Coffee and a long walk\nwhen     \(dayText) 15:30–17:00 Asia/Taipei\n"))
        #expect(show.contains("learned  Ana Lima: Interests/Climbing: started bouldering in May (trait #1)\n"))
        #expect(show.contains("note     She is moving to Lisbon in spring.\n"))

        // Edit: a new mood and time; the length stays.
        #expect(try kith.ok("edit", "1", "--mood", "great", "--when", "\(day) 16:00").contains("16:00–17:30"))
        let editedText = try kith.ok("show", "1", "--json")
        #expect(editedText.contains("\"photos\" : [],\n"), "an empty list prints on one line")
        let edited = try decode(EventOut.self, editedText)
        #expect(edited.mood?.name == "great")
        #expect(edited.localEnd == "\(day)T17:30:00+08:00")

        // The person page knows the trait, where it came from, and when they were last seen.
        let page = try kith.ok("person", "show", "Ana")
        #expect(page.hasPrefix("Ana Lima  🎓 Friends/College\n"))
        #expect(page.contains("birthday   12 Apr\n"))
        #expect(page.contains("last seen  \(dayText) (yesterday)\n"))
        #expect(page.contains("started bouldering in May"))
        #expect(page.contains("#1 Coffee and a long walk at Blue Bottle, Taipei"))
        #expect(page.contains("History (2 events)"))

        struct Page: Decodable {
            struct Month: Decodable { var month: String; var count: Int }
            struct Trait: Decodable { var kind: String; var text: String; var learned: String?; var eventId: Int64? }
            var lastSeen: String?
            var eventsLastYear: Int
            var months: [Month]
            var traits: [Trait]
            var events: [EventOut]
        }
        let pageJSON = try decode(Page.self, kith.ok("person", "show", "Ana Lima", "--json"))
        #expect(pageJSON.lastSeen == day.description)
        #expect(pageJSON.months.count == 12)
        #expect(pageJSON.traits.first?.eventId == 1)
        #expect(pageJSON.events.map(\.id) == [2, 1])

        // A photo that is an image is kept in the journal.
        let png = kith.folder.appendingPathComponent("walk.png")
        // (A whole PNG: one cut after its header is refused since issue 16.)
        try onePixelPNG.write(to: png)
        try kith.ok("edit", "1", "--photo", png.path)
        #expect(try kith.ok("show", "1").contains("photos   "))
        #expect(try kith.ok("show", "1").contains("image/png 69 bytes"))

        // Remove.
        #expect(try kith.ok("remove", "2") == "removed #2 Dinner\n")
        #expect(try decode([EventOut].self, kith.ok("events", "--json")).map(\.id) == [1])
    }

    @Test func anEventWithADayAndNoTimeIsAllDay() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Mei Chen")
        let json = try decode(EventOut.self, kith.ok("log", "Hike", "--with", "Mei", "--when", "2025-03-20", "--json"))
        #expect(json.allDay)
        #expect(json.startDay == "2025-03-20")
        #expect(try kith.ok("events").contains("Thu 20 Mar 2025 (all day)"))
    }

    @Test func logWithoutATitleOpensTheEditor() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        let editor = kith.folder.appendingPathComponent("fake-editor.sh")
        try """
        #!/bin/sh
        grep -q '^Title: $' "$1" || exit 3
        cat > "$1" <<'EOF'
        # Lines like this are ignored.
        Title: Tea with Ana
        With: Ana Lima
        Mood: good
        When: 2025-01-10 16:00
        Duration: 1h
        Note:
        Long talk about moving.
        Second line.
        EOF
        """.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let result = try kith.run(["log"], env: ["EDITOR": editor.path])
        #expect(result.status == 0, "\(result.stderr)")
        let event = try decode([EventOut].self, kith.ok("events", "--json"))[0]
        #expect(event.title == "Tea with Ana")
        #expect(event.people.map(\.name) == ["Ana Lima"])
        #expect(event.localStart == "2025-01-10T16:00:00+08:00")
        #expect(event.note == "Long talk about moving.\nSecond line.")
    }

    @Test func logWithoutATitleOrATerminalSaysWhatToDo() throws {
        let kith = try KithRunner()
        let result = try kith.run(["log"])
        #expect(result.status == 1)
        #expect(
            result.stderr == "kith: no title given, and no terminal to open an editor on (give the title, as in kith log \"Lunch with Ana\", or set $EDITOR)\n")
    }

    @Test func anEditorThatFailsLogsNothing() throws {
        let kith = try KithRunner()
        let result = try kith.run(["log"], env: ["EDITOR": "false"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "kith: the editor false exited with status 1; nothing logged (save and quit the editor normally, or give the title on the command line)\n")
        // Nothing was half-written: not even a journal was made (`events` says there is none).
        #expect(!FileManager.default.fileExists(atPath: kith.journal))
    }

    // MARK: Bad input

    @Test func badInputExitsOneWithWhatToDo() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        try kith.ok("person", "add", "Ana Souza")
        let text = kith.folder.appendingPathComponent("notes.jpg")
        try "not a picture".write(to: text, atomically: true, encoding: .utf8)

        let cases: [([String], String)] = [
            (["log", "Tea", "--with", "Zed"], "kith: nobody called \"Zed\" (add them with `kith person add`)\n"),
            (["log", "Tea", "--mood", "meh"], "kith: no mood \"meh\" (see `kith category list --kind mood`)\n"),
            (["log", "Tea", "--with", "Ana"], "kith: \"Ana\" could be \"Ana Lima\" (#1), \"Ana Souza\" (#2) (give more of the name, or the #id)\n"),
            (
                ["log", "Tea", "--when", "someday 3pm"],
                "kith: cannot read \"someday 3pm\" as a date and time (use 2026-11-21, today, yesterday, friday, last friday or 3 days ago, optionally followed by a time like 15:30, 3pm or 8:15am, or this morning, this evening, last night)\n"
            ),
            (["log", "Tea", "--photo", text.path], "kith: notes.jpg is not an image (Kith keeps JPEG, PNG, GIF, WebP and HEIC photos)\n"),
            (["show", "99"], "kith: no event with id 99 (list them with `kith events`)\n"),
            (
                ["log", "Tea", "--photo", "/nonexistent/walk.jpg"],
                "kith: cannot read the photo /nonexistent/walk.jpg (check the path and that you may read it)\n"
            ),
            (
                ["log", "Tea", "--at", "Park", "--geo", "north"],
                "kith: cannot read \"north\" as coordinates (write them as LAT,LON, for example 25.0330,121.5654)\n"
            ),
            (["log", "Tea", "--tz", "Mars/Olympus"], "kith: \"Mars/Olympus\" is not a time zone (use an IANA name such as Europe/Lisbon or Asia/Taipei)\n"),
            (["log", "Tea", "--trait", "Interests: likes tea"], "kith: a trait is learned about someone, and this event has nobody in it (add --with NAME)\n"),
            (
                ["log", "Tea", "--when", "yesterday", "--duration", "1h"],
                "kith: --duration needs a start time, and \"yesterday\" is a whole day (add a time, as in --when \"yesterday 15:30\", or drop --duration for an all-day event)\n"
            ),
            (["calendar", "2026-13"], "kith: cannot read \"2026-13\" as a month or a year (write a month as 2026-11 or a year as 2026)\n"),
        ]
        for (arguments, message) in cases {
            let result = try kith.run(arguments)
            #expect(result.status == 1, "kith \(arguments)")
            #expect(result.stderr == message, "kith \(arguments)")
            #expect(result.stdout.isEmpty)
        }
        // Nothing was half-written.
        #expect(try kith.ok("events", "--json") == "[]\n")
    }

    @Test func aJournalInAFolderThatDoesNotExistIsAUserError() throws {
        let kith = try KithRunner()
        let missing = kith.folder.appendingPathComponent("nope/journal.sqlite").path
        let result = try kith.run(["person", "add", "Ana", "--journal", missing], journal: false)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "kith: the folder \(kith.folder.path)/nope for the journal \(missing) does not exist (create it first, or pass another --journal PATH)\n")
        // A command that only reads says there is no journal there.
        let read = try kith.run(["events", "--journal", missing], journal: false)
        #expect(read.status == 1)
        #expect(read.stderr.hasPrefix("kith: no journal at \(missing) ("))
        #expect(!FileManager.default.fileExists(atPath: kith.folder.appendingPathComponent("nope").path))
    }

    @Test func theDefaultJournalLivesUnderXDGDataHomeInAPrivateFolder() throws {
        let kith = try KithRunner()
        let data = kith.folder.appendingPathComponent("data").path
        let result = try kith.run(["person", "add", "Ana Lima"], journal: false, env: ["XDG_DATA_HOME": data])
        #expect(result.status == 0, "\(result.stderr)")
        let file = data + "/kith/journal.sqlite"
        #expect(FileManager.default.fileExists(atPath: file))
        let folderMode = try FileManager.default.attributesOfItem(atPath: data + "/kith")[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        let fileMode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        // $KITH_JOURNAL wins over the XDG default.
        let other = kith.folder.appendingPathComponent("other.sqlite").path
        #expect(try kith.run(["person", "add", "Ben"], journal: false, env: ["XDG_DATA_HOME": data, "KITH_JOURNAL": other]).status == 0)
        #expect(try kith.run(["person", "list"], journal: false, env: ["XDG_DATA_HOME": data, "KITH_JOURNAL": other]).stdout.hasPrefix("Ben"))
        #expect(try kith.run(["person", "list"], journal: false, env: ["XDG_DATA_HOME": data]).stdout.hasPrefix("Ana Lima"))
    }

    @Test func categoryChangesShowOnPastEvents() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        try kith.ok("log", "Tea", "--with", "Ana", "--type", "Chat", "--when", "2025-03-03 10:00")
        #expect(try kith.ok("category", "add", "eventType", "Chat/Tea time", "--icon", "🍵", "--color", "#88AA44") == "added event type Chat/Tea time\n")
        #expect(try kith.ok("category", "edit", "type", "Chat", "--name", "Talk", "--color", "#112233") == "changed event type Talk\n")
        let event = try decode(EventOut.self, kith.ok("show", "1", "--json"))
        #expect(event.type?.path == "Talk")
        #expect(try kith.ok("category", "list", "--kind", "eventType").contains("  🍵 Tea time  ● #88AA44"))
        // Removing a used category is refused until told where its events go.
        let refused = try kith.run(["category", "remove", "eventType", "Talk"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("kith: the event type \"Talk\" is still used by"))
        #expect(try kith.ok("category", "remove", "eventType", "Talk", "--reassign", "Meal") == "removed event type Talk, its uses moved to Meal\n")
        #expect(try decode(EventOut.self, kith.ok("show", "1", "--json")).type?.path == "Meal")
        struct Cat: Decodable { var kind: String; var path: String; var score: Int? }
        let moods = try decode([Cat].self, kith.ok("category", "list", "--kind", "mood", "--json"))
        #expect(moods.map(\.path) == ["great", "good", "okay", "bad", "awful"])
        #expect(moods.map(\.score) == [2, 1, 0, -1, -2])
    }

    @Test func peopleWithTheSameNameAreToldApartByIdAndMerged() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--email", "ana@example.com")
        try kith.ok("person", "add", "Ana Lima", "--email", "ana@example.com")
        #expect(try kith.ok("person", "duplicates") == "#1 Ana Lima  #2 Ana Lima  same name, same email  kith person merge '#1' '#2'\n")
        let ambiguous = try kith.run(["person", "show", "Ana Lima"])
        #expect(ambiguous.stderr == "kith: \"Ana Lima\" could be \"Ana Lima\" (#1), \"Ana Lima\" (#2) (give more of the name, or the #id)\n")
        #expect(try kith.ok("person", "merge", "#1", "#2") == "merged Ana Lima into Ana Lima\n")
        #expect(try kith.ok("person", "duplicates") == "no likely duplicates\n")
        #expect(try kith.ok("person", "show", "Ana Lima").hasPrefix("Ana Lima\n"))
    }

    @Test func peopleAreEditedMergedAndRemoved() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima", "--email", "ana@example.com")
        try kith.ok("person", "add", "Ana L.", "--phone", "+351 900 000 000")
        try kith.ok("log", "Tea", "--with", "Ana L.", "--when", "2025-03-03 10:00")
        #expect(try kith.ok("person", "edit", "Ana Lima", "--in", "Friends/Close", "--nickname", "Nana") == "changed Ana Lima\n")
        #expect(try kith.ok("person", "merge", "Nana", "Ana L.") == "merged Ana L. into Ana Lima\n")
        struct P: Decodable { var name: String; var relation: String?; var eventCount: Int; var nicknames: [String] }
        let people = try decode([P].self, kith.ok("person", "list", "--json"))
        #expect(people.map(\.name) == ["Ana Lima"])
        #expect(people[0].relation == "Friends/Close")
        #expect(people[0].eventCount == 1)
        #expect(people[0].nicknames.contains("Nana"))
        #expect(try kith.ok("person", "remove", "Ana Lima") == "removed Ana Lima\n")
        #expect(try decode([EventOut].self, kith.ok("events", "--json"))[0].people.isEmpty)
    }

    // MARK: Colour

    @Test func colourOnlyWhenForcedOrOnATerminal() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        try kith.ok("log", "Tea", "--with", "Ana", "--mood", "good", "--type", "Chat")
        for command in [["events"], ["calendar"], ["person", "show", "Ana"], ["category", "list"], ["day"]] {
            // A pipe: no colour.
            #expect(try !kith.run(command).stdout.hasEscapes, "\(command)")
            // NO_COLOR, even when KITH_COLOR asks for it.
            #expect(try !kith.run(command, env: ["NO_COLOR": "1", "KITH_COLOR": "always"]).stdout.hasEscapes, "\(command)")
            // Forced.
            #expect(try kith.run(command, env: ["KITH_COLOR": "always"]).stdout.hasEscapes, "\(command)")
            #expect(try kith.run(command + ["--color", "always"], env: ["NO_COLOR": "1"]).stdout.hasEscapes, "\(command)")
        }
        // The mood colour of "good" (#A3D977) as a truecolor escape.
        #expect(try kith.run(["events"], env: ["KITH_COLOR": "always"]).stdout.contains("\u{1B}[38;2;163;217;119m🙂 good"))
    }

    // MARK: Calendar, day, traits

    /// Ana (Friends) and Mei (Family/Siblings) in March 2025, Taipei time:
    /// the 3rd twice (great, good), the 4th (bad), a party from the 5th across midnight
    /// into the 6th (good), an all-day hike on the 20th (okay).
    func march(_ kith: KithRunner) throws {
        try kith.ok("person", "add", "Ana Lima", "--in", "Friends")
        try kith.ok("person", "add", "Mei Chen", "--in", "Family/Siblings")
        try kith.ok("log", "Breakfast with Mum", "--with", "Mei", "--type", "Meal", "--mood", "great", "--when", "2025-03-03 10:00")
        try kith.ok(
            "log", "Call with Ana", "--with", "Ana", "--type", "Call", "--mood", "good", "--when", "2025-03-03 19:00",
            "--trait", "Interests/Climbing: wants to try lead climbing")
        try kith.ok("log", "Lunch", "--with", "Ana", "--type", "Chat", "--mood", "bad", "--when", "2025-03-04 12:00", "--at", "Noodle bar")
        try kith.ok("log", "Late party", "--with", "Ana", "--type", "Party", "--mood", "good", "--when", "2025-03-05 23:30", "--duration", "2h")
        try kith.ok("log", "Hike", "--with", "Mei", "--type", "Activity", "--mood", "okay", "--when", "2025-03-20")
    }

    @Test func calendarMonthWithoutColour() throws {
        let kith = try KithRunner()
        try march(kith)
        #expect(
            try kith.ok("calendar", "2025-03", "--monday") == """
                                  March 2025
                 Mo     Tu     We     Th     Fr     Sa     Su
                                                     1      2
                [ 3]2  [ 4]1  [ 5]1  [ 6]1    7      8      9
                 10     11     12     13     14     15     16
                 17     18     19    [20]1   21     22     23
                 24     25     26     27     28     29     30
                 31

                5 events on 5 days
                😄 great  🙂 good  😐 okay  🙁 bad  😞 awful
                [ ] a day with events; > marks today

                """)
        // A narrow terminal drops the counts; Sunday first; only family.
        #expect(
            try kith.ok("calendar", "2025-03", "--sunday", "--in", "Family", env: ["COLUMNS": "40"]) == """
                (in Family)
                         March 2025
                 Su  Mo  Tu  We  Th  Fr  Sa
                                          1
                  2 [ 3]  4   5   6   7   8
                  9  10  11  12  13  14  15
                 16  17  18  19 [20] 21  22
                 23  24  25  26  27  28  29
                 30  31

                2 events on 2 days
                😄 great  🙂 good  😐 okay  🙁 bad  😞 awful
                [ ] a day with events; > marks today

                """)
    }

    @Test func calendarMonthInColourPaintsTheDominantMood() throws {
        let kith = try KithRunner()
        try march(kith)
        let text = try kith.ok("calendar", "2025-03", "--monday", "--color", "always")
        // The 3rd: great and good tie, the higher score wins (#2ECC71 = 46,204,113, dark ink).
        #expect(text.contains("\u{1B}[48;2;46;204;113;30m 3\u{1B}[0m"))
        // The 4th: bad (#E67E22 = 230,126,34).
        #expect(text.contains("\u{1B}[48;2;230;126;34;30m 4\u{1B}[0m"))
        #expect(!text.contains("[ 3]"))
    }

    @Test func calendarJSONGivesTheDaysAndTheirSummaries() throws {
        struct Out: Decodable {
            struct Day: Decodable {
                struct Mood: Decodable { var name: String; var score: Int? }
                var date: String
                var eventCount: Int
                var people: [EventOut.PersonOut]
                var moodAverage: Double?
                var mood: Mood?
            }
            var period: String
            var days: [Day]
        }
        let kith = try KithRunner()
        try march(kith)
        let out = try decode(Out.self, kith.ok("calendar", "2025-03", "--json"))
        #expect(out.period == "2025-03")
        #expect(out.days.map(\.date) == ["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06", "2025-03-20"])
        #expect(out.days[0].eventCount == 2)
        #expect(out.days[0].people.map(\.name).sorted() == ["Ana Lima", "Mei Chen"])
        #expect(out.days[0].moodAverage == 1.5)
        #expect(out.days[0].mood?.name == "great")
        #expect(out.days[3].mood?.name == "good")
        let ana = try decode(Out.self, kith.ok("calendar", "2025-03", "--json", "--with", "Ana"))
        #expect(ana.days.map(\.date) == ["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06"])
        #expect(ana.days[0].eventCount == 1)
        let meals = try decode(Out.self, kith.ok("calendar", "2025", "--json", "--type", "Meal"))
        #expect(meals.period == "2025")
        #expect(meals.days.map(\.date) == ["2025-03-03"])
    }

    @Test func calendarYearIsAHeatMapWithTotals() throws {
        let kith = try KithRunner()
        try march(kith)
        let text = try kith.ok("calendar", "2025", "--monday")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "2025")
        #expect(lines[1].hasPrefix("   Jan"))
        // 2025-01-01 is a Wednesday: with Monday first, 2 blank days then dots; the 3 March
        // (2 events, the busiest) is full in the Monday row of week 10.
        #expect(lines[2] == "   " + " " + String(repeating: "·", count: 8) + "█" + String(repeating: "·", count: 43))
        #expect(lines.count == 15)
        #expect(lines[14] == "")
        #expect(lines[10] == "less ·░▒▓█ more   o today")
        // The late party crosses midnight: it lights up two days but is one event.
        #expect(lines[11] == "5 events on 5 days")
        #expect(lines[12] == "busiest day: Mon 3 Mar 2025 (2 events)")
        #expect(lines[13] == "longest streak: 4 days, Mon 3 Mar 2025 to Thu 6 Mar 2025")
        #expect(!text.hasEscapes)
        #expect(try kith.ok("calendar", "2025", "--color", "always").contains("\u{1B}[38;2;57;211;83m■"))
    }

    @Test func dayListsTheInteractionsInTimeOrder() throws {
        let kith = try KithRunner()
        try march(kith)
        #expect(
            try kith.ok("day", "2025-03-03") == """
                Mon 3 Mar 2025
                  10:00  🍽️  Breakfast with Mum  😄  Mei Chen  #1
                  19:00  📞  Call with Ana       🙂  Ana Lima  #2
                             learned Interests/Climbing: wants to try lead climbing
                2 events

                """)
        #expect(
            try kith.ok("day", "2025-03-06") == """
                Thu 6 Mar 2025
                  (cont.)  🎉  Late party  🙂  Ana Lima  #4
                1 event

                """)
        #expect(try kith.ok("day", "2025-03-03", "--in", "Friends").contains("Call with Ana"))
        #expect(try !kith.ok("day", "2025-03-03", "--in", "Friends").contains("Breakfast"))
        #expect(try kith.ok("day", "2025-03-07") == "Fri 7 Mar 2025\n  nothing logged\n")

        struct Out: Decodable { var date: String; var events: [EventOut] }
        let json = try decode(Out.self, kith.ok("day", "2025-03-03", "--json"))
        #expect(json.date == "2025-03-03")
        #expect(json.events.map(\.title) == ["Breakfast with Mum", "Call with Ana"])
        #expect(try kith.ok("day", "2025-03-03", "--color", "always").contains("\u{1B}[38;2;163;217;119m🙂"))
    }

    @Test func traitsSayWhoKnowsWhat() throws {
        let kith = try KithRunner()
        try march(kith)
        #expect(
            try kith.ok("traits", "--search", "climbing") == """
                Ana Lima
                  Interests/Climbing  wants to try lead climbing  Mon 3 Mar 2025, #2 Call with Ana

                """)
        struct Out: Decodable {
            struct Trait: Decodable { var kind: String; var text: String; var learned: String?; var eventId: Int64? }
            var person: EventOut.PersonOut
            var traits: [Trait]
        }
        let json = try decode([Out].self, kith.ok("traits", "--kind", "Interests", "--json"))
        #expect(json.map(\.person.name) == ["Ana Lima"])
        #expect(json[0].traits.first?.learned == "2025-03-03")
        #expect(json[0].traits.first?.eventId == 2)
        #expect(try kith.ok("traits", "--search", "knitting").hasPrefix("no traits match"))
    }

    @Test func personListSortsByLastSeen() throws {
        let kith = try KithRunner()
        try march(kith)
        try kith.ok("person", "add", "Zoe Never")
        let list = try kith.ok("person", "list", "--sort", "last-seen")
        let names = list.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        // Never seen first, then Ana (6 March), then Mei (20 March).
        #expect(names == ["Zoe Never", "Ana Lima", "Mei Chen"])
        #expect(list.contains("last seen 2025-03-20"))
    }

    // MARK: Concurrency and the tour

    @Test func twoLogsAtOnceBothLand() throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana Lima")
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            let status = (try? kith.run(["log", "Parallel \(i)", "--with", "Ana"]).status) ?? -1
            results.append(status)
        }
        #expect(results.values == [0, 0, 0, 0])
        let titles = try decode([EventOut].self, kith.ok("events", "--json")).map(\.title).sorted()
        #expect(titles == ["Parallel 0", "Parallel 1", "Parallel 2", "Parallel 3"])
    }

    @Test func logsAtOnceOnAJournalThatDoesNotExistYetAllLand() throws {
        let kith = try KithRunner()
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 3) { i in
            results.append((try? kith.run(["log", "First \(i)", "--when", "2025-01-0\(i + 1) 12:00"]).status) ?? -1)
        }
        #expect(results.values == [0, 0, 0])
        #expect(try decode([EventOut].self, kith.ok("events", "--json")).count == 3)
        let mode = try FileManager.default.attributesOfItem(atPath: kith.journal)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var statuses: [Int32] = []
        func append(_ s: Int32) { lock.lock(); statuses.append(s); lock.unlock() }
        var values: [Int32] { lock.lock(); defer { lock.unlock() }; return statuses }
    }

    @Test func theTourBuildsAThrowawayJournalAndShowsIt() throws {
        let kith = try KithRunner()
        let path = kith.folder.appendingPathComponent("tour.sqlite").path
        let result = try kith.run(["tour", "--journal", path], journal: false)
        #expect(result.status == 0, "\(result.stderr)")
        for part in [
            "$ kith events --from \"7 days ago\"\n", "$ kith person show \"Ana Lima\"\n", "$ kith calendar\n",
            " events on ", "started bouldering in May",
        ] {
            #expect(result.stdout.contains(part), "\(part)")
        }
        // Run from the repository, it imports every sample file without a failure.
        if FileManager.default.fileExists(atPath: "Import") {
            for sample in [
                "android-contacts-2.1.vcf (vCard 2.1): 3 added", "apple-contacts-3.0.vcf (vCard 3.0): 2 added",
                "friends-4.0.vcf (vCard 4.0): 2 added", "colleagues.xcard.xml (xCard): 2 added",
                "family.jcard.json (jCard): 2 added", "catching-up.ics (iCalendar): 7 added",
            ] {
                #expect(result.stdout.contains(sample), "\(sample)")
            }
            #expect(result.stdout.contains("Wrote 12 people to "))
        }
        #expect(!result.stdout.hasEscapes)
        // It never writes over an existing journal.
        let again = try kith.run(["tour", "--journal", path], journal: false)
        #expect(again.status == 1)
        #expect(again.stderr.hasPrefix("kith: \(path) exists already"))
    }

    @Test("the tour's exports land beside a journal named without a folder, not at the root")
    func theTourExportsBesideARelativeJournal() throws {
        let kith = try KithRunner()
        let result = try kith.run(["tour", "--journal", "tour.sqlite"], journal: false, directory: kith.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Wrote 6 people to ./tour-contacts.vcf"), "\(result.stdout)")
        for name in ["tour-contacts.vcf", "tour-calendar.ics"] {
            #expect(FileManager.default.fileExists(atPath: kith.folder.appendingPathComponent(name).path), "\(name)")
        }
    }
}
