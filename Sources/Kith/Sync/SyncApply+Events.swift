import Foundation
import GRDB
import ICalendarFormat

/// Server events into the journal (see `SyncApply`).
extension SyncApply {
    /// An event's time as the merge compares it: all-day events by their days, others by
    /// their instants.
    struct EventTime: Equatable {
        var allDay: Bool
        var start: Date
        var end: Date?
        var days: ClosedRange<LocalDate>?
        var timeZone: String

        static func == (a: EventTime, b: EventTime) -> Bool {
            guard a.allDay == b.allDay else { return false }
            if a.allDay { return a.days == b.days }
            return Int64(a.start.timeIntervalSince1970) == Int64(b.start.timeIntervalSince1970)
                && a.end.map { Int64($0.timeIntervalSince1970) } == b.end.map { Int64($0.timeIntervalSince1970) }
        }

        var text: String {
            if allDay, let d = days { return d.lowerBound == d.upperBound ? "\(d.lowerBound)" : "\(d.lowerBound) to \(d.upperBound)" }
            let f = ISO8601DateFormatter()
            f.timeZone = TimeZone(identifier: timeZone) ?? .current
            return f.string(from: start) + (end.map { " to " + f.string(from: $0) } ?? "")
        }
    }

    struct EventTraitKey: Hashable {
        var path: String, text: String, about: String?
    }

    /// An event as the merge compares it.
    struct EventSide: Equatable {
        var title: String
        var time: EventTime
        var type: String?
        var mood: String?
        var place: PlaceDraft?
        var note: String
        var lines: [String]
        var people: [String]
        var photos: [String]
        var traits: [EventTraitKey]
    }

    /// A server body read: the side, and what writing it needs.
    struct ParsedEvent {
        var side: EventSide
        var uid: String
        var kith: EventMapping.KithLines
        var photos: [Data]
        var description: String?
        var kithNote: String?
        var modifiedAt: Int64?
        var recurring: Bool
        /// The UIDs of the people its ATTENDEE and ORGANIZER e-mails name.
        var attendees: [String] = []
    }

    static func parseEvent(_ db: Database, _ body: [UInt8]) throws -> ParsedEvent {
        let calendar: ICalendar
        do { calendar = try ICalendarReader(floatingTimeZone: .current).read(Data(body)) } catch {
            throw invalid("it is not an iCalendar object (\(error))")
        }
        let events = calendar.components.filter { $0.name == "VEVENT" }
        guard let e = events.first else { throw invalid("it holds no VEVENT") }
        guard let uid = e.uid, !uid.isEmpty else { throw invalid("the event has no UID") }
        let recurring = events.count > 1 || e.recurrenceRule != nil || !e.recurrenceDates.isEmpty || e.recurrenceID != nil
        let resolver = ICalTimeZoneResolver(floatingTimeZone: .current, timeZones: calendar.components.filter { $0.name == "VTIMEZONE" })
        var personUIDs: [String: Int64] = [:], emails: [String: Int64] = [:], names: [String: Int64] = [:]
        for p in e.properties("X-KITH-PERSON") {
            if let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM person WHERE uid = ?"), arguments: [p.value]) {
                personUIDs[p.value] = id
            }
        }
        var attendees: [String] = []
        for a in (e.organizer.map { [$0] } ?? []) + e.attendees {
            if let mail = a.email?.lowercased(),
                let id = try Int64.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT personId FROM personContact WHERE kind = 'email' AND value = ? COLLATE NOCASE ORDER BY personId LIMIT 1"),
                    arguments: [mail])
            {
                emails[mail] = id
                if let u = try String.fetchOne(db.cachedStatement(sql: "SELECT uid FROM person WHERE id = ?"), arguments: [id]) {
                    attendees.append(u)
                }
            }
            if let cn = a.commonName?.kithTrimmed(), !cn.isEmpty {
                let ids = try Int64.fetchAll(db.cachedStatement(sql: "SELECT id FROM person WHERE displayName = ?"), arguments: [cn])
                if ids.count == 1 { names[cn] = ids[0] }
            }
        }
        let keys = EventMapping.CategoryKeys(
            types: try Journal.fetchCategories(db, kind: .eventType), moods: try Journal.fetchCategories(db, kind: .mood))
        var unmatched = Set<String>(), zones = Set<String>(), photos: [Data] = [], warnings: [ImportWarning] = []
        let d: EventDraft
        do {
            d = try EventMapping.draft(
                from: e, occurrence: nil, resolver: resolver, options: ImportOptions(), categories: keys, emails: emails, names: names,
                personUIDs: personUIDs, unmatched: &unmatched, customZones: &zones, photos: &photos, warnings: &warnings)
        } catch let f as EventMapping.Failure {
            throw invalid(f.reason)
        }
        let kith = EventMapping.kithLines(e)
        var place = d.place
        if let kp = kith.place {
            let address = kp.address?.isEmpty == false ? kp.address : nil
            let location = kp.name + (address.map { $0 != kp.name ? ", " + $0 : "" } ?? "")
            if place == nil || place?.name == location {
                place = PlaceDraft(name: kp.name, address: address, latitude: d.place?.latitude, longitude: d.place?.longitude)
            }
        }
        func name(_ id: Int64?, _ kind: Category.Kind) throws -> String? {
            guard let id else { return nil }
            let c = try Journal.fetchCategory(db, id: id)
            return kind == .mood ? c.name : c.path
        }
        var people: [String] = []
        for id in d.personIDs {
            if let u = try String.fetchOne(db.cachedStatement(sql: "SELECT uid FROM person WHERE id = ?"), arguments: [id]) { people.append(u) }
        }
        // People Kith named who are not in this journal (yet) still count as the event's.
        for p in e.properties("X-KITH-PERSON") where personUIDs[p.value] == nil && !people.contains(p.value) { people.append(p.value) }
        let side = EventSide(
            title: d.title, time: EventTime(allDay: d.allDay, start: d.start, end: d.end, days: d.allDayDates, timeZone: d.timeZone),
            type: try kith.type?.path ?? name(d.typeID, .eventType), mood: try kith.mood?.path ?? name(d.moodID, .mood), place: place,
            note: d.note, lines: photos.isEmpty ? d.icalLines : d.icalLines.filter { !EventMapping.isInlineImageAttach(Array($0.utf8).span) },
            people: people, photos: photos.map { SHA256.hex([UInt8]($0)) },
            traits: kith.traits.map { EventTraitKey(path: $0.path, text: $0.text, about: $0.about) })
        return ParsedEvent(
            side: side, uid: uid, kith: kith, photos: photos, description: e.property("DESCRIPTION")?.text,
            kithNote: e.property("X-KITH-NOTE")?.text, modifiedAt: d.modifiedAt, recurring: recurring, attendees: attendees)
    }

    /// The journal's event as the merge compares it.
    static func eventSide(_ db: Database, _ ev: Event) throws -> EventSide {
        var uids: [Int64: String] = [:]
        for p in ev.people {
            uids[p.id] = try String.fetchOne(db.cachedStatement(sql: "SELECT uid FROM person WHERE id = ?"), arguments: [p.id])
        }
        let place = ev.place.map {
            PlaceDraft(name: $0.name, address: $0.address?.isEmpty == false ? $0.address : nil, latitude: $0.latitude, longitude: $0.longitude)
        }
        return EventSide(
            title: ev.title,
            time: EventTime(
                allDay: ev.allDay, start: ev.start, end: ev.allDay ? nil : ev.end, days: ev.allDay ? ev.startDay...ev.endDay : nil,
                timeZone: ev.timeZone),
            type: ev.type?.path, mood: ev.mood?.name, place: place, note: ev.note, lines: ev.icalLines,
            people: ev.people.compactMap { uids[$0.id] }, photos: ev.photos.map(\.hash),
            traits: ev.traits.map { EventTraitKey(path: $0.category.path, text: $0.text, about: $0.person.flatMap { uids[$0.id] }) })
    }

    /// An event type or mood by path or name, created (with the look the body gave) when missing.
    static func category(_ db: Database, kind: Category.Kind, path: String, look: KithCategoryLine?) throws -> Int64 {
        if let c = try? Journal.resolveCategory(db, kind: kind, path: path) { return c.id }
        let parts = path.split(separator: "/").map(String.init)
        if kind == .eventType, parts.count == 2, (try? Journal.resolveCategory(db, kind: kind, path: parts[0])) == nil {
            _ = try Journal.insertCategory(db, kind: kind, path: parts[0], icon: nil, color: nil, score: nil)
        }
        let look = look?.path == path ? look : nil
        let color = look?.color.flatMap { Category.isValidColor($0) ? $0 : nil }
        return try Journal.insertCategory(
            db, kind: kind, path: path, icon: look?.icon.isEmpty == false ? look?.icon : nil, color: color,
            score: kind == .mood ? max(-2, min(2, look?.score ?? 0)) : nil
        ).id
    }

    static func applyEvent(_ db: Database, account: String, body: [UInt8], base: [UInt8]?, description: inout String) throws -> SyncApplied {
        var remote = try parseEvent(db, body)
        let uid = remote.uid
        if remote.recurring {
            // Kith keeps occurrences, not rules: a recurring event stays on the server as it
            // is (its status row keeps it from counting as new or gone).
            return SyncApplied(uid: uid, name: remote.side.title, action: .skipped, conflicts: [], needsPush: false)
        }
        let baseEvent = base.flatMap { try? parseEvent(db, $0) }
        // Another client edited DESCRIPTION or LOCATION, leaving Kith's X- copies as they were.
        if let b = baseEvent {
            if remote.kithNote != nil, remote.kithNote == b.kithNote, remote.description != b.description {
                remote.side.note = remote.description ?? ""
            }
            // An attendee removed there leaves Kith's X-KITH-PERSON line behind: the person goes.
            let dropped = Set(b.attendees).subtracting(remote.attendees)
            remote.side.people.removeAll { dropped.contains($0) }
        }
        for data in remote.photos {
            if let type = Photo.mediaType(of: data) {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO photo (hash, mediaType, byteCount, data) VALUES (?, ?, ?, ?)",
                    arguments: [SHA256.hex([UInt8](data)), type, data.count, data])
            }
        }
        let existing = try Int64.fetchOne(db, sql: "SELECT id FROM event WHERE uid = ?", arguments: [uid])
        let local = try existing.flatMap { try Journal.fetchEvents(db, ids: [$0]).first }
        let localSide = try local.map { try eventSide(db, $0) }
        if let localSide, localSide == remote.side {
            return SyncApplied(uid: uid, name: remote.side.title, action: .unchanged, conflicts: [], needsPush: false)
        }
        var m = SyncMerge(localWins: false)
        var merged = remote.side
        if let l = localSide, let ev = local {
            m.localWins = remote.modifiedAt.map { ev.updatedAt > $0 } ?? false
            // No status row (a create whose row a crash lost): a body stamped with the journal's
            // own last change comes from this very version, which is then the base.
            let b = baseEvent?.side ?? (remote.modifiedAt == ev.updatedAt ? l : nil)
            func text(_ s: String) -> String { s }
            merged.title = m.pick("title", base: b?.title, local: l.title, remote: remote.side.title, show: text)
            merged.time = m.pick("time", base: b?.time, local: l.time, remote: remote.side.time) { $0.text }
            merged.type = m.pick("type", base: b?.type, local: l.type, remote: remote.side.type) { $0 ?? "none" }
            merged.mood = m.pick("mood", base: b?.mood, local: l.mood, remote: remote.side.mood) { $0 ?? "none" }
            merged.place = m.pick("place", base: b?.place, local: l.place, remote: remote.side.place) { $0?.name ?? "none" }
            merged.lines = m.pick("other event properties", base: b?.lines, local: l.lines, remote: remote.side.lines) { $0.joined(separator: " | ") }
            merged.people = m.set(base: b?.people, local: l.people, remote: remote.side.people)
            merged.photos = m.set(base: b?.photos, local: l.photos, remote: remote.side.photos)
            merged.traits = m.set(base: b?.traits, local: l.traits, remote: remote.side.traits)
            merged.note = m.pick("note", base: b?.note, local: l.note, remote: remote.side.note, show: text)
            merged.note = m.note(merged.note, on: SyncMerge.today())
        }
        // The draft to write.
        var d = EventDraft(title: merged.title, start: merged.time.start, timeZone: merged.time.timeZone)
        d.allDay = merged.time.allDay
        d.allDayDates = merged.time.days
        d.end = merged.time.allDay ? nil : merged.time.end
        d.uid = uid
        d.note = merged.note
        d.icalLines = merged.lines
        d.place = merged.place
        d.typeID = try merged.type.map { try category(db, kind: .eventType, path: $0, look: remote.kith.type) }
        d.moodID = try merged.mood.map { try category(db, kind: .mood, path: $0, look: remote.kith.mood) }
        var ids: [String: Int64] = [:]
        for u in merged.people {
            if let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM person WHERE uid = ?"), arguments: [u]) { ids[u] = id }
        }
        d.personIDs = merged.people.compactMap { ids[$0] }
        d.photoHashes = merged.photos
        let localIDs = Dictionary(
            (local?.traits ?? []).map { t in (EventTraitKey(path: t.category.path, text: t.text, about: nil), t.id) }, uniquingKeysWith: { a, _ in a })
        d.traits = merged.traits.compactMap { t in
            // A trait about someone no longer in the event goes with them.
            let person = t.about.flatMap { ids[$0] }
            guard t.about == nil ? d.personIDs.count == 1 : person != nil else { return nil }
            return TraitDraft(path: t.path, text: t.text, personID: person, id: localIDs[EventTraitKey(path: t.path, text: t.text, about: nil)])
        }
        let name = merged.title
        if let id = existing {
            var ignored = ""
            _ = try EventStore.edit(db, id: id, d, description: &ignored)
            description = "sync \(account): update event #\(id) \(name)"
        } else {
            d.modifiedAt = remote.modifiedAt
            let id = try Journal.insertEvent(db, d)
            try Journal.reindex(db, eventIDs: [id])
            description = "sync \(account): add event \(name)"
        }
        // Remote people not in this journal do not make the event differ from the server.
        var comparable = merged
        comparable.people = merged.people.filter { ids[$0] != nil || !remote.side.people.contains($0) }
        var remoteComparable = remote.side
        remoteComparable.people = remote.side.people.filter { ids[$0] != nil }
        comparable.people = comparable.people.filter { ids[$0] != nil }
        return SyncApplied(
            uid: uid, name: name, action: existing == nil ? .created : .updated,
            conflicts: conflicts(m, account: account, kind: .events, uid: uid, item: name),
            needsPush: existing != nil && comparable != remoteComparable)
    }
}
