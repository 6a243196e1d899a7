import Foundation
import GRDB

extension Journal {
    /// Stores image bytes once, addressed by their SHA-256, and returns their metadata.
    /// Storing the same bytes again returns the same photo.
    /// - Parameter data: the image's bytes.
    /// - Parameter name: the file name, for the error message.
    /// - Throws: ``JournalError/notAnImage(file:)`` unless the bytes are JPEG, PNG, GIF, WebP or HEIC/HEIF;
    ///   ``JournalError/photoTooLarge(file:byteCount:)`` above ``Photo/maximumByteCount``;
    ///   ``JournalError/damagedPhoto(file:reason:)`` when the bytes are not a whole image of the type
    ///   their header claims (``Photo/structureProblem(of:mediaType:)``).
    /// - Complexity: O(n) in the size of the image.
    @discardableResult
    public func storePhoto(_ data: Data, name: String) throws -> Photo {
        guard data.count <= Photo.maximumByteCount else { throw JournalError.photoTooLarge(file: name, byteCount: data.count) }
        guard let type = Photo.mediaType(of: data) else { throw JournalError.notAnImage(file: name) }
        if let problem = Photo.structureProblem(of: data, mediaType: type) { throw JournalError.damagedPhoto(file: name, reason: problem) }
        let hash = SHA256.hex([UInt8](data))
        try write { db in
            try PhotoStore.insert(db, hash: hash, mediaType: type, data: data)
        }
        return Photo(hash: hash, mediaType: type, byteCount: data.count)
    }

    /// A stored photo's metadata and bytes.
    /// - Throws: ``JournalError/photoNotFound(hash:)``.
    public func photo(hash: String) throws -> (photo: Photo, data: Data) {
        try read { db in
            try PhotoStore.photo(db, hash: hash)
        }
    }

    /// A stored photo by its id as `kith show` lists it: the start of its hash (at least
    /// 6 hex digits; the 12 shown, or the whole hash).
    /// - Throws: ``JournalError/photoNotFound(hash:)``, ``JournalError/ambiguousPhoto(id:)``.
    public func photo(id: String) throws -> (photo: Photo, data: Data) {
        let key = id.lowercased()
        guard key.count >= 6, key.count <= 64, key.allSatisfy({ $0.isHexDigit }) else { throw JournalError.photoNotFound(hash: id) }
        let hashes = try read { db in
            // A range of the primary key: every hash that starts with `key` (hex digits sort below "g").
            try String.fetchAll(
                db.cachedStatement(sql: "SELECT hash FROM photo WHERE hash >= ? AND hash < ? LIMIT 2"),
                arguments: [key, key + "g"])
        }
        guard let hash = hashes.first else { throw JournalError.photoNotFound(hash: id) }
        guard hashes.count == 1 else { throw JournalError.ambiguousPhoto(id: id) }
        return try photo(hash: hash)
    }
}
