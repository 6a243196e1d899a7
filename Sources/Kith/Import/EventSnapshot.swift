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

    /// These fields with the time of `d`: a draft of another occurrence of the same VEVENT,
    /// which differs from the one these fields came from in its times and UID only.
    func with(timeOf d: EventDraft) throws -> EventFields {
        let t = try Journal.timing(of: d)
        var f = self
        f.time = Time(start: t.startAt, end: t.endAt, timeZone: d.timeZone, allDay: d.allDay, startDay: t.startDay, endDay: t.endDay)
        return f
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

/// What `eventImport` keeps of the fields a file gave an event: a hash of each, and the
/// people's ids as they are (people the file dropped are taken off the event). Enough to
/// tell, field by field, whether the event still holds what the file gave, which is all
/// the merge asks. The whole fields as JSON were 55 % of the journal after a large import
/// (167 MB for 303,256 events) and a sixth of its time; journals written before keep their
/// JSON, read here, and get a digest at their next import.
struct EventFieldsDigest: Hashable {
    var title: UInt64
    var time: UInt64
    var typeID: Int64?
    var moodID: Int64?
    var place: UInt64?
    var note: UInt64
    var icalLines: UInt64
    var personIDs: [Int64]

    init(_ f: EventFields) {
        title = StableHasher.hash { $0.combine(f.title) }
        time = Self.hash(f.time)
        typeID = f.typeID; moodID = f.moodID
        place = f.place.map { p in
            StableHasher.hash { h in
                h.combine(p.name)
                h.combine(p.latitude != nil); h.combine(p.latitude ?? 0)
                h.combine(p.longitude != nil); h.combine(p.longitude ?? 0)
            }
        }
        note = StableHasher.hash { $0.combine(f.note) }
        icalLines = StableHasher.hash { h in
            h.combine(f.icalLines.count)
            for line in f.icalLines { h.combine(line) }
        }
        personIDs = f.personIDs
    }

    static func hash(_ t: EventFields.Time) -> UInt64 {
        StableHasher.hash { h in
            h.combine(t.start); h.combine(t.end ?? Int64.min); h.combine(t.end != nil)
            h.combine(t.timeZone); h.combine(t.allDay); h.combine(t.startDay); h.combine(t.endDay)
        }
    }

    /// This digest with another time: that of another occurrence of the same VEVENT, whose
    /// other fields are the same (an import hashes them once, not once an occurrence).
    func with(time t: EventFields.Time) -> EventFieldsDigest {
        var d = self
        d.time = Self.hash(t)
        return d
    }

    /// The stored form: `d1`, then the hashes and ids separated by spaces (`-`: none), then
    /// the people's ids separated by commas.
    var stored: String {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        out.append(contentsOf: "d1".utf8)
        func hex(_ v: UInt64) {
            out.append(0x20)
            StableHasher.appendHex(v, to: &out)
        }
        func id(_ v: Int64?) {
            out.append(0x20)
            if let v { out.append(contentsOf: String(v).utf8) } else { out.append(0x2D) }
        }
        hex(title); hex(time); id(typeID); id(moodID)
        if let place { hex(place) } else { id(nil) }
        hex(note); hex(icalLines)
        out.append(0x20)
        for (i, p) in personIDs.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(contentsOf: String(p).utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads a stored digest, or the JSON of the fields that journals kept before; nil when
    /// it is neither.
    static func read(_ stored: String, decoder: JSONDecoder) -> EventFieldsDigest? {
        if stored.hasPrefix("{") {
            return (try? decoder.decode(EventFields.self, from: Data(stored.utf8))).map(EventFieldsDigest.init)
        }
        return EventFieldsDigest(stored: stored)
    }

    private init?(stored: String) {
        let parts = stored.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 9, parts[0] == "d1",
            let title = UInt64(parts[1], radix: 16), let time = UInt64(parts[2], radix: 16),
            let note = UInt64(parts[6], radix: 16), let lines = UInt64(parts[7], radix: 16)
        else { return nil }
        guard let typeID = Self.optional(parts[3], { Int64($0) }), let moodID = Self.optional(parts[4], { Int64($0) }),
            let place = Self.optional(parts[5], { UInt64($0, radix: 16) })
        else { return nil }
        let people = parts[8].split(separator: ",").compactMap { Int64($0) }
        guard people.count == parts[8].split(separator: ",").count else { return nil }
        self.title = title; self.time = time; self.typeID = typeID; self.moodID = moodID
        self.place = place; self.note = note; self.icalLines = lines; self.personIDs = people
    }

    /// `-` is none (`.some(nil)`); anything else is read, and nil when unreadable.
    private static func optional<T>(_ s: Substring, _ read: (Substring) -> T?) -> T?? {
        s == "-" ? .some(nil) : read(s).map { .some($0) }
    }
}
