import Foundation
import GRDB

extension Journal {
    /// Stores image bytes once, addressed by their SHA-256, and returns their metadata.
    /// Storing the same bytes again returns the same photo.
    /// - Parameter name: the file name, for the error message.
    /// - Throws: ``Error/notAnImage(file:)`` unless the bytes are JPEG, PNG, GIF, WebP or HEIC/HEIF.
    /// - Complexity: O(n) in the size of the image.
    @discardableResult
    public func storePhoto(_ data: Data, name: String) throws -> Photo {
        guard let type = Photo.mediaType(of: data) else { throw Error.notAnImage(file: name) }
        let hash = SHA256.hex([UInt8](data))
        try write { db in
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO photo (hash, mediaType, byteCount, data) VALUES (?, ?, ?, ?)").execute(arguments: [hash, type, data.count, data])
        }
        return Photo(hash: hash, mediaType: type, byteCount: data.count)
    }

    /// A stored photo's metadata and bytes.
    /// - Throws: ``Error/photoNotFound(hash:)``.
    public func photo(hash: String) throws -> (photo: Photo, data: Data) {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT hash, mediaType, byteCount, data FROM photo WHERE hash = ?", arguments: [hash]) else {
                throw Error.photoNotFound(hash: hash)
            }
            return (Photo(hash: row["hash"], mediaType: row["mediaType"], byteCount: row["byteCount"]), row["data"])
        }
    }

    /// Deletes photos no event and no person points at.
    static func removeUnusedPhotos(_ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM photo WHERE hash NOT IN (SELECT photoHash FROM eventPhoto)
              AND hash NOT IN (SELECT photoHash FROM person WHERE photoHash IS NOT NULL)
            """)
    }
}
