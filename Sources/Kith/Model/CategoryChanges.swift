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

    public init(
        name: String? = nil, icon: String? = nil, color: String? = nil, position: Int? = nil,
        score: Int? = nil, parentID: Int64?? = nil
    ) {
        self.name = name; self.icon = icon; self.color = color; self.position = position
        self.score = score; self.parentID = parentID
    }
}
