import Foundation
import GRDB

extension Journal {
    // MARK: Writing

    /// Adds a person. A UID is generated when the draft has none.
    /// - Throws: ``JournalError/invalidValue(field:reason:)`` for an empty name,
    ///   ``JournalError/wrongCategoryKind(expected:path:)`` when `relationID` is not a relation
    ///   category, ``JournalError/duplicatePersonUID(_:)``, ``JournalError/photoNotFound(hash:)``.
    @discardableResult
    public func addPerson(_ draft: PersonDraft) throws -> Person {
        try write { db in
            let id = try Journal.insertPerson(db, draft)
            return try Journal.fetchPerson(db, id: id)
        }
    }

    /// Changes a person: `change` receives the current fields and edits them.
    ///
    /// `change` runs before the write transaction, so it may call the journal; the last
    /// writer wins.
    /// - Throws: ``JournalError/personNotFound(id:)`` and the errors of ``addPerson(_:)``.
    @discardableResult
    public func editPerson(id: Int64, _ change: (inout PersonDraft) throws -> Void) throws -> Person {
        var draft = try person(id: id).draft
        try change(&draft)
        return try undoableWrite { db, description in
            let old = try Journal.fetchPerson(db, id: id)
            description = "edit person \(old.displayName) (#\(id))"
            let (name, uid) = try Journal.checkPersonDraft(db, draft, existingID: id)
            try Journal.updatePersonRow(db, id: id, draft, name: name, uid: uid)
            return try Journal.fetchPerson(db, id: id)
        }
    }

    /// Removes a person.
    ///
    /// Their events stay in the journal, detached from them: an event with other people
    /// keeps those, an event with only them keeps no one. The traits learned about them
    /// are removed with them, and so is their photo unless something else uses it. The day
    /// index is updated in the same transaction.
    /// - Throws: ``JournalError/personNotFound(id:)``.
    public func removePerson(id: Int64) throws {
        try undoableWrite { db, description in
            let old = try Journal.fetchPerson(db, id: id)
            description = "remove person \(old.displayName) (#\(id))"
            let events = try Int64.fetchAll(db.cachedStatement(sql: "SELECT eventId FROM eventPerson WHERE personId = ?"), arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM person WHERE id = ?").execute(arguments: [id])
            try Journal.removeUnusedPhotos(db)
            try Journal.reindex(db, eventIDs: events)
        }
    }

    /// Merges `removing` into `keeping`: events, traits, nicknames (with the removed
    /// person's name), contact details, addresses, kept vCard lines and the photo move to
    /// the kept person (without duplicates: phones compare by their digits). Each field
    /// keeps the fuller value: a birthday with its year beats the same day without, a name
    /// or organisation that holds the other whole and more beats it, an empty one is
    /// filled; the kept person's name, if it loses, stays as a nickname. The other person is then removed. The day index stays correct.
    /// - Throws: ``JournalError/mergeWithSelf``, ``JournalError/personNotFound(id:)``.
    @discardableResult
    public func mergePeople(keeping: Int64, removing: Int64) throws -> Person {
        guard keeping != removing else { throw JournalError.mergeWithSelf }
        return try undoableWrite { db, description in
            try Journal.mergePeople(db, keeping: keeping, removing: removing, description: &description)
        }
    }

    // MARK: Reading

    /// The person with this id, in full.
    /// - Throws: ``JournalError/personNotFound(id:)``.
    public func person(id: Int64) throws -> Person {
        try read { db in try Journal.fetchPerson(db, id: id) }
    }

    /// The person with this UID, if any.
    public func person(uid: String) throws -> Person? {
        try read { db in
            guard let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM person WHERE uid = ?"), arguments: [uid]) else { return nil }
            return try Journal.fetchPerson(db, id: id)
        }
    }

    /// How many people each relation category holds directly (not counting its
    /// subcategories), by category id; the people with no category under nil.
    /// - Complexity: one pass over the people, no per-person lookups.
    public func peopleCounts() throws -> [Int64?: Int] {
        try read { db in
            var counts: [Int64?: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT relationId, count(*) FROM person GROUP BY relationId") {
                counts[row[0] as Int64?] = row[1]
            }
            return counts
        }
    }

    /// Everyone, or everyone under a relation category and its subcategories.
    /// - Parameters:
    ///   - category: a relation category id; nil for everyone.
    ///   - sort: by name, or by last seen (not seen for longest first, never seen first).
    ///   - asOf: "last seen" ignores days after this one (today by default).
    /// - Complexity: one indexed lookup per person.
    public func people(
        in category: Int64? = nil, sort: PersonSort = .name,
        asOf: LocalDate = .today()
    ) throws -> [PersonSummary] {
        try read { db in try Journal.peopleList(db, in: category, sort: sort, asOf: asOf) }
    }

    /// Finds one person from what a user typed: the exact display name, then a nickname,
    /// then a unique prefix of the name or of one of its words, then a unique close match;
    /// all case- and diacritic-insensitive.
    /// - Throws: ``JournalError/ambiguousPerson(name:candidates:)`` listing the candidates,
    ///   ``JournalError/unknownPerson(name:suggestions:)`` with close names.
    public func resolvePerson(_ typed: String) throws -> Person {
        try read { db in
            let id = try Journal.resolvePersonID(db, typed)
            return try Journal.fetchPerson(db, id: id)
        }
    }

    /// The id of the person ``resolvePerson(_:)`` finds, without reading the rest of them
    /// (for filters and new events, which need only the id).
    /// - Throws: the errors of ``resolvePerson(_:)``.
    public func resolvePersonID(_ typed: String) throws -> Int64 {
        try read { db in try Journal.resolvePersonID(db, typed) }
    }
}
