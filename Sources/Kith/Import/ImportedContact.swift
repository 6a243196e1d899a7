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
    /// The relation category of Kith's X-KITH-RELATION line (sync bodies), with its look.
    var relation: KithCategoryLine? = nil
}

/// A category as Kith's own X-KITH-* lines give it: path, icon, colour (and a mood's score),
/// so that a journal without it can create it.
struct KithCategoryLine: Hashable {
    var path: String
    var icon: String
    var color: String?
    var score: Int?
}
