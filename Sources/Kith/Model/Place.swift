/// Where an event happened; reused by name (case-insensitive) across events.
public struct Place: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var name: String
    public var address: String?
    public var latitude: Double?
    public var longitude: Double?
}
