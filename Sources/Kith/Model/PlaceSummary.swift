/// A place with how many events happened there (`kith place list`).
public struct PlaceSummary: Hashable, Sendable {
    public var place: Place
    public var eventCount: Int
}
