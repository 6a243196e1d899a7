// TEMPORARY until ContentLines lands: mirrors ContentLines.FormatWarning.
public struct FormatWarning: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var property: String?
    public var code: Code
    public var message: String
    public init(line: Int, property: String? = nil, code: Code, message: String) {
        self.line = line; self.property = property; self.code = code; self.message = message
    }
    public var description: String {
        var s = line > 0 ? "line \(line): " : ""
        if let property { s += "\(property): " }
        return s + "[\(code.rawValue)] " + message
    }
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
        public static let malformedLine = Code(rawValue: "malformed-line")
        public static let missingEnd = Code(rawValue: "missing-end")
        public static let unexpectedEnd = Code(rawValue: "unexpected-end")
        public static let propertyOutsideComponent = Code(rawValue: "property-outside-component")
        public static let invalidValue = Code(rawValue: "invalid-value")
        public static let missingProperty = Code(rawValue: "missing-property")
        public static let unknownComponent = Code(rawValue: "unknown-component")
    }
}
