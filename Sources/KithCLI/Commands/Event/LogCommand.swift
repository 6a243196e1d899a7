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
    // JournalOptions and OutputOptions declared one by one, as in `CalendarCommand`.
    @Option(name: .long, help: JournalOptions.help) var journal: String?
    @Flag(name: .long, help: OutputOptions.jsonHelp) var json = false
    @Option(name: .long, help: OutputOptions.colorHelp) var color: ColorChoice?

    /// The values `run()` reads, as plain fields.
    var values: LogRun { LogRun(title: title, event: event.values, journal: journal, json: json, color: color) }

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

    func run() throws {
        var options = event
        var title = self.title ?? ""
        if self.title == nil {
            let filled = try EditorTemplate.edit(EditorTemplate(
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

/// `kith edit`: changes an event.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an event.",
        discussion: """
            --with replaces the people and --without takes one out; --trait and --photo add to what \
            is there, --remove-trait and --remove-photo take one away (ids as `kith show` lists them); \
            --no-type, --no-mood, --no-place and --no-note clear those; the rest replaces. \
            --editor opens the event in $EDITOR on the template of `kith log`, alone.
            Someone taken out of an event takes nothing with them: remove what was learned about \
            them there too (--remove-trait), or give it to someone else (`kith traits edit`).
            """)

    @Argument(help: "The event's number, as `kith events` shows it.") var id: Int64
    @Option(help: "A new title.") var title: String?
    @Option(help: ArgumentHelp("Take someone out of the event (repeat for several).", valueName: "name"))
    var without: [String] = []
    @Option(name: .customLong("remove-trait"), help: ArgumentHelp("Remove a trait learned in the event, by its id (repeat for several).", valueName: "id"))
    var removeTraits: [Int64] = []
    @Option(name: .customLong("remove-photo"), help: ArgumentHelp("Remove a photo from the event, by the start of its hash as `kith show` lists it (repeat for several).", valueName: "id"))
    var removePhotos: [String] = []
    @Flag(help: "Remove the event type.") var noType = false
    @Flag(help: "Remove the mood.") var noMood = false
    @Flag(help: "Remove the place.") var noPlace = false
    @Flag(help: "Remove the note.") var noNote = false
    @Flag(name: [.customShort("e"), .long], help: "Change the event in $EDITOR, on the template of `kith log`.")
    var editor = false
    @OptionGroup var event: EventOptions
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    /// Whether any option asks for a change (`--editor` aside).
    var hasChanges: Bool {
        let e = event
        return title != nil || !without.isEmpty || !removeTraits.isEmpty || !removePhotos.isEmpty || noType || noMood || noPlace || noNote
            || !e.people.isEmpty || e.type != nil || e.mood != nil || e.place != nil || e.geo != nil || e.when != nil
            || e.duration != nil || e.tz != nil || !e.trait.isEmpty || !e.photo.isEmpty || e.note != nil
    }

    func validate() throws {
        if editor {
            if hasChanges { throw ValidationError("--editor changes the event in the editor alone: drop the other options") }
            return
        }
        guard hasChanges else {
            throw ValidationError("""
                nothing to change: give --title, --with, --without, --type, --no-type, --mood, --no-mood, --at, --geo, \
                --no-place, --when, --duration, --tz, --trait, --remove-trait, --photo, --remove-photo, --note, --no-note \
                or --editor
                """)
        }
        let e = event
        if noType && e.type != nil { throw ValidationError("--type and --no-type cannot be used together") }
        if noMood && e.mood != nil { throw ValidationError("--mood and --no-mood cannot be used together") }
        if noPlace && (e.place != nil || e.geo != nil) { throw ValidationError("--at or --geo and --no-place cannot be used together") }
        if noNote && e.note != nil { throw ValidationError("--note and --no-note cannot be used together") }
    }

    func run() throws {
        let journal = try journal.open()
        let old = try journal.event(id: id)
        guard editor else { return try apply(journal, old) }
        let rendered = EditorTemplate(event: old)
        let filled = try EditorTemplate.edit(rendered, header: EditorTemplate.editHeader)
        var change = self
        change.editor = false
        change.read(filled, against: rendered, old)
        guard change.hasChanges else {
            print("no change to #\(old.id) \(old.title)")
            return
        }
        try change.apply(journal, old)
    }

    /// Sets the options that give what changed between the template as rendered and as
    /// saved: a field left as it was is left alone.
    mutating func read(_ filled: EditorTemplate, against rendered: EditorTemplate, _ old: Event) {
        if filled.title != rendered.title { title = filled.title }
        if filled.with != rendered.with {
            if filled.with.isEmpty { without = rendered.with } else { event.people = filled.with }
        }
        if filled.type != rendered.type { if filled.type.isEmpty { noType = true } else { event.type = filled.type } }
        if filled.mood != rendered.mood { if filled.mood.isEmpty { noMood = true } else { event.mood = filled.mood } }
        if filled.at != rendered.at { if filled.at.isEmpty { noPlace = true } else { event.place = filled.at } }
        if filled.when != rendered.when || filled.duration != rendered.duration {
            event.when = filled.when.isEmpty ? rendered.when : filled.when
            event.duration = filled.duration.isEmpty ? nil : filled.duration
            event.tz = old.timeZone
        }
        // Trait lines as they were keep their traits; a line gone removes its trait; a new line adds one.
        var unused = filled.traits
        for (t, line) in zip(old.traits, rendered.traits) {
            if let i = unused.firstIndex(of: line) { unused.remove(at: i) } else { removeTraits.append(t.id) }
        }
        event.trait = unused
        if filled.note != rendered.note { if filled.note.isEmpty { noNote = true } else { event.note = filled.note } }
    }

    /// Applies the options to the event `old`.
    func apply(_ journal: Journal, _ old: Event) throws {
        let builder = EventDraftBuilder(journal: journal, options: event.values)
        var timing = try builder.timing(defaultToNow: false)
        // A new start keeps the old length unless --duration says otherwise.
        if var t = timing, event.duration == nil, t.allDayDates == nil, let end = old.end, !old.allDay {
            t.end = t.start.addingTimeInterval(end.timeIntervalSince(old.start))
            timing = t
        }
        var people = event.people.isEmpty ? old.people.map(\.id) : try builder.personIDs()
        let names = "its people: " + (old.people.isEmpty ? "nobody" : old.people.map(\.displayName).joined(separator: ", "))
        for name in without {
            let match: (id: Int64, exact: Bool)?
            do {
                if name.hasPrefix("#"), let id = Int64(name.dropFirst()) {
                    match = people.contains(id) ? (id, true) : nil
                } else {
                    match = try journal.matchPerson(name, among: people)
                }
            } catch JournalError.ambiguousPerson(_, let candidates) {
                throw UserError("\"\(name)\" could be " + candidates.map { "\"\($0)\"" }.joined(separator: ", ") + " in event #\(id)",
                                "give more of the name")
            }
            guard let match else { throw UserError("nobody called \"\(name)\" is in event #\(id)", names) }
            people.removeAll { $0 == match.id }
        }
        for t in removeTraits where !old.traits.contains(where: { $0.id == t }) {
            throw UserError("trait #\(t) was not learned in event #\(id)",
                            old.traits.isEmpty ? "it has no traits" : "its traits: " + old.traits.map { "#\($0.id)" }.joined(separator: ", "))
        }
        let removedTraits = Set(removeTraits)
        let orphans = old.traits.filter { t in !removedTraits.contains(t.id) && !(t.person.map { people.contains($0.id) } ?? true) }
        if let first = orphans.first {
            let list = orphans.map { "#\($0.id) \"\($0.text)\" (about \($0.person?.displayName ?? "?"))" }.joined(separator: ", ")
            throw UserError("taking \(first.person?.displayName ?? "them") out of event #\(id) would leave what was learned about them there: \(list)",
                            "remove it too with " + orphans.map { "--remove-trait \($0.id)" }.joined(separator: " ")
                                + ", or give it to someone else with `kith traits edit \(first.id) --person NAME`")
        }
        var removedPhotos: Set<String> = []
        for prefix in removePhotos {
            let key = prefix.lowercased()
            let found = key.isEmpty ? [] : old.photos.filter { $0.hash.hasPrefix(key) }
            guard found.count == 1 else {
                throw UserError(found.isEmpty ? "no photo \(prefix) in event #\(id)" : "\"\(prefix)\" starts the hash of several photos of event #\(id)",
                                old.photos.isEmpty ? "it has no photos" : "its photos: " + old.photos.map { String($0.hash.prefix(12)) }.joined(separator: ", "))
            }
            removedPhotos.insert(found[0].hash)
        }
        let categories = try builder.lookUpCategories()
        let type = try builder.typeID(categories)
        let mood = try builder.moodID(categories)
        let place = try builder.place()
        if !event.trait.isEmpty && people.isEmpty {
            throw UserError("a trait is learned about someone, and this event has nobody in it", "add --with NAME")
        }
        let traits = try builder.traits(categories, people: people)
        let photos = try builder.photoHashes()
        let edited = try journal.editEvent(id: id) { draft in
            if let title { draft.title = title }
            if let timing {
                draft.start = timing.start
                draft.timeZone = timing.timeZone
                draft.end = timing.end
                draft.allDay = timing.allDayDates != nil
                draft.allDayDates = timing.allDayDates
            } else if let tz = event.tz {
                draft.timeZone = tz
            }
            draft.personIDs = people
            if let type { draft.typeID = type }
            if noType { draft.typeID = nil }
            if let mood { draft.moodID = mood }
            if noMood { draft.moodID = nil }
            if let place { draft.place = place }
            if noPlace { draft.place = nil }
            if let note = event.note { draft.note = note }
            if noNote { draft.note = "" }
            draft.traits.removeAll { $0.id.map(removedTraits.contains) ?? false }
            draft.traits += traits
            draft.photoHashes.removeAll { removedPhotos.contains($0) }
            draft.photoHashes += photos.filter { !draft.photoHashes.contains($0) }
        }
        if output.json {
            try JSONOutput.print(EventJSON(edited))
        } else {
            print("changed " + EventText(terminal: output.terminal()).line(edited))
        }
    }
}

/// `kith remove`: removes an event.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an event.")

    @Argument(help: "The event's number, as `kith events` shows it.") var id: Int64
    @OptionGroup var journal: JournalOptions

    func run() throws {
        let journal = try journal.open()
        let event = try journal.event(id: id)
        try journal.removeEvent(id: id)
        print("removed #\(event.id) \(event.title)")
    }
}

/// `kith show`: one event in full.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one event in full.")

    @Argument(help: "The event's number, as `kith events` shows it.") var id: Int64
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let event = try journal.openExisting().event(id: id)
        if output.json {
            try JSONOutput.print(EventJSON(event))
        } else {
            print(EventText(terminal: output.terminal()).full(event))
        }
    }
}
