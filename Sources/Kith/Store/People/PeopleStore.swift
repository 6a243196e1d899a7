import Foundation
import GRDB

/// Writing and reading a person's rows: person, personNickname, personContact,
/// personAddress and personVCardLine.
extension Journal {
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

    /// The person row's columns, in the order ``insertPersonRow(_:_:name:uid:statements:)``
    /// binds them: the plain fields' columns (``PersonFields/plainFields``) come from their rows.
    static let insertPersonSQL: String = {
        let columns =
            ["uid", "displayName", "familyName", "givenName", "additionalNames", "honorificPrefixes", "honorificSuffixes"]
            + PersonFields.plainFields.map { $0.column } + ["relationId", "rev", "createdAt", "updatedAt", "nameKey"]
        return "INSERT INTO person (\(columns.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
    }()

    /// The UPDATE of ``updatePersonRow(_:id:_:name:uid:)``, whose arguments come in this order.
    static let updatePersonSQL: String = {
        let columns =
            ["uid", "displayName", "familyName", "givenName", "additionalNames", "honorificPrefixes", "honorificSuffixes"]
            + PersonFields.plainFields.map { $0.column } + ["relationId", "rev", "updatedAt"]
        return "UPDATE person SET \(columns.map { $0 + " = ?" }.joined(separator: ", ")) WHERE id = ?"
    }()

    /// Inserts a person whose draft was checked (``checkPersonDraft(_:_:existingID:)`` or
    /// the equivalent): the trimmed name and the UID to use. An import passes the
    /// `statements` it holds for its thousands of rows.
    static func insertPersonRow(
        _ db: Database, _ draft: PersonDraft, name: String, uid: String,
        statements: PersonStatements? = nil
    ) throws -> Int64 {
        let now = Journal.now()
        let f = draft.fields
        try RawRow.run(db, PersonStatements.get(statements, db, .insertPerson), arena: statements?.arena) { r in
            r.text(uid); r.text(name); r.text(f.name.family); r.text(f.name.given); r.text(f.name.additional)
            r.text(f.name.prefixes); r.text(f.name.suffixes)
            let plain = PersonFields.plainFields
            for i in plain.indices { r.text(plain[i].text(f)) }
            r.int(draft.relationID); r.text(draft.rev); r.int(now); r.int(now); r.text(NameMatcher.fold(name))
        }
        let id = db.lastInsertedRowID
        try writePersonDetails(db, id: id, draft, fresh: true, statements: statements)
        return id
    }

    /// Rewrites a person checked by ``checkPersonDraft(_:_:existingID:)``: the row, its
    /// folded name key and its details (the edit command and a changed card on import).
    static func updatePersonRow(_ db: Database, id: Int64, _ draft: PersonDraft, name: String, uid: String) throws {
        try CadenceStore.noteRelationChange(db, id: id, to: draft.relationID)
        let f = draft.fields
        var arguments: [(any DatabaseValueConvertible)?] = [
            uid, name, f.name.family, f.name.given, f.name.additional, f.name.prefixes, f.name.suffixes,
        ]
        for p in PersonFields.plainFields { arguments.append(p.text(f)) }
        arguments += [draft.relationID, draft.rev, Journal.now(), id]
        try db.cachedStatement(sql: updatePersonSQL).execute(arguments: StatementArguments(arguments))
        // After the UPDATE: its trigger clears the key when the name changed.
        try setNameKey(db, id: id, name: name)
        try writePersonDetails(db, id: id, draft)
    }

    /// Writes nicknames, contact details, addresses and kept lines, replacing the old ones
    /// (a `fresh` person, just inserted, has none). One row per INSERT: a multi-row INSERT
    /// makes SQLite keep a statement journal (the pages it touches copied to a temporary
    /// file, so that a failing row can be undone alone), which cost more system time than
    /// the statement runs it saved.
    static func writePersonDetails(
        _ db: Database, id: Int64, _ draft: PersonDraft, fresh: Bool = false,
        statements: PersonStatements? = nil
    ) throws {
        if !fresh {
            try db.cachedStatement(sql: "DELETE FROM personNickname WHERE personId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM personContact WHERE personId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM personAddress WHERE personId = ?").execute(arguments: [id])
            try db.cachedStatement(sql: "DELETE FROM personVCardLine WHERE personId = ?").execute(arguments: [id])
        }
        var pos = 0
        for n in draft.fields.nicknames {
            let t = n.kithSingleLine()
            guard !t.isEmpty else { continue }
            try PersonStatements.insert(statements, db, .insertNickname) { r in
                r.int(id); r.int(pos); r.text(t); r.text(NameMatcher.fold(t))
            }
            pos += 1
        }
        // A local function, not a loop over an array of the three lists: that array was a
        // heap allocation per person once the lists came from `draft.fields` (callgrind).
        func contacts(_ kind: ContactKind, _ values: [LabeledValue]) throws {
            for (i, v) in values.enumerated() {
                let value = v.value.kithTrimmed(newlines: false)
                guard !value.isEmpty else { continue }
                try PersonStatements.insert(statements, db, .insertContact) { r in
                    r.int(id); r.text(kind.rawValue); r.text(v.label); r.text(value); r.int(i)
                }
            }
        }
        try contacts(.email, draft.fields.emails)
        try contacts(.phone, draft.fields.phones)
        try contacts(.url, draft.fields.urls)
        for (i, a) in draft.fields.addresses.enumerated() {
            try PersonStatements.insert(statements, db, .insertAddress) { r in
                r.int(id); r.text(a.label); r.text(a.poBox); r.text(a.extended); r.text(a.street); r.text(a.locality)
                r.text(a.region); r.text(a.postalCode); r.text(a.country); r.int(i)
            }
        }
        for (i, line) in draft.fields.vcardLines.enumerated() {
            try PersonStatements.insert(statements, db, .insertVCardLine) { r in
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
        for c in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT kind, label, value FROM personContact WHERE personId = ? ORDER BY kind, position, id"), arguments: [id])
        {
            let v = LabeledValue(c["value"], label: c["label"])
            switch ContactKind(rawValue: c["kind"] as String) {
            case .email: emails.append(v)
            case .phone: phones.append(v)
            case .url, nil: urls.append(v)
            }
        }
        let addresses = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM personAddress WHERE personId = ? ORDER BY position, id"), arguments: [id]).map {
            PostalAddress(
                label: $0["label"], poBox: $0["poBox"], extended: $0["extended"], street: $0["street"],
                locality: $0["locality"], region: $0["region"], postalCode: $0["postalCode"], country: $0["country"])
        }
        let lines = try String.fetchAll(db.cachedStatement(sql: "SELECT line FROM personVCardLine WHERE personId = ? ORDER BY position"), arguments: [id])
        let relationID: Int64? = row["relationId"]
        var fields = PersonFields(
            displayName: row["displayName"],
            name: PersonName(
                family: row["familyName"], given: row["givenName"], additional: row["additionalNames"],
                prefixes: row["honorificPrefixes"], suffixes: row["honorificSuffixes"]),
            nicknames: nicknames, emails: emails, phones: phones, addresses: addresses, urls: urls, vcardLines: lines)
        for p in PersonFields.plainFields { p.setText(&fields, row[p.column]) }
        return Person(
            id: id, uid: row["uid"], fields: fields, relation: try relationID.map { try fetchCategory(db, id: $0) },
            rev: row["rev"], createdAt: row["createdAt"], updatedAt: row["updatedAt"])
    }
}
