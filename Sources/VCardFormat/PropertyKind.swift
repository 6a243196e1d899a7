/// How a property's value is shaped, and its default value type, by property name.
enum PropertyKind: Equatable {
    /// One TEXT value.
    case text
    /// A comma-separated TEXT list (NICKNAME, CATEGORIES).
    case list
    /// `;`-separated fields, each a comma list (N, ADR, ORG, GENDER); field names for xCard.
    case structured([String])
    /// A date, date-time or partial date (BDAY, ANNIVERSARY).
    case date
    /// Inline binary or URI (PHOTO, LOGO, SOUND, KEY).
    case binary
    /// Anything else: kept verbatim.
    case verbatim

    static let nFields = ["surname", "given", "additional", "prefix", "suffix"]
    static let adrFields = ["pobox", "ext", "street", "locality", "region", "code", "country"]

    /// The kind of the property `name` (uppercased).
    static func of(_ name: String) -> PropertyKind {
        switch name {
        case "FN", "NOTE", "TITLE", "ROLE", "LABEL", "MAILER", "SORT-STRING", "NAME", "CLASS", "EXPERTISE",
            "HOBBY", "INTEREST", "X-ABLABEL", "PRODID", "X-PHONETIC-FIRST-NAME", "X-PHONETIC-LAST-NAME":
            return .text
        case "NICKNAME", "CATEGORIES": return .list
        case "N": return .structured(nFields)
        case "ADR": return .structured(adrFields)
        case "ORG": return .structured([])
        case "GENDER": return .structured(["sex", "identity"])
        case "BDAY", "ANNIVERSARY", "DEATHDATE", "X-ANNIVERSARY": return .date
        case "PHOTO", "LOGO", "SOUND", "KEY": return .binary
        default: return .verbatim
        }
    }

    /// The RFC 6350 default value type name for jCard and xCard.
    static func defaultType(_ name: String) -> String {
        switch name {
        case "SOURCE", "URL", "PHOTO", "LOGO", "SOUND", "KEY", "IMPP", "GEO", "MEMBER", "RELATED", "FBURL",
            "CALADRURI", "CALURI", "ORG-DIRECTORY":
            return "uri"
        case "BDAY", "ANNIVERSARY", "DEATHDATE": return "date-and-or-time"
        case "REV": return "timestamp"
        case "LANG": return "language-tag"
        case "CLIENTPIDMAP", "UID":
            return "text"
        default:
            return name.hasPrefix("X-") ? "unknown" : "text"
        }
    }

    /// Whether the property holds a URI whatever the version (so TEXT escapes never apply in 4.0).
    static func isURI(_ name: String) -> Bool {
        switch name {
        case "URL", "SOURCE", "IMPP", "MEMBER", "FBURL", "CALADRURI", "CALURI", "ORG-DIRECTORY": return true
        default: return false
        }
    }

    /// Properties vCard 4.0 has and 3.0 lacks: written to 3.0 as `X-` + name.
    static let only4: Set<String> = [
        "ANNIVERSARY", "GENDER", "KIND", "RELATED", "MEMBER", "LANG", "XML", "CLIENTPIDMAP", "INTEREST", "HOBBY",
        "EXPERTISE", "DEATHDATE", "BIRTHPLACE", "DEATHPLACE", "ORG-DIRECTORY",
    ]
    /// The 3.0 name for a 4.0-only property: Apple's CardDAV names for KIND and MEMBER, else `X-` + name.
    static func name3(for name4: String) -> String {
        switch name4 {
        case "KIND": return "X-ADDRESSBOOKSERVER-KIND"
        case "MEMBER": return "X-ADDRESSBOOKSERVER-MEMBER"
        default: return "X-" + name4
        }
    }

    /// The 4.0 name for a 3.0 extension standing for a 4.0 property, or nil.
    static func name4(for name3: String) -> String? {
        switch name3 {
        case "X-ADDRESSBOOKSERVER-KIND": return "KIND"
        case "X-ADDRESSBOOKSERVER-MEMBER": return "MEMBER"
        default:
            guard name3.hasPrefix("X-") else { return nil }
            let base = String(name3.dropFirst(2))
            return only4.contains(base) ? base : nil
        }
    }

    /// Properties vCard 2.1/3.0 have and 4.0 lacks: written to 4.0 as `X-` + name.
    static let only3: Set<String> = ["LABEL", "AGENT", "MAILER", "NAME", "CLASS", "SORT-STRING"]
}
