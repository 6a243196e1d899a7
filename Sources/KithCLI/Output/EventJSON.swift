import Foundation
import Kith

/// An event in `--json` output (`kith events`, `kith show`, `kith day`, `kith log --json`).
///
/// Keys: `id`, `uid`, `title`, `start` and `end` (UTC instants, ISO 8601), `localStart`
/// and `localEnd` (wall-clock time with offset where it happened), `timeZone` (IANA),
/// `allDay`, `startDay` and `endDay` (`YYYY-MM-DD`, local), `type` and `mood` (category
/// objects), `place` (`name`, `address`, `latitude`, `longitude`), `people` (`id`,
/// `name`), `note`, `photos` (`id` as `kith photo` takes it, `hash`, `mediaType`,
/// `byteCount`), `traits` (`id`, `kind`, `text`, `person`: `id`, `name`), `planned`
/// (true for an event that starts after now, else absent). Absent values are left out.
struct EventJSON: Encodable {
    struct CategoryRef: Encodable {
        var id: Int64
        var path: String
        var name: String
        var icon: String
        var color: String
        var score: Int?

        init(_ c: Category) {
            id = c.id; path = c.path; name = c.name; icon = c.icon; color = c.color; score = c.score
        }
    }

    struct PlaceJSON: Encodable {
        var name: String
        var address: String?
        var latitude: Double?
        var longitude: Double?
    }

    struct PersonJSON: Encodable {
        var id: Int64
        var name: String
    }

    struct PhotoJSON: Encodable {
        var id: String
        var hash: String
        var mediaType: String
        var byteCount: Int
    }

    struct TraitJSON: Encodable {
        var id: Int64
        var kind: String
        var text: String
        var person: PersonJSON?
    }

    var id: Int64
    var uid: String
    var title: String
    var start: Date
    var end: Date?
    var localStart: String
    var localEnd: String?
    var timeZone: String
    var allDay: Bool
    var startDay: String
    var endDay: String
    var type: CategoryRef?
    var mood: CategoryRef?
    var place: PlaceJSON?
    var people: [PersonJSON]
    var note: String
    var photos: [PhotoJSON]
    var traits: [TraitJSON]
    var planned: Bool?

    init(_ e: Event, now: Date = Date()) {
        id = e.id
        uid = e.uid
        title = e.title
        start = e.start
        end = e.end
        let zone = TimeZone(identifier: e.timeZone) ?? .gmt
        localStart = LocalTime.iso(e.start, zone)
        localEnd = e.end.map { LocalTime.iso($0, zone) }
        timeZone = e.timeZone
        allDay = e.allDay
        startDay = e.startDay.description
        endDay = e.endDay.description
        type = e.type.map(CategoryRef.init)
        mood = e.mood.map(CategoryRef.init)
        place = e.place.map { PlaceJSON(name: $0.name, address: $0.address, latitude: $0.latitude, longitude: $0.longitude) }
        people = e.people.map { PersonJSON(id: $0.id, name: $0.displayName) }
        note = e.note
        photos = e.photos.map { PhotoJSON(id: $0.id, hash: $0.hash, mediaType: $0.mediaType, byteCount: $0.byteCount) }
        traits = e.traits.map {
            TraitJSON(id: $0.id, kind: $0.category.path, text: $0.text, person: $0.person.map { PersonJSON(id: $0.id, name: $0.displayName) })
        }
        planned = e.start > now ? true : nil
    }
}
