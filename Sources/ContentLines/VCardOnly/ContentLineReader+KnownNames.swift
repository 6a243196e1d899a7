import Foundation
import KithBase

/// The names, parameters and values met on most lines, packed into one integer of up to eight
/// bytes and matched by a switch (``known(_:)``); KnownNamesTests checks every key.
extension ContentLineReader {
    /// Up to eight bytes `buf[s..<e]` as one integer, the first byte lowest (ASCII
    /// uppercased when `upper`); the key of ``known(_:)``.
    @inline(__always)
    static func pack(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, upper: Bool) -> UInt64 {
        var key: UInt64 = 0
        var k = e
        while k > s {
            k -= 1
            var b = buf[k]
            if upper && b >= 0x61 && b <= 0x7A { b -= 0x20 }
            key = key << 8 | UInt64(b)
        }
        return key
    }

    /// The names, parameters and values met on most lines of most files, as literals: making
    /// them costs no UTF-8 check, no copy and no allocation. Matched byte for byte (case kept).
    static func known(_ key: UInt64) -> String? {
        switch key {
        case 0x31: return "1"
        case 0x32: return "2"
        case 0x33: return "3"
        case 0x524441: return "ADR"
        case 0x4449544C41: return "ALTID"
        case 0x42: return "B"
        case 0x343645534142: return "BASE64"
        case 0x59414442: return "BDAY"
        case 0x4E49474542: return "BEGIN"
        case 0x4C4C4543: return "CELL"
        case 0x54455352414843: return "CHARSET"
        case 0x4C49414D45: return "EMAIL"
        case 0x474E49444F434E45: return "ENCODING"
        case 0x444E45: return "END"
        case 0x584146: return "FAX"
        case 0x4E46: return "FN"
        case 0x5245444E4547: return "GENDER"
        case 0x4F4547: return "GEO"
        case 0x5942424F48: return "HOBBY"
        case 0x454D4F48: return "HOME"
        case 0x50504D49: return "IMPP"
        case 0x5453455245544E49: return "INTEREST"
        case 0x54454E5245544E49: return "INTERNET"
        case 0x59454B: return "KEY"
        case 0x444E494B: return "KIND"
        case 0x4C4542414C: return "LABEL"
        case 0x474E414C: return "LANG"
        case 0x45474155474E414C: return "LANGUAGE"
        case 0x4C4556454C: return "LEVEL"
        case 0x4F474F4C: return "LOGO"
        case 0x4E49414D: return "MAIN"
        case 0x5245424D454D: return "MEMBER"
        case 0x4E: return "N"
        case 0x454D414E4B43494E: return "NICKNAME"
        case 0x45544F4E: return "NOTE"
        case 0x47524F: return "ORG"
        case 0x524548544F: return "OTHER"
        case 0x4F544F4850: return "PHOTO"
        case 0x444950: return "PID"
        case 0x46455250: return "PREF"
        case 0x4449444F5250: return "PRODID"
        case 0x444554414C4552: return "RELATED"
        case 0x564552: return "REV"
        case 0x454C4F52: return "ROLE"
        case 0x444E554F53: return "SOUND"
        case 0x454352554F53: return "SOURCE"
        case 0x4C4554: return "TEL"
        case 0x454C544954: return "TITLE"
        case 0x45505954: return "TYPE"
        case 0x5A54: return "TZ"
        case 0x44495A54: return "TZID"
        case 0x444955: return "UID"
        case 0x4C5255: return "URL"
        case 0x382D465455: return "UTF-8"
        case 0x45554C4156: return "VALUE"
        case 0x4E4F4953524556: return "VERSION"
        case 0x4543494F56: return "VOICE"
        case 0x4B524F57: return "WORK"
        case 0x52444142412D58: return "X-ABADR"
        case 0x62: return "b"
        case 0x6C6C6563: return "cell"
        case 0x65746164: return "date"
        case 0x786166: return "fax"
        case 0x68676968: return "high"
        case 0x656D6F68: return "home"
        case 0x74656E7265746E69: return "internet"
        case 0x316D657469: return "item1"
        case 0x326D657469: return "item2"
        case 0x336D657469: return "item3"
        case 0x346D657469: return "item4"
        case 0x356D657469: return "item5"
        case 0x366D657469: return "item6"
        case 0x376D657469: return "item7"
        case 0x386D657469: return "item8"
        case 0x396D657469: return "item9"
        case 0x776F6C: return "low"
        case 0x6D756964656D: return "medium"
        case 0x726568746F: return "other"
        case 0x66657270: return "pref"
        case 0x74786574: return "text"
        case 0x697275: return "uri"
        case 0x6563696F76: return "voice"
        case 0x6B726F77: return "work"
        case 0x666572702D78: return "x-pref"
        case 0x4452414356: return "VCARD"
        case 0x302E33: return "3.0"
        case 0x302E34: return "4.0"
        case 0x312E32: return "2.1"
        default: return nil
        }
    }

    /// The literal ``known(_:)`` has for `buf[s..<e]` ASCII-uppercased (at most eight bytes), or nil.
    static func knownUppercased(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String? {
        e > s && e - s <= 8 ? known(pack(buf, s, e, upper: true)) : nil
    }

    @inline(__always)
    static func upperString(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
        if e > s, e - s <= 8, let known = known(pack(buf, s, e, upper: true)) { return known }
        var lower = false
        for k in s..<e where buf[k] >= 0x61 && buf[k] <= 0x7A { lower = true; break }
        if !lower { return string(buf, s, e) }
        return String(unsafeUninitializedCapacity: e - s) { out in
            for k in s..<e {
                let b = buf[k]
                out[k - s] = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b
            }
            return e - s
        }
    }
}
