/// One property line of a vCard or iCalendar file: group, name, parameters and value.
///
/// The value is kept in its escaped form (`\,` `\;` `\n` `\\` are not undone), because
/// which escapes apply depends on the property type; the format layers unescape it with
/// ``TextEscaping``. Quoted-printable and non-UTF-8 charsets are already decoded by vCard's
/// reader (its dialect), which then drops the `ENCODING=QUOTED-PRINTABLE` and `CHARSET=` parameters.
public struct ContentLine: Hashable, Sendable {

    /// The 1-based physical line on which the property starts (0 when built in code).
    public var line: Int
    /// The group before the dot (`item1` in `item1.TEL`), or nil.
    public var group: String?
    /// The property name, uppercased (`TEL`, `X-ABLABEL`).
    public var name: String
    /// The parameters in the order first seen; repeated names are merged into one.
    public var parameters: [Parameter]
    /// The raw value after the colon, still TEXT-escaped.
    public var value: String

    /// The reader's initializer: each field set straight (no delegation, which copied the new
    /// line whole and released the copy, four retains and four releases a line). `line`
    /// comes first so that its labels differ from the public initializer's.
    @inlinable @inline(__always)
    init(line: Int, group: String?, name: String, parameters: [Parameter], value: String) {
        self.line = line
        self.group = group
        self.name = name
        self.parameters = parameters
        self.value = value
    }
}

extension ContentLine {
    /// Makes a content line; `name` is uppercased.
    public init(group: String? = nil, name: String, parameters: [Parameter] = [], value: String, line: Int = 0) {
        self.group = group
        self.name = name.uppercasedIfNeeded
        self.parameters = parameters
        self.value = value
        self.line = line
    }

    /// The values of the parameter `name` (case-insensitive), or an empty array.
    public func parameter(_ name: String) -> [String] {
        let upper = name.uppercasedIfNeeded
        for p in parameters where p.name.sameToken(upper) { return p.values }
        return []
    }

    /// The first value of the parameter `name`, or nil.
    public func firstParameter(_ name: String) -> String? {
        parameter(name).first
    }

    /// Whether a `TYPE` value equals `type`, ignoring case (`TYPE=work,voice`, bare `WORK`).
    public func hasType(_ type: String) -> Bool {
        for v in parameter("TYPE") where v.caseInsensitiveEquals(type) { return true }
        return false
    }

    /// Sets (or with an empty array removes) the parameter `name`.
    public mutating func setParameter(_ name: String, _ values: [String]) {
        let upper = name.uppercasedIfNeeded
        if let i = parameters.firstIndex(where: { $0.name == upper }) {
            if values.isEmpty { parameters.remove(at: i) } else { parameters[i].values = values }
        } else if !values.isEmpty {
            parameters.append(Parameter(name: upper, values: values))
        }
    }

    /// Removes the parameter `name` if present.
    public mutating func removeParameter(_ name: String) {
        setParameter(name, [])
    }

    /// Whether this line equals `other` apart from the line number.
    public func sameContent(as other: ContentLine) -> Bool {
        group?.uppercased() == other.group?.uppercased() && name == other.name
            && parameters == other.parameters && value == other.value
    }
}

extension ContentLine {
    /// A property parameter: an uppercased name and one or more values (unquoted, RFC 6868 decoded).
    public struct Parameter: Hashable, Sendable {
        /// The parameter name, uppercased (`TYPE`, `VALUE`, `TZID`).
        public var name: String
        /// The values, without quotes; `TYPE=a,b` gives two.
        public var values: [String]

        /// Makes a parameter; `name` is uppercased.
        public init(name: String, values: [String]) {
            self.name = name.uppercasedIfNeeded
            self.values = values
        }

        /// Makes a parameter whose name is uppercase already (the reader's fast path).
        @inlinable init(uppercased name: String, values: [String]) {
            self.name = name
            self.values = values
        }

        /// Makes a parameter with one value.
        public init(_ name: String, _ value: String) {
            self.init(name: name, values: [value])
        }
    }
}

extension String {
    /// The string uppercased, without allocating when it has no lowercase letters already.
    @inlinable
    package var uppercasedIfNeeded: String {
        var copy = self
        let lower = copy.withUTF8 { bytes in
            for b in bytes where b >= 0x61 && b <= 0x7A { return true }
            return false
        }
        return lower ? uppercased() : self
    }

    /// Equality for names and tokens: lengths first (free for short strings), so most
    /// mismatches never reach the full Unicode comparison.
    @inlinable @inline(__always)
    package func sameToken(_ other: String) -> Bool {
        utf8.count == other.utf8.count && self == other
    }

    /// ASCII case-insensitive equality, cheap for short tokens.
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        // Compared in the contiguous bytes (no UTF-8 view iterators).
        var a = self, b = other
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for k in 0..<x.count {
                    let cx = x[k], cy = y[k]
                    if cx == cy { continue }
                    let lx = (cx >= 65 && cx <= 90) ? cx | 0x20 : cx
                    let ly = (cy >= 65 && cy <= 90) ? cy | 0x20 : cy
                    if lx != ly { return false }
                }
                return true
            }
        }
    }
}
