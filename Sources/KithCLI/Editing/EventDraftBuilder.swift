import Foundation
import Kith

/// Turns `EventOptions` (as `EventValues`) into the pieces of an `EventDraft`, looking everything up
/// before anything is written, so that a mistake leaves the journal untouched.
struct EventDraftBuilder {
    var journal: Journal
    var options: EventValues
    var now = Date()

    /// The time fields: start, end, zone, all-day days.
    struct Timing {
        var start: Date
        var end: Date?
        var timeZone: String
        var allDayDates: ClosedRange<LocalDate>?
    }

    /// Reads `--when`, `--duration` and `--tz`; nil when none was given.
    func timing(defaultToNow: Bool) throws -> Timing? {
        let zone = try options.timeZone()
        let duration = try options.duration.map { try DatePhrase.duration($0) }
        guard let when = options.when else {
            guard defaultToNow || duration != nil || options.tz != nil else { return nil }
            return Timing(start: now, end: duration.map { now.addingTimeInterval(Double($0)) }, timeZone: zone.identifier)
        }
        let moment = try DatePhrase.moment(when, now: now, timeZone: zone)
        if moment.time == nil {
            if duration != nil {
                throw UserError(
                    "--duration needs a start time, and \"\(when)\" is a whole day",
                    "add a time, as in --when \"\(when) 15:30\", or drop --duration for an all-day event")
            }
            return Timing(start: moment.date, end: nil, timeZone: zone.identifier, allDayDates: moment.day...moment.day)
        }
        return Timing(start: moment.date, end: duration.map { moment.date.addingTimeInterval(Double($0)) }, timeZone: zone.identifier)
    }

    func personIDs() throws -> [Int64] {
        var ids: [Int64] = []
        for name in options.people {
            let id = try journal.personID(argument: name)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// `--type`, `--mood` and the main kinds each `--trait` may mean, looked up in one read
    /// of the category tree; ``typeID(_:)``, ``moodID(_:)`` and ``traits(_:people:)``
    /// throw each lookup's error when the command comes to it, as separate lookups would.
    struct CategoryLookups {
        var type: Result<Category, any Error>?
        var mood: Result<Category, any Error>?
        /// One for each `--trait`: the main kind of its first part, read as a kind; nil for
        /// a trait that cannot be read (``traits(_:people:)`` says why).
        var traitMains: [Result<Category, any Error>?]
        /// One for each `--trait`: the main kind of its second part, when it has a name
        /// before the kind (`Name: Kind/Sub: text`); nil otherwise.
        var namedTraitMains: [Result<Category, any Error>?]
    }

    func lookUpCategories() throws -> CategoryLookups {
        let split = options.trait.map { try? TraitText($0) }
        func main(_ path: String) -> String { String(path.split(separator: "/").first ?? "") }
        let mains = split.map { $0.map { main($0.first) } }
        let namedMains = split.map { $0?.named.map { main($0.path) } }
        var requests: [(kind: Category.Kind, path: String)] = []
        if let type = options.type { requests.append((.eventType, type)) }
        if let mood = options.mood { requests.append((.mood, mood)) }
        for case let main? in mains { requests.append((.trait, main)) }
        for case let main? in namedMains { requests.append((.trait, main)) }
        var results = ArraySlice<Result<Category, any Error>>()
        if !requests.isEmpty { results = try journal.categories(resolving: requests)[...] }
        let type = options.type == nil ? nil : results.popFirst()
        let mood = options.mood == nil ? nil : results.popFirst()
        let traitMains = mains.map { $0 == nil ? nil : results.popFirst() }
        return CategoryLookups(
            type: type, mood: mood, traitMains: traitMains,
            namedTraitMains: namedMains.map { $0 == nil ? nil : results.popFirst() })
    }

    func typeID(_ lookups: CategoryLookups) throws -> Int64? { try lookups.type?.get().id }

    func moodID(_ lookups: CategoryLookups) throws -> Int64? { try lookups.mood?.get().id }

    func place() throws -> PlaceDraft? {
        let coordinates = try options.coordinates()
        guard let name = options.place else {
            if coordinates != nil { throw UserError("--geo needs a place name", "add --at \"Place name\"") }
            return nil
        }
        if let (lat, lon) = coordinates, let known = try journal.place(named: name),
            let oldLat = known.latitude, let oldLon = known.longitude, oldLat != lat || oldLon != lon
        {
            // A known place does not move because one event gives other coordinates.
            StandardError.warn(
                "\(known.name) is already at \(oldLat),\(oldLon); this event is there too, and no earlier event moved",
                "to move the place with its events: kith place edit \"\(known.name)\" --geo \(lat),\(lon); "
                    + "for another place, give --at another name")
        }
        return PlaceDraft(name: name, latitude: coordinates?.0, longitude: coordinates?.1)
    }

    /// Each `--trait` as a draft about one of `people` (the event's, by id): see
    /// ``TraitText`` for how a name is told from a kind.
    func traits(_ lookups: CategoryLookups, people: [Int64]) throws -> [TraitDraft] {
        try options.trait.indices.map { i in
            let parsed = try TraitText(options.trait[i])
            var path = parsed.first, body = parsed.rest, personID: Int64?
            var main = lookups.traitMains[i]
            if let named = parsed.named {
                let isKind = (try? lookups.traitMains[i]?.get()) != nil
                // A kind gives way only to an exact name (and is not refused for an ambiguous one).
                let match =
                    isKind
                    ? (try? matchTraitPerson(parsed.first, among: people))?.flatMap { $0.exact ? $0 : nil }
                    : try matchTraitPerson(parsed.first, among: people)
                if let match {
                    (path, body, personID, main) = (named.path, named.text, match.id, lookups.namedTraitMains[i])
                } else if !isKind {
                    let names = try people.map { try journal.person(id: $0).displayName }
                    throw UserError(
                        "\"\(parsed.first)\" in the trait \"\(options.trait[i])\" is neither someone in this event nor a trait kind",
                        names.isEmpty
                            ? "add them with --with NAME"
                            : "name one of " + names.map { "\"\($0)\"" }.joined(separator: ", ") + ", or a kind from `kith category list --kind trait`")
                }
            }
            // The main kind must exist; a new subcategory is made by the journal.
            _ = try main?.get()
            if personID == nil, people.count > 1 {
                let names = try people.map { try journal.person(id: $0).displayName }
                throw UserError(
                    "the trait \"\(options.trait[i])\" does not say whom it is about, and this event has \(names.count) people: "
                        + names.joined(separator: ", "),
                    "put the name first, as in --trait \"\(names[0]): \(path): \(body)\"")
            }
            return TraitDraft(path: path, text: body, personID: personID)
        }
    }

    /// The event person a trait's first part names, if any; several is an error that lists them.
    private func matchTraitPerson(_ typed: String, among people: [Int64]) throws -> (id: Int64, exact: Bool)? {
        if typed.hasPrefix("#"), let id = Int64(typed.dropFirst()) { return people.contains(id) ? (id, true) : nil }
        do {
            return try journal.matchPerson(typed, among: people)
        } catch JournalError.ambiguousPerson(let name, let candidates) {
            throw UserError(
                "\"\(name)\" could be " + candidates.map { "\"\($0)\"" }.joined(separator: ", ") + " in this event",
                "give more of the name")
        }
    }

    /// Stores the photos (checked to be images) and returns their hashes. Call last.
    func photoHashes() throws -> [String] {
        try options.photoFiles().map { try journal.storePhoto($0.data, name: $0.name).hash }
    }
}

/// The text of a `--trait` (or a `Trait:` line of the editor template):
/// `[Name:] Kind/Sub: text`.
///
/// The first part is the person's name when it names someone in the event (exact name,
/// nickname, unique prefix or close match) and two more parts follow; otherwise it is the
/// trait kind and everything after the first `:` is the text. A name typed exactly wins
/// over a kind of the same name; a kind wins over a prefix or a close match. Without a
/// name the trait is about the event's only person.
struct TraitText {
    /// What comes before the first `:`: a kind, or a name.
    var first: String
    /// Everything after the first `:`: the text, when `first` is a kind.
    var rest: String
    /// When `rest` itself reads `Kind: text`: those two, for `first` as a name.
    var named: (path: String, text: String)?

    init(_ text: String) throws {
        let (first, rest) = try EventOptions.splitTrait(text)
        self.first = first
        self.rest = rest
        named = try? EventOptions.splitTrait(rest)
    }
}
