/// A trait learned in an event.
public struct EventTrait: Hashable, Sendable, Codable {
    public var category: Category
    public var text: String
}
