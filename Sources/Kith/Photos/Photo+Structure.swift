import Foundation
import KithBase

extension Photo {
    /// The largest photo Kith keeps: 20 MiB (a camera's full-size JPEG or HEIC fits; a
    /// journal that stays one file to copy does not want more).
    public static let maximumByteCount = 20 * 1024 * 1024

    /// `20 MiB`-style text for a byte count (KithBase's `ByteCount`, the one size text).
    public static func sizeText(_ bytes: Int) -> String { ByteCount.text(bytes) }

    /// The first 12 digits of the hash: how `kith show` and `kith photo` name a photo.
    public var id: String { String(hash.prefix(12)) }

    /// Why `data` is not a whole image of the type its header claims, or nil when its
    /// structure holds: JPEG markers and segment lengths from SOI to EOI with a frame and a
    /// scan; the PNG signature, IHDR first, every chunk's CRC, IDAT and IEND; GIF's screen
    /// descriptor, colour tables, blocks and trailer; WebP's RIFF chunks and VP8/VP8L
    /// header; HEIC/HEIF boxes that tile the file, with `ftyp` first and a `meta` box.
    /// No pixels are decoded.
    /// - Complexity: O(n) for PNG (the CRCs) and the JPEG scan; O(chunks) otherwise.
    public static func structureProblem(of data: Data, mediaType: String) -> String? {
        // One copy of at most 20 MiB, made once per photo stored: every read below is then
        // bounds-checked, and a header that lies about a length stops at the end of the bytes.
        let b = [UInt8](data)
        switch mediaType {
        case "image/jpeg": return jpegProblem(b)
        case "image/png": return pngProblem(b)
        case "image/gif": return gifProblem(b)
        case "image/webp": return webpProblem(b)
        case "image/heic", "image/heif": return heifProblem(b)
        default: return "it is not an image type Kith keeps"
        }
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func le32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24
    }

    private static func jpegProblem(_ b: [UInt8]) -> String? {
        let n = b.count
        guard n >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return "the JPEG does not start with its SOI marker" }
        var i = 2
        var sawFrame = false, sawScan = false
        while true {
            guard i < n, b[i] == 0xFF else {
                return i >= n ? "the JPEG ends before its EOI marker (the file is cut short)" : "the JPEG has no marker where one should be at byte \(i)"
            }
            while i < n, b[i] == 0xFF { i += 1 }  // fill bytes
            guard i < n else { return "the JPEG ends before its EOI marker (the file is cut short)" }
            let marker = b[i]
            i += 1
            switch marker {
            case 0xD9:
                guard sawFrame, sawScan else { return "the JPEG ends (EOI) before any image data" }
                return nil
            case 0x01, 0xD0...0xD7:
                continue
            case 0x00, 0xD8:
                return "the JPEG has a stray marker at byte \(i - 2)"
            default:
                break
            }
            guard i + 2 <= n else { return "the JPEG ends inside a segment (the file is cut short)" }
            let length = Int(b[i]) << 8 | Int(b[i + 1])
            guard length >= 2, i + length <= n else { return "a JPEG segment at byte \(i - 2) runs past the end of the file" }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC { sawFrame = true }
            i += length
            if marker == 0xDA {
                guard sawFrame else { return "the JPEG has image data before its frame header" }
                sawScan = true
                // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
                while i + 1 < n {
                    if b[i] == 0xFF, b[i + 1] != 0x00, !(0xD0...0xD7).contains(b[i + 1]) { break }
                    i += 1
                }
                guard i + 1 < n else { return "the JPEG ends before its EOI marker (the file is cut short)" }
            }
        }
    }

    /// CRC-32 (ISO 3309, as PNG uses it) of `b[range]`.
    static func crc32(_ b: [UInt8], _ range: Range<Int>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for i in range { crc = crcTable[Int((crc ^ UInt32(b[i])) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func pngProblem(_ b: [UInt8]) -> String? {
        let n = b.count
        guard n >= 8 else { return "the PNG is cut short" }
        var i = 8, index = 0, sawData = false
        while true {
            guard i + 12 <= n else { return "the PNG ends before its IEND chunk (the file is cut short)" }
            let length = be32(b, i)
            let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, i + 12 + length <= n else {
                return "the PNG chunk \(type) runs past the end of the file (the file is cut short)"
            }
            let stored = UInt32(be32(b, i + 8 + length))
            guard crc32(b, (i + 4)..<(i + 8 + length)) == stored else { return "the PNG chunk \(type) fails its CRC check (the file is damaged)" }
            if index == 0 {
                guard type == "IHDR", length == 13 else { return "the PNG does not start with its IHDR header" }
                guard be32(b, i + 8) > 0, be32(b, i + 12) > 0 else { return "the PNG header gives no width or height" }
            }
            if type == "IDAT" { sawData = true }
            if type == "IEND" { return sawData ? nil : "the PNG has no image data (IDAT)" }
            i += 12 + length
            index += 1
        }
    }

    private static func gifProblem(_ b: [UInt8]) -> String? {
        let n = b.count
        guard n >= 13 else { return "the GIF is cut short" }
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 0x07) + 1) }
        var images = 0
        func skipSubBlocks() -> Bool {
            while i < n {
                let size = Int(b[i])
                i += 1
                if size == 0 { return true }
                i += size
            }
            return false
        }
        while i < n {
            switch b[i] {
            case 0x3B:
                return images > 0 ? nil : "the GIF has no image in it"
            case 0x21:
                i += 2
                guard i <= n, skipSubBlocks() else { return "the GIF ends inside an extension block (the file is cut short)" }
            case 0x2C:
                guard i + 10 <= n else { return "the GIF ends inside an image descriptor (the file is cut short)" }
                let flags = b[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 0x07) + 1) }
                i += 1  // LZW minimum code size
                guard i <= n, skipSubBlocks() else { return "the GIF ends inside its image data (the file is cut short)" }
                images += 1
            default:
                return "the GIF has an unknown block at byte \(i)"
            }
        }
        return "the GIF ends before its trailer (the file is cut short)"
    }

    private static func webpProblem(_ b: [UInt8]) -> String? {
        let n = b.count
        guard n >= 20 else { return "the WebP is cut short" }
        let riff = le32(b, 4)
        guard riff + 8 <= n else { return "the WebP is shorter than its RIFF header says (the file is cut short)" }
        let end = riff + 8
        var i = 12, first = true
        while i < end {
            guard i + 8 <= end else { return "the WebP ends inside a chunk header" }
            let type = String(decoding: b[i..<(i + 4)], as: UTF8.self)
            let size = le32(b, i + 4)
            guard i + 8 + size <= end else { return "the WebP chunk \(type) runs past the end of the file (the file is cut short)" }
            if first {
                switch type {
                case "VP8 ":
                    guard size >= 10, b[i + 11] == 0x9D, b[i + 12] == 0x01, b[i + 13] == 0x2A else { return "the WebP's VP8 frame header is damaged" }
                case "VP8L":
                    guard size >= 5, b[i + 8] == 0x2F else { return "the WebP's VP8L header is damaged" }
                case "VP8X":
                    guard size >= 10 else { return "the WebP's VP8X header is damaged" }
                default:
                    return "the WebP does not start with a VP8, VP8L or VP8X chunk"
                }
                first = false
            }
            i += 8 + size + (size & 1)
        }
        return first ? "the WebP has no image chunk" : nil
    }

    private static func heifProblem(_ b: [UInt8]) -> String? {
        let n = b.count
        var i = 0, index = 0, sawMeta = false
        while i < n {
            guard i + 8 <= n else { return "the HEIC ends inside a box header (the file is cut short)" }
            var size = be32(b, i)
            let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
            if size == 1 {
                guard i + 16 <= n else { return "the HEIC ends inside a box header (the file is cut short)" }
                let high = be32(b, i + 8), low = be32(b, i + 12)
                guard high < 0x8000 else { return "the HEIC box \(type) is impossibly large" }
                size = high << 32 | low
            } else if size == 0 {
                size = n - i
            }
            guard size >= 8, i + size <= n else { return "the HEIC box \(type) runs past the end of the file (the file is cut short)" }
            if index == 0, type != "ftyp" { return "the HEIC does not start with its ftyp box" }
            if type == "meta" { sawMeta = true }
            i += size
            index += 1
        }
        return sawMeta ? nil : "the HEIC has no meta box (no image items)"
    }
}
