/// A calendar component (`VEVENT`, `VTODO`, `VALARM`, `VTIMEZONE`, `STANDARD`, an `X-` one...)
/// with its properties and sub-components in file order.
public struct ICalComponent: Hashable, Sendable {
    /// The name, upper-cased.
    public var name: String
    public var properties: [ICalProperty]
    public var components: [ICalComponent]
    /// The line of its BEGIN; 0 for one built in code. Not part of equality.
    public var line: Int

    public init(name: String, properties: [ICalProperty] = [], components: [ICalComponent] = [], line: Int = 0) {
        self.name = name.asciiUppercased; self.properties = properties; self.components = components; self.line = line
    }

    /// A component being read: its name is upper-cased already.
    init(uncheckedName name: String, line: Int) {
        self.name = name; self.properties = []; self.components = []; self.line = line
    }

    /// The first property with a name (case-insensitive).
    public func property(_ name: String) -> ICalProperty? { property(upper: name.asciiUppercased) }

    /// ``property(_:)`` for a name already upper-cased (the typed getters).
    @inline(__always)
    func property(upper n: String) -> ICalProperty? {
        propertyIndex(upper: n).map { properties[$0] }
    }

    /// Where the first property with an upper-cased name is.
    @inline(__always)
    func propertyIndex(upper n: String) -> Int? {
        let count = n.utf8.count
        for i in properties.indices where properties[i].name.utf8.count == count && properties[i].name == n { return i }
        return nil
    }

    /// `body` applied to where the first property with an upper-cased name lies in
    /// `properties`, so that a getter reads it in place (see ``ICalProperty/text(at:)``);
    /// nil when there is none.
    @inline(__always)
    func withProperty<R>(upper n: String, _ body: (UnsafePointer<ICalProperty>) throws -> R?) rethrows -> R? {
        let count = n.utf8.count
        return try properties.withUnsafeBufferPointer { list in
            guard let base = list.baseAddress else { return nil }
            for i in list.indices where base[i].name.utf8.count == count && base[i].name == n { return try body(base + i) }
            return nil
        }
    }

    /// Every property with a name, in order.
    public func properties(_ name: String) -> [ICalProperty] {
        let n = name.asciiUppercased
        return properties.filter { $0.name.utf8.count == n.utf8.count && $0.name == n }
    }

    /// Replaces every property of that name by `property` (or removes them, with nil),
    /// keeping the position of the first one.
    public mutating func set(_ name: String, _ property: ICalProperty?) {
        let n = name.uppercased()
        let at = properties.firstIndex { $0.name == n }
        properties.removeAll { $0.name == n }
        guard let property else { return }
        properties.insert(property, at: min(at ?? properties.count, properties.count))
    }

    /// Replaces every property of that name by `list`.
    public mutating func setAll(_ name: String, _ list: [ICalProperty]) {
        let n = name.uppercased()
        let at = properties.firstIndex { $0.name == n } ?? properties.count
        properties.removeAll { $0.name == n }
        properties.insert(contentsOf: list, at: min(at, properties.count))
    }

    /// Sub-components with a name.
    public func components(_ name: String) -> [ICalComponent] {
        let n = name.uppercased()
        return components.filter { $0.name == n }
    }

    public static func == (a: ICalComponent, b: ICalComponent) -> Bool {
        a.name == b.name && a.properties == b.properties && a.components == b.components
    }

    public func hash(into h: inout Hasher) { h.combine(name); h.combine(properties); h.combine(components) }
}
