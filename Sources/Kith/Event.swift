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
    /// The traits learned in this event, once each (they are attached to every person).
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
        d.traits = traits.map { TraitDraft(path: $0.category.path, text: $0.text) }
        d.uid = uid
        d.icalLines = icalLines
        return d
    }
}

/// A person as an event shows them.
public struct PersonRef: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var displayName: String
}

/// A trait learned in an event.
public struct EventTrait: Hashable, Sendable, Codable {
    public var category: Category
    public var text: String
}

/// A trait to record: a trait kind path (`Interests` or `Interests/Climbing`) and text.
///
/// A missing subcategory under an existing trait kind is created (traits are free-form);
/// the main kind must exist.
public struct TraitDraft: Hashable, Sendable, Codable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path; self.text = text
    }
}

/// What to write for an event: ``Journal/logEvent(_:)`` or the closure of ``Journal/editEvent(id:_:)``.
public struct EventDraft: Hashable, Sendable {
    public var title: String
    /// The start instant. For an all-day event without ``allDayDates``, its local day in
    /// ``timeZone`` is the first day.
    public var start: Date
    /// The end instant (nil: a moment). Ignored for all-day events.
    public var end: Date?
    /// IANA time zone id (validated).
    public var timeZone: String
    public var allDay: Bool
    /// For all-day events: the local days covered, inclusive. Nil: the day of ``start``
    /// (through the day of ``end`` if given).
    public var allDayDates: ClosedRange<LocalDate>?
    /// An event type category id.
    public var typeID: Int64?
    /// A mood category id.
    public var moodID: Int64?
    public var place: PlaceDraft?
    public var personIDs: [Int64]
    public var note: String
    /// Photos stored with ``Journal/storePhoto(_:name:)``.
    public var photoHashes: [String]
    /// Attached to every person of the event, with the event as source.
    public var traits: [TraitDraft]
    /// Generated when nil.
    public var uid: String?
    /// iCalendar properties Kith does not model (unfolded content lines), kept for export.
    public var icalLines: [String]

    public init(title: String, start: Date, timeZone: String, end: Date? = nil, allDay: Bool = false,
                allDayDates: ClosedRange<LocalDate>? = nil, typeID: Int64? = nil, moodID: Int64? = nil,
                place: PlaceDraft? = nil, personIDs: [Int64] = [], note: String = "", photoHashes: [String] = [],
                traits: [TraitDraft] = [], uid: String? = nil, icalLines: [String] = []) {
        self.title = title; self.start = start; self.timeZone = timeZone; self.end = end; self.allDay = allDay
        self.allDayDates = allDayDates; self.typeID = typeID; self.moodID = moodID; self.place = place
        self.personIDs = personIDs; self.note = note; self.photoHashes = photoHashes; self.traits = traits
        self.uid = uid; self.icalLines = icalLines
    }
}

/// Filters of the timeline, ``Journal/events(_:)``. Nil fields do not filter.
public struct EventFilter: Sendable {
    /// First local day (inclusive); an event touching it counts.
    public var from: LocalDate?
    /// Last local day (inclusive).
    public var to: LocalDate?
    public var personID: Int64?
    /// An event type; its subcategories match too.
    public var typeID: Int64?
    public var moodID: Int64?
    /// Place name, matched case-insensitively as a substring.
    public var place: String?
    /// Words searched in titles and notes (every word must appear, case-insensitive).
    public var search: String?
    public var newestFirst: Bool
    public var limit: Int?

    public init(from: LocalDate? = nil, to: LocalDate? = nil, personID: Int64? = nil, typeID: Int64? = nil,
                moodID: Int64? = nil, place: String? = nil, search: String? = nil, newestFirst: Bool = true,
                limit: Int? = nil) {
        self.from = from; self.to = to; self.personID = personID; self.typeID = typeID; self.moodID = moodID
        self.place = place; self.search = search; self.newestFirst = newestFirst; self.limit = limit
    }
}
