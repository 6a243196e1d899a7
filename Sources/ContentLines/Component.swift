/// A `BEGIN:NAME` … `END:NAME` block: its properties in order and its nested components.
public struct Component: Hashable, Sendable {
    /// The component name, uppercased (`VCARD`, `VEVENT`).
    public var name: String
    /// The properties in file order (BEGIN and END lines are not included).
    public var properties: [ContentLine]
    /// The nested components in file order.
    public var components: [Component]
    /// The 1-based line of the `BEGIN` line (0 when built in code).
    public var line: Int

    /// Makes a component; `name` is uppercased.
    public init(name: String, properties: [ContentLine] = [], components: [Component] = [], line: Int = 0) {
        self.name = name.uppercasedIfNeeded
        self.properties = properties
        self.components = components
        self.line = line
    }

    /// The properties named `name` (case-insensitive).
    public func properties(named name: String) -> [ContentLine] {
        let upper = name.uppercasedIfNeeded
        return properties.filter { $0.name.sameToken(upper) }
    }

    /// The first property named `name`, or nil.
    public func property(_ name: String) -> ContentLine? {
        let upper = name.uppercasedIfNeeded
        return properties.first { $0.name.sameToken(upper) }
    }
}
