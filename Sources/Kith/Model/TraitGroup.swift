/// The traits of one category.
public struct TraitGroup: Hashable, Sendable, Codable {
    public var category: Category
    public var traits: [TraitEntry]
}
