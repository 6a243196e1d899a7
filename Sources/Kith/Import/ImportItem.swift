/// One card or event of an imported file and what happened to it.
public struct ImportItem: Sendable, Hashable, Codable {
    /// A person (from a card) or an event.
    public enum Kind: String, Sendable, Codable { case person, event }
    /// What the import did: `added` and `updated` wrote to the journal; `unchanged` found
    /// nothing new; `skipped` left something of the file out, and its reason says why.
    /// (A card or event that fails is an ``ImportFailure``.)
    public enum Action: String, Sendable, Codable { case added, updated, unchanged, skipped }

    public var kind: Kind
    public var action: Action
    /// The person's display name or the event's title.
    public var name: String
    /// The line the card or event starts on (0 for JSON/XML forms).
    public var line: Int
    /// Why: which rule matched, which fields changed, why nothing changed.
    public var reason: String
    /// The person or event id (nil in a dry run for something that would be added).
    public var id: Int64?
    /// For a person added: someone already there who shares an e-mail or phone (or a
    /// number that ends alike) under another name, and so may be the same person.
    /// `kith person duplicates` lists the pair.
    public var duplicateOf: Int64? = nil

    public init(kind: Kind, action: Action, name: String, line: Int, reason: String, id: Int64?, duplicateOf: Int64? = nil) {
        self.kind = kind; self.action = action; self.name = name; self.line = line; self.reason = reason
        self.id = id; self.duplicateOf = duplicateOf
    }
}
