import ContentLines
import Foundation
import GRDB
import VCardFormat

extension Journal {
    /// One person as a 4.0-form card, ready for ``VCardWriter``.
    ///
    /// With `sync` (a sync body, for another Kith): the traits of the person alone (those of
    /// events go with the event) as X-KITH-TRAIT lines instead of INTEREST, HOBBY, EXPERTISE
    /// or NOTE lines (so that a NOTE is only ever the note), the relation category with its
    /// icon and colour as X-KITH-RELATION, and REV the person's last change.
    static func vCard(_ db: Database, personID: Int64, version: VCard.Version, sync: Bool = false) throws -> VCard {
        var p = try fetchPerson(db, id: personID)
        let kinds = Dictionary(uniqueKeysWithValues: try fetchCategories(db, kind: .trait).map { ($0.id, $0.path) })
        var traits: [(path: String, text: String)] = []
        var seen = Set<String>()
        let own = sync ? " AND eventId IS NULL" : ""
        for r in try Row.fetchAll(
            db, sql: "SELECT categoryId, text FROM trait WHERE personId = ?\(own) ORDER BY createdAt, id", arguments: [personID])
        {
            let path = kinds[r["categoryId"]] ?? "Traits"
            let text: String = r["text"]
            if seen.insert(path + "\u{0}" + text).inserted { traits.append((path, text)) }
        }
        var photo: (Data, String)?
        if let h = p.photoHash, let r = try Row.fetchOne(db, sql: "SELECT data, mediaType FROM photo WHERE hash = ?", arguments: [h]) {
            photo = (r["data"], r["mediaType"])
        }
        guard sync else { return ContactMapping.card(for: p, traits: traits, photo: photo, version: version) }
        p.rev = SyncBodies.rev(p.updatedAt)
        var card = ContactMapping.card(for: p, traits: [], photo: photo, version: version)
        if let r = p.relation {
            var line = ContentLine(name: "X-KITH-RELATION", value: TextEscaping.escape(r.path))
            if !r.icon.isEmpty { line.setParameter("X-ICON", [r.icon]) }
            line.setParameter("X-COLOR", [r.color])
            card.properties.append(line)
        }
        for t in traits {
            var line = ContentLine(name: "X-KITH-TRAIT", value: TextEscaping.escape(t.text))
            line.setParameter("X-KIND", [t.path])
            card.properties.append(line)
        }
        return card
    }
}
