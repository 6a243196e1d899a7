/// A problem found while reading or writing a file, reported instead of thrown.
///
/// Both vCard and iCalendar report through this type, so a caller handles them one way.
public struct FormatWarning: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line the problem is on (0 when not tied to a line, e.g. on write).
    public var line: Int
    /// The property concerned (`TEL`, `BEGIN`), or nil.
    public var property: String?
    /// A stable machine-readable code.
    public var code: Code
    /// A sentence for a person: what is wrong and what was done about it.
    public var message: String

    /// Makes a warning.
    public init(line: Int, property: String? = nil, code: Code, message: String) {
        self.line = line
        self.property = property
        self.code = code
        self.message = message
    }

    /// `line 12: TEL: [bad-value] …`
    public var description: String {
        var s = line > 0 ? "line \(line): " : ""
        if let property { s += "\(property): " }
        return s + "[\(code.rawValue)] " + message
    }
}

extension FormatWarning {
    /// A stable warning code; its raw value never changes once released.
    ///
    /// Format layers add their own codes in extensions (`static let x = Code(rawValue: "x")`).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The stable string, in kebab-case.
        public var rawValue: String
        /// Makes a code from its stable string.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A line with no colon, or no property name.
        public static let malformedLine = Code(rawValue: "malformed-line")
        /// A line over ``ContentLineReader/Limits/lineLength``, skipped.
        public static let lineTooLong = Code(rawValue: "line-too-long")
        /// Properties over ``ContentLineReader/Limits/propertiesPerComponent``, skipped.
        public static let tooManyProperties = Code(rawValue: "too-many-properties")
        /// NUL bytes in a line, removed.
        public static let nulByte = Code(rawValue: "nul-byte")
        /// Components nested over ``ContentLineReader/Limits/depth``, skipped.
        public static let tooDeep = Code(rawValue: "too-deep")
        /// Bytes that are not UTF-8 with no charset given; read as Windows-1252.
        public static let invalidUTF8 = Code(rawValue: "invalid-utf8")
        /// A `CHARSET=` this system cannot decode; read as UTF-8 or Windows-1252.
        public static let unknownCharset = Code(rawValue: "unknown-charset")
        /// A quoted-printable `=` not followed by two hex digits; kept literally.
        public static let badQuotedPrintable = Code(rawValue: "bad-quoted-printable")
        /// A component with no `END`; closed where the next one began or at the end of file.
        public static let missingEnd = Code(rawValue: "missing-end")
        /// An `END` with no matching `BEGIN`; ignored.
        public static let unexpectedEnd = Code(rawValue: "unexpected-end")
        /// A property outside any `BEGIN`/`END`; ignored.
        public static let propertyOutsideComponent = Code(rawValue: "property-outside-component")
        /// Base64 data that does not decode.
        public static let badBase64 = Code(rawValue: "bad-base64")
        /// A value that does not fit its property's type; kept as text where possible.
        public static let invalidValue = Code(rawValue: "invalid-value")
        /// A property the target version lacks, written in another form.
        public static let convertedForVersion = Code(rawValue: "converted-for-version")
        /// A property the target version cannot carry at all; left out of the output.
        public static let droppedForVersion = Code(rawValue: "dropped-for-version")
        /// A required property is missing; a default was supplied or the item was skipped.
        public static let missingProperty = Code(rawValue: "missing-property")
        /// A version this reader does not know; read as the nearest one.
        public static let unknownVersion = Code(rawValue: "unknown-version")
        /// A component or element this reader does not know; skipped or kept verbatim.
        public static let unknownComponent = Code(rawValue: "unknown-component")
    }
}
