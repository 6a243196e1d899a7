import Testing

@testable import KithCLI

@Suite struct EditorTemplateTests {
    @Test func aRenderedTemplateReadsBackTheSame() throws {
        let template = EditorTemplate(
            title: "Tea", with: ["Ana Lima", "Ben"], type: "Chat", mood: "good", at: "Café",
            when: "yesterday 15:30", duration: "1h", traits: ["Interests: tea", "Features: tall"],
            note: "Two lines\nof note")
        let back = try EditorTemplate.parse(template.render())
        #expect(back.title == "Tea")
        #expect(back.with == ["Ana Lima", "Ben"])
        #expect(back.type == "Chat")
        #expect(back.mood == "good")
        #expect(back.at == "Café")
        #expect(back.when == "yesterday 15:30")
        #expect(back.duration == "1h")
        #expect(back.traits == ["Interests: tea", "Features: tall"])
        #expect(back.note == "Two lines\nof note")
    }

    @Test func theEmptyTemplateHasAnEmptyTitleAndIgnoresComments() throws {
        let back = try EditorTemplate.parse(EditorTemplate().render())
        #expect(back.title.isEmpty)
        #expect(back.with.isEmpty)
        #expect(back.traits.isEmpty)
        #expect(back.note.isEmpty)
    }

    @Test func aNoteMayContainColons() throws {
        let back = try EditorTemplate.parse("Title: x\nNote: first: line\nTime: 15:30 was late\n")
        #expect(back.note == "first: line\nTime: 15:30 was late")
    }

    @Test func anUnknownFieldNamesTheLine() {
        let error = #expect(throws: UserError.self) { try EditorTemplate.parse("Title: x\nColour: red\n") }
        #expect(error?.problem == "line 2 of the template has an unknown field \"colour\"")
    }

    @Test func aLineWithoutAFieldNamesTheLine() {
        let error = #expect(throws: UserError.self) { try EditorTemplate.parse("Title: x\njust text\n") }
        #expect(error?.problem == "line 2 of the template is not \"Field: value\": just text")
    }
}

@Suite struct KithMainTests {
    @Test(arguments: [
        (
            "Error: Unknown option '--bogus'\nUsage: kith log [<options>] [<title>]\n  See 'kith log --help' for more information.",
            "kith: unknown option '--bogus' (see kith log --help)"
        ),
        (
            "Error: Missing expected argument '<name>'\nUsage: kith person add <name> [--in <in>]",
            "kith: missing expected argument '<name>' (see kith person add --help)"
        ),
        (
            "Error: --monday and --sunday cannot be used together\nUsage: kith calendar [<YYYY-MM|YYYY>] [--monday]",
            "kith: --monday and --sunday cannot be used together (see kith calendar --help)"
        ),
        ("Error: Unexpected argument 'x'\nUsage: kith <subcommand>", "kith: unexpected argument 'x' (see kith --help)"),
    ])
    func usageErrorsBecomeOneLine(_ message: String, expected: String) {
        #expect(KithMain.usageLine(from: message) == expected)
    }

    @Test func aLeadingJournalOptionMovesAfterTheSubcommand() {
        #expect(KithMain.hoistingJournal(["--journal", "j.sqlite", "events", "--json"]) == ["events", "--json", "--journal", "j.sqlite"])
        #expect(KithMain.hoistingJournal(["--journal=j.sqlite", "day"]) == ["day", "--journal=j.sqlite"])
        #expect(KithMain.hoistingJournal(["events", "--journal", "j"]) == ["events", "--journal", "j"])
    }
}

@Suite struct JournalOptionsTests {
    func location(_ arguments: [String], _ environment: [String: String]) throws -> (String, Bool) {
        let options = try JournalOptions.parse(arguments)
        let found = options.location(environment: environment)
        return (found.path, found.isDefault)
    }

    @Test func theJournalIsFoundInOrder() throws {
        let env = ["HOME": "/home/ana", "XDG_DATA_HOME": "/data", "KITH_JOURNAL": "/env/j.sqlite"]
        #expect(try location(["--journal", "/flag/j.sqlite"], env) == ("/flag/j.sqlite", false))
        #expect(try location([], env) == ("/env/j.sqlite", false))
        #expect(try location([], ["HOME": "/home/ana", "XDG_DATA_HOME": "/data"]) == ("/data/kith/journal.sqlite", true))
        #expect(try location([], ["HOME": "/home/ana"]) == ("/home/ana/.local/share/kith/journal.sqlite", true))
        // A relative XDG_DATA_HOME is invalid by the spec and ignored.
        #expect(try location([], ["HOME": "/home/ana", "XDG_DATA_HOME": "data"]) == ("/home/ana/.local/share/kith/journal.sqlite", true))
        #expect(try location(["--journal", "~/j.sqlite"], ["HOME": "/home/ana"]) == ("/home/ana/j.sqlite", false))
    }
}
