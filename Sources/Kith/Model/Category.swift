/// A node of one of the four category trees: relation, event type, trait kind or mood.
///
/// Main categories have no parent; subcategories have a main one of the same kind. Events,
/// people and traits point at categories by ``id``, so renaming or recolouring shows
/// everywhere at once.
public struct Category: Hashable, Sendable, Codable, Identifiable {
    /// Which tree a category belongs to.
    public enum Kind: String, CaseIterable, Sendable, Codable {
        case relation, eventType, trait, mood

        /// Words for messages: "relation category", "event type", "trait kind", "mood".
        public var label: String {
            switch self {
            case .relation: return "relation category"
            case .eventType: return "event type"
            case .trait: return "trait kind"
            case .mood: return "mood"
            }
        }
    }

    public var id: Int64
    public var kind: Kind
    public var name: String
    /// An emoji or short symbol.
    public var icon: String
    /// `#RRGGBB`.
    public var color: String
    /// Order among siblings, from 0.
    public var position: Int
    public var parentID: Int64?
    /// `Main/Sub` or `Main`.
    public var path: String
    /// Moods only: -2 (awful) ... +2 (great).
    public var score: Int?

    /// Whether `text` is `#RRGGBB` with hexadecimal digits.
    public static func isValidColor(_ text: String) -> Bool {
        let b = Array(text.utf8)
        guard b.count == 7, b[0] == UInt8(ascii: "#") else { return false }
        return b[1...].allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102) }
    }
}
