import ContentLines
import Foundation
import GRDB
import ICalendarFormat
import VCardFormat

/// Server items into the journal: created, merged (three-way, `SyncMerge`) or removed,
/// with the status row in the same transaction. Cards here, events in `SyncApply+Events`.
enum SyncApply {
    static func apply(
        _ db: Database, account: String, kind: SyncKind, href: String, etag: String, body: [UInt8], description: inout String
    ) throws -> SyncApplied {
        let collection = try SyncStore.collectionID(db, account: account, kind: kind)
        let base = try SyncStore.base(db, collection: collection, uid: uid(of: body, kind: kind) ?? "")
        var result: SyncApplied
        switch kind {
        case .contacts: result = try applyCard(db, account: account, body: body, base: base, description: &description)
        case .events: result = try applyEvent(db, account: account, body: body, base: base, description: &description)
        }
        // The status row: the server body is the new base. Its stamp is the item's stamp
        // now, unless the journal holds edits the server lacks (then 0: it counts as changed).
        let stamp = result.needsPush ? 0 : try SyncStore.stamp(db, kind: kind, uid: result.uid)
        try SyncStore.writeStatus(db, collection: collection, uid: result.uid, href: href, etag: etag, body: body, stamp: stamp)
        for c in result.conflicts { try SyncStore.record(db, c) }
        return result
    }

    /// The UID inside a body, read cheaply (the first UID line), for the base lookup.
    static func uid(of body: [UInt8], kind: SyncKind) -> String? {
        switch kind {
        case .contacts:
            return (try? VCard.read(body))?.cards.first?.uid
        case .events:
            return (try? ICalendarReader(floatingTimeZone: .current).read(Data(body)))?.components.first { $0.name == "VEVENT" }?.uid
        }
    }

    static func invalid(_ why: String) -> JournalError {
        JournalError.invalidValue(field: "server item", reason: why)
    }

    // MARK: Cards

    /// A card as the merge compares it: the fields, relation category path and the
    /// person's own traits (kind path and text).
    struct CardSide: Equatable {
        var fields: PersonFields
        var relation: String?
        var traits: [TraitKey]
    }
    struct TraitKey: Hashable {
        var path: String, text: String
    }

    /// Reads a card body; `photo` receives its photo's bytes (stored by the caller).
    static func cardSide(_ db: Database, _ body: [UInt8]) throws -> (CardSide, ImportedContact) {
        let cards: [VCard]
        do { cards = try VCard.read(body).cards } catch { throw invalid("it is not a vCard (\(error.message))") }
        guard let card = cards.first else { throw invalid("it holds no vCard") }
        var warnings: [ImportWarning] = []
        let contact: ImportedContact
        switch ContactMapping.contact(from: card, warnings: &warnings) {
        case .failure(let f): throw invalid(f.reason)
        case .success(let c): contact = c
        }
        var fields = contact.fields
        if let data = contact.photo { fields.photoHash = SHA256.hex([UInt8](data)) }
        var relation = contact.relation?.path
        var categories = contact.categories
        if relation == nil, let placed = Journal.placement(db, categories: categories) {
            relation = placed.0.path
            categories.removeAll { placed.1.contains($0) }
        } else if let r = relation {
            categories.removeAll { $0 == r }
        }
        if !categories.isEmpty {
            fields.vcardLines.append("CATEGORIES:" + categories.map { TextEscaping.escape($0) }.joined(separator: ","))
        }
        return (CardSide(fields: fields, relation: relation, traits: contact.traits.map { TraitKey(path: $0.path, text: $0.text) }), contact)
    }

    /// A relation category by path, created (with the look the body gave) when missing.
    static func relation(_ db: Database, path: String, look: KithCategoryLine?) throws -> Int64 {
        if let c = try? Journal.resolveCategory(db, kind: .relation, path: path) { return c.id }
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 2, (try? Journal.resolveCategory(db, kind: .relation, path: parts[0])) == nil {
            _ = try Journal.insertCategory(db, kind: .relation, path: parts[0], icon: nil, color: nil, score: nil)
        }
        let color = look?.color.flatMap { Category.isValidColor($0) ? $0 : nil }
        return try Journal.insertCategory(db, kind: .relation, path: path, icon: look?.icon.isEmpty == false ? look?.icon : nil, color: color, score: nil)
            .id
    }

    static func applyCard(_ db: Database, account: String, body: [UInt8], base: [UInt8]?, description: inout String) throws -> SyncApplied {
        let (remote, contact) = try cardSide(db, body)
        guard let uid = contact.uid else { throw invalid("the card has no UID") }
        if let data = contact.photo, let type = Photo.mediaType(of: data) {
            try db.execute(
                sql: "INSERT OR IGNORE INTO photo (hash, mediaType, byteCount, data) VALUES (?, ?, ?, ?)",
                arguments: [SHA256.hex([UInt8](data)), type, data.count, data])
        }
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM person WHERE uid = ?", arguments: [uid]) else {
            // New here.
            var draft = PersonDraft(fields: remote.fields, uid: uid, rev: contact.rev)
            draft.relationID = try remote.relation.map { try relation(db, path: $0, look: contact.relation) }
            let id = try Journal.insertPerson(db, draft)
            try Journal.addTraits(db, personID: id, remote.traits.map { (path: $0.path, text: $0.text) })
            description = "sync \(account): add person \(remote.fields.displayName)"
            return SyncApplied(uid: uid, name: remote.fields.displayName, action: .created, conflicts: [], needsPush: false)
        }
        let person = try Journal.fetchPerson(db, id: id)
        let local = try localCard(db, id: id)
        let localTraits = local.traits
        // No status row (a create whose row a crash lost): a card whose REV is the journal's own
        // last change comes from this very version, which is then the base.
        let baseSide = base.flatMap { try? cardSide(db, $0).0 } ?? (contact.rev == SyncBodies.rev(person.updatedAt) ? local : nil)
        if local == remote {
            return SyncApplied(uid: uid, name: person.displayName, action: .unchanged, conflicts: [], needsPush: false)
        }
        let remoteTime = SyncMerge.seconds(contact.rev)
        var m = SyncMerge(localWins: remoteTime.map { person.updatedAt > $0 } ?? false)
        var f = local.fields
        let b = baseSide?.fields
        func text(_ s: String) -> String { s }
        func values(_ v: [LabeledValue]) -> String { v.map(\.value).joined(separator: ", ") }
        f.displayName = m.pick("name", base: b?.displayName, local: f.displayName, remote: remote.fields.displayName, show: text)
        f.name = m.pick("structured name", base: b?.name, local: f.name, remote: remote.fields.name) { n in
            [n.prefixes, n.given, n.additional, n.family, n.suffixes].filter { !$0.isEmpty }.joined(separator: " ")
        }
        f.nicknames = m.pick("nicknames", base: b?.nicknames, local: f.nicknames, remote: remote.fields.nicknames) { $0.joined(separator: ", ") }
        f.birthday = m.pick("birthday", base: b?.birthday, local: f.birthday, remote: remote.fields.birthday) { $0?.description ?? "" }
        f.anniversary = m.pick("anniversary", base: b?.anniversary, local: f.anniversary, remote: remote.fields.anniversary) {
            $0?.description ?? ""
        }
        f.emails = m.pick("e-mails", base: b?.emails, local: f.emails, remote: remote.fields.emails, show: values)
        f.phones = m.pick("phone numbers", base: b?.phones, local: f.phones, remote: remote.fields.phones, show: values)
        f.addresses = m.pick("addresses", base: b?.addresses, local: f.addresses, remote: remote.fields.addresses) { a in
            a.map { [$0.street, $0.locality, $0.postalCode, $0.country].filter { !$0.isEmpty }.joined(separator: " ") }.joined(separator: "; ")
        }
        f.organization = m.pick("organisation", base: b?.organization, local: f.organization, remote: remote.fields.organization, show: text)
        f.title = m.pick("job title", base: b?.title, local: f.title, remote: remote.fields.title, show: text)
        f.urls = m.pick("web addresses", base: b?.urls, local: f.urls, remote: remote.fields.urls, show: values)
        f.photoHash = m.pick("photo", base: b?.photoHash, local: f.photoHash, remote: remote.fields.photoHash) { $0 == nil ? "none" : "a photo" }
        f.vcardLines = m.pick("other card properties", base: b?.vcardLines, local: f.vcardLines, remote: remote.fields.vcardLines) {
            $0.joined(separator: " | ")
        }
        let relationPath = m.pick("relation", base: baseSide?.relation, local: local.relation, remote: remote.relation) { $0 ?? "none" }
        let traits = m.set(base: baseSide?.traits, local: local.traits, remote: remote.traits)
        f.note = m.pick("note", base: b?.note, local: f.note, remote: remote.fields.note, show: text)
        f.note = m.note(f.note, on: SyncMerge.today())
        // Write.
        var draft = person.draft
        draft.fields = f
        draft.rev = contact.rev ?? person.rev
        draft.relationID = try relationPath.map { try relation(db, path: $0, look: $0 == remote.relation ? contact.relation : nil) }
        let (name, _) = try Journal.checkPersonDraft(db, draft, existingID: id)
        try Journal.updatePersonRow(db, id: id, draft, name: name, uid: uid)
        for t in localTraits where !traits.contains(t) {
            if let c = try? Journal.resolveCategory(db, kind: .trait, path: t.path) {
                try db.execute(
                    sql: "DELETE FROM trait WHERE personId = ? AND eventId IS NULL AND categoryId = ? AND text = ?", arguments: [id, c.id, t.text])
            }
        }
        try Journal.addTraits(db, personID: id, traits.filter { !localTraits.contains($0) }.map { (path: $0.path, text: $0.text) })
        try Journal.removeUnusedPhotos(db)
        description = "sync \(account): update person \(name) (#\(id))"
        let merged = CardSide(fields: f, relation: relationPath, traits: traits)
        return SyncApplied(
            uid: uid, name: name, action: .updated, conflicts: conflicts(m, account: account, kind: .contacts, uid: uid, item: name),
            needsPush: merged.fields != remote.fields || merged.relation != remote.relation || Set(traits) != Set(remote.traits))
    }

    static func matches(_ db: Database, kind: SyncKind, uid: String, body: [UInt8]) throws -> Bool {
        switch kind {
        case .contacts:
            guard let (remote, contact) = try? cardSide(db, body), contact.uid == uid,
                let id = try Int64.fetchOne(db, sql: "SELECT id FROM person WHERE uid = ?", arguments: [uid])
            else { return false }
            return try localCard(db, id: id) == remote
        case .events:
            guard let remote = try? parseEvent(db, body), remote.uid == uid, !remote.recurring,
                let id = try Int64.fetchOne(db, sql: "SELECT id FROM event WHERE uid = ?", arguments: [uid]),
                let ev = try Journal.fetchEvents(db, ids: [id]).first
            else { return false }
            return try eventSide(db, ev) == remote.side
        }
    }

    /// The journal's person as the merge compares it.
    static func localCard(_ db: Database, id: Int64) throws -> CardSide {
        let person = try Journal.fetchPerson(db, id: id)
        let kinds = Dictionary(uniqueKeysWithValues: try Journal.fetchCategories(db, kind: .trait).map { ($0.id, $0.path) })
        var traits: [TraitKey] = []
        for r in try Row.fetchAll(
            db, sql: "SELECT categoryId, text FROM trait WHERE personId = ? AND eventId IS NULL ORDER BY createdAt, id", arguments: [id])
        {
            let k = TraitKey(path: kinds[r[0]] ?? "Traits", text: r[1])
            if !traits.contains(k) { traits.append(k) }
        }
        return CardSide(fields: person.fields, relation: person.relation?.path, traits: traits)
    }

    static func conflicts(_ m: SyncMerge, account: String, kind: SyncKind, uid: String, item: String) -> [SyncConflict] {
        let now = Date()
        return m.conflicts.map {
            SyncConflict(
                account: account, kind: kind, uid: uid, item: item, field: $0.field, kept: $0.kept, lost: $0.lost, keptSide: $0.side,
                lostKeptIn: "note of \(item)", at: now)
        }
    }

    // MARK: Deletions

    static func delete(_ db: Database, account: String, kind: SyncKind, uid: String, description: inout String) throws -> Bool {
        let collection = try SyncStore.collectionID(db, account: account, kind: kind)
        try db.execute(sql: "DELETE FROM syncStatus WHERE collectionId = ? AND uid = ?", arguments: [collection, uid])
        switch kind {
        case .contacts:
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM person WHERE uid = ?", arguments: [uid]) else { return false }
            let name = try String.fetchOne(db, sql: "SELECT displayName FROM person WHERE id = ?", arguments: [id]) ?? uid
            description = "sync \(account): remove person \(name) (#\(id)), deleted on the server"
            let events = try Int64.fetchAll(db, sql: "SELECT eventId FROM eventPerson WHERE personId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [id])
            try Journal.removeUnusedPhotos(db)
            try Journal.reindex(db, eventIDs: events)
        case .events:
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM event WHERE uid = ?", arguments: [uid]) else { return false }
            try EventStore.remove(db, id: id, description: &description)
            description = "sync \(account): " + description + ", deleted on the server"
        }
        return true
    }
}
