/// A property parameter such as `TZID=Europe/Berlin` or `MEMBER="mailto:a@x","mailto:b@x"`.
public struct ICalParameter: Hashable, Sendable {
    /// The name, upper-cased (`TZID`, `VALUE`, `X-FOO`).
    public var name: String

    /// Most parameters have one value: it is kept inline, so reading allocates no array.
    private enum Storage: Hashable, Sendable { case none, one(String), many([String]) }
    private var storage: Storage

    public init(name: String, values: [String]) { self.name = name.asciiUppercased; self.storage = Self.storage(values) }
    public init(_ name: String, _ value: String) { self.name = name.asciiUppercased; self.storage = .one(value) }

    init(uncheckedName name: String, value: String) { self.name = name; self.storage = .one(value) }
    init(uncheckedName name: String, values: [String]) { self.name = name; self.storage = Self.storage(values) }

    private static func storage(_ values: [String]) -> Storage {
        values.isEmpty ? .none : values.count == 1 ? .one(values[0]) : .many(values)
    }

    /// The values, unquoted.
    public var values: [String] {
        get {
            switch storage {
            case .none: return []
            case .one(let v): return [v]
            case .many(let list): return list
            }
        }
        set { storage = Self.storage(newValue) }
    }

    /// The first value, without building an array.
    public var firstValue: String? {
        switch storage {
        case .none: return nil
        case .one(let v): return v
        case .many(let list): return list.first
        }
    }

    /// The values joined with commas.
    public var value: String {
        switch storage {
        case .none: return ""
        case .one(let v): return v
        case .many(let list): return list.joined(separator: ",")
        }
    }
}
