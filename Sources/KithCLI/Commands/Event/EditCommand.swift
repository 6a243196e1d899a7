import ArgumentParser
import Foundation
import Kith

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
    @Option(
        name: .customLong("remove-photo"),
        help: ArgumentHelp("Remove a photo from the event, by the start of its hash as `kith show` lists it (repeat for several).", valueName: "id"))
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
            throw ValidationError(
                """
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
                throw UserError(
                    "\"\(name)\" could be " + candidates.map { "\"\($0)\"" }.joined(separator: ", ") + " in event #\(id)",
                    "give more of the name")
            }
            guard let match else { throw UserError("nobody called \"\(name)\" is in event #\(id)", names) }
            people.removeAll { $0 == match.id }
        }
        for t in removeTraits where !old.traits.contains(where: { $0.id == t }) {
            throw UserError(
                "trait #\(t) was not learned in event #\(id)",
                old.traits.isEmpty ? "it has no traits" : "its traits: " + old.traits.map { "#\($0.id)" }.joined(separator: ", "))
        }
        let removedTraits = Set(removeTraits)
        let orphans = old.traits.filter { t in !removedTraits.contains(t.id) && !(t.person.map { people.contains($0.id) } ?? true) }
        if let first = orphans.first {
            let list = orphans.map { "#\($0.id) \"\($0.text)\" (about \($0.person?.displayName ?? "?"))" }.joined(separator: ", ")
            throw UserError(
                "taking \(first.person?.displayName ?? "them") out of event #\(id) would leave what was learned about them there: \(list)",
                "remove it too with " + orphans.map { "--remove-trait \($0.id)" }.joined(separator: " ")
                    + ", or give it to someone else with `kith traits edit \(first.id) --person NAME`")
        }
        var removedPhotos: Set<String> = []
        for prefix in removePhotos {
            let key = prefix.lowercased()
            let found = key.isEmpty ? [] : old.photos.filter { $0.hash.hasPrefix(key) }
            guard found.count == 1 else {
                throw UserError(
                    found.isEmpty ? "no photo \(prefix) in event #\(id)" : "\"\(prefix)\" starts the hash of several photos of event #\(id)",
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
