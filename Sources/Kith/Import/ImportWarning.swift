/// A problem that did not stop the import: from the format reader or from the mapping.
public struct ImportWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    public var line: Int
    /// A stable kebab-case code (`bad-base64`, `unknown-attendee`...).
    public var code: String
    public var message: String

    public var description: String { (line > 0 ? "line \(line): " : "") + "[\(code)] " + message }
}
