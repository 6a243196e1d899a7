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
    /// What the import works out from the card alone (``prepare()``); nil until then.
    var prepared: Prepared? = nil

    /// What importing a card needs that depends on the card only: worked out on the
    /// thread that reads the file, so that the thread that writes only matches and
    /// stores (hashing the photo, folding names and writing the snapshot were a fifth of
    /// that thread's instructions for the bench's 10,000 cards).
    struct Prepared {
        /// The photo's SHA-256 in hex and its media type, when ``photo`` is one Kith stores
        /// (``fields`` then carry the hash).
        var photo: (hash: String, mediaType: String)?
        /// ``PersonFields/snapshotJSON`` of ``fields``: the import's snapshot unless
        /// CATEGORIES that place the person nowhere add a line to the fields.
        var snapshotJSON: String
        var keys: Journal.PersonIndex.Keys
        /// The display name folded for matching (``NameMatcher/fold(_:)``).
        var nameKey: String
        /// The display name on one line, as a new person's row holds it, and its folded key.
        var rowName: String
        var rowNameKey: String
        /// A new UID for a card without one (a card whose UID is taken gets its own later).
        var newUID: String?
    }

    /// Works out ``prepared`` (and sets the photo's hash in ``fields``).
    mutating func prepare() {
        var photoHash: (hash: String, mediaType: String)?
        if let data = photo, let type = Photo.mediaType(of: data) {
            photoHash = (SHA256.hex([UInt8](data)), type)
            fields.photoHash = photoHash?.hash
        }
        let nameKey = NameMatcher.fold(fields.displayName)
        let rowName = fields.displayName.kithSingleLine()
        prepared = Prepared(
            photo: photoHash, snapshotJSON: fields.snapshotJSON, keys: Journal.PersonIndex.Keys(fields), nameKey: nameKey,
            rowName: rowName, rowNameKey: rowName == fields.displayName ? nameKey : NameMatcher.fold(rowName),
            newUID: uid == nil ? Journal.newUID() : nil)
    }
}

/// A category as Kith's own X-KITH-* lines give it: path, icon, colour (and a mood's score),
/// so that a journal without it can create it.
struct KithCategoryLine: Hashable {
    var path: String
    var icon: String
    var color: String?
    var score: Int?
}
