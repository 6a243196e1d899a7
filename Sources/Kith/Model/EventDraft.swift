import Foundation

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
    /// The people met, in order. May be empty (for example an imported calendar entry
    /// with no known attendee), but traits need at least one person.
    public var personIDs: [Int64]
    public var note: String
    /// Photos stored with ``Journal/storePhoto(_:name:)``.
    public var photoHashes: [String]
    /// Each about one person of the event (``TraitDraft/personID``), with the event as source.
    public var traits: [TraitDraft]
    /// Generated when nil.
    public var uid: String?
    /// iCalendar properties Kith does not model (unfolded content lines), kept for export.
    public var icalLines: [String]
    /// For an imported event: its source's last change (LAST-MODIFIED, else DTSTAMP), in
    /// seconds since 1970, stored as its last change so that an export writes the same
    /// stamps back. Nil: now.
    public var modifiedAt: Int64?

    public init(
        title: String, start: Date, timeZone: String, end: Date? = nil, allDay: Bool = false,
        allDayDates: ClosedRange<LocalDate>? = nil, typeID: Int64? = nil, moodID: Int64? = nil,
        place: PlaceDraft? = nil, personIDs: [Int64] = [], note: String = "", photoHashes: [String] = [],
        traits: [TraitDraft] = [], uid: String? = nil, icalLines: [String] = []
    ) {
        self.title = title; self.start = start; self.timeZone = timeZone; self.end = end; self.allDay = allDay
        self.allDayDates = allDayDates; self.typeID = typeID; self.moodID = moodID; self.place = place
        self.personIDs = personIDs; self.note = note; self.photoHashes = photoHashes; self.traits = traits
        self.uid = uid; self.icalLines = icalLines
    }
}
