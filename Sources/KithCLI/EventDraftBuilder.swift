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
                throw UserError("--duration needs a start time, and \"\(when)\" is a whole day",
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

    /// `--type`, `--mood` and the main kind of each `--trait`, looked up in one read of the
    /// category tree; ``typeID(_:)``, ``moodID(_:)`` and ``traits(_:)`` throw each lookup's
    /// error when the command comes to it, as separate lookups would.
    struct CategoryLookups {
        var type: Result<Category, any Error>?
        var mood: Result<Category, any Error>?
        /// One for each `--trait`; nil for a trait that cannot be read (``traits(_:)`` says why).
        var traitMains: [Result<Category, any Error>?]
    }

    func lookUpCategories() throws -> CategoryLookups {
        let mains = options.trait.map { text in
            (try? EventOptions.splitTrait(text)).map { String($0.path.split(separator: "/").first ?? "") }
        }
        var requests: [(kind: Category.Kind, path: String)] = []
        if let type = options.type { requests.append((.eventType, type)) }
        if let mood = options.mood { requests.append((.mood, mood)) }
        for case let main? in mains { requests.append((.trait, main)) }
        var results = ArraySlice<Result<Category, any Error>>()
        if !requests.isEmpty { results = try journal.categories(resolving: requests)[...] }
        let type = options.type == nil ? nil : results.popFirst()
        let mood = options.mood == nil ? nil : results.popFirst()
        return CategoryLookups(type: type, mood: mood, traitMains: mains.map { $0 == nil ? nil : results.popFirst() })
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
           let oldLat = known.latitude, let oldLon = known.longitude, oldLat != lat || oldLon != lon {
            // A known place does not move because one event gives other coordinates.
            StandardError.warn("\(known.name) is already at \(oldLat),\(oldLon); this event is there too, and no earlier event moved",
                               "to move the place with its events: kith place edit \"\(known.name)\" --geo \(lat),\(lon); "
                               + "for another place, give --at another name")
        }
        return PlaceDraft(name: name, latitude: coordinates?.0, longitude: coordinates?.1)
    }

    func traits(_ lookups: CategoryLookups) throws -> [TraitDraft] {
        try zip(options.trait, lookups.traitMains).map { text, main in
            let (path, body) = try EventOptions.splitTrait(text)
            // The main kind must exist; a new subcategory is made by the journal.
            _ = try main?.get()
            return TraitDraft(path: path, text: body)
        }
    }

    /// Stores the photos (checked to be images) and returns their hashes. Call last.
    func photoHashes() throws -> [String] {
        try options.photoFiles().map { try journal.storePhoto($0.data, name: $0.name).hash }
    }
}
