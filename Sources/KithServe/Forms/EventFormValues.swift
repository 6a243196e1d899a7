import Foundation
import Kith

/// What the Log and Edit forms hold, as the user typed it: read from a posted form, or from
/// an event being edited, and kept as it is when the form comes back with an error.
struct EventFormValues: Sendable, Equatable {
    /// One row of the traits table: whom it is about, its kind, its text; `id` for a trait
    /// the event already has (an edit keeps it).
    struct TraitRow: Sendable, Equatable {
        var id: Int64?
        var about = ""
        var kind = ""
        var text = ""
    }

    var title = ""
    /// `YYYY-MM-DD`.
    var date = ""
    /// `HH:MM`; empty for an all-day event.
    var time = ""
    /// Minutes, empty for a moment.
    var duration = ""
    var personIDs: [Int64] = []
    var typeID: Int64?
    var moodID: Int64?
    var place = ""
    /// `latitude,longitude`, or empty.
    var geo = ""
    var note = ""
    var traits: [TraitRow] = []
    /// Photos already stored: the event's own (an edit), or uploaded with a form that came
    /// back with an error (so they need not be chosen again).
    var photoHashes: [String] = []

    /// Blank trait rows shown under the filled ones.
    static let blankTraitRows = 2

    /// An empty form for a new event on `day` (today by default), optionally with a person.
    static func new(day: LocalDate, personID: Int64?) -> EventFormValues {
        var v = EventFormValues()
        v.date = day.description
        if let personID { v.personIDs = [personID] }
        return v
    }

    /// The fields of a posted form (`multipart/form-data`; the photos are read separately).
    init(form: MultipartForm) {
        title = form["title"] ?? ""
        date = (form["date"] ?? "").trimmingSpaces()
        time = (form["time"] ?? "").trimmingSpaces()
        duration = (form["duration"] ?? "").trimmingSpaces()
        var seen = Set<Int64>()
        personIDs = form.all("person").compactMap { Int64($0) }.filter { seen.insert($0).inserted }
        typeID = form["type"].flatMap { Int64($0) }
        moodID = form["mood"].flatMap { Int64($0) }
        place = (form["place"] ?? "").trimmingSpaces()
        geo = (form["geo"] ?? "").trimmingSpaces()
        note = (form["note"] ?? "").replacingAll("\r\n", with: "\n")
        let ids = form.all("trait-id"), abouts = form.all("trait-about"), kinds = form.all("trait-kind"), texts = form.all("trait-text")
        for i in 0..<max(ids.count, abouts.count, kinds.count, texts.count) {
            func at(_ a: [String]) -> String { i < a.count ? a[i] : "" }
            let row = TraitRow(id: Int64(at(ids)), about: at(abouts).trimmingSpaces(), kind: at(kinds), text: at(texts).trimmingSpaces())
            // A blank row is no trait; an emptied row of a stored trait removes it (kept, to show).
            if !row.text.isEmpty || row.id != nil { traits.append(row) }
        }
        var kept = Set<String>()
        photoHashes = form.all("photo-hash").filter { $0.count == 64 && $0.allSatisfy(\.isHexDigit) && kept.insert($0).inserted }
    }

    init() {}

    /// The fields of a stored event, for its Edit form.
    init(event e: Event) {
        title = e.title
        date = e.startDay.description
        if !e.allDay {
            time = Words.clock(e.start, zone: e.timeZone)
            if let end = e.end, end > e.start { duration = String(Int((end.timeIntervalSince(e.start) / 60).rounded())) }
        }
        personIDs = e.people.map(\.id)
        typeID = e.type?.id
        moodID = e.mood?.id
        place = e.place?.name ?? ""
        if let lat = e.place?.latitude, let lon = e.place?.longitude { geo = "\(lat),\(lon)" }
        note = e.note
        traits = e.traits.map { TraitRow(id: $0.id, about: $0.person?.displayName ?? "", kind: $0.category.path, text: $0.text) }
        photoHashes = e.photos.map(\.hash)
    }

    /// Problems a user can fix, by field name (`""` for the form as a whole).
    typealias Problems = [String: String]

    /// Applies the form to `draft` (a new event's, or the one being edited): every field but
    /// the photos, which the caller stores first. `people` are the journal's people, by id,
    /// for the traits' "about" names.
    /// - Returns: the problems found; the draft is complete only when there are none.
    func apply(to draft: inout EventDraft, zone: TimeZone, people: [Int64: String]) -> Problems {
        var problems: Problems = [:]
        let title = self.title.trimmingSpaces()
        if title.isEmpty { problems["title"] = "Give the event a title." }
        draft.title = title

        // When: a day, and a time unless it is all day.
        if let day = LocalDate(date) {
            if time.isEmpty {
                // All day: keep the length of an all-day event being edited.
                let span = draft.allDay ? (draft.allDayDates.map { $0.upperBound.daysSinceEpoch - $0.lowerBound.daysSinceEpoch } ?? 0) : 0
                draft.allDay = true
                draft.allDayDates = day...day.adding(days: span)
                draft.start = day.startInstant(in: zone)
                draft.end = nil
            } else if let (hour, minute) = Self.clock(time) {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                if let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)) {
                    draft.allDay = false
                    draft.allDayDates = nil
                    draft.start = start
                    draft.end = nil
                    if !duration.isEmpty {
                        if let minutes = Int(duration), (1...(60 * 24 * 366)).contains(minutes) {
                            draft.end = start.addingTimeInterval(TimeInterval(minutes * 60))
                        } else {
                            problems["duration"] = "The length is a number of minutes, such as 90."
                        }
                    }
                } else {
                    problems["time"] = "That time does not exist on that day."
                }
            } else {
                problems["time"] = "Write the time as hours and minutes, such as 18:30."
            }
        } else {
            problems["date"] = "Pick a day (year-month-day, such as 2026-11-27)."
        }
        draft.timeZone = zone.identifier

        let unknown = personIDs.filter { people[$0] == nil }
        if !unknown.isEmpty { problems["person"] = "Someone chosen is no longer in the journal; choose again." }
        draft.personIDs = personIDs.filter { people[$0] != nil }
        draft.typeID = typeID
        draft.moodID = moodID

        // Where.
        if place.isEmpty {
            if !geo.isEmpty { problems["geo"] = "Name the place these coordinates are for." }
            draft.place = nil
        } else {
            var p = PlaceDraft(name: place)
            if !geo.isEmpty {
                if let (lat, lon) = Self.coordinates(geo) {
                    p.latitude = lat
                    p.longitude = lon
                } else {
                    problems["geo"] = "Write the coordinates as latitude,longitude, such as 38.7223,-9.1393."
                }
            }
            draft.place = p
        }
        draft.note = note.trimmingCharacters(in: .whitespacesAndNewlines)

        // Traits: each about one of the people chosen.
        var traits: [TraitDraft] = []
        for (i, row) in self.traits.enumerated() where !row.text.isEmpty {
            var personID: Int64?
            if !row.about.isEmpty {
                switch Self.match(row.about, among: draft.personIDs.map { ($0, people[$0] ?? "") }) {
                case .success(let id): personID = id
                case .failure(let message): problems["trait-\(i)"] = message
                }
            } else if draft.personIDs.count > 1 {
                problems["trait-\(i)"] = "Say whom this trait is about (one of the people chosen)."
            }
            if row.kind.isEmpty { problems["trait-\(i)"] = "Pick the kind of trait." }
            traits.append(TraitDraft(path: row.kind, text: row.text, personID: personID, id: row.id))
        }
        if !traits.isEmpty && draft.personIDs.isEmpty { problems["person"] = "A trait is about someone: choose who was there." }
        draft.traits = traits
        return problems
    }

    /// `18:30`, `9:05` (24-hour) as hour and minute.
    static func clock(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
        else { return nil }
        return (h, m)
    }

    /// `38.7223,-9.1393` (spaces allowed) as latitude and longitude in range.
    static func coordinates(_ text: String) -> (Double, Double)? {
        let parts = text.split(separator: ",").map { $0.trimmingSpaces() }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]), (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        return (lat, lon)
    }

    enum Match: Equatable {
        case success(Int64)
        case failure(String)
    }

    /// The one person among `people` whose name is `typed` (case-insensitively), else the only
    /// one whose name or a word of it starts with it.
    static func match(_ typed: String, among people: [(id: Int64, name: String)]) -> Match {
        let key = typed.lowercased()
        if let exact = people.first(where: { $0.name.lowercased() == key }) { return .success(exact.id) }
        let prefixed = people.filter { p in
            let name = p.name.lowercased()
            return name.hasPrefix(key) || name.split(separator: " ").contains { $0.hasPrefix(key) }
        }
        if prefixed.count == 1 { return .success(prefixed[0].id) }
        if prefixed.count > 1 { return .failure("\"\(typed)\" could be \(prefixed.map(\.name).joined(separator: " or ")): write more of the name.") }
        return .failure("\"\(typed)\" is not one of the people chosen above.")
    }
}
