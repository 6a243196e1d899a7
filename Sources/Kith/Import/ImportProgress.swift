/// How far an import is: `done` of `total` cards or events of `file`.
public struct ImportProgress: Sendable, Hashable {
    public var file: String
    public var done: Int
    public var total: Int
}
