import Foundation

/// The whole journal as one JSON document: the backup and migration format of
/// ``Journal/exportJSON(cancellation:)``, read back by ``Journal/importData(_:fileName:options:)``.
///
/// Shape (keys sorted, arrays in a stable order, so the same journal gives the same bytes):
/// - `format`: always `"kith-journal"`; `version`: 1.
/// - `categories`: every category, main ones before their subcategories: `kind`
///   (`relation`, `eventType`, `trait`, `mood`), `path` (`Friends/College`), `icon`,
///   `color` (`#RRGGBB`), `position`, `score` (moods only, -2...2).
/// - `places`: `name`, `address`, `latitude`, `longitude`.
/// - `photos`: `hash` (SHA-256 hex), `mediaType`, `data` (base64).
/// - `people`: by `uid`: the fields of ``Person`` with `relation` as a path, `photo` as a
///   hash, birthdays as `YYYY-MM-DD` or `--MM-DD`, and `traits` not tied to an event.
/// - `events`: by start then `uid`: `start`/`end` in Unix seconds (UTC), `timeZone`
///   (IANA), `allDay` with `startDay`/`endDay` (`YYYY-MM-DD`), `type` (path), `mood`
///   (name), `place` (name), `people` (UIDs), `photos` (hashes), `traits` (kind path,
///   text, `person`: the UID of whom it is about; a document without it, from before
///   traits were about one person, gives the trait to each of the event's people),
///   `icalLines` (kept iCalendar properties).
/// - `createdAt`/`updatedAt`: Unix seconds, kept on import.
/// - `timeZones` (only when there are any): the VTIMEZONEs kept from imported files for
///   TZIDs that are neither IANA nor Windows, `tzid` and `text` (the VTIMEZONE as written).
public struct JournalDocument: Codable, Hashable, Sendable {
    public var format = "kith-journal"
    public var version = 1
    public var categories: [CategoryItem]
    public var places: [PlaceItem]
    public var photos: [PhotoItem]
    public var people: [PersonItem]
    public var events: [EventItem]
    public var timeZones: [TimeZoneItem]? = nil

    /// A kept VTIMEZONE (see `timeZones` above).
    public struct TimeZoneItem: Codable, Hashable, Sendable {
        public var tzid: String
        public var text: String
    }

    public struct CategoryItem: Codable, Hashable, Sendable {
        public var kind: Category.Kind
        public var path: String
        public var icon: String
        public var color: String
        public var position: Int
        public var score: Int?
        /// Relations only: how often to keep in touch (`2w`, `none`) and the day it was set;
        /// absent from backups before issue 19.
        public var cadence: String? = nil
        public var cadenceSince: LocalDate? = nil
    }

    public struct PlaceItem: Codable, Hashable, Sendable {
        public var name: String
        public var address: String?
        public var latitude: Double?
        public var longitude: Double?
    }

    public struct PhotoItem: Codable, Hashable, Sendable {
        public var hash: String
        public var mediaType: String
        public var data: Data
    }

    public struct TraitItem: Codable, Hashable, Sendable {
        public var kind: String
        public var text: String
        public var createdAt: Int64
        /// For a trait of an event: the UID of the person it is about.
        public var person: String?

        public init(kind: String, text: String, createdAt: Int64, person: String? = nil) {
            self.kind = kind; self.text = text; self.createdAt = createdAt; self.person = person
        }
    }

    public struct PersonItem: Codable, Hashable, Sendable {
        public var uid: String
        public var displayName: String
        public var name: PersonName
        public var nicknames: [String]
        public var birthday: PartialDate?
        public var anniversary: PartialDate?
        public var emails: [LabeledValue]
        public var phones: [LabeledValue]
        public var addresses: [PostalAddress]
        public var organization: String
        public var title: String
        public var urls: [LabeledValue]
        public var note: String
        public var relation: String?
        public var photo: String?
        public var rev: String?
        public var vcardLines: [String]
        public var traits: [TraitItem]
        public var createdAt: Int64
        public var updatedAt: Int64
        /// Their own cadence and the day it was set, the day they joined their relation
        /// category, and a snooze (the day it moves them to, the day it was made); absent
        /// from backups before issue 19 and when not set.
        public var cadence: String? = nil
        public var cadenceSince: LocalDate? = nil
        public var relationSince: LocalDate? = nil
        public var snoozeUntil: LocalDate? = nil
        public var snoozedOn: LocalDate? = nil
    }

    public struct EventItem: Codable, Hashable, Sendable {
        public var uid: String
        public var title: String
        public var start: Int64
        public var end: Int64?
        public var timeZone: String
        public var allDay: Bool
        public var startDay: LocalDate
        public var endDay: LocalDate
        public var type: String?
        public var mood: String?
        public var place: String?
        public var people: [String]
        public var note: String
        public var photos: [String]
        public var traits: [TraitItem]
        public var icalLines: [String]
        public var createdAt: Int64
        public var updatedAt: Int64
    }
}

extension JournalDocument.PersonItem {
    /// A person as the backup writes them (`photo` is the photo's hash).
    init(_ p: Person, traits: [JournalDocument.TraitItem]) {
        let f = p.fields
        self.init(
            uid: p.uid, displayName: f.displayName, name: f.name, nicknames: f.nicknames, birthday: f.birthday,
            anniversary: f.anniversary, emails: f.emails, phones: f.phones, addresses: f.addresses,
            organization: f.organization, title: f.title, urls: f.urls, note: f.note, relation: p.relation?.path,
            photo: f.photoHash, rev: p.rev, vcardLines: f.vcardLines, traits: traits,
            createdAt: p.createdAt, updatedAt: p.updatedAt)
    }

    /// The person's fields as the backup holds them.
    var fields: PersonFields {
        PersonFields(
            displayName: displayName, name: name, nicknames: nicknames, birthday: birthday,
            anniversary: anniversary, emails: emails, phones: phones, addresses: addresses,
            organization: organization, title: title, urls: urls, note: note,
            photoHash: photo, vcardLines: vcardLines)
    }
}
