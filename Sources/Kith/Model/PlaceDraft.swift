/// A place for an event: an existing one is reused by name (case-insensitively) as it is;
/// given address or coordinates fill in only what it lacks (moving a place and its events
/// is ``Journal/editPlace(named:newName:coordinates:address:)``).
public struct PlaceDraft: Hashable, Sendable {
    public var name: String
    public var address: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(name: String, address: String? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        self.name = name; self.address = address; self.latitude = latitude; self.longitude = longitude
    }
}
