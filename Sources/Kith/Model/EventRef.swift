/// A short reference to an event: enough to say when and where.
public struct EventRef: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var title: String
    public var day: LocalDate
    public var place: String?
}
