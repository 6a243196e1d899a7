/// A trait learned in an event, about one of its people.
public struct EventTrait: Hashable, Sendable, Codable {
    public var category: Category
    public var text: String
    /// The stored trait's id (0 where the trait stands for several rows, as in an export).
    public var id: Int64
    /// Whom it is about (nil where the trait stands for several rows, as in an export).
    public var person: PersonRef?

    public init(category: Category, text: String, id: Int64 = 0, person: PersonRef? = nil) {
        self.category = category; self.text = text; self.id = id; self.person = person
    }
}
