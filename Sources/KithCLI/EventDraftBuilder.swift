import Foundation
import Kith

/// Turns `EventOptions` into the pieces of an `EventDraft`, looking everything up
/// before anything is written, so that a mistake leaves the journal untouched.
struct EventDraftBuilder {
    var journal: Journal
    var options: EventOptions
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

    func typeID() throws -> Int64? { try options.type.map { try journal.category(kind: .eventType, path: $0).id } }

    func moodID() throws -> Int64? { try options.mood.map { try journal.category(kind: .mood, path: $0).id } }

    func place() throws -> PlaceDraft? {
        let coordinates = try options.coordinates()
        guard let name = options.place else {
            if coordinates != nil { throw UserError("--geo needs a place name", "add --at \"Place name\"") }
            return nil
        }
        return PlaceDraft(name: name, latitude: coordinates?.0, longitude: coordinates?.1)
    }

    func traits() throws -> [TraitDraft] {
        try options.trait.map { text in
            let (path, body) = try EventOptions.splitTrait(text)
            // The main kind must exist; a new subcategory is made by the journal.
            let main = String(path.split(separator: "/").first ?? "")
            _ = try journal.category(kind: .trait, path: main)
            return TraitDraft(path: path, text: body)
        }
    }

    /// Stores the photos (checked to be images) and returns their hashes. Call last.
    func photoHashes() throws -> [String] {
        try options.photoFiles().map { try journal.storePhoto($0.data, name: $0.name).hash }
    }
}
