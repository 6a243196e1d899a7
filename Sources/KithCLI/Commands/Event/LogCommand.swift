import ArgumentParser
import Foundation
import Kith

/// `kith log`: writes down one interaction.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Write down an interaction: who, what, how it felt.",
        discussion: """
            Without a title, opens $EDITOR on a template. Without --when, the event starts now.
            Example:
              kith log "Coffee and a long walk" --with "Ana Lima" --type Chat --mood good \\
                --at "Blue Bottle, Taipei" --when "yesterday 15:30" --duration 90m \\
                --trait "Interests/Climbing: started bouldering in May"
            A trait is about one person: with several people there, put the name first:
              kith log "Board games" --with "Ana Lima" --with Chen \\
                --trait "Ana Lima: Features: wears red glasses"
            """)

    @Argument(help: "What happened, in a few words.") var title: String?
    @OptionGroup var event: EventOptions
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    /// The same options for the quick path (`QuickParse`), by long name.
    static var quickOptions: [QuickOption<LogRun>] {
        EventOptions.quickOptions.map { $0.within(\LogRun.event) } + [.journal(\.journal), .json(\.json), .color(\.color)]
    }

    /// The values `run()` reads, as plain fields.
    var values: LogRun {
        LogRun(title: title, event: event.values, journal: journal.journal, json: output.json, color: output.color)
    }

    func run() throws { try values.run() }
}

/// What `kith log` runs, with the values of its command line as plain fields. `QuickParse`
/// builds it directly: making a `LogCommand` runs the initializers of its ArgumentParser
/// property wrappers (and its `EventOptions`'), whose name sets cost a first-use
/// conformance scan (issue 7).
struct LogRun: QuickCommand {
    var title: String?
    var event = EventValues()
    var journal: String?
    var json = false
    var color: ColorChoice?

    static var quickOptions: [QuickOption<LogRun>] { LogCommand.quickOptions }
    static var quickPositional: WritableKeyPath<LogRun, String?>? { \.title }

    func run() throws {
        var options = event
        var title = self.title ?? ""
        if self.title == nil {
            let filled = try EditorTemplate.edit(
                EditorTemplate(
                    with: options.people, type: options.type ?? "", mood: options.mood ?? "", at: options.place ?? "",
                    when: options.when ?? "now", duration: options.duration ?? "", traits: options.trait, note: options.note ?? ""))
            title = filled.title
            options.people = filled.with
            options.type = filled.type.isEmpty ? nil : filled.type
            options.mood = filled.mood.isEmpty ? nil : filled.mood
            options.place = filled.at.isEmpty ? nil : filled.at
            options.when = filled.when.isEmpty || filled.when.lowercased() == "now" ? nil : filled.when
            options.duration = filled.duration.isEmpty ? nil : filled.duration
            options.trait = filled.traits
            options.note = filled.note.isEmpty ? nil : filled.note
        }
        guard !title.isBlank else {
            throw UserError("nothing logged: the title is empty", "give a title, as in kith log \"Lunch with Ana\"")
        }
        // Plain values throughout, no `JournalOptions` or `OutputOptions` (see above).
        let journal = try JournalOptions.open(journal: self.journal)
        defer { journal.closeAtExit() }
        let builder = EventDraftBuilder(journal: journal, options: options)
        let timing = try builder.timing(defaultToNow: true)!
        let people = try builder.personIDs()
        let categories = try builder.lookUpCategories()
        let type = try builder.typeID(categories)
        let mood = try builder.moodID(categories)
        let place = try builder.place()
        if !options.trait.isEmpty && people.isEmpty {
            throw UserError("a trait is learned about someone, and this event has nobody in it", "add --with NAME")
        }
        let traits = try builder.traits(categories, people: people)
        let photos = try builder.photoHashes()
        let draft = EventDraft(
            title: title, start: timing.start, timeZone: timing.timeZone, end: timing.end,
            allDay: timing.allDayDates != nil, allDayDates: timing.allDayDates, typeID: type, moodID: mood,
            place: place, personIDs: people, note: options.note ?? "", photoHashes: photos, traits: traits)
        let logged = try journal.logEvent(draft)
        if json {
            try JSONOutput.print(EventJSON(logged))
        } else {
            print("logged " + EventText(terminal: Terminal.current(choice: color)).line(logged))
        }
    }
}
