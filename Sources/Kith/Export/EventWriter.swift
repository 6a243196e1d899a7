import ContentLines
import Foundation
import ICalendarFormat

extension EventMapping {
    /// One event as an export reads it: its text columns as UTF-8 bytes (ranges of the
    /// text of the batch it was read in, handed beside it: see ``ExportBatch/forEach(_:)``),
    /// its people, traits and kept lines in order.
    struct ExportEvent {
        var uid: Range<Int>
        var title: Range<Int>
        var note: Range<Int>
        /// The TZID its times are written with (``exportTZID(_:)`` of its zone).
        var tzid: String?
        /// Which of the export's zones it is in (numbered as they turn up): for
        /// ``DatePrefixes/zone(_:_:_:)``.
        var zone: Int
        var allDay: Bool
        var startAt: Int64
        var endAt: Int64?
        var startDay: LocalDate
        var endDay: LocalDate
        var updatedAt: Int64
        var type: Category?
        var mood: Category?
        var place: ExportPlace?
        var people: [ExportPerson]
        var traits: [EventTrait]
        /// The kept iCalendar lines, in order (see ``Event/icalLines``): ranges of the text.
        var keptLines: [Range<Int>]
        /// Its photos, in order, as ATTACH lines.
        var photos: [ExportPhoto] = []
        /// Whether to write Kith's whole record for another Kith (sync bodies): X-KITH-PLACE
        /// (the place's name and address apart), X-KITH-TYPE and
        /// X-KITH-MOOD with their icon, colour (and score), so that a journal without them
        /// creates them, and an X-KITH-TRAIT per trait with the UID of whom it is about.
        var syncFields = false
        /// With ``syncFields``: for each of ``traits``, the UIDs of the people it is about.
        var traitAbout: [[String]] = []
    }

    /// A photo of an exported event: its bytes inline (up to ``inlinePhotoLimit``), or the
    /// URI of a copy written beside the calendar (a vdir's `photos` folder).
    struct ExportPhoto: Sendable {
        var mediaType: String
        var data: Data?
        var uri: String?
    }

    /// The largest photo written inline as `ATTACH;ENCODING=BASE64;VALUE=BINARY` (256 KiB,
    /// about 350 KB of base64): larger ones are written beside a vdir's calendar and
    /// referred to by a `file:` URI, and left out of a single calendar file.
    static let inlinePhotoLimit = 256 * 1024

    /// Whether a kept line is an inline image ATTACH (`ATTACH;…ENCODING=BASE64…` with an image
    /// FMTTYPE or none): an import made those the event's photos, which are written anew.
    static func isInlineImageAttach(_ raw: Span<UInt8>) -> Bool {
        guard raw.count > 7 else { return false }
        let name = Array("ATTACH;".utf8)
        for k in 0..<7 where raw[k] | (k < 6 ? 0x20 : 0) != name[k] | (k < 6 ? 0x20 : 0) { return false }
        var end = 7
        var quoted = false
        while end < raw.count {
            let b = raw[end]
            if b == UInt8(ascii: "\"") { quoted.toggle() } else if b == UInt8(ascii: ":"), !quoted { break }
            end += 1
        }
        let head = String(decoding: (7..<end).map { raw[$0] }, as: UTF8.self).uppercased()
        guard head.contains("BASE64") else { return false }
        guard let range = head.range(of: "FMTTYPE=") else { return true }
        return head[range.upperBound...].hasPrefix("IMAGE/") || head[range.upperBound...].hasPrefix("\"IMAGE/")
    }

    /// The starts of the date lines of a VEVENT (name and parameters, see
    /// ``ICalendarLineWriter/dateTimePrefix(_:form:)``) and each zone's conversion, made
    /// once per export and zone instead of once per event.
    struct DatePrefixes {
        let stamp = ICalendarLineWriter.dateTimePrefix("DTSTAMP", form: .utc)
        let modified = ICalendarLineWriter.dateTimePrefix("LAST-MODIFIED", form: .utc)
        let startDate = ICalendarLineWriter.dateTimePrefix("DTSTART", form: .date)
        let endDate = ICalendarLineWriter.dateTimePrefix("DTEND", form: .date)
        private var utc: Zone?
        private var zones: [Zone?] = []

        /// DTSTART and DTEND for times in one zone, and their values.
        struct Zone {
            var start: [UInt8]
            var end: [UInt8]
            var converter: ICalTimeZoneResolver.Converter
        }

        /// The lines and conversion of times in `tzid` (UTC times for nil), zone number `index`.
        mutating func zone(_ index: Int, _ tzid: String?, _ resolver: ICalTimeZoneResolver) -> Zone {
            guard let tzid else {
                if let utc { return utc }
                let z = Zone(
                    start: ICalendarLineWriter.dateTimePrefix("DTSTART", form: .utc),
                    end: ICalendarLineWriter.dateTimePrefix("DTEND", form: .utc), converter: resolver.converter(for: nil))
                utc = z
                return z
            }
            if index >= 0, index < zones.count, let known = zones[index] { return known }
            // resolver.value gives a value zoned in its TZID: the prefixes' form.
            let z = Zone(
                start: ICalendarLineWriter.dateTimePrefix("DTSTART", form: .zoned(tzid: tzid)),
                end: ICalendarLineWriter.dateTimePrefix("DTEND", form: .zoned(tzid: tzid)), converter: resolver.converter(for: tzid))
            if index >= 0 {
                if index >= zones.count { zones.append(contentsOf: repeatElement(nil, count: index + 1 - zones.count)) }
                zones[index] = z
            }
            return z
        }
    }

    /// A place with its GEO value, worked out once per place.
    struct ExportPlace {
        var place: Place
        var geo: String?

        init(_ place: Place) {
            self.place = place
            if let lat = place.latitude, let lon = place.longitude { geo = "\(lat);\(lon)" }
        }
    }

    /// What a VEVENT says of one of its people: the name, the first e-mail and the UID.
    /// A class: made once per person and shared by their events, so that each event
    /// holding it costs one retain instead of one per string.
    final class ExportPerson: Sendable {
        let name: String
        let email: String?
        let uid: String
        /// ``email`` lower-cased (``lowercasedMail(_:)``), to compare with kept attendees.
        let lowercasedEmail: String?
        /// Its UTF-8 bytes when all ASCII (compared with a kept attendee's bytes directly).
        let asciiEmail: [UInt8]?
        /// The starts of its ATTENDEE and X-KITH-PERSON lines (name and CN parameter, as
        /// ``ICalendarLineWriter/parameter(_:_:)`` writes it), made once for all its events.
        let attendeePrefix: [UInt8], personPrefix: [UInt8]

        init(name: String, email: String?, uid: String) {
            self.name = name
            self.email = email
            self.uid = uid
            lowercasedEmail = email.map(EventMapping.lowercasedMail)
            asciiEmail = lowercasedEmail.flatMap { m in m.utf8.allSatisfy { $0 < 128 } ? Array(m.utf8) : nil }
            var w = ICalendarLineWriter()
            w.beginProperty("ATTENDEE")
            w.parameter("CN", name)
            attendeePrefix = w.bytes
            w = ICalendarLineWriter()
            w.beginProperty("X-KITH-PERSON")
            w.parameter("CN", name)
            personPrefix = w.bytes
        }

        /// Whether an e-mail kept on the event is this person's (both lower-cased, as
        /// `String`s): bytes compared without a `String` when both are ASCII.
        func hasEmail(kept raw: Span<UInt8>) -> Bool {
            guard let key = lowercasedEmail else { return false }
            var isASCII = true
            for i in raw.indices where raw[i] >= 128 { isASCII = false }
            if let ascii = asciiEmail, isASCII {
                guard raw.count == ascii.count else { return false }
                for i in 0..<raw.count where raw[i] | (raw[i] >= 65 && raw[i] <= 90 ? 32 : 0) != ascii[i] { return false }
                return true
            }
            return EventMapping.lowercasedMail(EventMapping.string(raw)) == key
        }
    }

    /// UTF-8 bytes as a `String` (for the rarer lines that go through the parser).
    static func string(_ bytes: Span<UInt8>) -> String {
        var copy: [UInt8] = []
        copy.reserveCapacity(bytes.count)
        for i in bytes.indices { copy.append(bytes[i]) }
        return String(decoding: copy, as: UTF8.self)
    }

    /// An e-mail lower-cased (without allocating for the usual lower-case one).
    static func lowercasedMail(_ mail: String) -> String {
        for b in mail.utf8 where (b >= 65 && b <= 90) || b >= 128 { return mail.lowercased() }
        return mail
    }

    /// Writes an event as a VEVENT into `w`: the one mapping of events to iCalendar, for
    /// the streamed calendar, the single-event files of a vdir and everything else.
    ///
    /// UID, DTSTAMP and LAST-MODIFIED (its last change), DTSTART/DTEND (dates for all-day
    /// events, else times in its zone, UTC times for UTC), SUMMARY, a readable DESCRIPTION
    /// with X-KITH-NOTE (the note alone), LOCATION and GEO, the kept lines, CATEGORIES (type
    /// path and mood) and the mood's COLOR (each in place of a kept CATEGORIES or COLOR
    /// line), an ATTENDEE for each person with an e-mail not already a kept attendee, and
    /// an X-KITH-PERSON for each person.
    ///
    /// Notes in `usage` what the event's VTIMEZONEs must cover, as
    /// ``ICalTimeZoneUsage/note(_:)-(ICalComponent)`` of the written component would.
    ///
    /// `prefixes` is a memo of the date lines' starts, kept from one event to the next.
    static func write(
        _ e: ExportEvent, text: Span<UInt8>, into w: inout ICalendarLineWriter, resolver: ICalTimeZoneResolver,
        colors: inout [String: String], usage: inout ICalTimeZoneUsage, prefixes: inout DatePrefixes
    ) {
        w.begin("VEVENT")
        w.beginProperty("UID")
        w.beginValue()
        w.appendRawValue(text.extracting(e.uid))
        w.endProperty()
        let stamp = ICalDateTime(utc: Date(timeIntervalSince1970: TimeInterval(e.updatedAt)))
        w.dateTimeProperty(prefix: prefixes.stamp, stamp)
        w.dateTimeProperty(prefix: prefixes.modified, stamp)
        if e.allDay {
            let last = e.endDay.adding(days: 1)
            w.dateTimeProperty(prefix: prefixes.startDate, ICalDateTime(year: e.startDay.year, month: e.startDay.month, day: e.startDay.day, form: .date))
            w.dateTimeProperty(prefix: prefixes.endDate, ICalDateTime(year: last.year, month: last.month, day: last.day, form: .date))
            usage.noteYear(e.startDay.year)
            usage.noteYear(last.year)
        } else {
            let startDate = Date(timeIntervalSince1970: Double(e.startAt))
            var zone = prefixes.zone(e.zone, e.tzid, resolver)
            // A time in the second pass of a repeated hour cannot be written with its TZID
            // (it would read back an hour early): that event's times go out in UTC, its zone
            // in X-KITH-TZID for Kith to read back.
            if let tzid = e.tzid,
                !zone.converter.readsBack(startDate) || e.endAt.map({ !zone.converter.readsBack(Date(timeIntervalSince1970: Double($0))) }) == true
            {
                zone = prefixes.zone(-1, nil, resolver)
                zone.start = Self.utcPrefix("DTSTART", keeping: tzid)
                zone.end = Self.utcPrefix("DTEND", keeping: tzid)
            } else if let tzid = e.tzid {
                usage.noteTZID(tzid)
            }
            let start = zone.converter.value(for: startDate)
            w.dateTimeProperty(prefix: zone.start, start)
            usage.noteYear(start.year)
            if let end = e.endAt {
                let v = zone.converter.value(for: Date(timeIntervalSince1970: Double(end)))
                w.dateTimeProperty(prefix: zone.end, v)
                usage.noteYear(v.year)
            }
        }
        w.beginProperty("SUMMARY")
        w.beginValue()
        w.appendTextValue(text.extracting(e.title))
        w.endProperty()
        let hasFacts = !e.people.isEmpty || e.mood != nil || e.type != nil || !e.traits.isEmpty
        if !e.note.isEmpty || hasFacts {
            w.beginProperty("DESCRIPTION")
            w.beginValue()
            if !e.note.isEmpty {
                w.appendTextValue(text.extracting(e.note))
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
                    w.appendTextValue(p.name)
                }
            }
            if let m = e.mood { fact("Mood: ", m.name) }
            if let t = e.type { fact("Type: ", t.path) }
            for t in e.traits { fact("Learned (", t.category.path, "): ", t.text) }
            w.endProperty()
            // The note alone, so that importing this file into Kith does not take the summary as the note.
            w.beginProperty("X-KITH-NOTE")
            w.beginValue()
            w.appendTextValue(text.extracting(e.note))
            w.endProperty()
        }
        if let place = e.place {
            w.beginProperty("LOCATION")
            w.beginValue()
            w.appendTextValue(place.place.name)
            if let a = place.place.address, !a.isEmpty, a != place.place.name { w.appendTextValue(", "); w.appendTextValue(a) }
            w.endProperty()
            if let geo = place.geo { w.property("GEO", value: geo) }
        }
        let hasCategories = e.type != nil || e.mood != nil
        func categories(_ w: inout ICalendarLineWriter) {
            w.beginProperty("CATEGORIES")
            w.beginValue()
            if let t = e.type { w.appendTextValue(t.path); w.endTextItem() }
            if let m = e.mood {
                if e.type != nil { w.appendRawValue(",") }
                w.appendTextValue(m.name)
            }
            w.endProperty()
        }
        func color(_ w: inout ICalendarLineWriter, _ m: Category) {
            let name: String
            if let known = colors[m.color] { name = known } else { name = CSSColor.nearest(to: m.color); colors[m.color] = name }
            w.textProperty("COLOR", name)
        }
        var wroteCategories = false, wroteColor = false
        // Kept attendees matter only to people with an e-mail (most events have none).
        let mailed = e.people.contains { $0.email != nil }
        // A few per event: arrays searched in order cost less than a Set's hashing. The
        // lines written as they are give their e-mails' bytes, the parsed ones `String`s.
        var keptAttendees: [String] = []
        var keptMails: [Range<Int>] = []
        for range in e.keptLines {
            let line = text.extracting(range)
            // The event's photos are written below; an inline image it was imported with is one of them.
            if !e.photos.isEmpty, isInlineImageAttach(line) { continue }
            // Kith's own CATEGORIES and COLOR take the place of the first kept one, and
            // the other kept ones go; kept ones stay when Kith has none of its own.
            switch replacedKind(line) {
            case .categories? where hasCategories:
                if !wroteCategories { categories(&w); wroteCategories = true }
                continue
            case .color? where e.mood != nil:
                if !wroteColor, let m = e.mood { color(&w, m); wroteColor = true }
                continue
            default: break
            }
            if let kept = ICalVerbatimLine(line, email: mailed) {
                // It has no control characters, so no line breaks.
                w.unfoldedLine(withoutBreaks: line)
                if let mail = kept.email { keptMails.append((range.lowerBound + mail.lowerBound)..<(range.lowerBound + mail.upperBound)) }
                if kept.mattersForZones, let p = property(fromKept: string(line)) { usage.note(p) }
                continue
            }
            guard let p = property(fromKept: string(line)) else { continue }
            usage.note(p)
            if mailed, p.name == "ATTENDEE" || p.name == "ORGANIZER", let m = ICalAddress(uri: p.value).email { keptAttendees.append(lowercasedMail(m)) }
            w.write(p)
        }
        if hasCategories && !wroteCategories { categories(&w) }
        if let m = e.mood, !wroteColor { color(&w, m) }
        for photo in e.photos {
            w.beginProperty("ATTACH")
            if let data = photo.data {
                w.parameter("ENCODING", "BASE64")
                w.parameter("VALUE", "BINARY")
                w.parameter("FMTTYPE", photo.mediaType)
                w.beginValue()
                w.appendRawValue(Base64.encode(data))
            } else if let uri = photo.uri {
                w.parameter("FMTTYPE", photo.mediaType)
                w.beginValue()
                w.appendRawValue(uri)
            }
            w.endProperty()
        }
        if e.syncFields { writeSyncFields(e, into: &w) }
        for p in e.people {
            var kept = false
            for m in keptMails where p.hasEmail(kept: text.extracting(m)) { kept = true; break }
            if let mail = p.email, !kept, !keptAttendees.contains(p.lowercasedEmail ?? mail) {
                w.beginProperty(prefix: p.attendeePrefix)
                w.beginValue()
                w.appendRawValue("mailto:")
                w.appendRawValue(mail)
                w.endProperty()
            }
            w.beginProperty(prefix: p.personPrefix)
            w.beginValue()
            w.appendRawValue(p.uid)
            w.endProperty()
        }
        w.end("VEVENT")
    }

    /// The X-KITH-TYPE, X-KITH-MOOD and X-KITH-TRAIT lines of ``ExportEvent/syncFields``.
    static func writeSyncFields(_ e: ExportEvent, into w: inout ICalendarLineWriter) {
        func category(_ name: String, _ c: Category, value: String) {
            w.beginProperty(name)
            if !c.icon.isEmpty { w.parameter("X-ICON", c.icon) }
            w.parameter("X-COLOR", c.color)
            if let score = c.score { w.parameter("X-SCORE", String(score)) }
            w.beginValue()
            w.appendTextValue(value)
            w.endProperty()
        }
        if let p = e.place {
            // The place's name and address apart (LOCATION joins them).
            w.beginProperty("X-KITH-PLACE")
            if let a = p.place.address, !a.isEmpty { w.parameter("X-ADDRESS", a) }
            w.beginValue()
            w.appendTextValue(p.place.name)
            w.endProperty()
        }
        if let t = e.type { category("X-KITH-TYPE", t, value: t.path) }
        if let m = e.mood { category("X-KITH-MOOD", m, value: m.name) }
        for (i, t) in e.traits.enumerated() {
            let about = i < e.traitAbout.count ? e.traitAbout[i] : []
            for uid in about.isEmpty ? [""] : about {
                w.beginProperty("X-KITH-TRAIT")
                w.parameter("X-KIND", t.category.path)
                if !uid.isEmpty { w.parameter("X-ABOUT", uid) }
                w.beginValue()
                w.appendTextValue(t.text)
                w.endProperty()
            }
        }
    }

    /// `DTSTART;X-KITH-TZID=Europe/Lisbon` for a UTC time whose zone cannot be written as its TZID.
    static func utcPrefix(_ name: String, keeping tzid: String) -> [UInt8] {
        var w = ICalendarLineWriter(lineLimit: Int.max)
        w.beginProperty(name)
        w.parameter("X-KITH-TZID", tzid)
        return w.bytes
    }

    /// The TZID an event's times are written with: none (UTC times) for UTC and GMT.
    static func exportTZID(_ zone: String) -> String? {
        zone == "UTC" || zone == "Etc/UTC" || zone == "GMT" ? nil : zone
    }

    /// The kept lines Kith's own properties replace.
    enum ReplacedKind { case categories, color }

    /// Whether a kept line is a CATEGORIES or COLOR property (as ``property(fromKept:)``
    /// reads its name: group dropped, case ignored).
    static func replacedKind(_ b: Span<UInt8>) -> ReplacedKind? {
        var start = 0, end = b.count
        for i in 0..<b.count {
            let c = b[i]
            if c == 58 || c == 59 { end = i; break }
            if c == 46 { start = i + 1 }
        }
        if nameEquals(b, start..<end, "CATEGORIES") { return .categories }
        if nameEquals(b, start..<end, "COLOR") { return .color }
        return nil
    }

    /// Whether `b[name]`, upper-cased, is `word` (an upper-case ASCII literal).
    @inline(__always)
    private static func nameEquals(_ b: Span<UInt8>, _ name: Range<Int>, _ word: String) -> Bool {
        guard name.count == word.utf8.count else { return false }
        var k = name.lowerBound
        for w in word.utf8 {
            var c = b[k]
            if c >= 97 && c <= 122 { c -= 32 }
            if c != w { return false }
            k += 1
        }
        return true
    }

    /// The day a yearly event marks: its raw value names it in the summary and the UID
    /// (`Ana's birthday`, `kith-birthday-…`).
    enum YearlyKind: String {
        case birthday, anniversary

        /// The CATEGORIES value of its events.
        var category: String {
            switch self {
            case .birthday: "Birthday"
            case .anniversary: "Anniversary"
            }
        }
    }

    /// A yearly all-day event on a birthday or anniversary, from its year (or 1972 when
    /// the year is unknown: a leap year, so 29 February exists).
    ///
    /// A 29 February date repeats on the last day of February
    /// (`RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1`): 28 February in common years, as
    /// ``Journal/upcoming(from:days:)`` lists it. A plain `FREQ=YEARLY` would skip the
    /// common years (RFC 5545 drops the invalid dates); python-dateutil, which khal and
    /// Radicale expand with, gives 28 February from this rule.
    static func yearly(_ d: PartialDate, summary: String, uid: String, category: String) -> ICalComponent {
        var v = ICalComponent(name: "VEVENT")
        v.uid = uid
        v.dtStamp = ICalDateTime(year: 2000, month: 1, day: 1, form: .utc)
        let year = d.year ?? 1972
        let start = LocalDate(year: year, month: d.month, day: d.day) ?? LocalDate(year: 1972, month: d.month, day: d.day)!
        let next = start.adding(days: 1)
        v.dtStart = ICalDateTime(year: start.year, month: start.month, day: start.day, form: .date)
        v.dtEnd = ICalDateTime(year: next.year, month: next.month, day: next.day, form: .date)
        let rule = d.month == 2 && d.day == 29 ? "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1" : "FREQ=YEARLY"
        v.properties.append(ICalProperty(name: "RRULE", value: rule))
        v.summary = summary
        v.categories = [category]
        v.properties.append(ICalProperty(name: "TRANSP", value: "TRANSPARENT"))
        return v
    }
}
