import Foundation

/// The fields of an event a calendar file gives, as stored: compared with the last import's
/// to tell the user's edits from the file's changes.
struct EventFields: Codable, Hashable {
    struct Time: Codable, Hashable {
        var start: Int64
        var end: Int64?
        var timeZone: String
        var allDay: Bool
        var startDay: Int
        var endDay: Int
    }
    struct PlaceFields: Codable, Hashable {
        var name: String
        var latitude: Double?
        var longitude: Double?
    }
    var title: String
    var time: Time
    var typeID: Int64?
    var moodID: Int64?
    var place: PlaceFields?
    var personIDs: [Int64]
    var note: String
    var icalLines: [String]

    init(draft d: EventDraft) throws {
        let t = try Journal.timing(of: d)
        title = d.title.kithSingleLine()
        time = Time(start: t.startAt, end: t.endAt, timeZone: d.timeZone, allDay: d.allDay, startDay: t.startDay, endDay: t.endDay)
        typeID = d.typeID; moodID = d.moodID
        place = d.place.map { PlaceFields(name: $0.name.kithSingleLine(), latitude: $0.latitude, longitude: $0.longitude) }
        personIDs = d.personIDs; note = d.note; icalLines = d.icalLines
    }

    init(event e: Event) {
        title = e.title
        time = Time(
            start: Int64(e.start.timeIntervalSince1970), end: e.end.map { Int64($0.timeIntervalSince1970) },
            timeZone: e.timeZone, allDay: e.allDay, startDay: e.startDay.dayNumber, endDay: e.endDay.dayNumber)
        typeID = e.type?.id; moodID = e.mood?.id
        place = e.place.map { PlaceFields(name: $0.name, latitude: $0.latitude, longitude: $0.longitude) }
        personIDs = e.people.map(\.id); note = e.note; icalLines = e.icalLines
    }

    /// The snapshot kept in `eventImport`: the JSON that `JSONDecoder` reads back as these
    /// fields, written by hand (a `JSONEncoder` per event was a sixth of an import).
    var snapshotJSON: String {
        var o = SnapshotWriter()
        o.raw("{\"title\":"); o.string(title)
        o.raw(",\"time\":{\"start\":"); o.number(time.start)
        if let end = time.end { o.raw(",\"end\":"); o.number(end) }
        o.raw(",\"timeZone\":"); o.string(time.timeZone)
        o.raw(time.allDay ? ",\"allDay\":true" : ",\"allDay\":false")
        o.raw(",\"startDay\":"); o.number(time.startDay)
        o.raw(",\"endDay\":"); o.number(time.endDay)
        o.raw("}")
        if let typeID { o.raw(",\"typeID\":"); o.number(typeID) }
        if let moodID { o.raw(",\"moodID\":"); o.number(moodID) }
        if let place {
            o.raw(",\"place\":{\"name\":"); o.string(place.name)
            if let v = place.latitude { o.raw(",\"latitude\":"); o.number(v) }
            if let v = place.longitude { o.raw(",\"longitude\":"); o.number(v) }
            o.raw("}")
        }
        o.raw(",\"personIDs\":[")
        for (i, p) in personIDs.enumerated() {
            if i > 0 { o.raw(",") }
            o.number(p)
        }
        o.raw("],\"note\":"); o.string(note)
        o.raw(",\"icalLines\":"); o.strings(icalLines)
        o.raw("}")
        return String(decoding: o.bytes, as: UTF8.self)
    }

    func changes(from o: EventFields) -> [String] {
        var out: [String] = []
        if title != o.title { out.append("title") }
        if time != o.time { out.append("time") }
        if typeID != o.typeID { out.append("type") }
        if moodID != o.moodID { out.append("mood") }
        if place != o.place { out.append("place") }
        if personIDs != o.personIDs { out.append("people") }
        if note != o.note { out.append("note") }
        if icalLines != o.icalLines { out.append("kept properties") }
        return out
    }
}

extension SnapshotWriter {
    /// A JSON number: an integer, or a finite double in Swift's shortest form (`48.2167`, `1e-05`).
    mutating func number(_ v: some BinaryInteger) { bytes.append(contentsOf: "\(v)".utf8) }
    mutating func number(_ v: Double) { bytes.append(contentsOf: (v.isFinite ? "\(v)" : "null").utf8) }
}
