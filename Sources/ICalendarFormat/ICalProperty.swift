/// A property parameter such as `TZID=Europe/Berlin` or `MEMBER="mailto:a@x","mailto:b@x"`.
public struct ICalParameter: Hashable, Sendable {
    /// The name, upper-cased (`TZID`, `VALUE`, `X-FOO`).
    public var name: String
    /// The values, unquoted; most parameters have one.
    public var values: [String]

    public init(name: String, values: [String]) { self.name = name.uppercased(); self.values = values }
    public init(_ name: String, _ value: String) { self.init(name: name, values: [value]) }

    init(uncheckedName name: String, values: [String]) { self.name = name; self.values = values }

    /// The values joined with commas.
    public var value: String { values.joined(separator: ",") }
}

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
        let n = name.asciiUppercased
        for p in parameters where p.name.utf8.count == n.utf8.count && p.name == n { return p.values.first }
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

/// TEXT escaping of RFC 5545 §3.3.11.
enum ICalText {
    static func escape(_ s: String) -> String {
        var needs = false
        for b in s.utf8 where b == 92 || b == 59 || b == 44 || b == 10 || b == 13 { needs = true; break }
        if !needs { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 8)
        var prevCR = false
        for b in s.utf8 {
            switch b {
            case 92: out += [92, 92]
            case 59: out += [92, 59]
            case 44: out += [92, 44]
            case 13: out += [92, 110]
            case 10: if !prevCR { out += [92, 110] }
            default: out.append(b)
            }
            prevCR = b == 13
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func unescape(_ s: String) -> String {
        guard s.utf8.contains(92) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var esc = false
        for b in s.utf8 {
            if esc {
                switch b {
                case 110, 78: out.append(10)
                default: out.append(b)
                }
                esc = false
            } else if b == 92 {
                esc = true
            } else {
                out.append(b)
            }
        }
        if esc { out.append(92) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Splits on commas that are not escaped.
    static func splitList(_ s: String) -> [String] {
        var parts: [String] = []
        var cur: [UInt8] = []
        var esc = false
        for b in s.utf8 {
            if esc { cur.append(b); esc = false; continue }
            if b == 92 { esc = true; cur.append(b); continue }
            if b == 44 { parts.append(String(decoding: cur, as: UTF8.self)); cur = []; continue }
            cur.append(b)
        }
        parts.append(String(decoding: cur, as: UTF8.self))
        return parts
    }
}

extension String {
    /// Upper-cases ASCII letters, without allocating when there are none to change.
    var asciiUppercased: String {
        for b in utf8 where b >= 97 && b <= 122 { return uppercased() }
        return self
    }
}
