/// Maps vCards to people and people to vCards: the table of what Kith models here; the
/// reading is in Import/ContactImport.swift, the writing in Export/ContactExport.swift.
enum ContactMapping {
    /// Trait kinds the RFC 6715 properties become.
    static let interestPath = "Interests"
    static let hobbyPath = "Interests/Hobbies"
    static let expertisePath = "Work & Study/Expertise"

    /// The RFC 6715 properties that are traits, and the trait kind each becomes.
    enum TraitProperty: String {
        case interest = "INTEREST", hobby = "HOBBY", expertise = "EXPERTISE"

        /// The trait kind a card's line becomes.
        var traitPath: String {
            switch self {
            case .interest: return ContactMapping.interestPath
            case .hobby: return ContactMapping.hobbyPath
            case .expertise: return ContactMapping.expertisePath
            }
        }

        /// The property a trait of this kind is written as in vCard 4.0: hobbies, then
        /// anything under Work & Study, then interests; nil for other kinds (written as a NOTE).
        init?(traitPath path: String) {
            if path.hasPrefix(ContactMapping.hobbyPath) {
                self = .hobby
            } else if path.hasPrefix(ContactMapping.expertisePath) || path.hasPrefix("Work & Study") {
                self = .expertise
            } else if path.hasPrefix(ContactMapping.interestPath) {
                self = .interest
            } else {
                return nil
            }
        }
    }

    /// Whether Kith models the property `name` (read through the typed getters, written by
    /// ``card(for:traits:photo:version:)``); every other one is kept verbatim. A switch:
    /// this runs for every line of every card.
    static func isModelled(_ name: String) -> Bool {
        switch name {
        case "FN", "N", "NICKNAME", "EMAIL", "TEL", "ADR", "ORG", "URL", "UID", "REV", "PRODID", "VERSION", "X-KITH-TRAIT", "X-KITH-RELATION":
            return true
        default: return false
        }
    }
    /// TYPE values written as TYPE on export; any other label becomes an Apple-style `X-ABLabel`.
    static let knownTypes: Set<String> = [
        "home", "work", "cell", "voice", "fax", "pager", "text", "video", "textphone", "main", "iphone",
        "other", "mobile", "internet", "pref", "msg", "bbs", "modem", "car", "isdn", "pcs", "dom", "intl",
        "postal", "parcel",
    ]
}
