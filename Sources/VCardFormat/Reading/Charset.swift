import Foundation

/// Decoding bytes in the charsets vCard 2.1 files name with `CHARSET=`.
public enum Charset {
    /// Decodes `bytes` in the IANA charset `name` (case-insensitive).
    ///
    /// UTF-8, US-ASCII, ISO-8859-1 and Windows-1252 are decoded here; Shift_JIS, GB2312/GBK/
    /// GB18030, Big5, EUC-KR, KOI8-R, ISO-8859-2, UTF-16 and others through Foundation.
    /// - Returns: the text, or nil if the charset is unknown or the bytes are not valid in it.
    public static func decode<C: Collection>(_ bytes: C, charset name: String) -> String? where C.Element == UInt8 {
        let key = normalized(name)
        switch key {
        case "utf8":
            return String(validating: bytes, as: UTF8.self)
        case "usascii", "ascii":
            return String(validating: bytes, as: UTF8.self) ?? windows1252(bytes)
        case "iso88591", "latin1", "l1", "iso885915":
            return latin(bytes, windows: false)
        case "windows1252", "cp1252", "xcp1252":
            return windows1252(bytes)
        default:
            guard let encoding = foundationEncoding(key) else { return nil }
            return String(data: Data(bytes), encoding: encoding)
        }
    }

    /// Whether `decode` knows the charset `name`.
    public static func isKnown(_ name: String) -> Bool {
        let key = normalized(name)
        return ["utf8", "usascii", "ascii", "iso88591", "latin1", "l1", "iso885915", "windows1252", "cp1252", "xcp1252"]
            .contains(key) || foundationEncoding(key) != nil
    }

    /// Decodes Windows-1252 (a superset of the printable part of ISO-8859-1); never fails.
    public static func windows1252<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        latin(bytes, windows: true)
    }

    /// ISO-8859-1 (each byte is its scalar) or, with `windows`, Windows-1252 (0x80–0x9F
    /// mapped through `cp1252High`), encoded straight into UTF-8.
    private static func latin<C: Collection>(_ bytes: C, windows: Bool) -> String where C.Element == UInt8 {
        if let text = bytes.withContiguousStorageIfAvailable({ latin($0, windows: windows) }) { return text }
        return Array(bytes).withUnsafeBufferPointer { latin($0, windows: windows) }
    }

    /// ``latin(_:windows:)`` on contiguous bytes, written straight into the string's storage
    /// (at most three UTF-8 bytes a byte).
    private static func latin(_ bytes: UnsafeBufferPointer<UInt8>, windows: Bool) -> String {
        cp1252High.withUnsafeBufferPointer { high in
            String(unsafeUninitializedCapacity: bytes.count * 3) { out in
                var o = 0
                for b in bytes {
                    if b < 0x80 {
                        out[o] = b
                        o += 1
                        continue
                    }
                    let v = windows && b <= 0x9F ? high[Int(b - 0x80)] : UInt32(b)
                    if v < 0x800 {
                        out[o] = UInt8(0xC0 | v >> 6)
                        out[o + 1] = UInt8(0x80 | v & 0x3F)
                        o += 2
                    } else {
                        out[o] = UInt8(0xE0 | v >> 12)
                        out[o + 1] = UInt8(0x80 | (v >> 6) & 0x3F)
                        out[o + 2] = UInt8(0x80 | v & 0x3F)
                        o += 3
                    }
                }
                return o
            }
        }
    }

    private static let cp1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    private static func normalized(_ name: String) -> String {
        var ascii = true
        for b in name.utf8 where b >= 0x80 { ascii = false; break }
        if ascii {
            var out: [UInt8] = []
            out.reserveCapacity(name.utf8.count)
            for b in name.utf8 where b != 0x2D && b != 0x5F && b != 0x20 {
                out.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
            }
            return String(decoding: out, as: UTF8.self)
        }
        return String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " }))
    }

    private static func foundationEncoding(_ key: String) -> String.Encoding? {
        // CoreFoundation encoding numbers (kCFStringEncoding…), as NSStringEncoding values.
        let cf: UInt?
        switch key {
        case "shiftjis", "sjis", "mskanji", "cp932", "windows31j", "xsjis": return .shiftJIS
        case "eucjp": return .japaneseEUC
        case "iso2022jp": return .iso2022JP
        case "utf16": return .utf16
        case "utf16be": return .utf16BigEndian
        case "utf16le": return .utf16LittleEndian
        case "iso88592", "latin2": return .isoLatin2
        case "windows1250", "cp1250": return .windowsCP1250
        case "windows1251", "cp1251": return .windowsCP1251
        case "windows1253", "cp1253": return .windowsCP1253
        case "windows1254", "cp1254": return .windowsCP1254
        case "gb2312", "gbk", "gb18030", "euccn", "cp936", "xgbk", "chinese": cf = 0x0632
        case "big5", "cnbig5", "xxbig5", "cp950": cf = 0x0A03
        case "big5hkscs": cf = 0x0A06
        case "euckr", "ksc56011987", "cp949", "windows949": cf = 0x0940
        case "koi8r": cf = 0x0A02
        case "koi8u": cf = 0x0A08
        case "iso88595": cf = 0x0205
        case "iso88597": cf = 0x0207
        case "iso88599", "latin5": cf = 0x0209
        case "windows1255", "cp1255": cf = 0x0505
        case "windows1256", "cp1256": cf = 0x0506
        case "windows1257", "cp1257": cf = 0x0507
        case "windows1258", "cp1258": cf = 0x0508
        default: cf = nil
        }
        guard let cf else { return nil }
        return String.Encoding(rawValue: 0x8000_0000 | cf)
    }
}
