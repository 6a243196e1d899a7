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

    /// What importing a card needs whatever the card turns out to be, worked out on the
    /// thread that reads the file for cards likely to be new people, so that the thread
    /// that writes only matches and stores (the photo's hash and the snapshot, then JSON,
    /// were a seventh of that thread's instructions for the bench's 10,000 cards). A card a
    /// re-import finds by UID is left to the writing thread, which then has time to spare
    /// while the reading thread maps the next cards.
    struct Prepared {
        /// The photo's SHA-256 in hex and its media type, when ``photo`` is one Kith stores
        /// (``fields`` then carry the hash).
        var photo: (hash: String, mediaType: String)?
        /// The hashes of ``fields``, kept as the import's snapshot unless CATEGORIES that
        /// place the person nowhere add a line to the fields.
        var digest: PersonFieldsDigest
    }

    /// Works out ``prepared`` (and sets the photo's hash in ``fields``).
    mutating func prepare() {
        var photoHash: (hash: String, mediaType: String)?
        if let data = photo, let type = Photo.mediaType(of: data) {
            photoHash = (SHA256.hex([UInt8](data)), type)
            fields.photoHash = photoHash?.hash
        }
        prepared = Prepared(photo: photoHash, digest: PersonFieldsDigest(fields))
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
