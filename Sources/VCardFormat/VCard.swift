import ContentLines

/// One contact card: every property in file order, with typed access to the ones people use.
///
/// Properties are kept as ``ContentLine``s exactly as read (quoted-printable and charsets
/// decoded, values still TEXT-escaped), so unknown, `X-` and grouped properties such as
/// Apple's `item1.X-ABLabel` survive a round trip. Typed accessors (``formattedName``,
/// ``emails``, ``birthday``…) read and replace those lines. Writers convert the lines to the
/// target version (see ``VCardWriter``).
public struct VCard: Hashable, Sendable {
    /// The vCard version the properties are written in.
    public var version: Version
    /// Every property except BEGIN, END and VERSION, in order.
    public var properties: [ContentLine]
    /// The 1-based line of BEGIN:VCARD (0 when built in code or read from JSON/XML without lines).
    public var line: Int

    /// Makes a card; properties are expected in the form of `version`.
    public init(version: Version = .v4_0, properties: [ContentLine] = [], line: Int = 0) {
        self.version = version
        self.properties = properties
        self.line = line
    }

    /// A vCard version.
    public enum Version: String, Hashable, Sendable, CaseIterable, Comparable {
        /// vCard 2.1 (1996; Outlook, Android, old phones). Read only.
        case v2_1 = "2.1"
        /// vCard 3.0 (RFC 2426; Apple, Google).
        case v3_0 = "3.0"
        /// vCard 4.0 (RFC 6350).
        case v4_0 = "4.0"

        public static func < (a: Version, b: Version) -> Bool { a.rawValue < b.rawValue }
    }

    /// The property names the typed accessors read and write (their `X-` forms included);
    /// everything else is for the caller to keep verbatim.
    public static let typedPropertyNames: Set<String> = [
        "FN", "N", "NICKNAME", "PHOTO", "LOGO", "BDAY", "ANNIVERSARY", "X-ANNIVERSARY", "EMAIL", "TEL", "ADR", "ORG",
        "TITLE", "ROLE", "URL", "NOTE", "CATEGORIES", "UID", "REV", "GEO", "TZ", "GENDER", "X-GENDER", "RELATED",
        "X-RELATED", "IMPP", "KIND", "X-KIND", "X-ADDRESSBOOKSERVER-KIND", "MEMBER", "X-MEMBER", "X-ADDRESSBOOKSERVER-MEMBER", "INTEREST", "X-INTEREST", "HOBBY", "X-HOBBY",
        "EXPERTISE", "X-EXPERTISE",
    ]

    /// The properties named `name` (case-insensitive), in order.
    public func properties(named name: String) -> [ContentLine] {
        let upper = name.uppercasedIfNeeded
        return properties.filter { $0.name.sameToken(upper) }
    }

    /// The first property named `name`, or nil.
    public func property(_ name: String) -> ContentLine? {
        let upper = name.uppercasedIfNeeded
        return properties.first { $0.name.sameToken(upper) }
    }

    /// Replaces every property named one of `names` by `lines`, placed where the first one was
    /// (or at the end).
    public mutating func replaceProperties(named names: Set<String>, with lines: [ContentLine]) {
        let upper = Set(names.map { $0.uppercased() })
        let index = properties.firstIndex { upper.contains($0.name) } ?? properties.endIndex
        var kept: [ContentLine] = []
        var inserted = false
        for (k, p) in properties.enumerated() {
            if k == index && !inserted { kept += lines; inserted = true }
            if !upper.contains(p.name) { kept.append(p) }
        }
        if !inserted { kept += lines }
        properties = kept
    }

    /// Whether two cards have the same version and the same properties (group, name,
    /// parameters, value) in the same order, ignoring line numbers.
    public func sameContent(as other: VCard) -> Bool {
        version == other.version && properties.count == other.properties.count
            && zip(properties, other.properties).allSatisfy { $0.sameContent(as: $1) }
    }
}
