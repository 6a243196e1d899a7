import ContentLines

/// Writes cards as vCard 3.0 or 4.0 text, converting each card to that version.
///
/// ```swift
/// var writer = VCardWriter(version: .v4_0)
/// for card in cards { writer.write(card) }
/// try Data(writer.bytes).write(to: url)      // writer.warnings says what changed
/// ```
public struct VCardWriter: Sendable {
    /// The version every card is written in (3.0 or 4.0).
    public let version: VCard.Version
    /// What the conversion changed or could not carry, per card and line.
    public private(set) var warnings: [FormatWarning] = []
    private var output = ContentLineWriter()

    /// Makes a writer for `version`; 2.1 cannot be written and becomes 3.0 with a warning.
    public init(version: VCard.Version) {
        if version == .v2_1 {
            self.version = .v3_0
            warnings.append(
                FormatWarning(
                    line: 0, property: "VERSION", code: .convertedForVersion,
                    message: "vCard 2.1 is read but not written; writing 3.0, which every tool that reads 2.1 also reads."))
        } else {
            self.version = version
        }
    }

    /// The bytes written so far (UTF-8, CRLF, folded at 75 octets).
    public var bytes: [UInt8] { output.bytes }
    /// The text written so far.
    public var string: String { output.string }

    /// Appends one card.
    /// - Complexity: O(size of the card).
    public mutating func write(_ card: VCard) {
        output.begin("VCARD")
        output.write(name: "VERSION", value: version.rawValue)
        for p in card.properties(for: version, warnings: &warnings) {
            output.write(p)
        }
        output.end("VCARD")
    }

    /// Writes `cards` as one file in `version`.
    public static func write(_ cards: [VCard], version: VCard.Version) -> (text: String, warnings: [FormatWarning]) {
        var w = VCardWriter(version: version)
        for c in cards { w.write(c) }
        return (w.string, w.warnings)
    }
}
