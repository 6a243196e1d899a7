import Foundation
import ICalendarFormat

extension EventMapping {
    /// An event as a VEVENT.
    static func vevent(for e: Event, resolver: ICalTimeZoneResolver, emails: [Int64: String], personUIDs: [Int64: String]) -> ICalComponent {
        var v = ICalComponent(name: "VEVENT")
        v.uid = e.uid
        let stamp = ICalDateTime(utc: Date(timeIntervalSince1970: TimeInterval(e.updatedAt)))
        v.dtStamp = stamp
        v.setDateTime("LAST-MODIFIED", stamp)
        if e.allDay {
            let last = e.endDay.adding(days: 1)
            v.dtStart = ICalDateTime(year: e.startDay.year, month: e.startDay.month, day: e.startDay.day, form: .date)
            v.dtEnd = ICalDateTime(year: last.year, month: last.month, day: last.day, form: .date)
        } else {
            let tzid: String? = e.timeZone == "UTC" || e.timeZone == "Etc/UTC" || e.timeZone == "GMT" ? nil : e.timeZone
            v.dtStart = resolver.value(for: e.start, tzid: tzid)
            if let end = e.end { v.dtEnd = resolver.value(for: end, tzid: tzid) }
        }
        v.summary = e.title
        var description: [String] = []
        if !e.note.isEmpty { description.append(e.note) }
        var facts: [String] = []
        if !e.people.isEmpty { facts.append("With: " + e.people.map(\.displayName).joined(separator: ", ")) }
        if let m = e.mood { facts.append("Mood: " + m.name) }
        if let t = e.type { facts.append("Type: " + t.path) }
        for t in e.traits { facts.append("Learned (\(t.category.path)): " + t.text) }
        if !facts.isEmpty { description.append(facts.joined(separator: "\n")) }
        if !description.isEmpty { v.properties.append(.text("DESCRIPTION", description.joined(separator: "\n\n"))) }
        // The note alone, so that importing this file into Kith does not take the summary as the note.
        if !description.isEmpty { v.properties.append(.text("X-KITH-NOTE", e.note)) }
        if let place = e.place {
            var loc = place.name
            if let a = place.address, !a.isEmpty, a != place.name { loc += ", " + a }
            v.location = loc
            if let lat = place.latitude, let lon = place.longitude { v.geo = ICalGeo(latitude: lat, longitude: lon) }
        }
        var keptAttendees = Set<String>()
        for raw in e.icalLines {
            guard let p = property(fromKept: raw) else { continue }
            if p.name == "ATTENDEE" || p.name == "ORGANIZER", let m = ICalAddress(uri: p.value).email { keptAttendees.insert(m.lowercased()) }
            v.properties.append(p)
        }
        let categories = (e.type.map { [$0.path] } ?? []) + (e.mood.map { [$0.name] } ?? [])
        if !categories.isEmpty { v.categories = categories }
        if let m = e.mood { v.color = CSSColor.nearest(to: m.color) }
        for p in e.people {
            if let mail = emails[p.id], !keptAttendees.contains(mail.lowercased()) {
                v.properties.append(ICalProperty(name: "ATTENDEE", value: "mailto:" + mail, parameters: [ICalParameter("CN", p.displayName)]))
            }
            if let uid = personUIDs[p.id] {
                v.properties.append(ICalProperty(name: "X-KITH-PERSON", value: uid, parameters: [ICalParameter("CN", p.displayName)]))
            }
        }
        return v
    }

    /// A yearly all-day event on a birthday or anniversary, from its year (or 1972 when
    /// the year is unknown: a leap year, so 29 February exists).
    static func yearly(_ d: PartialDate, summary: String, uid: String, category: String) -> ICalComponent {
        var v = ICalComponent(name: "VEVENT")
        v.uid = uid
        v.dtStamp = ICalDateTime(year: 2000, month: 1, day: 1, form: .utc)
        let year = d.year ?? 1972
        let start = LocalDate(year: year, month: d.month, day: d.day) ?? LocalDate(year: 1972, month: d.month, day: d.day)!
        let next = start.adding(days: 1)
        v.dtStart = ICalDateTime(year: start.year, month: start.month, day: start.day, form: .date)
        v.dtEnd = ICalDateTime(year: next.year, month: next.month, day: next.day, form: .date)
        v.properties.append(ICalProperty(name: "RRULE", value: "FREQ=YEARLY"))
        v.summary = summary
        v.categories = [category]
        v.properties.append(ICalProperty(name: "TRANSP", value: "TRANSPARENT"))
        return v
    }
}

/// CSS3 colour names (RFC 7986 COLOR wants a name, not `#RRGGBB`).
enum CSSColor {
    static let names: [(String, Int)] = [
        ("black", 0x000000), ("white", 0xFFFFFF), ("gray", 0x808080), ("silver", 0xC0C0C0), ("slategray", 0x708090),
        ("red", 0xFF0000), ("firebrick", 0xB22222), ("crimson", 0xDC143C), ("tomato", 0xFF6347), ("coral", 0xFF7F50),
        ("salmon", 0xFA8072), ("orangered", 0xFF4500), ("darkorange", 0xFF8C00), ("orange", 0xFFA500), ("chocolate", 0xD2691E),
        ("goldenrod", 0xDAA520), ("gold", 0xFFD700), ("khaki", 0xF0E68C), ("yellow", 0xFFFF00), ("yellowgreen", 0x9ACD32),
        ("lightgreen", 0x90EE90), ("limegreen", 0x32CD32), ("mediumseagreen", 0x3CB371), ("seagreen", 0x2E8B57),
        ("green", 0x008000), ("darkgreen", 0x006400), ("teal", 0x008080), ("mediumaquamarine", 0x66CDAA),
        ("turquoise", 0x40E0D0), ("skyblue", 0x87CEEB), ("steelblue", 0x4682B4), ("royalblue", 0x4169E1),
        ("dodgerblue", 0x1E90FF), ("blue", 0x0000FF), ("navy", 0x000080), ("slateblue", 0x6A5ACD),
        ("mediumpurple", 0x9370DB), ("purple", 0x800080), ("orchid", 0xDA70D6), ("hotpink", 0xFF69B4),
        ("palevioletred", 0xDB7093), ("brown", 0xA52A2A), ("sienna", 0xA0522D), ("tan", 0xD2B48C),
    ]

    /// The CSS3 name closest to `#RRGGBB` (by squared RGB distance).
    static func nearest(to hex: String) -> String {
        guard hex.count == 7, let v = Int(hex.dropFirst(), radix: 16) else { return "gray" }
        func d(_ c: Int) -> Int {
            let dr = (v >> 16 & 255) - (c >> 16 & 255), dg = (v >> 8 & 255) - (c >> 8 & 255), db = (v & 255) - (c & 255)
            return dr * dr + dg * dg + db * db
        }
        return names.min { d($0.1) < d($1.1) }!.0
    }
}
