import ContentLines
import Foundation
import GRDB
import ICalendarFormat
import VCardFormat

extension Journal {
    // MARK: vCard

    /// Writes people as one vCard file: the fields Kith models, the kept properties of
    /// imported cards, the category path as CATEGORIES, traits as INTEREST/HOBBY/EXPERTISE
    /// (4.0) or NOTE lines (3.0), the photo inline.
    /// - Throws: ``Error/unknownCategory(kind:path:suggestions:)`` for a bad `relationPath`.
    /// - Complexity: O(people + their details).
    public func exportVCards(_ options: VCardExportOptions = VCardExportOptions()) throws -> ExportResult {
        let version: VCard.Version = options.version == .v3_0 ? .v3_0 : .v4_0
        let cards = try read { db -> [VCard] in
            var ids: [Int64]
            if let path = options.relationPath {
                let c = try Journal.resolveCategory(db, kind: .relation, path: path)
                let tree = try Journal.subtreeIDs(db, id: c.id)
                ids = try Int64.fetchAll(db, sql: "SELECT id FROM person WHERE relationId IN (\(tree.map { _ in "?" }.joined(separator: ","))) ORDER BY displayName COLLATE NOCASE, id",
                                         arguments: StatementArguments(tree))
            } else {
                ids = try Int64.fetchAll(db, sql: "SELECT id FROM person ORDER BY displayName COLLATE NOCASE, id")
            }
            if let only = options.personIDs { ids = ids.filter(only.contains) }
            return try ids.map { try Journal.vCard(db, personID: $0, version: version) }
        }
        var writer = VCardWriter(version: version)
        for c in cards { writer.write(c) }
        return ExportResult(data: Data(writer.bytes), count: cards.count, warnings: writer.warnings.map(\.description))
    }

    /// One person as a 4.0-form card, ready for ``VCardWriter``.
    static func vCard(_ db: Database, personID: Int64, version: VCard.Version) throws -> VCard {
        let p = try fetchPerson(db, id: personID)
        let kinds = Dictionary(uniqueKeysWithValues: try fetchCategories(db, kind: .trait).map { ($0.id, $0.path) })
        var traits: [(path: String, text: String)] = []
        var seen = Set<String>()
        for r in try Row.fetchAll(db, sql: "SELECT categoryId, text FROM trait WHERE personId = ? ORDER BY createdAt, id", arguments: [personID]) {
            let path = kinds[r["categoryId"]] ?? "Traits"
            let text: String = r["text"]
            if seen.insert(path + "\u{0}" + text).inserted { traits.append((path, text)) }
        }
        var photo: (Data, String)?
        if let h = p.photoHash, let r = try Row.fetchOne(db, sql: "SELECT data, mediaType FROM photo WHERE hash = ?", arguments: [h]) {
            photo = (r["data"], r["mediaType"])
        }
        return ContactMapping.card(for: p, traits: traits, photo: photo, version: version)
    }

    // MARK: iCalendar

    /// Writes events as one iCalendar file: a VEVENT per event with its UID, times in its
    /// zone (with VTIMEZONEs), title, a readable DESCRIPTION, place, CATEGORIES (type path
    /// and mood), ATTENDEEs for people with an e-mail and the mood's COLOR; with `birthdays`,
    /// a yearly all-day event per birthday and anniversary.
    /// - Complexity: O(events).
    public func exportCalendar(_ options: CalendarExportOptions = CalendarExportOptions()) throws -> ExportResult {
        let events = try self.events(EventFilter(from: options.from, to: options.to, personID: options.personID, newestFirst: false))
        let (emails, uids, people) = try read { db -> ([Int64: String], [Int64: String], [Person]) in
            var emails: [Int64: String] = [:], uids: [Int64: String] = [:]
            for r in try Row.fetchAll(db, sql: "SELECT personId, value FROM personContact WHERE kind = 'email' ORDER BY personId, position") {
                let id: Int64 = r["personId"]
                if emails[id] == nil { emails[id] = r["value"] }
            }
            for r in try Row.fetchAll(db, sql: "SELECT id, uid FROM person") { uids[r["id"]] = r["uid"] }
            var people: [Person] = []
            if options.birthdays {
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM person WHERE birthday IS NOT NULL OR anniversary IS NOT NULL ORDER BY displayName COLLATE NOCASE")
                people = try ids.filter { options.personID == nil || $0 == options.personID }.map { try Journal.fetchPerson(db, id: $0) }
            }
            return (emails, uids, people)
        }
        var cal = ICalendar()
        cal.properties.append(ICalProperty(name: "X-WR-CALNAME", value: "Kith"))
        let resolver = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        for e in events {
            cal.components.append(EventMapping.vevent(for: e, resolver: resolver, emails: emails, personUIDs: uids))
        }
        var count = events.count
        for p in people {
            for (date, what) in [(p.birthday, "birthday"), (p.anniversary, "anniversary")] {
                guard let date else { continue }
                cal.components.append(EventMapping.yearly(date, summary: "\(p.displayName)'s \(what)", uid: "kith-\(what)-\(p.uid)",
                                                          category: what == "birthday" ? "Birthday" : "Anniversary"))
                count += 1
            }
        }
        let (data, warnings) = ICalendarWriter().write(cal)
        return ExportResult(data: data, count: count, warnings: warnings.map(\.description))
    }

    // MARK: vdir

    /// Writes one `.vcf` per person and one `.ics` per event into `folder`, named by UID,
    /// so that khard, khal and vdirsyncer can use it. Only files whose content changed are
    /// rewritten; files of people and events that are gone are removed.
    /// - Throws: ``ImportError``-free; file system errors as ``Error/cannotOpen(path:reason:)``.
    public func exportVdir(to folder: URL) throws -> VdirExportReport {
        let fm = FileManager.default
        let contacts = folder.appendingPathComponent("contacts"), calendar = folder.appendingPathComponent("calendar")
        var report = VdirExportReport(written: 0, unchanged: 0, removed: 0)
        var wanted: [URL: Data] = [:]
        let people = try read { db in try Int64.fetchAll(db, sql: "SELECT id FROM person") }
        for id in people {
            let result = try exportVCards(VCardExportOptions(version: .v4_0, personIDs: [id]))
            let uid = try person(id: id).uid
            wanted[contacts.appendingPathComponent(Journal.fileName(uid) + ".vcf")] = result.data
        }
        for e in try events(EventFilter(newestFirst: false)) {
            let one = try exportCalendar(eventID: e.id)
            wanted[calendar.appendingPathComponent(Journal.fileName(e.uid) + ".ics")] = one
        }
        do {
            for dir in [contacts, calendar] { try fm.createDirectory(at: dir, withIntermediateDirectories: true) }
            for (url, data) in wanted {
                if let old = try? Data(contentsOf: url), old == data { report.unchanged += 1; continue }
                try data.write(to: url, options: .atomic)
                report.written += 1
            }
            for dir in [contacts, calendar] {
                for name in try fm.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".vcf") || name.hasSuffix(".ics") {
                    let url = dir.appendingPathComponent(name)
                    if wanted[url] == nil { try fm.removeItem(at: url); report.removed += 1 }
                }
            }
        } catch {
            throw Error.cannotOpen(path: folder.path, reason: "\(error.localizedDescription)")
        }
        return report
    }

    /// One event as its own calendar file.
    func exportCalendar(eventID: Int64) throws -> Data {
        let e = try event(id: eventID)
        let (emails, uids) = try read { db -> ([Int64: String], [Int64: String]) in
            var emails: [Int64: String] = [:], uids: [Int64: String] = [:]
            for p in e.people {
                emails[p.id] = try String.fetchOne(db, sql: "SELECT value FROM personContact WHERE personId = ? AND kind = 'email' ORDER BY position LIMIT 1", arguments: [p.id])
                uids[p.id] = try String.fetchOne(db, sql: "SELECT uid FROM person WHERE id = ?", arguments: [p.id])
            }
            return (emails, uids)
        }
        var cal = ICalendar()
        cal.components.append(EventMapping.vevent(for: e, resolver: ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!),
                                                  emails: emails, personUIDs: uids))
        return ICalendarWriter().write(cal).data
    }

    /// A UID made safe as a file name.
    static func fileName(_ uid: String) -> String {
        String(uid.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." || $0 == "@" ? $0 : "_" })
    }
}
