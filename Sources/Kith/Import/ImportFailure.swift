/// A card or event that could not be imported.
public struct ImportFailure: Error, Sendable, Hashable, Codable {
    public var line: Int
    /// The card's or event's name when it has one.
    public var name: String
    public var reason: String
}
