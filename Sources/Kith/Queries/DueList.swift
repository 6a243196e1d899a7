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
    /// category's.
    struct Inherited {
        var cadence: Cadence
        /// The category it is set on: the person's category or its main category.
        var sourceID: Int64
        var since: Int?
    }

    /// The relation categories by id, ascending, and what each passes down (nil: nothing).
    ///
    /// Arrays searched by halves, not dictionaries: the first dictionary keyed by a type
    /// costs the Swift runtime a scan of every protocol conformance in the binary (issue 7),
    /// more than all of `kith upcoming`'s reading of the people.
    struct Cadences {
        var ids: [Int64] = []
        var passed: [Inherited?] = []
        /// Whether anyone has a cadence of their own.
        var anyOwn = true

        /// Where `id` is in ``ids``.
        func index(_ id: Int64) -> Int? {
            var low = 0, high = ids.count
            while low < high {
                let mid = (low + high) / 2
                if ids[mid] < id { low = mid + 1 } else { high = mid }
            }
            return low < ids.count && ids[low] == id ? low : nil
        }

        func inherited(_ id: Int64) -> Inherited? { index(id).flatMap { passed[$0] } }
    }

    /// What the relation categories pass down: one read of their ids, parents and cadences,
    /// and whether anyone has a cadence of their own (through the `person_cadence` index).
    static func categoryCadences(_ db: Database) throws -> Cadences {
        var out = Cadences()
        var parents: [Int64?] = [], own: [Inherited?] = []
        try RawRow.each(db, db.cachedStatement(sql: cadencesSQL), { _ in }) { row in
            let id = row.int(1)
            guard row.int(0) == 0 else {
                out.anyOwn = id != 0
                return
            }
            out.ids.append(id)
            parents.append(row.optionalInt(2))
            own.append(row.optionalText(3).flatMap(Cadence.init).map { Inherited(cadence: $0, sourceID: id, since: row.optionalInt(4).map { Int($0) }) })
        }
        out.passed = own.indices.map { i in own[i] ?? parents[i].flatMap { out.index($0) }.flatMap { own[$0] } }
        return out
    }

    /// The relation categories by id, then one row: 1, and whether anyone has a cadence.
    static let cadencesSQL = """
        SELECT 0, id, parentId, cadence, cadenceSince FROM category WHERE kind = 'relation'
        UNION ALL SELECT 1, EXISTS (SELECT 1 FROM person WHERE cadence IS NOT NULL), NULL, NULL, NULL
        ORDER BY 1, 2
        """

    /// The relation categories (with their paths), read once when a person's row first needs
    /// one; few enough to find by a linear search.
    struct Relations {
        private var all: [Category]?

        mutating func category(_ db: Database, id: Int64?) throws -> Category? {
            guard let id else { return nil }
            if all == nil { all = try Journal.fetchCategories(db, kind: .relation) }
            return all!.first { $0.id == id }
        }
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

    /// The cadence that applies to a person (nil when none is set on them or above them),
    /// and the category it comes from (nil: their own).
    static func applied(own text: String?, relationID: Int64?, cadences: Cadences) -> (Cadence, Inherited?)? {
        if let text, let c = Cadence(text) { return (c, nil) }
        guard let r = relationID, let i = cadences.inherited(r) else { return nil }
        return (i.cadence, i)
    }

    /// The day a person's cadence began to apply (`createdDay` stands in for a missing day).
    static func since(_ p: PersonRow, _ inherited: Inherited?) -> Int {
        guard let i = inherited else { return p.cadenceSince ?? createdDay(p.createdAt) }
        let joined = p.relationSince ?? createdDay(p.createdAt)
        return max(joined, i.since ?? joined)
    }

    /// The cadence that applies to a person, or nil when none is set on them or above them.
    static func cadence(of p: PersonRow, cadences: Cadences, relations: inout Relations, _ db: Database) throws -> PersonCadence? {
        guard let (c, inherited) = applied(own: p.cadence, relationID: p.relationID, cadences: cadences) else { return nil }
        let source: PersonCadence.Source
        if let i = inherited, let category = try relations.category(db, id: i.sourceID) {
            source = .category(category)
        } else if inherited == nil {
            source = .person
        } else {
            return nil
        }
        return PersonCadence(cadence: c, source: source, since: LocalDate(dayNumber: since(p, inherited)))
    }

    /// The day a person is due (a snooze in effect moves it later) and the snooze; nil for
    /// ``Cadence/never``. `since` is asked only of someone never seen.
    static func dueDay(
        _ cadence: Cadence, lastSeen: Int?, since: () -> Int, snoozeUntil: Int?, snoozedOn: Int?
    ) -> (day: LocalDate, snoozed: LocalDate?)? {
        guard var day = lastSeen.map({ cadence.after(LocalDate(dayNumber: $0)) }) ?? LocalDate(dayNumber: since()) else { return nil }
        var snoozed: LocalDate?
        // A snooze holds until an event on a later day than the one it was made on.
        if let until = snoozeUntil, let on = snoozedOn, (lastSeen ?? 0) <= on {
            let u = LocalDate(dayNumber: until)
            snoozed = u
            if u > day { day = u }
        }
        return (day, snoozed)
    }

    /// When the person is due as of `asOf`; nil when their cadence is ``Cadence/never``.
    static func due(_ p: PersonRow, cadence: PersonCadence, relation: Category?, asOf: LocalDate) -> DuePerson? {
        guard let length = cadence.cadence.approximateDays,
            let (dueDate, snoozed) = dueDay(
                cadence.cadence, lastSeen: p.lastSeen, since: { cadence.since.dayNumber }, snoozeUntil: p.snoozeUntil, snoozedOn: p.snoozedOn)
        else { return nil }
        let late = asOf.daysSinceEpoch - dueDate.daysSinceEpoch
        return DuePerson(
            person: PersonRef(id: p.id, displayName: p.name), relation: relation, lastSeen: p.lastSeen.map(LocalDate.init(dayNumber:)),
            cadence: cadence, snoozedUntil: snoozed, dueDate: dueDate, daysOverdue: late, lateness: Double(late) / length)
    }

    /// See ``Journal/due(asOf:in:through:)``; with `from`, only the people due on or after it
    /// (those coming due in `kith upcoming`'s window).
    ///
    /// Each person's due day is worked out from the numbers of their row first (no name, no
    /// category, no time zone unless they were never seen); only the people it keeps become
    /// `DuePerson`s. Most people with a cadence are not in an upcoming window.
    static func dueList(_ db: Database, asOf: LocalDate, in category: Int64?, from: LocalDate? = nil, through: LocalDate?) throws -> [DuePerson] {
        let cadences = try categoryCadences(db)
        let lowest = from?.dayNumber ?? Int.min, limit = (through ?? asOf).dayNumber
        var relations = Relations()
        var out: [DuePerson] = []
        func consider(_ r: RawColumns) throws {
            guard let (c, inherited) = applied(own: r.optionalText(3), relationID: r.optionalInt(2), cadences: cadences), c != .never,
                let (day, _) = dueDay(
                    c, lastSeen: r.optionalInt(9).map { Int($0) }, since: { since(row(r), inherited) },
                    snoozeUntil: r.optionalInt(7).map { Int($0) }, snoozedOn: r.optionalInt(8).map { Int($0) }),
                day.dayNumber <= limit, day.dayNumber >= lowest
            else { return }
            let p = row(r)
            guard let c = try cadence(of: p, cadences: cadences, relations: &relations, db),
                let d = due(p, cadence: c, relation: try relations.category(db, id: p.relationID), asOf: asOf),
                d.dueDate.dayNumber <= limit, d.dueDate.dayNumber >= lowest
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
            if cadences.anyOwn {
                try RawRow.each(db, db.cachedStatement(sql: personSelect + " WHERE p.cadence IS NOT NULL"), { $0.int(asOf.dayNumber) }, consider)
            }
            let ids = cadences.ids.indices.filter { cadences.passed[$0].map { $0.cadence != .never } ?? false }.map { cadences.ids[$0] }
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
        var relations = Relations()
        let c = try cadence(of: p, cadences: categoryCadences(db), relations: &relations, db)
        return (p, c, try c.flatMap { due(p, cadence: $0, relation: try relations.category(db, id: p.relationID), asOf: asOf) })
    }
}
