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

    /// A person: their fields (``PersonFields``, written flat beside `uid` and the rest,
    /// `photoHash` as `photo`), each readable as the item's own (`item.displayName`).
    @dynamicMemberLookup
    public struct PersonItem: Codable, Hashable, Sendable {
        public var uid: String
        public var fields: PersonFields
        public var relation: String?
        public var rev: String?
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

        public subscript<T>(dynamicMember field: WritableKeyPath<PersonFields, T>) -> T {
            get { fields[keyPath: field] }
            set { fields[keyPath: field] = newValue }
        }

        private enum CodingKeys: String, CodingKey {
            case uid, relation, rev, traits, createdAt, updatedAt
            case cadence, cadenceSince, relationSince, snoozeUntil, snoozedOn
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            uid = try c.decode(String.self, forKey: .uid)
            fields = try PersonFields(from: decoder, backup: true)
            relation = try c.decodeIfPresent(String.self, forKey: .relation)
            rev = try c.decodeIfPresent(String.self, forKey: .rev)
            traits = try c.decode([TraitItem].self, forKey: .traits)
            createdAt = try c.decode(Int64.self, forKey: .createdAt)
            updatedAt = try c.decode(Int64.self, forKey: .updatedAt)
            cadence = try c.decodeIfPresent(String.self, forKey: .cadence)
            cadenceSince = try c.decodeIfPresent(LocalDate.self, forKey: .cadenceSince)
            relationSince = try c.decodeIfPresent(LocalDate.self, forKey: .relationSince)
            snoozeUntil = try c.decodeIfPresent(LocalDate.self, forKey: .snoozeUntil)
            snoozedOn = try c.decodeIfPresent(LocalDate.self, forKey: .snoozedOn)
        }

        public func encode(to encoder: any Encoder) throws {
            try fields.encode(to: encoder, backup: true)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(uid, forKey: .uid)
            try c.encodeIfPresent(relation, forKey: .relation)
            try c.encodeIfPresent(rev, forKey: .rev)
            try c.encode(traits, forKey: .traits)
            try c.encode(createdAt, forKey: .createdAt)
            try c.encode(updatedAt, forKey: .updatedAt)
            try c.encodeIfPresent(cadence, forKey: .cadence)
            try c.encodeIfPresent(cadenceSince, forKey: .cadenceSince)
            try c.encodeIfPresent(relationSince, forKey: .relationSince)
            try c.encodeIfPresent(snoozeUntil, forKey: .snoozeUntil)
            try c.encodeIfPresent(snoozedOn, forKey: .snoozedOn)
        }
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
    init(
        uid: String, fields: PersonFields, relation: String?, rev: String?, traits: [JournalDocument.TraitItem],
        createdAt: Int64, updatedAt: Int64
    ) {
        self.uid = uid; self.fields = fields; self.relation = relation; self.rev = rev; self.traits = traits
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }

    /// A person as the backup writes them.
    init(_ p: Person, traits: [JournalDocument.TraitItem]) {
        self.init(
            uid: p.uid, fields: p.fields, relation: p.relation?.path, rev: p.rev, traits: traits,
            createdAt: p.createdAt, updatedAt: p.updatedAt)
    }
}
