import Foundation
import GRDB

/// Who is due: cadences resolved through the relation tree, and each person's last
/// interaction read from the day index.
///
/// The last interaction is not stored on its own: it is the latest `dayPerson` day on or
/// before the as-of day, one seek of the `dayPerson_person` index a person. `dayPerson`
/// is kept in the write transaction of every event change (log, edit, remove, import,
/// merge, undo), so the clock is reset, or brought back, by the same writes; an event in
/// the future is not counted until its day has come.
enum DueList {
    /// The cadence a relation category passes to its people: its own, or its main
    /// category's; nil when neither has one.
    struct Inherited {
        var cadence: Cadence
        var source: Category
        var since: Int?
    }

    /// The relation categories and the cadence each passes down, by id.
    static func categoryCadences(_ db: Database) throws -> (categories: [Int64: Category], inherited: [Int64: Inherited]) {
        var categories: [Int64: Category] = [:]
        for c in try Journal.fetchCategories(db, kind: .relation) { categories[c.id] = c }
        var own: [Int64: (Cadence, Int?)] = [:]
        try RawRow.each(
            db, db.cachedStatement(sql: "SELECT id, cadence, cadenceSince FROM category WHERE kind = 'relation' AND cadence IS NOT NULL"), { _ in }
        ) { row in
            if let c = Cadence(row.text(1)) { own[row.int(0)] = (c, row.optionalInt(2).map { Int($0) }) }
        }
        var inherited: [Int64: Inherited] = [:]
        for (id, c) in categories {
            if let (cadence, since) = own[id] {
                inherited[id] = Inherited(cadence: cadence, source: c, since: since)
            } else if let p = c.parentID, let (cadence, since) = own[p], let parent = categories[p] {
                inherited[id] = Inherited(cadence: cadence, source: parent, since: since)
            }
        }
        return (categories, inherited)
    }

    /// The columns ``row(_:)`` reads; the first argument is the as-of day.
    static let personSelect = """
        SELECT p.id, p.displayName, p.relationId, p.cadence, p.cadenceSince, p.relationSince, p.createdAt,
          p.snoozeUntil, p.snoozedOn,
          (SELECT max(day) FROM dayPerson dp WHERE dp.personId = p.id AND dp.day <= ?) AS lastSeen
        FROM person p
        """

    struct PersonRow {
        var id: Int64, name: String, relationID: Int64?, cadence: String?, cadenceSince: Int?, relationSince: Int?
        var createdAt: Int64, snoozeUntil: Int?, snoozedOn: Int?, lastSeen: Int?
    }

    static func row(_ r: RawColumns) -> PersonRow {
        func day(_ i: CInt) -> Int? { r.optionalInt(i).map { Int($0) } }
        return PersonRow(
            id: r.int(0), name: r.text(1), relationID: r.optionalInt(2), cadence: r.optionalText(3), cadenceSince: day(4),
            relationSince: day(5), createdAt: r.int(6), snoozeUntil: day(7), snoozedOn: day(8), lastSeen: day(9))
    }

    /// The day a person was added, in the current zone.
    static func createdDay(_ createdAt: Int64) -> Int {
        LocalDate(Date(timeIntervalSince1970: TimeInterval(createdAt)), in: .current).dayNumber
    }

    /// The cadence that applies to a person, or nil when none is set on them or above them.
    static func cadence(of p: PersonRow, inherited: [Int64: Inherited]) -> PersonCadence? {
        if let text = p.cadence, let c = Cadence(text) {
            let since = p.cadenceSince ?? createdDay(p.createdAt)
            return PersonCadence(cadence: c, source: .person, since: LocalDate(dayNumber: since))
        }
        guard let r = p.relationID, let i = inherited[r] else { return nil }
        let joined = p.relationSince ?? createdDay(p.createdAt)
        return PersonCadence(cadence: i.cadence, source: .category(i.source), since: LocalDate(dayNumber: max(joined, i.since ?? joined)))
    }

    /// When the person is due as of `asOf`; nil when their cadence is ``Cadence/never``.
    static func due(_ p: PersonRow, cadence: PersonCadence, relation: Category?, asOf: LocalDate) -> DuePerson? {
        guard let length = cadence.cadence.approximateDays else { return nil }
        let last = p.lastSeen.map(LocalDate.init(dayNumber:))
        guard var dueDate = last.map({ cadence.cadence.after($0) }) ?? cadence.since else { return nil }
        var snoozed: LocalDate?
        // A snooze holds until an event on a later day than the one it was made on.
        if let until = p.snoozeUntil, let on = p.snoozedOn, (p.lastSeen ?? 0) <= on {
            let u = LocalDate(dayNumber: until)
            snoozed = u
            if u > dueDate { dueDate = u }
        }
        let late = asOf.daysSinceEpoch - dueDate.daysSinceEpoch
        return DuePerson(
            person: PersonRef(id: p.id, displayName: p.name), relation: relation, lastSeen: last, cadence: cadence,
            snoozedUntil: snoozed, dueDate: dueDate, daysOverdue: late, lateness: Double(late) / length)
    }

    /// See ``Journal/due(asOf:in:through:)``.
    static func dueList(_ db: Database, asOf: LocalDate, in category: Int64?, through: LocalDate?) throws -> [DuePerson] {
        let (categories, inherited) = try categoryCadences(db)
        let limit = (through ?? asOf).dayNumber
        var out: [DuePerson] = []
        func consider(_ r: RawColumns) {
            let p = row(r)
            guard let c = cadence(of: p, inherited: inherited),
                let d = due(p, cadence: c, relation: p.relationID.flatMap { categories[$0] }, asOf: asOf), d.dueDate.dayNumber <= limit
            else { return }
            out.append(d)
        }
        if let category {
            let ids = try Journal.subtreeIDs(db, id: Journal.requireCategory(db, id: category, kind: .relation).id)
            let sql = personSelect + " WHERE p.relationId IN (\(ids.map { _ in "?" }.joined(separator: ",")))"
            try RawRow.each(
                db, db.cachedStatement(sql: sql),
                { b in
                    b.int(asOf.dayNumber); for id in ids { b.int(id) }
                }, consider)
        } else {
            // People with a cadence of their own (a partial index), then the people of the
            // categories that pass one down (`person_relation`), each once.
            try RawRow.each(db, db.cachedStatement(sql: personSelect + " WHERE p.cadence IS NOT NULL"), { $0.int(asOf.dayNumber) }, consider)
            let ids = inherited.filter { $0.value.cadence != .never }.keys.sorted()
            if !ids.isEmpty {
                let sql = personSelect + " WHERE p.cadence IS NULL AND p.relationId IN (\(ids.map { _ in "?" }.joined(separator: ",")))"
                try RawRow.each(
                    db, db.cachedStatement(sql: sql),
                    { b in
                        b.int(asOf.dayNumber); for id in ids { b.int(id) }
                    }, consider)
            }
        }
        // Sorted through a narrow key array and a permutation: swapping whole `DuePerson`
        // values (a category, a name, a cadence each) cost a quarter of `kith due`.
        let keys = out.map { (lateness: $0.lateness, late: $0.daysOverdue, name: $0.person.displayName, id: $0.person.id) }
        let order = keys.indices.sorted { i, j in
            let a = keys[i], b = keys[j]
            if a.lateness != b.lateness { return a.lateness > b.lateness }
            if a.late != b.late { return a.late > b.late }
            if a.name != b.name { return a.name < b.name }
            return a.id < b.id
        }
        return order.map { out[$0] }
    }

    /// One person's row, cadence and due date (nil for the last when none applies).
    static func person(_ db: Database, id: Int64, asOf: LocalDate) throws -> (PersonRow, PersonCadence?, DuePerson?) {
        guard
            let p = try RawRow.first(
                db, db.cachedStatement(sql: personSelect + " WHERE p.id = ?"),
                {
                    $0.int(asOf.dayNumber); $0.int(id)
                }, read: row)
        else { throw JournalError.personNotFound(id: id) }
        let (categories, inherited) = try categoryCadences(db)
        let c = cadence(of: p, inherited: inherited)
        return (p, c, c.flatMap { due(p, cadence: $0, relation: p.relationID.flatMap { categories[$0] }, asOf: asOf) })
    }
}
