import ContentLines
import Foundation
import ICalendarFormat

/// Maps VEVENTs to events and events to VEVENTs.
enum EventMapping {
    /// Why one VEVENT cannot become an event.
    struct Failure: Swift.Error { var reason: String }

    /// The journal's event types and moods by their folded names, computed once per file:
    /// the first of each key wins, as a search in the categories' order would find it.
    struct CategoryKeys {
        var moodByName: [String: Int64] = [:]
        var typeByPath: [String: Int64] = [:]
        /// Subcategories (types with a parent) by name; a name matches only when unique.
        var subtypesByName: [String: [Int64]] = [:]

        init(types: [Category], moods: [Category]) {
            for m in moods { let k = NameMatcher.fold(m.name); if moodByName[k] == nil { moodByName[k] = m.id } }
            for t in types {
                let k = NameMatcher.fold(t.path)
                if typeByPath[k] == nil { typeByPath[k] = t.id }
                if t.parentID != nil { subtypesByName[NameMatcher.fold(t.name), default: []].append(t.id) }
            }
        }
    }

    /// The draft of one VEVENT, or of one occurrence of a recurring one.
    static func draft(from e: ICalComponent, occurrence: ICalOccurrence?, resolver: ICalTimeZoneResolver,
                      options: ImportOptions, categories: CategoryKeys, emails: [String: Int64],
                      personUIDs: [String: Int64], photos: inout [Data],
                      warnings: inout [ImportWarning]) throws -> EventDraft {
        guard let uid0 = e.uid, !uid0.isEmpty else {
            throw Failure(reason: "the event has no UID, so a re-import could not find it again")
        }
        guard let dtStart = e.dtStart else { throw Failure(reason: "the event has no valid DTSTART (start time)") }
        var title = (e.summary ?? "").kithTrimmed()
        if title.isEmpty {
            title = "Untitled event"
            warnings.append(ImportWarning(line: e.line, code: "missing-summary", message: "The event has no SUMMARY; titled \"Untitled event\"."))
        }
        // Zone: the DTSTART's TZID when it maps to an IANA zone, else the default.
        var zone = options.timeZone.identifier
        if let tzid = dtStart.tzid {
            if let iana = resolver.ianaIdentifier(for: tzid), TimeZone(identifier: iana) != nil {
                zone = iana
            } else {
                warnings.append(ImportWarning(line: e.line, code: "zone-not-iana",
                    message: "TZID \(tzid) is not a known IANA zone; the time is kept and the event is shown in \(zone)."))
            }
        }
        let start: Date
        var end: Date?
        if let occ = occurrence {
            start = occ.startDate
            end = occ.endDate > occ.startDate ? occ.endDate : nil
        } else {
            start = resolver.date(for: dtStart)
            end = e.effectiveEnd(resolver: resolver)
            if let en = end, en <= start { end = nil }
        }
        var d = EventDraft(title: title, start: start, timeZone: zone)
        if dtStart.isDate {
            let s = occurrence?.start ?? dtStart
            guard let first = LocalDate(year: s.year, month: s.month, day: s.day) else { throw Failure(reason: "DTSTART is not a date") }
            var days = 1
            if let en = end { days = max(1, Int(((en.timeIntervalSince1970 - start.timeIntervalSince1970) / 86400).rounded())) }
            d.allDay = true
            d.allDayDates = first...first.adding(days: days - 1)
            d.start = first.startInstant(in: TimeZone(identifier: zone) ?? options.timeZone)
        } else {
            d.end = end
        }
        var uid = uid0
        if let occ = occurrence { uid += "/" + occ.recurrenceID.description }
        d.uid = uid
        if let note = e.property("X-KITH-NOTE")?.text { d.note = note } else { d.note = e.property("DESCRIPTION")?.text ?? "" }
        // Place.
        let geo = e.geo
        if let loc = e.location?.kithTrimmed(), !loc.isEmpty {
            d.place = PlaceDraft(name: loc, latitude: geo?.latitude, longitude: geo?.longitude)
        } else if let g = geo {
            d.place = PlaceDraft(name: String(format: "%.5f, %.5f", g.latitude, g.longitude), latitude: g.latitude, longitude: g.longitude)
        }
        if let g = geo, !((-90...90).contains(g.latitude) && (-180...180).contains(g.longitude)) {
            d.place?.latitude = nil; d.place?.longitude = nil
            warnings.append(ImportWarning(line: e.line, code: "bad-geo", message: "GEO is out of range; the place is kept without coordinates."))
        }
        // Categories: an event type (path or unique subcategory name) and a mood by name.
        for c in e.categories {
            let key = NameMatcher.fold(c)
            if d.moodID == nil, let m = categories.moodByName[key] { d.moodID = m; continue }
            if d.typeID == nil {
                if let t = categories.typeByPath[key] { d.typeID = t; continue }
                if let subs = categories.subtypesByName[key], subs.count == 1 { d.typeID = subs[0]; continue }
            }
        }
        // People: Kith's own person UIDs, then ORGANIZER and ATTENDEE e-mails.
        var people: [Int64] = []
        for p in e.properties("X-KITH-PERSON") { if let id = personUIDs[p.value], !people.contains(id) { people.append(id) } }
        let addresses = (e.organizer.map { [$0] } ?? []) + e.attendees
        for a in addresses {
            guard let mail = a.email?.lowercased(), !mail.isEmpty else { continue }
            if let id = emails[mail] {
                if !people.contains(id) { people.append(id) }
            } else {
                warnings.append(ImportWarning(line: e.line, code: "unknown-attendee",
                    message: "Nobody in the journal has the e-mail \(mail)\(a.commonName.map { " (\($0))" } ?? ""); import their card first or add it to a person."))
            }
        }
        d.personIDs = people
        // Inline images (IMAGE, ATTACH) become the event's photos.
        for a in e.images + e.attachments {
            guard let bytes = a.data, !bytes.isEmpty else { continue }
            let data = Data(bytes)
            if Photo.mediaType(of: data) != nil { photos.append(data) }
        }
        d.icalLines = keptLines(e, matchedEmails: Set(addresses.compactMap { a in a.email.flatMap { emails[$0.lowercased()] != nil ? $0.lowercased() : nil } }))
        return d
    }

    /// VEVENT properties Kith models (or that belong to the recurrence it expands).
    static let modelled: Set<String> = [
        "UID", "DTSTAMP", "DTSTART", "DTEND", "DURATION", "SUMMARY", "DESCRIPTION", "LOCATION", "GEO", "CATEGORIES",
        "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID", "X-KITH-NOTE", "X-KITH-PERSON", "COLOR", "LAST-MODIFIED", "CREATED",
    ]

    /// The properties to keep verbatim: unmodelled ones and attendees who are nobody in the journal.
    static func keptLines(_ e: ICalComponent, matchedEmails: Set<String>) -> [String] {
        e.properties.compactMap { p in
            if modelled.contains(p.name) { return nil }
            if p.name == "ATTENDEE", let mail = ICalAddress(uri: p.value).email?.lowercased(), matchedEmails.contains(mail) { return nil }
            let line = ContentLine(name: p.name, parameters: p.parameters.map { ContentLine.Parameter(name: $0.name, values: $0.values) }, value: p.value)
            return ContentLineWriter.serialize(line)
        }
    }

    /// A kept line back as a property.
    static func property(fromKept raw: String) -> ICalProperty? {
        var reader = ContentLineReader(string: raw + "\r\n")
        guard let l = reader.next() else { return nil }
        return ICalProperty(name: l.name, value: l.value, parameters: l.parameters.map { ICalParameter(name: $0.name, values: $0.values) })
    }
}
