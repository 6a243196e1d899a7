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

/// A category with its subcategories, for showing a tree.
public struct CategoryNode: Hashable, Sendable, Codable {
    public var category: Category
    public var children: [Category]
}

/// Changes to a category; nil fields stay as they are.
public struct CategoryChanges: Sendable {
    public var name: String?
    public var icon: String?
    public var color: String?
    public var position: Int?
    /// Moods only.
    public var score: Int?
    /// Move under another main category (`.some(id)`) or make it a main one (`.some(nil)`).
    public var parentID: Int64??

    public init(name: String? = nil, icon: String? = nil, color: String? = nil, position: Int? = nil,
                score: Int? = nil, parentID: Int64?? = nil) {
        self.name = name; self.icon = icon; self.color = color; self.position = position
        self.score = score; self.parentID = parentID
    }
}
