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

    /// The people data an export needs beyond the events: each person's first e-mail and UID.
    struct ExportPeople {
        var emails: [Int64: String] = [:]
        var uids: [Int64: String] = [:]

        /// An e-mail lower-cased (without allocating for the usual lower-case one).
        func lowercased(_ mail: String) -> String {
            for b in mail.utf8 where (b >= 65 && b <= 90) || b >= 128 { return mail.lowercased() }
            return mail
        }
    }

    /// Writes an event as a VEVENT straight into `w`: the same lines, in the same order,
    /// as ``vevent(for:resolver:emails:personUIDs:)`` written by ``ICalendarWriter``,
    /// without building the component.
    ///
    /// Notes in `usage` what the event's VTIMEZONEs must cover, as
    /// ``ICalTimeZoneUsage/note(_:)-(ICalComponent)`` of the component would.
    static func write(_ e: Event, into w: inout ICalendarLineWriter, resolver: ICalTimeZoneResolver, people: ExportPeople,
                      colors: inout [String: String], usage: inout ICalTimeZoneUsage) {
        // Kept lines that the component's setters would replace (never kept by an import):
        // let the component path decide.
        for raw in e.icalLines {
            if isReplacedBySetter(raw) {
                let v = vevent(for: e, resolver: resolver, emails: people.emails, personUIDs: people.uids)
                usage.note(v)
                w.write(v)
                return
            }
        }
        w.begin("VEVENT")
        w.property("UID", value: e.uid)
        let stamp = ICalDateTime(utc: Date(timeIntervalSince1970: TimeInterval(e.updatedAt)))
        w.dateTimeProperty("DTSTAMP", stamp)
        w.dateTimeProperty("LAST-MODIFIED", stamp)
        if e.allDay {
            let last = e.endDay.adding(days: 1)
            w.dateTimeProperty("DTSTART", ICalDateTime(year: e.startDay.year, month: e.startDay.month, day: e.startDay.day, form: .date))
            w.dateTimeProperty("DTEND", ICalDateTime(year: last.year, month: last.month, day: last.day, form: .date))
            usage.noteYear(e.startDay.year)
            usage.noteYear(last.year)
        } else {
            let tzid = exportTZID(e.timeZone)
            if let tzid { usage.noteTZID(tzid) }
            let start = resolver.value(for: e.start, tzid: tzid)
            w.dateTimeProperty("DTSTART", start)
            usage.noteYear(start.year)
            if let end = e.end {
                let v = resolver.value(for: end, tzid: tzid)
                w.dateTimeProperty("DTEND", v)
                usage.noteYear(v.year)
            }
        }
        w.textProperty("SUMMARY", e.title)
        let hasFacts = !e.people.isEmpty || e.mood != nil || e.type != nil || !e.traits.isEmpty
        if !e.note.isEmpty || hasFacts {
            w.beginProperty("DESCRIPTION")
            w.beginValue()
            if !e.note.isEmpty {
                w.appendTextValue(e.note)
                if hasFacts { w.appendTextValue("\n\n") }
            }
            var first = true
            func fact(_ parts: String...) {
                if !first { w.appendTextValue("\n") }
                first = false
                for p in parts { w.appendTextValue(p) }
            }
            if !e.people.isEmpty {
                fact("With: ")
                for (i, p) in e.people.enumerated() {
                    if i > 0 { w.appendTextValue(", ") }
                    w.appendTextValue(p.displayName)
                }
            }
            if let m = e.mood { fact("Mood: ", m.name) }
            if let t = e.type { fact("Type: ", t.path) }
            for t in e.traits { fact("Learned (", t.category.path, "): ", t.text) }
            w.endProperty()
            // The note alone, so that importing this file into Kith does not take the summary as the note.
            w.textProperty("X-KITH-NOTE", e.note)
        }
        if let place = e.place {
            w.beginProperty("LOCATION")
            w.beginValue()
            w.appendTextValue(place.name)
            if let a = place.address, !a.isEmpty, a != place.name { w.appendTextValue(", "); w.appendTextValue(a) }
            w.endProperty()
            if let lat = place.latitude, let lon = place.longitude { w.property("GEO", value: "\(lat);\(lon)") }
        }
        var keptAttendees: Set<String> = []
        for raw in e.icalLines {
            if let kept = FastKeptLine(raw) {
                // It has no control characters, so no line breaks.
                w.unfoldedLine(withoutBreaks: raw)
                if let mail = kept.email { keptAttendees.insert(mail.lowercased()) }
                if kept.mattersForZones, let p = property(fromKept: raw) { usage.note(p) }
                continue
            }
            guard let p = property(fromKept: raw) else { continue }
            usage.note(p)
            if p.name == "ATTENDEE" || p.name == "ORGANIZER", let m = ICalAddress(uri: p.value).email { keptAttendees.insert(m.lowercased()) }
            w.write(p)
        }
        if e.type != nil || e.mood != nil {
            w.beginProperty("CATEGORIES")
            w.beginValue()
            if let t = e.type { w.appendTextValue(t.path); w.endTextItem() }
            if let m = e.mood {
                if e.type != nil { w.appendRawValue(",") }
                w.appendTextValue(m.name)
            }
            w.endProperty()
        }
        if let m = e.mood {
            let name: String
            if let known = colors[m.color] { name = known } else { name = CSSColor.nearest(to: m.color); colors[m.color] = name }
            w.textProperty("COLOR", name)
        }
        for p in e.people {
            if let mail = people.emails[p.id], keptAttendees.isEmpty || !keptAttendees.contains(people.lowercased(mail)) {
                w.beginProperty("ATTENDEE")
                w.parameter("CN", p.displayName)
                w.beginValue()
                w.appendRawValue("mailto:")
                w.appendRawValue(mail)
                w.endProperty()
            }
            if let uid = people.uids[p.id] {
                w.beginProperty("X-KITH-PERSON")
                w.parameter("CN", p.displayName)
                w.beginValue()
                w.appendRawValue(uid)
                w.endProperty()
            }
        }
        w.end("VEVENT")
    }

    /// The TZID an event's times are written with: none (UTC times) for UTC and GMT.
    static func exportTZID(_ zone: String) -> String? {
        zone == "UTC" || zone == "Etc/UTC" || zone == "GMT" ? nil : zone
    }

    /// Whether a kept line is a CATEGORIES or COLOR property (as ``property(fromKept:)``
    /// reads its name: group dropped, case ignored).
    static func isReplacedBySetter(_ raw: String) -> Bool {
        var raw = raw
        return raw.withUTF8 { b in
            var start = 0, end = b.count
            for i in 0..<b.count {
                let c = b[i]
                if c == 58 || c == 59 { end = i; break }
                if c == 46 { start = i + 1 }
            }
            func equals(_ word: StaticString) -> Bool {
                guard end - start == word.utf8CodeUnitCount else { return false }
                let w = word.utf8Start
                for k in 0..<(end - start) {
                    var c = b[start + k]
                    if c >= 97 && c <= 122 { c -= 32 }
                    if c != w[k] { return false }
                }
                return true
            }
            return equals("CATEGORIES") || equals("COLOR")
        }
    }

    /// A kept line that ``property(fromKept:)`` followed by ``ICalendarWriter`` would give
    /// back byte for byte, so that it can be written as it is: an upper-case name without
    /// a group, parameters with upper-case names (no repeats, no ENCODING or CHARSET),
    /// values quoted exactly when they must be and without caret escapes, and no control
    /// characters. Anything else goes through the parser.
    struct FastKeptLine {
        /// The e-mail of an ATTENDEE or ORGANIZER `mailto:` value, as written.
        var email: String?
        /// Whether it has a TZID parameter or is a date property that counts for VTIMEZONEs
        /// (see ``ICalTimeZoneUsage``).
        var mattersForZones: Bool

        init?(_ raw: String) {
            var raw = raw
            guard let (email, matters) = raw.withUTF8({ Self.check($0) }) else { return nil }
            self.email = email
            self.mattersForZones = matters
        }

        private static let zoneNames: [StaticString] = ["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE", "RRULE"]

        @inline(__always)
        private static func same(_ b: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
            guard b.count == word.utf8CodeUnitCount else { return false }
            let w = word.utf8Start
            for k in 0..<b.count where b[k] != w[k] { return false }
            return true
        }

        @inline(__always)
        private static func isNameByte(_ b: UInt8) -> Bool {
            (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 45
        }

        /// nil when the line needs the parser; else the e-mail of an attendee, if any.
        private static func check(_ b: UnsafeBufferPointer<UInt8>) -> (String?, Bool)? {
            let n = b.count
            guard n < 1 << 20 else { return nil }
            var i = 0
            while i < n, isNameByte(b[i]) { i += 1 }
            guard i > 0, i < n else { return nil }
            let nameEnd = i
            var names: [UnsafeBufferPointer<UInt8>] = []
            var matters = false
            while b[i] == 59 {
                i += 1
                let ps = i
                while i < n, isNameByte(b[i]) { i += 1 }
                guard i > ps, i < n, b[i] == 61 else { return nil }
                let pname = UnsafeBufferPointer(rebasing: b[ps..<i])
                if same(pname, "ENCODING") || same(pname, "CHARSET") { return nil }
                for other in names where other.count == pname.count && other.elementsEqual(pname) { return nil }
                if same(pname, "TZID") { matters = true }
                names.append(pname)
                i += 1
                while true {
                    guard i < n else { return nil }
                    if b[i] == 34 {
                        i += 1
                        var needsQuote = false
                        while i < n, b[i] != 34 {
                            let c = b[i]
                            if c < 32 || c == 94 || c == 127 { return nil }
                            if c == 58 || c == 59 || c == 44 || c == 32 { needsQuote = true }
                            i += 1
                        }
                        guard i < n, needsQuote else { return nil }
                        i += 1
                        guard i < n, b[i] == 44 || b[i] == 59 || b[i] == 58 else { return nil }
                    } else {
                        while i < n {
                            let c = b[i]
                            if c == 44 || c == 59 || c == 58 { break }
                            if c < 32 || c == 94 || c == 127 || c == 34 || c == 32 { return nil }
                            i += 1
                        }
                        guard i < n else { return nil }
                    }
                    if b[i] == 44 { i += 1; continue }
                    break
                }
            }
            guard b[i] == 58 else { return nil }
            let valueStart = i + 1
            for k in valueStart..<n where b[k] < 32 || b[k] == 127 { return nil }
            let name = UnsafeBufferPointer(rebasing: b[0..<nameEnd])
            for z in zoneNames where same(name, z) { matters = true }
            guard same(name, "ATTENDEE") || same(name, "ORGANIZER") else { return (nil, matters) }
            // ICalAddress.email: the value after a case-insensitive "mailto:".
            let prefix = Array("mailto:".utf8)
            guard n - valueStart >= prefix.count else { return (nil, matters) }
            for k in 0..<prefix.count {
                var c = b[valueStart + k]
                if c >= 65 && c <= 90 { c += 32 }
                if c != prefix[k] { return (nil, matters) }
            }
            return (String(decoding: UnsafeBufferPointer(rebasing: b[(valueStart + prefix.count)..<n]), as: UTF8.self), matters)
        }
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
