/// How many events in one month.
public struct MonthCount: Hashable, Sendable, Codable {
    public var year: Int
    public var month: Int
    public var count: Int
}
