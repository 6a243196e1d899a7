/// A category with its subcategories, for showing a tree.
public struct CategoryNode: Hashable, Sendable, Codable {
    public var category: Category
    public var children: [Category]
}
