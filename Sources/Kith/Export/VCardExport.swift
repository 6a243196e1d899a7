import Foundation
import GRDB
import VCardFormat

extension Journal {
    /// One person as a 4.0-form card, ready for ``VCardWriter``.
    static func vCard(_ db: Database, personID: Int64, version: VCard.Version) throws -> VCard {
        let p = try fetchPerson(db, id: personID)
        let kinds = Dictionary(uniqueKeysWithValues: try fetchCategories(db, kind: .trait).map { ($0.id, $0.path) })
        var traits: [(path: String, text: String)] = []
        var seen = Set<String>()
        for r in try Row.fetchAll(db, sql: "SELECT categoryId, text FROM trait WHERE personId = ? ORDER BY createdAt, id", arguments: [personID]) {
            let path = kinds[r["categoryId"]] ?? "Traits"
            let text: String = r["text"]
            if seen.insert(path + "\u{0}" + text).inserted { traits.append((path, text)) }
        }
        var photo: (Data, String)?
        if let h = p.photoHash, let r = try Row.fetchOne(db, sql: "SELECT data, mediaType FROM photo WHERE hash = ?", arguments: [h]) {
            photo = (r["data"], r["mediaType"])
        }
        return ContactMapping.card(for: p, traits: traits, photo: photo, version: version)
    }
}
