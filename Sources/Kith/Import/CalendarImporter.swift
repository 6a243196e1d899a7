import Foundation
import GRDB
import ICalendarFormat

extension Journal {
    /// Imports a calendar's VEVENTs: single events as they are, recurring ones as their
    /// occurrences in the options' range (default: from the rule's start up to now).
    func importCalendar(_ calendar: ICalendar, fileName: String, format: String, options: ImportOptions) throws -> ImportReport {
        try importCalendar(fileName: fileName, format: format, options: options) { body in
            for c in calendar.components { try body(c) }
            return calendar.warnings
        }
    }

    /// Imports iCalendar text without holding its tree: the reader streams the file twice,
    /// one top-level component at a time (see ``importCalendar(fileName:format:options:pass:)``).
    func importICalendar(_ data: Data, fileName: String, options: ImportOptions) throws -> ImportReport {
        let reader = ICalendarReader(floatingTimeZone: options.timeZone)
        return try importCalendar(fileName: fileName, format: "iCalendar", options: options) { body in
            try reader.stream(data, file: fileName) { c, _ in try body(c) }.warnings
        }
    }

    /// The import itself, over `pass`: a function that hands over the calendar's top-level
    /// components in file order, the same each time it is called, and returns the reader's
    /// warnings. The first pass keeps only what cannot wait: the VTIMEZONEs (an event may
    /// come before its zone), the recurring events and their RECURRENCE-ID overrides (which
    /// may be anywhere), and the count for progress. The second pass, in the transaction,
    /// imports single events as they come and each recurring event's occurrences at its
    /// place in the file, so memory grows with the recurring events, not with the file.
    /// The second pass reads and maps on a thread of its own (``EventMapper``): `pass` is
    /// called there, while this thread writes.
    func importCalendar(
        fileName: String, format: String, options: ImportOptions,
        pass: @escaping ((ICalComponent) throws -> Void) throws -> [FormatWarning]
    ) throws -> ImportReport {
        // A re-import that keeps no reasons may find every event unchanged from the first
        // pass's digests alone (``everyEventUnchanged(_:sources:context:)``).
        let gathersDigests =
            try !options.keepsDetails
            && dbQueue.read { db in
                try RawRow.first(db, db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM event)"), { _ in }, read: { $0.int(0) }) == 1
            }
        // Pass 1, on a thread of its own while this one begins the transaction and loads
        // what the mapping needs of the journal (for a re-import of the bench's 100,000
        // VEVENTs, the stored digests alone took 0.2 s after the 0.4 s of this pass).
        let first = Background {
            try Self.firstPass(fileName: fileName, format: format, options: options, digests: gathersDigests, pass: pass)
        }
        defer { first.wait() }
        let range = (from: options.from, to: options.to ?? options.now)
        var report = try importTransaction(options.dryRun, fileName: fileName) { db in
            var emails: [String: Int64] = [:]
            for r in try Row.fetchAll(db.cachedStatement(sql: "SELECT personId, value FROM personContact WHERE kind = 'email' ORDER BY personId")) {
                let v: String = r["value"]
                if emails[v.lowercased()] == nil { emails[v.lowercased()] = r["personId"] }
            }
            var uids: [String: Int64] = [:]
            // Display names only one person has, for attendees without a known e-mail.
            var names: [String: Int64] = [:], sharedNames = Set<String>()
            for r in try Row.fetchAll(db.cachedStatement(sql: "SELECT id, uid, displayName FROM person")) {
                uids[r["uid"]] = r["id"]
                let name: String = r["displayName"]
                if names[name] != nil { sharedNames.insert(name) } else { names[name] = r["id"] }
            }
            for n in sharedNames { names[n] = nil }
            let types = try Journal.fetchCategories(db, kind: .eventType)
            let moods = try Journal.fetchCategories(db, kind: .mood)
            let categoryKeys = EventMapping.CategoryKeys(types: types, moods: moods)
            // Events written so far; the day index follows once, after the last one
            // (per event it was most of the import's time). Ids of events rolled back
            // with --keep-going are harmless there: reindexing a missing event removes nothing.
            var written: [Int64] = []
            var context = EventImportContext()
            context.keepsReasons = options.keepsDetails
            context.verified.places = PlaceCache()
            context.verified.statements = EventStatements()
            if try RawRow.first(db, db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM event)"), { _ in }, read: { $0.int(0) }) == 0 {
                context.freshUIDs = []
            }
            // The events whose VEVENT need not be mapped again when it is as last time: only
            // without reasons to give (the merge gives them), as `unchangedEvent` below.
            var sources: [UInt64: EventSource.Stored] = [:]
            if context.freshUIDs == nil, !context.keepsReasons {
                // Room for them all at once (growing the table by doubling rehashed it ~19 times).
                let most = try RawRow.first(db, db.cachedStatement(sql: "SELECT max(eventId) FROM eventImport"), { _ in }, read: { $0.int(0) })
                sources.reserveCapacity(Int(min(most ?? 0, 1 << 22)))
                let sql = "SELECT e.uid, i.eventId, i.source FROM eventImport i JOIN event e ON e.id = i.eventId WHERE i.source IS NOT NULL"
                try RawRow.each(db, db.cachedStatement(sql: sql), { _ in }) { c in
                    sources[c.withText(0, EventSource.key)] = EventSource.Stored(id: c.int(1), source: c.int(2))
                }
            }
            // What the first pass found (it has read the file by now, or soon will).
            let firstPass = try first.value()
            var report = firstPass.report
            let (changedUIDs, resolver, recurringOrdinals) = (firstPass.changedUIDs, firstPass.resolver, firstPass.recurringOrdinals)
            let (recurring, occurrences) = (firstPass.recurring, firstPass.occurrences)
            let (total, silentMasters, silentOverrides) = (firstPass.total, firstPass.silentMasters, firstPass.silentOverrides)
            let sourceContext = EventSource.context(
                timeZones: firstPass.sourceZones, floating: options.timeZone, categories: categoryKeys, emails: emails, names: names,
                personUIDs: uids)
            var k = 0
            // Attendees and organizers that find no one, for the report's line: those of every
            // VEVENT at once when the first pass kept their keys; else those of the VEVENTs
            // found unchanged, one by one (the mapping thread gathers those it maps).
            var unmatchedUnchanged = Set<String>()
            if let d = firstPass.digests {
                var people: [Int64] = []
                for key in d.addresses {
                    people.removeAll(keepingCapacity: true)
                    EventMapping.findPeople(CollectionOfOne(key), emails: emails, names: names, into: &people, unmatched: &unmatchedUnchanged)
                }
            }
            let mapper = EventMapper(
                pass: pass, changedUIDs: changedUIDs, resolver: resolver, options: options, categories: categoryKeys,
                emails: emails, names: names, personUIDs: uids, file: fileName, context: sourceContext, sources: sources,
                recurringOrdinals: recurringOrdinals, contentDigests: firstPass.digests?.content ?? [])
            // An event found unchanged by its VEVENT's digest: nothing read or written.
            func recordUnchanged(_ id: Int64, title: String, line: Int) {
                report.record(ImportItem(kind: .event, action: .unchanged, name: title, line: line, reason: "same UID; nothing changed", id: id))
                report.unmappedUnchanged += 1
            }
            // What the recurring events (and overrides) share, by line, for their occurrences;
            // their warnings are noted with the first occurrence written.
            var sharedByLine: [Int: Result<EventMapper.Shared, EventMapping.Failure>] = [:]
            // The fields and digest of the last occurrence written, by line: the next one of
            // the same VEVENT differs in its time only (hashing the rest again was a tenth of
            // a re-import).
            var lastOccurrence: (line: Int, fields: EventFields, digest: EventFieldsDigest)?
            func importUnit(_ unit: (event: ICalComponent, occurrence: ICalOccurrence?), _ mapped: Result<EventMapper.Shared, EventMapping.Failure>?) throws {
                try options.cancellation.check()
                defer { k += 1; options.progress?(ImportProgress(file: fileName, done: k, total: total)) }
                var warnings: [ImportWarning] = []
                let title = unit.event.summary ?? ""
                do {
                    // Mapped on the mapping thread; a recurring event once, not once an
                    // occurrence (that was half of an import).
                    guard let mapped else { throw EventMapping.Failure(reason: "the event was not read again (an internal error)") }
                    let shared = try mapped.get()
                    if let occ = unit.occurrence, let source = shared.source, !sources.isEmpty,
                        let stored = sources[EventSource.key(shared.draft.uid ?? "", occurrence: occ.recurrenceID)], stored.source == source
                    {
                        // An occurrence of a recurring event that is as it was imported last time.
                        recordUnchanged(stored.id, title: shared.draft.title, line: unit.event.line)
                        return
                    }
                    warnings = shared.warnings
                    if unit.occurrence != nil, !shared.warnings.isEmpty {
                        // Noted once: the next occurrences of this VEVENT find none.
                        sharedByLine[unit.event.line] = .success(EventMapper.Shared(draft: shared.draft, photos: shared.photos, warnings: []))
                    }
                    var draft = try EventMapping.timed(shared.draft, from: unit.event, occurrence: unit.occurrence, resolver: resolver, options: options)
                    func write() throws {
                        for photo in shared.photos {
                            let (hash, data) = (photo.hash, photo.data)
                            try db.cachedStatement(sql: "INSERT OR IGNORE INTO photo (hash, mediaType, byteCount, data) VALUES (?, ?, ?, ?)").execute(
                                arguments: [hash, Photo.mediaType(of: data), data.count, data])
                            if !draft.photoHashes.contains(hash) { draft.photoHashes.append(hash) }
                        }
                        let fields: EventFields, digest: EventFieldsDigest
                        if unit.occurrence != nil, let last = lastOccurrence, last.line == unit.event.line {
                            fields = try last.fields.with(timeOf: draft)
                            digest = last.digest.with(time: fields.time)
                        } else {
                            fields = try EventFields(draft: draft)
                            digest = EventFieldsDigest(fields)
                        }
                        lastOccurrence = unit.occurrence == nil ? nil : (unit.event.line, fields, digest)
                        var item = try Journal.importEvent(
                            db, draft, fields: fields, digest: digest, source: shared.source, line: unit.event.line, written: &written,
                            context: &context)
                        // The reason is read only when kept (details, or an update or skip explained).
                        if let occ = unit.occurrence, options.keepsDetails || item.action == .updated || item.action == .skipped {
                            item.reason = "occurrence \(occ.recurrenceID.isoString); " + item.reason
                        }
                        report.record(item)
                    }
                    if options.keepGoing {
                        // An event that fails must leave nothing behind while the others stay.
                        try db.inSavepoint {
                            try write(); return .commit
                        }
                    } else {
                        // The first failure rolls the whole file back: no savepoint needed
                        // (one per event was a statement journal and two statements each).
                        try write()
                    }
                    report.note(warnings)
                } catch {
                    // A rolled-back savepoint may have taken places the cache holds.
                    context.verified.places?.byName.removeAll()
                    let reason = (error as? EventMapping.Failure)?.reason ?? (error as? JournalError)?.description ?? Journal.reason(error)
                    let name = title.isEmpty ? "event \(unit.event.uid ?? String(k + 1))" : title
                    guard options.keepGoing else {
                        throw ImportError(
                            file: fileName, line: unit.event.line, item: name, reason: reason,
                            advice: "fix or remove that event, or import with --keep-going")
                    }
                    report.failures.append(ImportFailure(line: unit.event.line, name: name, reason: reason))
                }
            }
            // Pass 2, read and mapped on the mapping thread: single events as they come;
            // before each, the occurrences of the recurring events above it (the order of a
            // sort by line, singles first on a tie).
            var next = 0
            func importOccurrences(before line: Int) throws {
                while next < occurrences.count, recurring[occurrences[next].component].line < line {
                    let (at, occurrence) = occurrences[next]
                    let event = recurring[at]
                    try importUnit((event, occurrence), sharedByLine[event.line])
                    next += 1
                    // A VEVENT's occurrences are consecutive: after its last, what they shared goes.
                    if next == occurrences.count || occurrences[next].component != at { sharedByLine[event.line] = nil }
                }
            }
            func passTwo() throws {
                mapper.start()
                do {
                    while let items = mapper.next() {
                        for item in items { try importItem(item) }
                    }
                    try mapper.finish(stopping: false)
                } catch {
                    try? mapper.finish(stopping: true)
                    throw error
                }
                try importOccurrences(before: .max)
            }
            func importItem(_ item: EventMapper.Item) throws {
                let c = item.component
                guard let ordinal = item.ordinal else {
                    // Tasks and journal entries are not events: say so rather than drop them unseen.
                    if let skipped = Self.notAnEvent(c) { report.record(skipped) }
                    return
                }
                try importOccurrences(before: c.line)
                if let id = item.unchanged {
                    try options.cancellation.check()
                    if firstPass.digests == nil {
                        var people: [Int64] = []
                        EventMapping.findPeople(
                            EventMapping.addresses(of: c), emails: emails, names: names, into: &people, unmatched: &unmatchedUnchanged)
                    }
                    recordUnchanged(id, title: (c.summary ?? "").kithTrimmed(), line: c.line)
                    k += 1
                    options.progress?(ImportProgress(file: fileName, done: k, total: total))
                } else if !recurringOrdinals.contains(ordinal) {
                    try importUnit((c, nil), item.shared)
                } else if silentMasters.contains(ordinal) || silentOverrides.contains(ordinal) {
                    report.record(Self.withoutOccurrence(c, master: silentMasters.contains(ordinal), range: range, timeZone: options.timeZone))
                } else {
                    // A recurring event or an override with occurrences: they follow, before the next component.
                    sharedByLine[c.line] = item.shared
                }
            }
            // Every event as last time (nothing to map, read or write): the report says so
            // as the second pass would have, in the same counts and items.
            func recordEveryEventUnchanged(_ unchanged: Int, _ d: Digests) throws {
                var skipped = d.notEvents.compactMap(Self.notAnEvent)
                for (index, c) in recurring.enumerated() {
                    let place = firstPass.recurringPlaces[index]
                    if silentMasters.contains(place) || silentOverrides.contains(place) {
                        skipped.append(Self.withoutOccurrence(c, master: silentMasters.contains(place), range: range, timeZone: options.timeZone))
                    }
                }
                try options.cancellation.check()
                report.recordUnchanged(count: unchanged)
                report.unmappedUnchanged += unchanged
                k += unchanged
                options.progress?(ImportProgress(file: fileName, done: k, total: total))
                for item in skipped.sorted(by: { $0.line < $1.line }) { report.record(item) }
            }
            // A journal without events gets every row of `event` and of the day index from
            // this file: their indexes are built once at the end, not row by row.
            if context.freshUIDs != nil, total >= Self.bulkImportThreshold {
                // Rows only appended (the indexes come after) spill nothing worth keeping:
                // the connection's usual cache, not the import's larger one. The bench's
                // 100,000 VEVENTs: 7.3-7.7 s and a 308 MiB peak with 64 MiB, 6.9-7.0 s and
                // 275 MiB with 32 MiB.
                try db.execute(sql: "PRAGMA cache_size = -\(Journal.defaultCacheKiB)")
                try Journal.withIndexesRebuilt(db, on: ["event", "dayEvent"]) {
                    try passTwo()
                    try DayIndex.reindex(db, eventIDs: written, wholeJournal: true)
                }
            } else if let d = firstPass.digests, let unchanged = Self.everyEventUnchanged(firstPass, sources: sources, context: sourceContext) {
                try recordEveryEventUnchanged(unchanged, d)
            } else {
                try passTwo()
                try Journal.reindex(db, eventIDs: written)
            }
            // The mapping thread is done: what it gathered is ours to read.
            report.unmatchedAddresses = mapper.unmatched.union(unmatchedUnchanged).count
            try Journal.keepSourceTimeZones(db, mapper.customZones.sorted().compactMap { firstPass.customTimeZones[$0] })
            return report
        }
        report.sortWarnings()
        return report
    }

    /// The events a file must give a journal without events before their indexes are built
    /// after the rows instead of along with them (``withIndexesRebuilt(_:on:only:_:)``).
    static let bulkImportThreshold = 5_000

    /// What one file's events share: the JSON decoder and the categories already checked.
    struct EventImportContext {
        let decoder = JSONDecoder()
        var verified = VerifiedReferences()
        /// Whether items carry their full reasons (`ImportOptions.keepsDetails`); without,
        /// an event the file gives as it did last time is skipped without loading it.
        var keepsReasons = true
        /// When the journal had no events as the import began: the UIDs imported so far, so
        /// that a new UID is known new without looking it up (three lookups an event).
        var freshUIDs: Set<String>?
    }

    /// The id of the event with this UID when importing `new` would change nothing, without
    /// loading the event; nil when it must be merged field by field (or is new).
    ///
    /// The file gives what it gave last time (the stored digest is `snapshot`), so each
    /// field either still holds that or was edited by the user and stays: the merge keeps
    /// every field as it is. People and photos are only ever added, so nothing changes when
    /// the event has all of the file's. The merge would also say which fields the user
    /// edited (its reason); callers that keep no reasons ask here first.
    /// With the id comes the event's stored ``EventSource`` digest.
    static func unchangedEvent(
        _ db: Database, uid: String, snapshot: String, _ new: EventDraft, verified: VerifiedReferences
    ) throws -> (id: Int64, source: Int64?)? {
        let statement = try verified.statement(db, .selectImported)
        guard
            let (id, same, source) = try RawRow.first(
                db, statement, { $0.text(uid) }, read: { c in (c.int(0), c.textEquals(1, snapshot), c.optionalInt(2)) }),
            same
        else { return nil }
        // The event's people and photos are read only when the file gives some.
        if !new.personIDs.isEmpty {
            var have: [Int64] = []
            try RawRow.each(db, db.cachedStatement(sql: "SELECT personId FROM eventPerson WHERE eventId = ?"), { $0.int(id) }) {
                have.append($0.int(0))
            }
            guard new.personIDs.allSatisfy(have.contains) else { return nil }
        }
        if !new.photoHashes.isEmpty {
            var have: [String] = []
            try RawRow.each(db, db.cachedStatement(sql: "SELECT photoHash FROM eventPhoto WHERE eventId = ?"), { $0.int(id) }) {
                have.append($0.text(0))
            }
            guard new.photoHashes.allSatisfy(have.contains) else { return nil }
        }
        return (id, source)
    }

    /// Adds an event, or updates the one with its UID. A field the user changed in Kith
    /// since the last import stays; a field still as the file gave it follows the file.
    /// What the user added (mood, people, photos, traits, a type) stays. The ids of events
    /// added or changed are appended to `written`; the caller updates the day index for
    /// them before committing.
    /// `fields` and `digest` are those of `new`; `source` its VEVENT's ``EventSource``
    /// digest, stored with it (nil: the VEVENT must be mapped at each import).
    static func importEvent(
        _ db: Database, _ new: EventDraft, fields fileFields: EventFields, digest fileDigest: EventFieldsDigest,
        source: Int64?, line: Int, written: inout [Int64], context: inout EventImportContext
    ) throws -> ImportItem {
        let uid = new.uid ?? ""
        let snapshot = fileDigest.stored
        if !uid.isEmpty, context.freshUIDs?.insert(uid).inserted == true {
            // No event had this UID before this import, nor earlier in it: no lookups.
            let id = try insertEvent(db, new, verified: &context.verified, uidKnownNew: true)
            written.append(id)
            try RawRow.run(db, context.verified.statement(db, .insertEventImport)) { r in
                r.int(id); r.text(snapshot); r.int(source)
            }
            return ImportItem(
                kind: .event, action: .added, name: new.title, line: line,
                reason: new.personIDs.isEmpty ? "new event" : "new event with \(new.personIDs.count) person(s)", id: id)
        }
        if !context.keepsReasons, let (id, stored) = try unchangedEvent(db, uid: uid, snapshot: snapshot, new, verified: context.verified) {
            // Unchanged, and so it stays: the digest that finds it so next time.
            if stored != source {
                try RawRow.run(db, context.verified.statement(db, .setSource)) { r in
                    r.int(source); r.int(id)
                }
            }
            return ImportItem(kind: .event, action: .unchanged, name: new.title, line: line, reason: "same UID; nothing changed", id: id)
        }
        if let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM event WHERE uid = ?"), arguments: [uid]),
            let old = try fetchEvents(db, ids: [id]).first
        {
            let current = old.draft
            let cur = EventFields(event: old)
            let held = EventFieldsDigest(cur)
            let last = try String.fetchOne(db.cachedStatement(sql: "SELECT snapshot FROM eventImport WHERE eventId = ?"), arguments: [id])
                .flatMap { EventFieldsDigest.read($0, decoder: context.decoder) }
            var d = current
            var kept: [String] = []
            // `same(x)`: whether the event holds the field as `x` has it.
            func follow(_ name: String, _ same: (EventFieldsDigest) -> Bool, _ apply: () -> Void) {
                if let s = last {
                    if same(s) { apply() } else if !same(fileDigest) { kept.append(name) }
                } else {
                    apply()
                }
            }
            follow("title", { $0.title == held.title }) { d.title = new.title }
            follow("time", { $0.time == held.time }) {
                d.start = new.start; d.end = new.end; d.timeZone = new.timeZone; d.allDay = new.allDay; d.allDayDates = new.allDayDates
            }
            follow("type", { $0.typeID == held.typeID }) { d.typeID = new.typeID ?? (last == nil ? current.typeID : nil) }
            follow("mood", { $0.moodID == held.moodID }) { d.moodID = new.moodID ?? (last == nil ? current.moodID : nil) }
            follow("place", { $0.place == held.place }) { if new.place != nil || last != nil { d.place = new.place } }
            follow("note", { $0.note == held.note }) { if !new.note.isEmpty || last != nil { d.note = new.note } }
            follow("kept properties", { $0.icalLines == held.icalLines }) { d.icalLines = new.icalLines }
            d.photoHashes = current.photoHashes + new.photoHashes.filter { !current.photoHashes.contains($0) }
            // People: the file's are added; people the file dropped go only if the user had not touched
            // them, and stay while the user noted traits about them in this event.
            let dropped = Set(last?.personIDs ?? []).subtracting(new.personIDs)
                .subtracting(current.traits.compactMap(\.personID))
            d.personIDs = current.personIDs.filter { !dropped.contains($0) } + new.personIDs.filter { !current.personIDs.contains($0) }
            // What the file gave this time, kept after the event's rows are written (writing
            // its people and photos again clears `source`: the `event-source` triggers).
            func keepSnapshot() throws {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO eventImport (eventId, snapshot, source) VALUES (?, ?, ?)
                          ON CONFLICT(eventId) DO UPDATE SET snapshot = excluded.snapshot, source = excluded.source
                        """
                ).execute(arguments: [id, snapshot, source])
            }
            let merged = try EventFields(draft: d)
            if merged == cur && d.photoHashes == current.photoHashes {
                try keepSnapshot()
                // Unchanged when the file says what it said last time (or agrees with the
                // journal); skipped when it brings a change the user's own edits outweigh.
                let why = kept.isEmpty ? "nothing changed" : "kept your edits to: " + kept.joined(separator: ", ")
                let action: ImportItem.Action = kept.isEmpty || last == fileDigest ? .unchanged : .skipped
                return ImportItem(kind: .event, action: action, name: old.title, line: line, reason: "same UID; " + why, id: id)
            }
            let t = try timing(of: d)
            let (typeID, moodID, placeID) = try checkReferences(db, d, verified: &context.verified)
            try db.cachedStatement(
                sql: """
                    UPDATE event SET title = ?, startAt = ?, endAt = ?, timeZone = ?, allDay = ?, startDay = ?,
                      endDay = ?, typeId = ?, moodId = ?, placeId = ?, note = ?, updatedAt = ? WHERE id = ?
                    """
            ).execute(arguments: [
                try validTitle(d.title), t.startAt, t.endAt, d.timeZone, d.allDay,
                t.startDay, t.endDay, typeID, moodID, placeID, d.note,
                kept.isEmpty ? (new.modifiedAt ?? now()) : now(), id,
            ])
            try writeEventRelations(db, id: id, d, verified: &context.verified)
            try keepSnapshot()
            written.append(id)
            let changes = merged.changes(from: cur) + (d.photoHashes == current.photoHashes ? [] : ["photos"])
            var reason = "same UID; changed: " + changes.joined(separator: ", ")
            if !kept.isEmpty { reason += "; kept your edits to: " + kept.joined(separator: ", ") }
            return ImportItem(kind: .event, action: .updated, name: d.title, line: line, reason: reason, id: id)
        }
        let id = try insertEvent(db, new, verified: &context.verified)
        written.append(id)
        try RawRow.run(db, context.verified.statement(db, .insertEventImport)) { r in
            r.int(id); r.text(snapshot); r.int(source)
        }
        return ImportItem(
            kind: .event, action: .added, name: new.title, line: line,
            reason: new.personIDs.isEmpty ? "new event" : "new event with \(new.personIDs.count) person(s)", id: id)
    }
}

extension Journal {
    /// `2026-11-22`: the local day of an instant, for messages.
    static func isoDay(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
