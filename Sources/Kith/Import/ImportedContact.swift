import Foundation

/// A vCard read for import: the person's fields, photo bytes, categories and traits.
struct ImportedContact {
    var fields: PersonFields
    var uid: String?
    var rev: String?
    /// Inline photo bytes with a media type Kith stores.
    var photo: Data?
    /// CATEGORIES values, for placement.
    var categories: [String]
    /// Trait kind path and text, from INTEREST, HOBBY and EXPERTISE.
    var traits: [(path: String, text: String)]
    var line: Int
}
