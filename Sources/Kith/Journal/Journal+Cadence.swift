import GRDB

/// Keeping in touch: cadences on relation categories and people, who is due, snoozes.
extension Journal {
    // MARK: Cadences

    /// Sets how often to keep in touch with the people of a relation category (main or sub),
    /// or with nil removes the category's own setting (its people then inherit from the
    /// main category, if this is a sub category). ``Cadence/never`` stops a main category's
    /// cadence from reaching this one's people. Undoable.
    /// - Parameters:
    ///   - cadence: how often, ``Cadence/never``, or nil to inherit.
    ///   - id: the relation category.
    ///   - since: the day it is set (today by default); people never seen are due from this
    ///     day, or from the day they joined, whichever is later. Setting the cadence a
    ///     category already has keeps its first day.
    /// - Throws: ``JournalError/categoryNotFound(id:)``, ``JournalError/wrongCategoryKind(expected:path:)``.
    public func setCadence(_ cadence: Cadence?, forCategory id: Int64, since: LocalDate = .today()) throws {
        try undoableWrite { db, description in
            try CadenceStore.setCategory(db, id: id, cadence, since: since, description: &description)
        }
    }

    /// Sets a person's own cadence, which overrides their categories', or with nil removes
    /// it (they inherit again). Undoable.
    /// - Parameters:
    ///   - cadence: how often, ``Cadence/never``, or nil to inherit.
    ///   - id: the person.
    ///   - since: as in ``setCadence(_:forCategory:since:)``.
    /// - Throws: ``JournalError/personNotFound(id:)``.
    public func setCadence(_ cadence: Cadence?, forPerson id: Int64, since: LocalDate = .today()) throws {
        try undoableWrite { db, description in
            try CadenceStore.setPerson(db, id: id, cadence, since: since, description: &description)
        }
    }

    /// A relation category's own cadence (nil: it inherits, or has none).
    /// - Throws: ``JournalError/categoryNotFound(id:)``.
    public func cadence(ofCategory id: Int64) throws -> Cadence? {
        try read { db in
            _ = try Journal.fetchCategory(db, id: id)
            return try String.fetchOne(db, sql: "SELECT cadence FROM category WHERE id = ?", arguments: [id]).flatMap(Cadence.init)
        }
    }

    /// The cadence that applies to a person: their own, else their sub category's, else its
    /// main category's; nil when none of them has one.
    /// - Throws: ``JournalError/personNotFound(id:)``.
    public func cadence(ofPerson id: Int64) throws -> PersonCadence? {
        try read { db in try DueList.person(db, id: id, asOf: .today()).1 }
    }

    // MARK: Who is due

    /// The people due on `asOf`: whose last interaction (their latest event on or before
    /// that day, in the event's own local day) plus their cadence, or the day their cadence
    /// began to apply if never seen, moved by a snooze, is on or before it. Most overdue
    /// first relative to the cadence (``DuePerson/lateness``).
    /// - Parameters:
    ///   - asOf: the day to look from; "last seen" counts events on or before it.
    ///   - category: only the people of this relation category and its subcategories.
    ///   - through: also the people coming due up to this day (their
    ///     ``DuePerson/daysOverdue`` is negative).
    /// - Throws: ``JournalError/categoryNotFound(id:)``, ``JournalError/wrongCategoryKind(expected:path:)``.
    /// - Complexity: one index seek per person with a cadence.
    public func due(asOf: LocalDate, in category: Int64? = nil, through: LocalDate? = nil) throws -> [DuePerson] {
        try read { db in try DueList.dueList(db, asOf: asOf, in: category, through: through) }
    }

    /// When a person is next due, as of `asOf` (overdue when ``DuePerson/daysOverdue`` is
    /// positive); nil when no cadence applies or it is ``Cadence/never``.
    /// - Throws: ``JournalError/personNotFound(id:)``.
    public func nextDue(ofPerson id: Int64, asOf: LocalDate) throws -> DuePerson? {
        try read { db in try DueList.person(db, id: id, asOf: asOf).2 }
    }

    // MARK: Snoozing

    /// Moves a person's next due date to `until` (made on `asOf`); nil removes the snooze.
    /// An event on a later day than `asOf` ends it. Undoable.
    /// - Returns: when they are now due.
    /// - Throws: ``JournalError/personNotFound(id:)``; ``JournalError/invalidValue(field:reason:)``
    ///   when they have no cadence or `until` is not after `asOf`.
    @discardableResult
    public func snooze(personID id: Int64, until: LocalDate?, asOf: LocalDate = .today()) throws -> DuePerson? {
        try undoableWrite { db, description in
            try CadenceStore.snooze(db, id: id, until: until, asOf: asOf, description: &description)
        }
    }

    /// Moves a person's next due date `by` a length of time (`Cadence.every(1, .weeks)`): from
    /// their due date, or from `asOf` if that is later (they are overdue). Undoable.
    /// - Returns: when they are now due.
    /// - Throws: as ``snooze(personID:until:asOf:)``.
    @discardableResult
    public func snooze(personID id: Int64, by length: Cadence, asOf: LocalDate = .today()) throws -> DuePerson? {
        try undoableWrite { db, description in
            let (p, _, current) = try DueList.person(db, id: id, asOf: asOf)
            guard let current else {
                throw JournalError.invalidValue(field: "snooze", reason: "\(p.name) has no cadence to keep in touch by")
            }
            guard let until = length.after(max(current.dueDate, asOf)) else {
                throw JournalError.invalidValue(field: "snooze", reason: "a snooze needs a length, not never")
            }
            return try CadenceStore.snooze(db, id: id, until: until, asOf: asOf, description: &description)
        }
    }
}
