/// A person as an event shows them.
public struct PersonRef: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var displayName: String
}
