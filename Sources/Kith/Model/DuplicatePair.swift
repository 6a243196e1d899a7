/// Two people who may be the same person, and why (for `kith person duplicates`).
public struct DuplicatePair: Hashable, Sendable, Codable {
    public var first: PersonRef
    public var second: PersonRef
    /// For example `same name`, `same email`, `same phone`, `similar name`.
    public var reasons: [String]
}
