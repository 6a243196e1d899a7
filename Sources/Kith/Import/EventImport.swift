import ContentLines
import Foundation
import ICalendarFormat

/// Maps VEVENTs to events and events to VEVENTs.
enum EventMapping {
    /// Why one VEVENT cannot become an event.
    struct Failure: Error { var reason: String }

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
    /// `names` holds the journal's display names that only one person has; `unmatched`
    /// gathers the attendees and organizers that found no one (by e-mail, else by CN), for
    /// the report's one line about them. `file` names the file in warnings.
    static func draft(
        from e: ICalComponent, occurrence: ICalOccurrence?, resolver: ICalTimeZoneResolver,
        options: ImportOptions, categories: CategoryKeys, emails: [String: Int64],
        names: [String: Int64] = [:], personUIDs: [String: Int64], file: String = "",
        unmatched: inout Set<String>, customZones: inout Set<String>, photos: inout [Data],
        warnings: inout [ImportWarning]
    ) throws -> EventDraft {
        let shared = try self.shared(
            from: e, resolver: resolver, options: options, categories: categories, emails: emails,
            names: names, personUIDs: personUIDs, file: file, unmatched: &unmatched,
            customZones: &customZones, photos: &photos, warnings: &warnings)
        return try timed(shared, from: e, occurrence: occurrence, resolver: resolver, options: options)
    }

    /// What a VEVENT gives each of its occurrences alike: everything but the times and the
    /// UID, which ``timed(_:from:occurrence:resolver:options:)`` adds. A recurring event's
    /// occurrences share one (an import maps each master once, not once an occurrence).
    static func shared(
        from e: ICalComponent, resolver: ICalTimeZoneResolver,
        options: ImportOptions, categories: CategoryKeys, emails: [String: Int64],
        names: [String: Int64] = [:], personUIDs: [String: Int64], file: String = "",
        unmatched: inout Set<String>, customZones: inout Set<String>, photos: inout [Data],
        warnings: inout [ImportWarning]
    ) throws -> EventDraft {
        guard let uid0 = e.uid, !uid0.isEmpty else {
            throw Failure(reason: "the event has no UID, so a re-import could not find it again")
        }
        guard let dtStart = e.dtStart else { throw Failure(reason: "the event has no valid DTSTART (start time)") }
        let cleaned = withoutControlCharacters(e.summary ?? "")
        var title = cleaned.0.kithTrimmed()
        if cleaned.1 {
            warnings.append(
                ImportWarning(
                    line: e.line, code: "control-characters",
                    message: "\(file.isEmpty ? "" : file + ", ")line \(e.line): SUMMARY held control characters; they were removed."))
        }
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
                warnings.append(
                    ImportWarning(
                        line: e.line, code: "zone-not-iana",
                        message: "TZID \(tzid) is not a known IANA zone; the time is kept and the event is shown in \(zone)."))
            }
        } else if let kept = e.property("DTSTART")?.parameter("X-KITH-TZID"), TimeZone(identifier: kept) != nil {
            // Kith's own export of a time in a repeated hour: UTC, with the event's zone.
            zone = kept
        }
        var d = EventDraft(title: title, start: Date(timeIntervalSince1970: 0), timeZone: zone)
        d.uid = uid0
        if let note = e.property("X-KITH-NOTE")?.text { d.note = note } else { d.note = e.property("DESCRIPTION")?.text ?? "" }
        d.note = withoutControlCharacters(d.note).0
        // Place.
        let geo = e.geo
        if let loc = e.location.map({ withoutControlCharacters($0).0.kithTrimmed() }), !loc.isEmpty {
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
        // Then ORGANIZER and ATTENDEE: by e-mail, else by a CN that is exactly one person's
        // name. Those that find no one stay on the event as kept lines (counted, not warned
        // about one by one).
        let addresses = addresses(of: e)
        findPeople(addresses, emails: emails, names: names, into: &people, unmatched: &unmatched)
        d.personIDs = people
        // Inline images (IMAGE, ATTACH) become the event's photos.
        for a in e.images + e.attachments {
            guard let bytes = a.data, !bytes.isEmpty else { continue }
            let data = Data(bytes)
            if Photo.mediaType(of: data) != nil { photos.append(data) }
        }
        d.icalLines = keptLines(
            e, matchedEmails: Set(addresses.compactMap { a in a.email.flatMap { emails[$0.lowercased()] != nil ? $0.lowercased() : nil } }),
            resolver: resolver, file: file, customZones: &customZones, warnings: &warnings)
        // The source's last change, written back as DTSTAMP and LAST-MODIFIED until the
        // user edits the event: an export of what was imported gives the same bytes.
        if let stamp = e.lastModified ?? e.dtStamp {
            d.modifiedAt = Int64(resolver.date(for: stamp).timeIntervalSince1970.rounded(.down))
        }
        return d
    }

    /// ORGANIZER and ATTENDEE, in that order.
    static func addresses(of e: ICalComponent) -> [ICalAddress] {
        (e.organizer.map { [$0] } ?? []) + e.attendees
    }

    /// What finding a person reads of an ORGANIZER or ATTENDEE: its e-mail in lower case,
    /// its CN trimmed, and its URI when it has neither (which only then counts).
    struct AddressKey: Hashable, Sendable {
        var mail: String
        var commonName: String
        var uri: String

        init(_ a: ICalAddress) { self.init(uri: a.uri, commonName: a.commonName) }

        /// From the address URI and its CN, as ``init(_:)`` reads them of an ``ICalAddress``.
        init(uri: String, commonName: String?) {
            let lower = uri.lowercased()
            mail = lower.hasPrefix("mailto:") ? String(lower.dropFirst(7)) : ""
            self.commonName = commonName?.kithTrimmed() ?? ""
            self.uri = mail.isEmpty && self.commonName.isEmpty ? uri : ""
        }

        // Equal and hashed by their bytes, not by Unicode canonical equivalence as `String`
        // is: two spellings of one name are found once each, then count once in the report's
        // set of names. Hashing a `String` normalizes it, which was a fifth of the first
        // pass's address work on the bench calendar.
        static func == (a: Self, b: Self) -> Bool {
            a.mail.utf8.elementsEqual(b.mail.utf8) && a.commonName.utf8.elementsEqual(b.commonName.utf8)
                && a.uri.utf8.elementsEqual(b.uri.utf8)
        }

        func hash(into hasher: inout Hasher) {
            var h = StableHasher()
            h.combine(mail)
            h.combine(commonName)
            h.combine(uri)
            hasher.combine(h.value)
        }
    }

    /// The keys of ``addresses(of:)`` that `seen` does not hold yet, read from the properties
    /// in place (the parameters other than CN are not built): `seen` holds a hash of each
    /// ORGANIZER and ATTENDEE as written (parameters and value), and only one not written
    /// before is reduced to its key (the bench calendar's 180,400 addresses are
    /// 82,958 as written and 37,032 keys). Two writings whose hashes collide (about one
    /// chance in 10⁹ for a million) would count as one in the report's line.
    static func newAddressKeys(of e: ICalComponent, seen: inout Set<UInt64>, into keys: inout [AddressKey]) {
        var organizer = false
        for name in ["ORGANIZER", "ATTENDEE"] {
            e.forEachWrittenProperty(upper: name) { index, parameters, value in
                if name == "ORGANIZER" {
                    // ``addresses(of:)`` takes the first ORGANIZER only.
                    guard !organizer else { return }
                    organizer = true
                }
                if let parameters {
                    var h = StableHasher()
                    h.combine(parameters)
                    h.combine(value)
                    guard seen.insert(h.value).inserted else { return }
                }
                let p = e.properties[index]
                keys.append(AddressKey(uri: p.value, commonName: p.parameter("CN")))
            }
        }
    }

    /// The people `addresses` find, by e-mail, else by a CN that is exactly one person's
    /// name, appended to `people` once each; those that find no one go into `unmatched`.
    static func findPeople(
        _ addresses: [ICalAddress], emails: [String: Int64], names: [String: Int64], into people: inout [Int64],
        unmatched: inout Set<String>
    ) {
        findPeople(addresses.lazy.map(AddressKey.init), emails: emails, names: names, into: &people, unmatched: &unmatched)
    }

    /// ``findPeople(_:emails:names:into:unmatched:)`` of addresses already reduced to their keys.
    static func findPeople(
        _ addresses: some Sequence<AddressKey>, emails: [String: Int64], names: [String: Int64], into people: inout [Int64],
        unmatched: inout Set<String>
    ) {
        for a in addresses {
            if !a.mail.isEmpty, let id = emails[a.mail] {
                if !people.contains(id) { people.append(id) }
                continue
            }
            let cn = a.commonName
            if !cn.isEmpty, let id = names[cn] {
                if !people.contains(id) { people.append(id) }
                continue
            }
            if !a.mail.isEmpty { unmatched.insert(a.mail) } else if !cn.isEmpty { unmatched.insert("cn:" + cn) } else { unmatched.insert("uri:" + a.uri) }
        }
    }

    /// The draft of `e` (or of one of its occurrences) from what it shares with its
    /// occurrences: its times, all-day days and UID (the master's, plus `/RECURRENCE-ID`).
    static func timed(
        _ shared: EventDraft, from e: ICalComponent, occurrence: ICalOccurrence?,
        resolver: ICalTimeZoneResolver, options: ImportOptions
    ) throws -> EventDraft {
        guard let dtStart = e.dtStart else { throw Failure(reason: "the event has no valid DTSTART (start time)") }
        var d = shared
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
        d.start = start
        if dtStart.isDate {
            let s = occurrence?.start ?? dtStart
            guard let first = LocalDate(year: s.year, month: s.month, day: s.day) else { throw Failure(reason: "DTSTART is not a date") }
            var days = 1
            if let en = end { days = max(1, Int(((en.timeIntervalSince1970 - start.timeIntervalSince1970) / 86400).rounded())) }
            d.allDay = true
            d.allDayDates = first...first.adding(days: days - 1)
            d.start = first.startInstant(in: TimeZone(identifier: d.timeZone) ?? options.timeZone)
        } else {
            d.end = end
        }
        if let occ = occurrence { d.uid = (d.uid ?? "") + "/" + occ.recurrenceID.description }
        return d
    }
}
