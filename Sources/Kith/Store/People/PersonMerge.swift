import GRDB

/// Merging two people into one (``Journal/mergePeople(keeping:removing:)``).
extension Journal {
    /// The merge, inside the caller's undoable write; `description` names it for undo.
    static func mergePeople(_ db: Database, keeping: Int64, removing: Int64, description: inout String) throws -> Person {
        let a = try Journal.fetchPerson(db, id: keeping)
        let b = try Journal.fetchPerson(db, id: removing)
        description = "merge \(b.displayName) (#\(removing)) into \(a.displayName) (#\(keeping))"
        let events = try Int64.fetchAll(db.cachedStatement(sql: "SELECT eventId FROM eventPerson WHERE personId = ?"), arguments: [removing])
        try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO eventPerson (eventId, personId, position)
                SELECT eventId, ?, position FROM eventPerson WHERE personId = ?
                """
        ).execute(arguments: [keeping, removing])
        try db.cachedStatement(sql: "UPDATE trait SET personId = ? WHERE personId = ?").execute(arguments: [keeping, removing])
        try db.cachedStatement(
            sql: """
                DELETE FROM trait WHERE personId = ?1 AND id NOT IN (
                  SELECT min(id) FROM trait WHERE personId = ?1 GROUP BY categoryId, text, ifnull(eventId, 0))
                """
        ).execute(arguments: [keeping])
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
        d.phones = merge(a.phones, b.phones) { v in PhoneKey.digits(v).isEmpty ? v : PhoneKey.digits(v) }
        d.urls = merge(a.urls, b.urls) { NameMatcher.fold($0) }
        for adr in b.addresses where !d.addresses.contains(adr) { d.addresses.append(adr) }
        // The fuller display name wins ("Ana" merged with "Ana Lima" is "Ana Lima"); the
        // other stays as a nickname, so that it still finds them.
        d.displayName = Journal.fuller(a.displayName, b.displayName)
        for nick in b.nicknames + [b.displayName, a.displayName]
        where NameMatcher.fold(nick) != NameMatcher.fold(d.displayName)
            && !d.nicknames.contains(where: { NameMatcher.fold($0) == NameMatcher.fold(nick) })
        {
            d.nicknames.append(nick)
        }
        for line in b.vcardLines where !d.vcardLines.contains(line) { d.vcardLines.append(line) }
        // Each plain field by its rule: the fuller of the two, or both notes as paragraphs.
        for f in PersonFields.plainFields { f.mergePeople(&d.fields, b.fields) }
        if d.relationID == nil { d.relationID = b.relation?.id }
        d.name.family = Journal.fuller(a.name.family, b.name.family)
        d.name.given = Journal.fuller(a.name.given, b.name.given)
        d.name.additional = Journal.fuller(a.name.additional, b.name.additional)
        d.name.prefixes = Journal.fuller(a.name.prefixes, b.name.prefixes)
        d.name.suffixes = Journal.fuller(a.name.suffixes, b.name.suffixes)
        try db.cachedStatement(sql: "DELETE FROM person WHERE id = ?").execute(arguments: [removing])
        // The same row rewrite as an edit (uid and REV are the kept person's own, unchanged).
        try Journal.updatePersonRow(db, id: keeping, d, name: d.displayName, uid: a.uid)
        try Journal.removeUnusedPhotos(db)
        try Journal.reindex(db, eventIDs: events)
        return try Journal.fetchPerson(db, id: keeping)
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
}
