import Foundation
import GRDB
import GRDBSQLite

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
            let a = try Journal.fetchPerson(db, id: keeping)
            let b = try Journal.fetchPerson(db, id: removing)
            description = "merge \(b.displayName) (#\(removing)) into \(a.displayName) (#\(keeping))"
            let events = try Int64.fetchAll(db.cachedStatement(sql: "SELECT eventId FROM eventPerson WHERE personId = ?"), arguments: [removing])
            try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO eventPerson (eventId, personId, position)
                SELECT eventId, ?, position FROM eventPerson WHERE personId = ?
                """).execute(arguments: [keeping, removing])
            try db.cachedStatement(sql: "UPDATE trait SET personId = ? WHERE personId = ?").execute(arguments: [keeping, removing])
            try db.cachedStatement(sql: """
                DELETE FROM trait WHERE personId = ?1 AND id NOT IN (
                  SELECT min(id) FROM trait WHERE personId = ?1 GROUP BY categoryId, text, ifnull(eventId, 0))
                """).execute(arguments: [keeping])
            var d = a.draft
            func merge(_ mine: [LabeledValue], _ theirs: [LabeledValue], key: (String) -> String) -> [LabeledValue] {
                var out = mine
                for v in theirs {
                    if let i = out.firstIndex(where: { key($0.value) == key(v.value) }) {
                        // The same value: the one with a label is the fuller.
                        if out[i].label.isEmpty { out[i].label = v.label }
                    } else {
                        out.append(v)
                    }
                }
                return out
            }
            d.emails = merge(a.emails, b.emails) { NameMatcher.fold($0) }
            // Phones by their digits, whole: "+351 912 345 678" is "+351912345678".
            d.phones = merge(a.phones, b.phones) { v in Journal.phoneKey(v).isEmpty ? v : Journal.phoneKey(v) }
            d.urls = merge(a.urls, b.urls) { NameMatcher.fold($0) }
            for adr in b.addresses where !d.addresses.contains(adr) { d.addresses.append(adr) }
            // The fuller display name wins ("Ana" merged with "Ana Lima" is "Ana Lima"); the
            // other stays as a nickname, so that it still finds them.
            d.displayName = Journal.fuller(a.displayName, b.displayName)
            for nick in b.nicknames + [b.displayName, a.displayName]
            where NameMatcher.fold(nick) != NameMatcher.fold(d.displayName)
                && !d.nicknames.contains(where: { NameMatcher.fold($0) == NameMatcher.fold(nick) }) {
                d.nicknames.append(nick)
            }
            for line in b.vcardLines where !d.vcardLines.contains(line) { d.vcardLines.append(line) }
            d.birthday = Journal.fuller(a.birthday, b.birthday)
            d.anniversary = Journal.fuller(a.anniversary, b.anniversary)
            d.organization = Journal.fuller(a.organization, b.organization)
            d.title = Journal.fuller(a.title, b.title)
            if d.photoHash == nil { d.photoHash = b.photoHash }
            if d.relationID == nil { d.relationID = b.relation?.id }
            d.name.family = Journal.fuller(a.name.family, b.name.family)
            d.name.given = Journal.fuller(a.name.given, b.name.given)
            d.name.additional = Journal.fuller(a.name.additional, b.name.additional)
            d.name.prefixes = Journal.fuller(a.name.prefixes, b.name.prefixes)
            d.name.suffixes = Journal.fuller(a.name.suffixes, b.name.suffixes)
            if !b.note.isEmpty && b.note != d.note && !d.note.contains(b.note) {
                d.note = d.note.isEmpty || b.note.contains(d.note) ? b.note : d.note + "\n\n" + b.note
            }
            try db.cachedStatement(sql: "DELETE FROM person WHERE id = ?").execute(arguments: [removing])
            try db.cachedStatement(sql: """
                UPDATE person SET displayName = ?, birthday = ?, anniversary = ?, organization = ?, title = ?, note = ?, relationId = ?,
                  photoHash = ?, familyName = ?, givenName = ?, additionalNames = ?, honorificPrefixes = ?,
                  honorificSuffixes = ?, updatedAt = ? WHERE id = ?
                """).execute(arguments: [d.displayName, d.birthday?.description, d.anniversary?.description, d.organization, d.title, d.note,
                                 d.relationID, d.photoHash, d.name.family, d.name.given, d.name.additional,
                                 d.name.prefixes, d.name.suffixes, Journal.now(), keeping])
            try Journal.setNameKey(db, id: keeping, name: d.displayName)
            try Journal.writePersonDetails(db, id: keeping, d)
            try Journal.removeUnusedPhotos(db)
            try Journal.reindex(db, eventIDs: events)
            return try Journal.fetchPerson(db, id: keeping)
        }
    }

    /// The fuller of two texts for a merge: the kept one unless it is empty, or the other
    /// holds it whole, as words, and more ("Lima" and "Lima Souza", "Ana" and "Ana Lima").
    static func fuller(_ kept: String, _ other: String) -> String {
        let k = NameMatcher.fold(kept), o = NameMatcher.fold(other)
        if k.isEmpty { return other }
        return o.count > k.count && (" " + o + " ").contains(" " + k + " ") ? other : kept
    }

    /// The fuller of two dates for a merge: the kept one unless it is missing, or it has
    /// no year and the other is the same day with its year.
    static func fuller(_ kept: PartialDate?, _ other: PartialDate?) -> PartialDate? {
        guard let k = kept else { return other }
        if k.year == nil, let o = other, o.year != nil, o.month == k.month, o.day == k.day { return o }
        return k
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

    /// Everyone, or everyone under a relation category and its subcategories.
    /// - Parameters:
    ///   - category: a relation category id; nil for everyone.
    ///   - sort: by name, or by last seen (not seen for longest first, never seen first).
    ///   - asOf: "last seen" ignores days after this one (today by default).
    /// - Complexity: one indexed lookup per person.
    public func people(in category: Int64? = nil, sort: PersonSort = .name,
                       asOf: LocalDate = .today()) throws -> [PersonSummary] {
        try read { db in
            // Event counts and "last seen" as one range of an index each per person: a
            // GROUP BY over all of eventPerson joined back cost a materialized table and an
            // automatic index on top of the same scan (with attendees matched by name,
            // eventPerson holds ~40 links a person).
            var sql = """
                SELECT p.id, p.displayName, p.relationId,
                  (SELECT max(day) FROM dayPerson dp WHERE dp.personId = p.id AND dp.day <= ?) AS lastSeen,
                  (SELECT count(*) FROM eventPerson ep WHERE ep.personId = p.id) AS eventCount, p.nameKey
                FROM person p
                """
            var args: [(any DatabaseValueConvertible)?] = [asOf.dayNumber]
            if let category {
                let c = try Journal.requireCategory(db, id: category, kind: .relation)
                let ids = try Journal.subtreeIDs(db, id: c.id)
                sql += " WHERE p.relationId IN (\(ids.map { _ in "?" }.joined(separator: ",")))"
                args += ids.map { $0 as (any DatabaseValueConvertible)? }
            }
            // Already in name order for the sort below, which then has little left to do.
            sql += " ORDER BY p.nameKey, p.id"
            let cats = Dictionary(uniqueKeysWithValues: try Journal.fetchCategories(db, kind: .relation).map { ($0.id, $0) })
            let nicks = try Journal.allNicknames(db)
            var list: [PersonSummary] = []
            // The stored folded names; a name without one (changed outside Kith) is folded here.
            var keys: [String] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(args))
            while let row = try rows.next() {
                let id: Int64 = row[0]
                let name: String = row[1]
                let rel: Int64? = row[2]
                let last: Int? = row[3]
                list.append(PersonSummary(id: id, displayName: name, nicknames: nicks[id] ?? [],
                                          relation: rel.flatMap { cats[$0] }, lastSeen: last.map(LocalDate.init(dayNumber:)),
                                          eventCount: row[4]))
                keys.append((row[5] as String?) ?? NameMatcher.fold(name))
            }
            let lastSeen = list.map { $0.lastSeen?.dayNumber ?? 0 }
            let ids = list.map(\.id), names = keys
            let byName: (Int, Int) -> Bool = { i, j in
                names[i] != names[j] ? names[i] < names[j] : ids[i] < ids[j]
            }
            var order = Array(list.indices)
            switch sort {
            case .name:
                order.sort(by: byName)
            case .lastSeen:
                order.sort { i, j in lastSeen[i] != lastSeen[j] ? lastSeen[i] < lastSeen[j] : byName(i, j) }
            }
            return order.map { list[$0] }
        }
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

    // MARK: Internals

    static func allNicknames(_ db: Database) throws -> [Int64: [String]] {
        var out: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT personId, value FROM personNickname ORDER BY personId, position")) {
            out[row["personId"], default: []].append(row["value"])
        }
        return out
    }

    /// Stores the folded name ``resolvePersonID(_:_:)`` looks people up by.
    static func setNameKey(_ db: Database, id: Int64, name: String) throws {
        try db.cachedStatement(sql: "UPDATE person SET nameKey = ? WHERE id = ?").execute(arguments: [NameMatcher.fold(name), id])
    }

    static func resolvePersonID(_ db: Database, _ typed: String) throws -> Int64 {
        let key = NameMatcher.fold(typed)
        guard !key.isEmpty else { throw JournalError.unknownPerson(name: typed, suggestions: []) }

        func decide(_ ids: [Int64], names: (Int64) throws -> String?) throws -> Int64? {
            let unique = sortedUnique(ids)
            if unique.count == 1 { return unique[0] }
            if unique.count > 1 {
                let candidates = try unique.compactMap(names).sorted { NameMatcher.fold($0) < NameMatcher.fold($1) }
                throw JournalError.ambiguousPerson(name: typed, candidates: candidates)
            }
            return nil
        }
        func storedName(_ id: Int64) throws -> String? {
            try String.fetchOne(db.cachedStatement(sql: "SELECT displayName FROM person WHERE id = ?"), arguments: [id])
        }

        // The exact name, then a nickname, through the indexed folded names (the keys are
        // NFC, so equal bytes are equal strings); rows without a stored key are folded here.
        // Rows stepped straight through SQLite: GRDB's generic fetches cost `kith log` first-use
        // conformance scans (issue 7).
        func ids(_ keyed: String, _ unkeyed: String) throws -> [Int64] {
            var found: [Int64] = []
            try RawRow.each(db, db.cachedStatement(sql: keyed), { $0.text(key) }) { found.append($0.int(0)) }
            var unfolded: [(Int64, String)] = []
            try RawRow.each(db, db.cachedStatement(sql: unkeyed), { _ in }) { unfolded.append(($0.int(0), $0.text(1))) }
            for (id, name) in unfolded where NameMatcher.fold(name) == key { found.append(id) }
            return found
        }
        // Among people whose names fold alike ("Ana Lima", "ana lima", "Ána Lima"), the one
        // written exactly as typed (case, accents and spaces) is meant.
        func typedExactly(_ ids: [Int64], _ sql: String) throws -> Int64? {
            let unique = sortedUnique(ids)
            guard unique.count > 1 else { return nil }
            let trimmed = typed.kithTrimmed()
            var hits: [Int64] = []
            for id in unique {
                var values: [String] = []
                try RawRow.each(db, db.cachedStatement(sql: sql), { $0.int(id) }) { values.append($0.text(0)) }
                if values.contains(where: { $0 == typed || $0 == trimmed }) { hits.append(id) }
            }
            return hits.count == 1 ? hits[0] : nil
        }
        let exact = try ids("SELECT id FROM person WHERE nameKey = ?", "SELECT id, displayName FROM person WHERE nameKey IS NULL")
        if let id = try typedExactly(exact, "SELECT displayName FROM person WHERE id = ?") { return id }
        if let id = try decide(exact, names: storedName) { return id }
        let nicknamed = try ids("SELECT personId FROM personNickname WHERE valueKey = ?",
                                "SELECT personId, value FROM personNickname WHERE valueKey IS NULL")
        if let id = try typedExactly(nicknamed, "SELECT value FROM personNickname WHERE personId = ?") { return id }
        if let id = try decide(nicknamed, names: storedName) { return id }

        // Prefixes and close matches look at everyone's folded names.
        var names: [Int64: String] = [:]
        var folded: [(id: Int64, key: String)] = []
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT id, displayName, nameKey FROM person ORDER BY id")) {
            let id: Int64 = row[0], name: String = row[1]
            names[id] = name
            folded.append((id, (row[2] as String?) ?? NameMatcher.fold(name)))
        }
        var nicks: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT personId, value, valueKey FROM personNickname ORDER BY personId, position")) {
            nicks[row[0], default: []].append((row[2] as String?) ?? NameMatcher.fold(row[1] as String))
        }
        let lookUp: (Int64) -> String? = { names[$0] }
        let prefix = folded.filter { p in
            p.key.hasPrefix(key) || p.key.split(separator: " ").contains { $0.hasPrefix(key) }
        }.map(\.id) + nicks.filter { $0.value.contains { $0.hasPrefix(key) } }.map(\.key)
        if let id = try decide(prefix, names: lookUp) { return id }
        let close = folded.filter { NameMatcher.isClose(key, to: $0.key) }.map(\.id)
            + nicks.filter { $0.value.contains { NameMatcher.isClose(key, to: $0) } }.map(\.key)
        if let id = try decide(close, names: lookUp) { return id }
        let loose = folded.filter { NameMatcher.distance(key, $0.key) <= max(3, key.count / 2) }
            .sorted { NameMatcher.distance(key, $0.key) < NameMatcher.distance(key, $1.key) }
            .prefix(3).compactMap { names[$0.id] }
        throw JournalError.unknownPerson(name: typed, suggestions: Array(loose))
    }

    static func checkPersonDraft(_ db: Database, _ draft: PersonDraft, existingID: Int64?) throws -> (String, String) {
        let name = draft.displayName.kithSingleLine()
        guard !name.isEmpty else { throw JournalError.invalidValue(field: "person name", reason: "it is empty") }
        if let r = draft.relationID { _ = try requireCategory(db, id: r, kind: .relation) }
        if let h = draft.photoHash {
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM photo WHERE hash = ?)"), arguments: [h]) == true else {
                throw JournalError.photoNotFound(hash: h)
            }
        }
        let uid = (draft.uid?.isEmpty == false ? draft.uid! : newUID())
        if let other = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM person WHERE uid = ?"), arguments: [uid]), other != existingID {
            throw JournalError.duplicatePersonUID(uid)
        }
        return (name, uid)
    }

    static func insertPerson(_ db: Database, _ draft: PersonDraft) throws -> Int64 {
        let (name, uid) = try checkPersonDraft(db, draft, existingID: nil)
        return try insertPersonRow(db, draft, name: name, uid: uid)
    }

    /// Inserts a person whose draft was checked (``checkPersonDraft(_:_:existingID:)`` or
    /// the equivalent): the trimmed name and the UID to use. An import passes the
    /// `statements` it holds for its thousands of rows.
    static func insertPersonRow(_ db: Database, _ draft: PersonDraft, name: String, uid: String,
                                statements: PersonStatements? = nil) throws -> Int64 {
        let now = Journal.now()
        try RawRow.run(db, PersonStatements.get(statements, db, .insertPerson), arena: statements?.arena) { r in
            r.text(uid); r.text(name); r.text(draft.name.family); r.text(draft.name.given); r.text(draft.name.additional)
            r.text(draft.name.prefixes); r.text(draft.name.suffixes); r.text(draft.birthday?.description)
            r.text(draft.anniversary?.description); r.text(draft.organization); r.text(draft.title); r.text(draft.note)
            r.int(draft.relationID); r.text(draft.photoHash); r.text(draft.rev); r.int(now); r.int(now); r.text(NameMatcher.fold(name))
        }
        let id = db.lastInsertedRowID
        try writePersonDetails(db, id: id, draft, fresh: true, statements: statements)
        return id
    }

    /// Rewrites a person checked by ``checkPersonDraft(_:_:existingID:)``: the row, its
    /// folded name key and its details (the edit command and a changed card on import).
    static func updatePersonRow(_ db: Database, id: Int64, _ draft: PersonDraft, name: String, uid: String) throws {
        try db.cachedStatement(sql: """
            UPDATE person SET uid = ?, displayName = ?, familyName = ?, givenName = ?, additionalNames = ?,
              honorificPrefixes = ?, honorificSuffixes = ?, birthday = ?, anniversary = ?, organization = ?,
              title = ?, note = ?, relationId = ?, photoHash = ?, rev = ?, updatedAt = ? WHERE id = ?
            """).execute(arguments: [uid, name, draft.name.family, draft.name.given, draft.name.additional,
                             draft.name.prefixes, draft.name.suffixes, draft.birthday?.description,
                             draft.anniversary?.description, draft.organization, draft.title, draft.note,
                             draft.relationID, draft.photoHash, draft.rev, Journal.now(), id])
        // After the UPDATE: its trigger clears the key when the name changed.
        try setNameKey(db, id: id, name: name)
        try writePersonDetails(db, id: id, draft)
    }

    /// Writes nicknames, contact details, addresses and kept lines, replacing the old ones
    /// (a `fresh` person, just inserted, has none). One row per INSERT: a multi-row INSERT
    /// makes SQLite keep a statement journal (the pages it touches copied to a temporary
    /// file, so that a failing row can be undone alone), which cost more system time than
    /// the statement runs it saved.
    static func writePersonDetails(_ db: Database, id: Int64, _ draft: PersonDraft, fresh: Bool = false,
                                   statements: PersonStatements? = nil) throws {
        if !fresh {
            try db.cachedStatement(sql: "DELETE FROM personNickname WHERE personId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM personContact WHERE personId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM personAddress WHERE personId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM personVCardLine WHERE personId = ?").execute(arguments: [id])
        }
        var pos = 0
        for n in draft.nicknames {
            let t = n.kithSingleLine()
            guard !t.isEmpty else { continue }
            try RawRow.run(db, PersonStatements.get(statements, db, .insertNickname), arena: statements?.arena) { r in
                r.int(id); r.int(pos); r.text(t); r.text(NameMatcher.fold(t))
            }
            pos += 1
        }
        for (kind, values) in [("email", draft.emails), ("phone", draft.phones), ("url", draft.urls)] {
            for (i, v) in values.enumerated() {
                let value = v.value.kithTrimmed(newlines: false)
                guard !value.isEmpty else { continue }
                try RawRow.run(db, PersonStatements.get(statements, db, .insertContact), arena: statements?.arena) { r in
                    r.int(id); r.text(kind); r.text(v.label); r.text(value); r.int(i)
                }
            }
        }
        for (i, a) in draft.addresses.enumerated() {
            try RawRow.run(db, PersonStatements.get(statements, db, .insertAddress), arena: statements?.arena) { r in
                r.int(id); r.text(a.label); r.text(a.poBox); r.text(a.extended); r.text(a.street); r.text(a.locality)
                r.text(a.region); r.text(a.postalCode); r.text(a.country); r.int(i)
            }
        }
        for (i, line) in draft.vcardLines.enumerated() {
            try RawRow.run(db, PersonStatements.get(statements, db, .insertVCardLine), arena: statements?.arena) { r in
                r.int(id); r.int(i); r.text(line)
            }
        }
    }

    static func fetchPerson(_ db: Database, id: Int64) throws -> Person {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM person WHERE id = ?"), arguments: [id]) else {
            throw JournalError.personNotFound(id: id)
        }
        let nicknames = try String.fetchAll(db.cachedStatement(sql: "SELECT value FROM personNickname WHERE personId = ? ORDER BY position"), arguments: [id])
        var emails: [LabeledValue] = [], phones: [LabeledValue] = [], urls: [LabeledValue] = []
        for c in try Row.fetchAll(db.cachedStatement(sql: "SELECT kind, label, value FROM personContact WHERE personId = ? ORDER BY kind, position, id"), arguments: [id]) {
            let v = LabeledValue(c["value"], label: c["label"])
            switch c["kind"] as String {
            case "email": emails.append(v)
            case "phone": phones.append(v)
            default: urls.append(v)
            }
        }
        let addresses = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM personAddress WHERE personId = ? ORDER BY position, id"), arguments: [id]).map {
            PostalAddress(label: $0["label"], poBox: $0["poBox"], extended: $0["extended"], street: $0["street"],
                          locality: $0["locality"], region: $0["region"], postalCode: $0["postalCode"], country: $0["country"])
        }
        let lines = try String.fetchAll(db.cachedStatement(sql: "SELECT line FROM personVCardLine WHERE personId = ? ORDER BY position"), arguments: [id])
        let relationID: Int64? = row["relationId"]
        return Person(
            id: id, uid: row["uid"], displayName: row["displayName"],
            name: PersonName(family: row["familyName"], given: row["givenName"], additional: row["additionalNames"],
                             prefixes: row["honorificPrefixes"], suffixes: row["honorificSuffixes"]),
            nicknames: nicknames, birthday: (row["birthday"] as String?).flatMap(PartialDate.init),
            anniversary: (row["anniversary"] as String?).flatMap(PartialDate.init), emails: emails, phones: phones,
            addresses: addresses, organization: row["organization"], title: row["title"], urls: urls, note: row["note"],
            relation: try relationID.map { try fetchCategory(db, id: $0) }, photoHash: row["photoHash"], rev: row["rev"],
            vcardLines: lines, createdAt: row["createdAt"], updatedAt: row["updatedAt"])
    }
}

/// Positional values bound straight to SQLite for the rows an import writes by the
/// thousand (people, their details, snapshots): GRDB's checked `execute(arguments:)`
/// (argument validation, existential boxing, per-statement hooks) cost about as much as
/// the insert itself. Only for INSERT/UPDATE/DELETE inside a transaction the caller holds:
/// the statement runs to completion and is reset, so GRDB can reuse it as usual.
struct RawRow {
    fileprivate let statement: OpaquePointer
    fileprivate var index: CInt = 0
    /// Where ``run(_:_:arena:_:)`` copies text values to bind them without SQLite's copy.
    fileprivate var arena: BindArena?

    /// SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    mutating func text(_ s: String) {
        index += 1
        var s = s
        let i = index, st = statement, arena = arena
        s.withUTF8 { u in
            if u.isEmpty {
                _ = sqlite3_bind_text(st, i, "", 0, RawRow.transient)
            } else if let arena {
                // SQLITE_STATIC: the copy stays put until the statement's values are cleared.
                _ = sqlite3_bind_text(st, i, arena.copy(u).assumingMemoryBound(to: CChar.self), CInt(u.count), nil)
            } else {
                _ = u.withMemoryRebound(to: CChar.self) { sqlite3_bind_text(st, i, $0.baseAddress, CInt($0.count), RawRow.transient) }
            }
        }
    }

    mutating func text(_ s: String?) {
        if let s { text(s) } else { index += 1; _ = sqlite3_bind_null(statement, index) }
    }

    mutating func int(_ v: Int64) {
        index += 1
        _ = sqlite3_bind_int64(statement, index, v)
    }

    mutating func int(_ v: Int64?) {
        if let v { int(v) } else { index += 1; _ = sqlite3_bind_null(statement, index) }
    }

    mutating func int(_ v: Int) { int(Int64(v)) }

    mutating func blob(_ d: Data) {
        index += 1
        let i = index, st = statement
        _ = d.withUnsafeBytes { sqlite3_bind_blob(st, i, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), CInt($0.count), RawRow.transient) }
    }

    /// The first row of a SELECT, read by `read`; nil when there is none.
    static func first<T>(_ db: Database, _ statement: Statement, _ bind: (inout RawRow) -> Void,
                         read: (RawColumns) -> T) throws -> T? {
        let s = bound(statement, bind)
        defer { clear(s) }
        switch sqlite3_step(s) {
        case SQLITE_ROW: return read(RawColumns(statement: s))
        case SQLITE_DONE: return nil
        default: throw failure(db, statement)
        }
    }

    /// Every row of a SELECT, each given to `body` while it is current.
    static func each(_ db: Database, _ statement: Statement, _ bind: (inout RawRow) -> Void,
                     _ body: (RawColumns) throws -> Void) throws {
        let s = bound(statement, bind)
        defer { clear(s) }
        while true {
            switch sqlite3_step(s) {
            case SQLITE_ROW: try body(RawColumns(statement: s))
            case SQLITE_DONE: return
            default: throw failure(db, statement)
            }
        }
    }

    /// Runs `statement` once with the values `bind` sets, in order. With an `arena`, text
    /// values are copied there and bound in place (SQLite's own copy of each value is a
    /// malloc and a free under its mutex); the arena is emptied once the statement ran and
    /// its values were cleared, so SQLite never holds a pointer into it after this returns.
    /// - Throws: `DatabaseError` with SQLite's message (a constraint, a full disk).
    static func run(_ db: Database, _ statement: Statement, arena: BindArena? = nil, _ bind: (inout RawRow) -> Void) throws {
        let s = bound(statement, arena: arena, bind)
        defer {
            clear(s)
            arena?.reset()
        }
        guard sqlite3_step(s) == SQLITE_DONE else { throw failure(db, statement) }
    }

    /// The statement, reset, with the values `bind` sets (all of its parameters, so the
    /// old values need no clearing first: `clear` runs after each use).
    private static func bound(_ statement: Statement, arena: BindArena? = nil, _ bind: (inout RawRow) -> Void) -> OpaquePointer {
        let s = statement.sqliteStatement
        sqlite3_reset(s)
        var row = RawRow(statement: s, arena: arena)
        bind(&row)
        precondition(row.index == sqlite3_bind_parameter_count(s), "RawRow: wrong number of values for \(statement.sql)")
        return s
    }

    /// Leaves the statement as GRDB expects to find it: reset, no values bound.
    private static func clear(_ s: OpaquePointer) {
        sqlite3_reset(s)
        sqlite3_clear_bindings(s)
    }

    /// SQLite's error for the last step, read before the statement is reset.
    private static func failure(_ db: Database, _ statement: Statement) -> DatabaseError {
        .lastStep(db, sql: statement.sql)
    }
}

/// The statements that write (and, on re-import, look up) people's rows, taken from GRDB's statement cache once per
/// import instead of once per row: its lookup hashes the whole SQL text, which showed in
/// profiles at tens of thousands of rows. Valid only inside the transaction that made it.
final class PersonStatements {
    enum Kind: Int, CaseIterable {
        case insertPerson, insertNickname, insertContact, insertAddress, insertVCardLine, insertImport, insertTrait, importHead

        var sql: String {
            switch self {
            case .insertPerson:
                return """
                    INSERT INTO person (uid, displayName, familyName, givenName, additionalNames, honorificPrefixes,
                      honorificSuffixes, birthday, anniversary, organization, title, note, relationId, photoHash, rev,
                      createdAt, updatedAt, nameKey) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            case .insertNickname:
                return "INSERT INTO personNickname (personId, position, value, valueKey) VALUES (?, ?, ?, ?)"
            case .insertContact:
                return "INSERT INTO personContact (personId, kind, label, value, position) VALUES (?, ?, ?, ?, ?)"
            case .insertAddress:
                return """
                    INSERT INTO personAddress (personId, label, poBox, extended, street, locality, region, postalCode, country, position)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            case .insertVCardLine:
                return "INSERT INTO personVCardLine (personId, position, line) VALUES (?, ?, ?)"
            case .insertImport:
                return "INSERT INTO personImport (personId, source, snapshot, importedAt) VALUES (?, ?, ?, ?)"
            case .insertTrait:
                return "INSERT INTO trait (personId, categoryId, text, eventId, position, createdAt) VALUES (?, ?, ?, NULL, ?, ?)"
            case .importHead:
                // What decides whether a re-imported card changes anything, without loading the whole person.
                return """
                    SELECT p.displayName, p.rev, p.relationId, i.source, i.snapshot
                    FROM person p LEFT JOIN personImport i ON i.personId = p.id WHERE p.id = ?
                    """
            }
        }
    }

    private let db: Database
    /// Text values of the rows being written, bound without SQLite's copy.
    let arena = BindArena()
    /// By kind.
    private var statements: [Statement?]

    init(_ db: Database) {
        self.db = db
        statements = Array(repeating: nil, count: Kind.allCases.count)
    }

    func statement(_ kind: Kind) throws -> Statement {
        if let s = statements[kind.rawValue] { return s }
        let s = try db.cachedStatement(sql: kind.sql)
        statements[kind.rawValue] = s
        return s
    }

    /// From `holder` when there is one, else from GRDB's cache.
    static func get(_ holder: PersonStatements?, _ db: Database, _ kind: Kind) throws -> Statement {
        if let holder { return try holder.statement(kind) }
        return try db.cachedStatement(sql: kind.sql)
    }
}

/// Bytes copied for ``RawRow/run(_:_:arena:_:)``: in chunks that never move while values
/// are bound to them, emptied after each statement ran. One per ``PersonStatements``, so
/// one per import transaction (never shared between connections or threads).
final class BindArena {
    private static let chunkSize = 1 << 16
    private var chunks: [UnsafeMutableRawPointer] = []
    /// The chunk being filled and how much of it is used.
    private var current = 0
    private var used = 0
    /// Values too large for a chunk, each in its own allocation until ``reset()``.
    private var large: [UnsafeMutableRawPointer] = []

    /// A copy of `bytes` that stays where it is until ``reset()``.
    func copy(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeRawPointer {
        let n = bytes.count
        let target: UnsafeMutableRawPointer
        if n > Self.chunkSize / 4 {
            target = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 1)
            large.append(target)
        } else {
            if chunks.isEmpty || used + n > Self.chunkSize {
                if !chunks.isEmpty { current += 1 }
                if current == chunks.count {
                    chunks.append(UnsafeMutableRawPointer.allocate(byteCount: Self.chunkSize, alignment: 8))
                }
                used = 0
            }
            target = chunks[current] + used
            used += n
        }
        if let base = bytes.baseAddress { target.copyMemory(from: base, byteCount: n) }
        return UnsafeRawPointer(target)
    }

    /// Forgets every copy (the chunks are kept for the next statement).
    func reset() {
        current = 0
        used = 0
        for p in large { p.deallocate() }
        large.removeAll(keepingCapacity: true)
    }

    deinit {
        for p in chunks { p.deallocate() }
        for p in large { p.deallocate() }
    }
}
