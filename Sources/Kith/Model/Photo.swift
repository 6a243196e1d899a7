import Foundation

/// A stored image: its content hash, media type and size. Bytes via ``Journal/photo(hash:)``.
public struct Photo: Hashable, Sendable, Codable {
    /// The file extension for a photo's media type (`.jpg`, `.png`, `.gif`, `.webp`,
    /// `.heic`, `.heif`); nil for a type Kith does not keep.
    public static func fileExtension(mediaType: String) -> String? {
        switch mediaType {
        case "image/jpeg": return ".jpg"
        case "image/png": return ".png"
        case "image/gif": return ".gif"
        case "image/webp": return ".webp"
        case "image/heic": return ".heic"
        case "image/heif": return ".heif"
        default: return nil
        }
    }

    /// SHA-256 of the bytes, 64 lowercase hex digits.
    public var hash: String
    /// `image/jpeg`, `image/png`, `image/gif`, `image/webp`, `image/heic` or `image/heif`.
    public var mediaType: String
    public var byteCount: Int

    /// The media type of image bytes from their magic numbers, or nil when they are not a
    /// JPEG, PNG, GIF, WebP or HEIC/HEIF image.
    public static func mediaType(of data: Data) -> String? {
        let b = [UInt8](data.prefix(32))
        func at(_ i: Int, _ s: String) -> Bool {
            let t = Array(s.utf8)
            return b.count >= i + t.count && Array(b[i..<i + t.count]) == t
        }
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return "image/jpeg" }
        if b.count >= 8, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return "image/png" }
        if at(0, "GIF87a") || at(0, "GIF89a") { return "image/gif" }
        if at(0, "RIFF"), at(8, "WEBP") { return "image/webp" }
        if at(4, "ftyp") {
            for brand in ["heic", "heix", "hevc", "hevx", "heim", "heis"] where at(8, brand) { return "image/heic" }
            for brand in ["mif1", "msf1"] where at(8, brand) { return "image/heif" }
        }
        return nil
    }
}
