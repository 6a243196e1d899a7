/// GEO: latitude and longitude in degrees.
public struct ICalGeo: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) { self.latitude = latitude; self.longitude = longitude }

    init?(_ text: String) {
        let parts = text.split(separator: ";")
        guard parts.count == 2, let a = Double(parts[0].trimmingSpaces), let b = Double(parts[1].trimmingSpaces),
            abs(a) <= 90, abs(b) <= 180
        else { return nil }
        self.init(latitude: a, longitude: b)
    }

    var text: String { "\(latitude);\(longitude)" }
}
