import ContentLines
import Foundation
import GRDB
import VCardFormat

/// The import of vCard, xCard and jCard files into people: one transaction per file,
/// each card matched to a person by ``Journal/PersonIndex`` and written or merged.
extension Journal {
    func importCards(
        _ cards: [VCard], readerWarnings: [FormatWarning], fileName: String, format: String,
        options: ImportOptions
    ) throws -> ImportReport {
        try importCards(fileName: fileName, format: { _ in format }, total: cards.count, options: options) { body in
            for card in cards { try body(card) }
            return readerWarnings
        }
    }

    /// Imports text vCards as they are read: the file is never held as cards, and from
    /// 2 MiB on a second thread splits the lines while this one maps and stores the cards
    /// (``VCard/readText(_:each:)-(Data,_)``, which reads `data` in place). Same cards,
    /// warnings and report as reading the whole file first.
    func importVCardText(_ data: Data, fileName: String, options: ImportOptions) throws -> ImportReport {
        // The total shows in progress, and decides whether a journal without people builds
        // its indexes after the rows; counting the cards costs a scan of the file.
        let total = options.progress == nil && !hasNoPeople() ? 0 : VCard.cardCount(in: data)
        return try importCards(
            fileName: fileName, format: { "vCard " + ($0?.version.rawValue ?? "") }, total: total,
            options: options
        ) { body in
            // An error of the import stops the read, which wraps it: it is kept to be thrown as it was.
            var stop: (any Error)?
            do {
                return try VCard.readText(data) { card in
                    do { try body(card) } catch { stop = error; throw error }
                }
            } catch let error as VCard.ReadError {
                if let stop { throw stop }
                throw ImportError(
                    file: fileName, line: error.line, item: nil, reason: error.message,
                    advice: "fix the file or export it again from its application")
            }
        }
    }

    /// The import of cards, over `pass`: a function that hands over the file's cards in
    /// order and returns the reader's warnings. `format` names the format from the first
    /// card (nil when there is none); `total` is the number of cards progress reports.
    func importCards(
        fileName: String, format: @escaping (VCard?) -> String, total: Int, options: ImportOptions,
        pass: @escaping ((VCard) throws -> Void) throws -> [FormatWarning]
    ) throws -> ImportReport {
        var report = ImportReport(file: fileName, format: format(nil), dryRun: options.dryRun, keepsDetails: options.keepsDetails)
        report = try importTransaction(options.dryRun, fileName: fileName) { db in
            var report = report
            var index = try PersonIndex(db, fileName: fileName)
            var intoID: Int64?
            if let into = options.into {
                let c = try Journal.relationPath(db, into, create: true)
                intoID = c.id
                index.intoPath = c.path
            }
            var fallbackID: Int64?
            // Rows batched only where a failing card rolls the whole file back.
            let statements = PersonStatements(db, batching: !options.keepGoing)
            func importCard(_ k: Int, _ card: ReadCard) throws {
                try options.cancellation.check()
                defer { options.progress?(ImportProgress(file: fileName, done: k + 1, total: max(total, k + 1))) }
                var warnings = card.warnings
                guard let mapped = card.contact else {
                    report.record(
                        ImportItem(
                            kind: .person, action: .skipped, name: card.name ?? "group", line: card.line,
                            reason: "a contact group (KIND:group), not a person; its members come from their own cards", id: nil))
                    return
                }
                let contact: ImportedContact
                switch mapped {
                case .failure(let f):
                    guard options.keepGoing else {
                        throw ImportError(
                            file: fileName, line: f.line, item: f.name.isEmpty ? "card \(k + 1)" : f.name,
                            reason: f.reason, advice: "fix or remove that card, or import with --keep-going")
                    }
                    report.failures.append(f)
                    return
                case .success(let c): contact = c
                }
                do {
                    if options.keepGoing {
                        // A card that fails must leave nothing behind while the others stay.
                        try db.inSavepoint {
                            let item = try Journal.importContact(
                                db, contact, index: &index, intoID: intoID, fallbackID: &fallbackID,
                                fileName: fileName, warnings: &warnings, statements: statements)
                            report.record(item)
                            return .commit
                        }
                    } else {
                        // The first failure rolls the whole file back: no savepoint needed.
                        report.record(
                            try Journal.importContact(
                                db, contact, index: &index, intoID: intoID,
                                fallbackID: &fallbackID, fileName: fileName, warnings: &warnings,
                                statements: statements))
                    }
                    report.note(warnings)
                } catch {
                    // The savepoint rolled back: categories it made are gone.
                    index.categories.invalidate()
                    let reason = (error as? JournalError)?.description ?? Journal.reason(error)
                    guard options.keepGoing else {
                        throw ImportError(
                            file: fileName, line: card.line, item: contact.fields.displayName, reason: reason,
                            advice: "fix or remove that card, or import with --keep-going")
                    }
                    report.failures.append(ImportFailure(line: card.line, name: contact.fields.displayName, reason: reason))
                }
            }
            // The cards are read and mapped on a thread of its own while this one matches
            // and writes them (reading and mapping were 40 % of an import).
            let readAhead = ReadAhead<ReadCard, [FormatWarning]>()
            // The UIDs the journal has. A card is prepared on the reading thread when the
            // journal has no one yet or the card has a UID it does not know.
            let knownUIDs = index.byUID
            readAhead.start { send in
                var first = true
                return try pass { card in
                    var warnings: [ImportWarning] = []
                    let contact =
                        card.kind == "group"
                        ? nil
                        : ContactMapping.contact(from: card, warnings: &warnings).map { c in
                            guard knownUIDs.isEmpty || c.uid.map({ knownUIDs[$0] == nil }) == true else { return c }
                            var c = c
                            c.prepare()
                            return c
                        }
                    try send(
                        ReadCard(
                            line: card.line, name: card.formattedName, format: first ? format(card) : "", contact: contact,
                            warnings: warnings))
                    first = false
                }
            }
            var k = 0
            var readerWarnings: [FormatWarning] = []
            func importAll() throws {
                do {
                    while let cards = readAhead.next() {
                        for card in cards {
                            if k == 0 { report.format = card.format }
                            try importCard(k, card)
                            k += 1
                        }
                    }
                    readerWarnings = try readAhead.finish(stopping: false) ?? []
                    try statements.flush()
                } catch {
                    _ = try? readAhead.finish(stopping: true)
                    throw error
                }
            }
            // A journal without people gets every row of the person tables from this file:
            // the indexes its rows fill in random order (names, e-mail addresses, birthdays)
            // are built once at the end. The bench's 10,000 cards: 0.6 G instructions fewer
            // on the writing thread, 0.4 G to build them. Those by person stay: a card that
            // matches one from earlier in the file reads that person back.
            if index.byUID.isEmpty, total >= Self.bulkImportThreshold {
                let random: Set = ["person_name", "person_nameKey", "person_birthday_day", "person_anniversary_day", "personContact_email"]
                try Journal.withIndexesRebuilt(db, on: ["person", "personContact"], only: random) {
                    try importAll()
                }
            } else {
                try importAll()
            }
            report.note(readerWarnings.map { ImportWarning(line: $0.line, code: $0.code.rawValue, message: $0.message) })
            return report
        }
        report.sortWarnings()
        return report
    }

    /// Whether the journal has no one yet (read before an import's transaction).
    private func hasNoPeople() -> Bool {
        (try? dbQueue.read { db in try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM person)") }) ?? false
    }

    /// A card as the reading thread hands it over: mapped (nil for a contact group), with
    /// the warnings of its lines.
    struct ReadCard: Sendable {
        var line: Int
        var name: String?
        /// The file's format as the first card names it (empty for the others).
        var format: String
        var contact: Result<ImportedContact, ImportFailure>?
        var warnings: [ImportWarning]
    }

    /// A relation category by path; with `create`, the missing levels are made.
    static func relationPath(_ db: Database, _ path: String, create: Bool, cache: CategoryCache? = nil) throws -> Category {
        do {
            let c = try resolveCategory(db, kind: .relation, path: path, cache: cache)
            // A unique subcategory name is found by resolveCategory; `into` wants the exact path.
            let parts = path.split(separator: "/").count
            if parts == (c.parentID == nil ? 1 : 2) || !create { return c }
        } catch JournalError.unknownCategory(let kind, let p, let s) {
            if !create { throw JournalError.unknownCategory(kind: kind, path: p, suggestions: s) }
        }
        let parts = path.split(separator: "/").map { String($0).kithTrimmed(newlines: false) }.filter { !$0.isEmpty }
        guard !parts.isEmpty, parts.count <= 2 else { throw JournalError.categoryTreeTooDeep(path: path) }
        defer { cache?.invalidate() }
        let main = try (try? resolveMain(db, parts[0])) ?? insertCategory(db, kind: .relation, path: parts[0], icon: nil, color: nil, score: nil)
        if parts.count == 1 { return main }
        return try insertCategory(db, kind: .relation, path: main.path + "/" + parts[1], icon: nil, color: nil, score: nil)
    }

    static func resolveMain(_ db: Database, _ name: String) throws -> Category {
        let key = NameMatcher.fold(name)
        guard let c = try fetchCategories(db, kind: .relation).first(where: { $0.parentID == nil && NameMatcher.fold($0.name) == key }) else {
            throw JournalError.unknownCategory(kind: .relation, path: name, suggestions: [])
        }
        return c
    }

    /// The relation category a card's CATEGORIES name, if any: the values joined as a path,
    /// then each value as a path or a unique subcategory name; the deepest wins.
    static func placement(_ db: Database, categories: [String], cache: CategoryCache? = nil) -> (Category, Set<String>)? {
        guard !categories.isEmpty else { return nil }
        var candidates: [(Category, Set<String>)] = []
        if categories.count == 2, let c = try? resolveCategory(db, kind: .relation, path: categories.joined(separator: "/"), cache: cache) {
            candidates.append((c, Set(categories)))
        }
        for v in categories {
            if let c = try? resolveCategory(db, kind: .relation, path: v, cache: cache) { candidates.append((c, [v])) }
        }
        if let best = candidates.max(by: { a, b in (a.0.parentID == nil ? 0 : 1) < (b.0.parentID == nil ? 0 : 1) }) { return best }
        // A `Main/Sub` path, as Kith itself writes CATEGORIES, is made when missing; a
        // plain word (a tag such as "VIP") is not, and stays on the card.
        let paths = categories.filter { $0.split(separator: "/").count == 2 && !$0.hasPrefix("/") && !$0.hasSuffix("/") }
        if paths.count == 1, let c = try? relationPath(db, paths[0], create: true, cache: cache) { return (c, [paths[0]]) }
        return nil
    }

    static func importContact(
        _ db: Database, _ c: ImportedContact, index: inout PersonIndex, intoID: Int64?,
        fallbackID: inout Int64?, fileName: String, warnings: inout [ImportWarning],
        statements: PersonStatements? = nil
    ) throws -> ImportItem {
        var c = c
        if c.prepared == nil { c.prepare() }
        let prepared = c.prepared!
        var fields = c.fields
        if let data = c.photo, let (hash, type) = prepared.photo {
            try RawRow.run(db, db.cachedStatement(sql: "INSERT OR IGNORE INTO photo (hash, mediaType, byteCount, data) VALUES (?, ?, ?, ?)")) { r in
                r.text(hash); r.text(type); r.int(data.count); r.blob(data)
            }
        }
        // Placement, and CATEGORIES values that are not relation categories stay on the card.
        var relationID = intoID
        let placed = placement(db, categories: c.categories, cache: index.categories)
        let unplaced = c.categories.filter { !(placed?.1.contains($0) ?? false) }
        if !unplaced.isEmpty {
            fields.vcardLines.append("CATEGORIES:" + unplaced.map { TextEscaping.escape($0) }.joined(separator: ","))
        }
        let digest = unplaced.isEmpty ? prepared.digest : PersonFieldsDigest(fields)
        var keys: PersonIndex.Keys?

        let found = index.match(c, keys: &keys)
        if let (id, rule) = found.person {
            // The person may be one this file added: its rows that wait are read below.
            try statements?.flush()
            // What decides whether anything changes, without loading the whole person.
            guard
                let head = try RawRow.first(
                    db, PersonStatements.get(statements, db, .importHead), { $0.int(id) },
                    read: { c in (c.text(0), c.optionalText(1), c.optionalInt(2), c.optionalText(3), c.optionalText(4)) })
            else { throw JournalError.personNotFound(id: id) }
            let (oldName, oldRev, oldRelation, lastSource, lastSnapshot) = head
            // A REV not newer keeps the person as it is: skipped when the card says
            // something else, unchanged (below) when it is the card imported last time.
            if let new = ContactMapping.revKey(c.rev), let old = ContactMapping.revKey(oldRev), new <= old,
                new < old || !(lastSnapshot.map(digest.isStored(in:)) ?? false)
            {
                try addTraits(db, personID: id, c.traits, cache: index.categories)
                return ImportItem(
                    kind: .person, action: .skipped, name: oldName, line: c.line,
                    reason: "\(rule); the card's REV is not newer than the last import", id: id)
            }
            // The card follows its own earlier import (same UID, or the same file for cards
            // without one); a card from elsewhere that matched by e-mail, phone or name only fills gaps.
            let sameSource = rule == .sameUID || lastSource == fileName
            // The card says what it said last time: every field the user kept follows it
            // already, every field the user changed stays, so the merge changes nothing.
            if sameSource, let lastSnapshot, digest.isStored(in: lastSnapshot), c.rev == nil || c.rev == oldRev,
                oldRelation != nil || (relationID ?? placed?.0.id) == nil
            {
                if !lastSnapshot.hasPrefix("p1 ") {
                    // The JSON an older Kith kept: the digest from now on.
                    try db.execute(sql: "UPDATE personImport SET snapshot = ? WHERE personId = ?", arguments: [digest.stored, id])
                }
                let traitsAdded = try addTraits(db, personID: id, c.traits, cache: index.categories)
                return ImportItem(
                    kind: .person, action: traitsAdded > 0 ? .updated : .unchanged, name: oldName, line: c.line,
                    reason: traitsAdded > 0 ? "\(rule); \(traitsAdded) trait(s) added" : "\(rule); nothing changed", id: id)
            }
            let person = try fetchPerson(db, id: id)
            let snapshot = sameSource ? lastSnapshot.flatMap(PersonFieldsDigest.read) : nil
            let current = person.fields
            let merged = PersonFields.merged(current: current, snapshot: snapshot, card: fields)
            var draft = person.draft
            draft.fields = merged
            if person.relation == nil { draft.relationID = relationID ?? placed?.0.id }
            if let r = c.rev { draft.rev = r }
            let changed = merged.changes(from: current)
            let traitsAdded = try addTraits(db, personID: id, c.traits, cache: index.categories)
            if sameSource || lastSnapshot == nil {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO personImport (personId, source, snapshot, importedAt) VALUES (?, ?, ?, ?)
                        ON CONFLICT(personId) DO UPDATE SET source = excluded.source, snapshot = excluded.snapshot, importedAt = excluded.importedAt
                        """
                ).execute(arguments: [id, fileName, digest.stored, now()])
            }
            if changed.isEmpty && draft.relationID == person.relation?.id && draft.rev == person.rev {
                return ImportItem(
                    kind: .person, action: traitsAdded > 0 ? .updated : .unchanged, name: person.displayName, line: c.line,
                    reason: traitsAdded > 0 ? "\(rule); \(traitsAdded) trait(s) added" : "\(rule); nothing changed", id: id)
            }
            let (name, uid) = try checkPersonDraft(db, draft, existingID: id)
            try updatePersonRow(db, id: id, draft, name: name, uid: uid)
            index.add(id, merged, keys: PersonIndex.Keys(merged), uid: uid)
            let kept = snapshot.map { s in PersonFieldsDigest(current).changes(from: s).filter { !changed.contains($0) } } ?? []
            var reason = rule.description + (changed.isEmpty ? "; REV updated" : "; changed: " + changed.joined(separator: ", "))
            if !kept.isEmpty { reason += "; kept your edits to: " + kept.joined(separator: ", ") }
            return ImportItem(kind: .person, action: .updated, name: name, line: c.line, reason: reason, id: id)
        }

        if relationID == nil { relationID = placed?.0.id }
        var how = intoID != nil ? "into \(index.intoPath)" : placed.map { "CATEGORIES: \($0.0.path)" } ?? ""
        if relationID == nil {
            if fallbackID == nil {
                let base = (fileName as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: "-")
                let c = try relationPath(db, "Imported/" + (base.isEmpty ? "file" : base), create: true, cache: index.categories)
                fallbackID = c.id
                index.fallbackPath = c.path
            }
            relationID = fallbackID
            how = "into \(index.fallbackPath)"
        }
        var draft = PersonDraft(fields: fields)
        draft.relationID = relationID
        draft.rev = c.rev
        // What checkPersonDraft checks, known here without asking the database: the relation
        // category was resolved as one, the photo was just stored, and the index holds every
        // UID of the journal (a card whose UID is taken matched that person above). The
        // UNIQUE constraint on person.uid stays the last word.
        let name = draft.displayName.kithSingleLine()
        guard !name.isEmpty else { throw JournalError.invalidValue(field: "person name", reason: "it is empty") }
        let uid = c.uid.flatMap { index.byUID[$0] == nil ? $0 : nil } ?? newUID()
        draft.uid = uid
        let id = try insertPersonRow(db, draft, name: name, uid: uid, statements: statements)
        try addTraits(db, personID: id, c.traits, cache: index.categories, fresh: true, statements: statements)
        try PersonStatements.insert(statements, db, .insertImport) { r in
            r.int(id); r.text(fileName); r.text(digest.stored); r.int(now())
        }
        index.add(id, fields, keys: keys ?? PersonIndex.Keys(fields), uid: uid)
        var item = ImportItem(kind: .person, action: .added, name: fields.displayName, line: c.line, reason: "new person, " + how, id: id)
        if let d = found.possibleDuplicate {
            item.duplicateOf = d.id
            item.reason += "; possible duplicate of \(index.names[d.id] ?? "#\(d.id)") (#\(d.id)): \(d.why) (see `kith person duplicates`)"
        }
        return item
    }

    /// Adds the traits a person does not have yet (same kind and text, not from an event).
    /// - Returns: how many were added.
    @discardableResult
    /// A `fresh` person (inserted by this import) has no traits but those added here.
    static func addTraits(
        _ db: Database, personID: Int64, _ traits: [(path: String, text: String)],
        cache: CategoryCache? = nil, fresh: Bool = false, statements: PersonStatements? = nil
    ) throws -> Int {
        guard !traits.isEmpty else { return 0 }
        var added = 0
        var seen = Set<String>()
        for (i, t) in traits.enumerated() {
            let category: Category
            do { category = try traitCategory(db, path: t.path, cache: cache) } catch {
                let main = t.path.split(separator: "/").first.map(String.init) ?? t.path
                defer { cache?.invalidate() }
                _ = try insertCategory(db, kind: .trait, path: main, icon: nil, color: nil, score: nil)
                cache?.invalidate()
                category = try traitCategory(db, path: t.path, cache: cache)
            }
            if fresh {
                guard seen.insert("\(category.id)\u{1}\(t.text)").inserted else { continue }
            } else {
                let exists =
                    try Bool.fetchOne(
                        db.cachedStatement(
                            sql: """
                                SELECT EXISTS (SELECT 1 FROM trait WHERE personId = ? AND categoryId = ? AND text = ? AND eventId IS NULL)
                                """), arguments: [personID, category.id, t.text]) ?? false
                if exists { continue }
            }
            try PersonStatements.insert(statements, db, .insertTrait) { r in
                r.int(personID); r.int(category.id); r.text(t.text); r.int(i); r.int(now())
            }
            added += 1
        }
        return added
    }
}
