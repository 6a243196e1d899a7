/// One trait of one person, with where it was learned.
public struct TraitEntry: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var category: Category
    public var text: String
    /// The event it was learned at; nil for traits that came from elsewhere (an import,
    /// `kith traits add`).
    public var source: EventRef?
    /// Whom it is about.
    public var person: PersonRef
}
