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

    /// Properties vCard 4.0 has and 3.0 lacks: written to 3.0 as `X-` + name.
    static let only4: Set<String> = [
        "ANNIVERSARY", "GENDER", "KIND", "RELATED", "MEMBER", "LANG", "XML", "CLIENTPIDMAP", "INTEREST", "HOBBY",
        "EXPERTISE", "DEATHDATE", "BIRTHPLACE", "DEATHPLACE", "ORG-DIRECTORY",
    ]
    /// Properties vCard 2.1/3.0 have and 4.0 lacks: written to 4.0 as `X-` + name.
    static let only3: Set<String> = ["LABEL", "AGENT", "MAILER", "NAME", "CLASS", "SORT-STRING"]
}
