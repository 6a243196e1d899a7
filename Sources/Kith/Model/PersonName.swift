/// The structured name (vCard `N`).
public struct PersonName: Hashable, Sendable, Codable {
    public var family: String
    public var given: String
    public var additional: String
    public var prefixes: String
    public var suffixes: String

    public init(family: String = "", given: String = "", additional: String = "", prefixes: String = "", suffixes: String = "") {
        self.family = family; self.given = given; self.additional = additional
        self.prefixes = prefixes; self.suffixes = suffixes
    }
}
