import Foundation

/// One interaction, in full: when, who, what kind, how it felt, where, and what was learned.
public struct Event: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    /// Stable identifier for iCalendar.
    public var uid: String
    public var title: String
    /// The start instant (for an all-day event, the first local midnight).
    public var start: Date
    /// The end instant, if any (for an all-day event, the midnight after the last day).
    public var end: Date?
    /// The IANA time zone it happened in.
    public var timeZone: String
    public var allDay: Bool
    /// The local day it starts on, in ``timeZone``.
    public var startDay: LocalDate
    /// The last local day it touches (equal to ``startDay`` for most events).
    public var endDay: LocalDate
    public var type: Category?
    public var mood: Category?
    public var place: Place?
    /// In the order they were given.
    public var people: [PersonRef]
    public var note: String
    public var photos: [Photo]
    /// The traits learned in this event, each about one of its people, in the order given.
    public var traits: [EventTrait]
    /// iCalendar properties Kith does not model, kept verbatim for export.
    public var icalLines: [String]
    /// Seconds since 1970.
    public var createdAt: Int64
    public var updatedAt: Int64

    /// The editable fields, for ``Journal/editEvent(id:_:)``.
    public var draft: EventDraft {
        var d = EventDraft(title: title, start: start, timeZone: timeZone)
        d.end = allDay ? nil : end
        d.allDay = allDay
        if allDay { d.allDayDates = startDay...endDay }
        d.typeID = type?.id
        d.moodID = mood?.id
        d.place = place.map { PlaceDraft(name: $0.name, address: $0.address, latitude: $0.latitude, longitude: $0.longitude) }
        d.personIDs = people.map(\.id)
        d.note = note
        d.photoHashes = photos.map(\.hash)
        d.traits = traits.map { TraitDraft(path: $0.category.path, text: $0.text, personID: $0.person?.id, id: $0.id) }
        d.uid = uid
        d.icalLines = icalLines
        return d
    }
}
