import GRDB

/// Writing cadences and snoozes, inside the caller's undoable transaction, and checking
/// them for ``Journal/checkInvariants()``.
enum CadenceStore {
    /// Sets (or, with nil, clears) a relation category's own cadence. Setting the cadence it
    /// already has keeps the day it was first set.
    static func setCategory(_ db: Database, id: Int64, _ cadence: Cadence?, since: LocalDate, description: inout String) throws {
        let c = try Journal.requireCategory(db, id: id, kind: .relation)
        description = cadence.map { "set cadence of \(c.path) to \($0.phrase)" } ?? "remove cadence of \(c.path)"
        try db.cachedStatement(
            sql: """
                UPDATE category SET cadence = ?1, cadenceSince = CASE WHEN cadence IS ?1 THEN cadenceSince ELSE ?2 END WHERE id = ?3
                """
        ).execute(arguments: [cadence?.description, cadence == nil ? nil : since.dayNumber, id])
    }

    /// Sets (or clears) a person's own cadence, as ``setCategory(_:id:_:since:description:)``.
    static func setPerson(_ db: Database, id: Int64, _ cadence: Cadence?, since: LocalDate, description: inout String) throws {
        let name = try personName(db, id: id)
        description = cadence.map { "set cadence of \(name) (#\(id)) to \($0.phrase)" } ?? "remove cadence of \(name) (#\(id))"
        try db.cachedStatement(
            sql: """
                UPDATE person SET cadence = ?1, cadenceSince = CASE WHEN cadence IS ?1 THEN cadenceSince ELSE ?2 END WHERE id = ?3
                """
        ).execute(arguments: [cadence?.description, cadence == nil ? nil : since.dayNumber, id])
    }

    static func personName(_ db: Database, id: Int64) throws -> String {
        guard let name = try String.fetchOne(db.cachedStatement(sql: "SELECT displayName FROM person WHERE id = ?"), arguments: [id]) else {
            throw JournalError.personNotFound(id: id)
        }
        return name
    }

    /// Moves a person's next due date to `until` (nil: removes the snooze), made on `asOf`.
    static func snooze(_ db: Database, id: Int64, until: LocalDate?, asOf: LocalDate, description: inout String) throws -> DuePerson? {
        let (p, cadence, _) = try DueList.person(db, id: id, asOf: asOf)
        guard let until else {
            description = "unsnooze \(p.name) (#\(id))"
            try db.cachedStatement(sql: "UPDATE person SET snoozeUntil = NULL, snoozedOn = NULL WHERE id = ?").execute(arguments: [id])
            return try DueList.person(db, id: id, asOf: asOf).2
        }
        guard let cadence, cadence.cadence != .never else {
            throw JournalError.invalidValue(field: "snooze", reason: "\(p.name) has no cadence to keep in touch by")
        }
        guard until > asOf else {
            throw JournalError.invalidValue(field: "snooze", reason: "\(until) is not after \(asOf)")
        }
        description = "snooze \(p.name) (#\(id)) until \(until)"
        try db.cachedStatement(sql: "UPDATE person SET snoozeUntil = ?, snoozedOn = ? WHERE id = ?").execute(arguments: [
            until.dayNumber, asOf.dayNumber, id,
        ])
        return try DueList.person(db, id: id, asOf: asOf).2
    }

    /// Notes that a person joins another relation category today (called before the row's
    /// relation is changed): someone never seen is due from the day they joined.
    static func noteRelationChange(_ db: Database, id: Int64, to relationID: Int64?) throws {
        try db.cachedStatement(sql: "UPDATE person SET relationSince = ? WHERE id = ? AND relationId IS NOT ?").execute(arguments: [
            LocalDate.today().dayNumber, id, relationID,
        ])
    }

    // MARK: Backup

    /// The relation categories' own cadences and the days they were set, by id.
    static func categoryCadences(_ db: Database) throws -> [Int64: (String, LocalDate?)] {
        var out: [Int64: (String, LocalDate?)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, cadence, cadenceSince FROM category WHERE cadence IS NOT NULL") {
            out[row[0]] = (row[1], (row[2] as Int?).map(LocalDate.init(dayNumber:)))
        }
        return out
    }

    /// A person's cadence, join day and snooze, into their backup item.
    static func export(_ db: Database, personID id: Int64, into item: inout JournalDocument.PersonItem) throws {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT cadence, cadenceSince, relationSince, snoozeUntil, snoozedOn FROM person WHERE id = ?"), arguments: [id])
        else { return }
        func day(_ i: Int) -> LocalDate? { (row[i] as Int?).map(LocalDate.init(dayNumber:)) }
        item.cadence = row[0]
        item.cadenceSince = day(1)
        item.relationSince = day(2)
        item.snoozeUntil = day(3)
        item.snoozedOn = day(4)
    }

    /// A restored person's cadence, join day and snooze (a cadence that does not read is left out).
    static func restore(_ db: Database, personID id: Int64, from p: JournalDocument.PersonItem) throws {
        let cadence = p.cadence.flatMap(Cadence.init)?.description
        let snoozed = p.snoozeUntil != nil && p.snoozedOn != nil
        try db.cachedStatement(
            sql: "UPDATE person SET cadence = ?, cadenceSince = ?, relationSince = ?, snoozeUntil = ?, snoozedOn = ? WHERE id = ?"
        ).execute(arguments: [
            cadence, cadence == nil ? nil : (p.cadenceSince ?? LocalDate.today()).dayNumber, p.relationSince?.dayNumber,
            snoozed ? p.snoozeUntil?.dayNumber : nil, snoozed ? p.snoozedOn?.dayNumber : nil, id,
        ])
    }

    /// The backup's relation category cadences, on the categories that have none of their own.
    static func restore(_ db: Database, categories: [JournalDocument.CategoryItem]) throws {
        for c in categories where c.kind == .relation {
            guard let cadence = c.cadence.flatMap(Cadence.init) else { continue }
            let id = try Journal.resolveCategory(db, kind: .relation, path: c.path).id
            try db.cachedStatement(sql: "UPDATE category SET cadence = ?, cadenceSince = ? WHERE id = ? AND cadence IS NULL").execute(arguments: [
                cadence.description, (c.cadenceSince ?? LocalDate.today()).dayNumber, id,
            ])
        }
    }

    // MARK: Invariants

    /// Every stored cadence reads back, only relation categories have one, each has the day
    /// it was set, a snooze has both its days; and each person's last interaction, as the
    /// day index gives it (all time and as of today), equals the one rebuilt from the events.
    static func check(_ db: Database) throws {
        var problems: [String] = []
        func note(_ s: String) { if problems.count < 10 { problems.append(s) } }
        for row in try Row.fetchAll(db, sql: "SELECT id, kind, cadence, cadenceSince FROM category WHERE cadence IS NOT NULL OR cadenceSince IS NOT NULL") {
            let id: Int64 = row[0], kind: String = row[1], text: String? = row[2], since: Int? = row[3]
            if kind != "relation" { note("category \(id) is a \(kind) with a cadence") }
            if let text, Cadence(text) == nil { note("category \(id) has cadence \(text)") }
            if (text == nil) != (since == nil) { note("category \(id) has cadence \(text ?? "NULL") since \(since.map(String.init) ?? "NULL")") }
        }
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT id, cadence, cadenceSince, snoozeUntil, snoozedOn FROM person
                WHERE cadence IS NOT NULL OR cadenceSince IS NOT NULL OR snoozeUntil IS NOT NULL OR snoozedOn IS NOT NULL
                """)
        {
            let id: Int64 = row[0], text: String? = row[1], since: Int? = row[2], until: Int? = row[3], on: Int? = row[4]
            if let text, Cadence(text) == nil { note("person \(id) has cadence \(text)") }
            if (text == nil) != (since == nil) { note("person \(id) has cadence \(text ?? "NULL") since \(since.map(String.init) ?? "NULL")") }
            if (until == nil) != (on == nil) { note("person \(id) has a snooze with one of its days missing") }
        }
        let today = LocalDate.today().dayNumber
        var expected: [Int64: (all: Int, today: Int?)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT ep.personId, e.startDay, e.endDay FROM eventPerson ep JOIN event e ON e.id = ep.eventId") {
            let p: Int64 = row[0], start: Int = row[1], end: Int = row[2]
            let old = expected[p]
            let byToday = start <= today ? min(end, today) : nil
            expected[p] = (max(old?.all ?? 0, end), [old?.today, byToday].compactMap { $0 }.max())
        }
        var actual: [Int64: (all: Int, today: Int?)] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT personId, max(day), max(CASE WHEN day <= ? THEN day END) FROM dayPerson GROUP BY personId", arguments: [today])
        {
            actual[row[0]] = (row[1], row[2])
        }
        for id in Set(expected.keys).union(actual.keys).sorted() {
            let e = expected[id], a = actual[id]
            if e?.all != a?.all || e?.today != a?.today {
                note("person \(id) was last seen \(a.map { "\($0)" } ?? "never") by the index, \(e.map { "\($0)" } ?? "never") by the events")
            }
        }
        if !problems.isEmpty { throw JournalError.invariantViolation(problems.joined(separator: "; ")) }
    }
}
