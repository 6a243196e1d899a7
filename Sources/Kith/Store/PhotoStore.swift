import Foundation
import GRDB

/// The `photo` table: image bytes stored once, by SHA-256.
enum PhotoStore {
    /// Stores checked image bytes under their hash; the same bytes again change nothing.
    static func insert(_ db: Database, hash: String, mediaType type: String, data: Data) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO photo (hash, mediaType, byteCount, data) VALUES (?, ?, ?, ?)").execute(arguments: [
            hash, type, data.count, data,
        ])
    }

    /// A stored photo's metadata and bytes.
    /// - Throws: ``JournalError/photoNotFound(hash:)``.
    static func photo(_ db: Database, hash: String) throws -> (photo: Photo, data: Data) {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT hash, mediaType, byteCount, data FROM photo WHERE hash = ?"), arguments: [hash]) else {
            throw JournalError.photoNotFound(hash: hash)
        }
        return (Photo(hash: row["hash"], mediaType: row["mediaType"], byteCount: row["byteCount"]), row["data"])
    }
}

extension Journal {
    /// Deletes photos no event and no person points at.
    static func removeUnusedPhotos(_ db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM photo WHERE hash NOT IN (SELECT photoHash FROM eventPhoto)
                  AND hash NOT IN (SELECT photoHash FROM person WHERE photoHash IS NOT NULL)
                """)
    }
}
