/// One content line of a calendar: name, parameters and value, with the line it came from.
///
/// `value` is the value exactly as written in iCalendar text (escapes kept), so that
/// unknown properties round-trip untouched; typed accessors decode it.
public struct ICalProperty: Hashable, Sendable {
    /// The name, upper-cased (`DTSTART`, `X-WR-CALNAME`).
    public var name: String
    public var parameters: [ICalParameter]
    /// The raw value as in iCalendar text.
    public var value: String
    /// The 1-based line the property started on; 0 for one built in code. Not part of equality.
    public var line: Int

    public init(name: String, value: String, parameters: [ICalParameter] = [], line: Int = 0) {
        self.name = name.asciiUppercased; self.value = value; self.parameters = parameters; self.line = line
    }

    init(uncheckedName name: String, value: String, parameters: [ICalParameter], line: Int) {
        self.name = name; self.value = value; self.parameters = parameters; self.line = line
    }

    /// A TEXT property, escaping `\ ; ,` and newlines.
    public static func text(_ name: String, _ text: String, parameters: [ICalParameter] = []) -> ICalProperty {
        ICalProperty(name: name, value: ICalText.escape(text), parameters: parameters)
    }

    /// The first value of a parameter, by case-insensitive name.
    public func parameter(_ name: String) -> String? {
        if parameters.isEmpty { return nil }
        return parameter(upper: name.asciiUppercased)
    }

    /// ``parameter(_:)`` for a name already upper-cased.
    @inline(__always)
    func parameter(upper n: String) -> String? {
        let count = n.utf8.count
        for p in parameters where p.name.utf8.count == count && p.name == n { return p.firstValue }
        return nil
    }

    /// Sets (or removes, with nil) a single-valued parameter.
    public mutating func setParameter(_ name: String, _ value: String?) {
        let n = name.uppercased()
        if let i = parameters.firstIndex(where: { $0.name == n }) {
            if let value { parameters[i].values = [value] } else { parameters.remove(at: i) }
        } else if let value {
            parameters.append(ICalParameter(name: n, values: [value]))
        }
    }

    /// The value read as TEXT (escapes undone).
    public var text: String { ICalText.unescape(value) }

    /// The value read as a comma-separated list of TEXT (CATEGORIES, RESOURCES).
    public var textList: [String] { ICalText.splitList(value).map(ICalText.unescape) }

    public static func == (a: ICalProperty, b: ICalProperty) -> Bool {
        a.name == b.name && a.value == b.value && a.parameters == b.parameters
    }

    public func hash(into h: inout Hasher) { h.combine(name); h.combine(value); h.combine(parameters) }
}

extension String {
    /// Upper-cases ASCII letters, without allocating when there are none to change.
    var asciiUppercased: String {
        var s = self
        let lower = s.withUTF8 { b in b.contains { $0 &- 97 < 26 } }
        return lower ? uppercased() : self
    }
}
