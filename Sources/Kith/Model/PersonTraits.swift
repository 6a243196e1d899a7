/// Matching traits of one person, for "who likes climbing?".
public struct PersonTraits: Hashable, Sendable, Codable {
    public var person: PersonRef
    /// Newest first.
    public var traits: [TraitEntry]
}
