/// A postal address (vCard `ADR`).
public struct PostalAddress: Hashable, Sendable, Codable {
    public var label: String
    public var poBox: String
    public var extended: String
    public var street: String
    public var locality: String
    public var region: String
    public var postalCode: String
    public var country: String

    public init(
        label: String = "", poBox: String = "", extended: String = "", street: String = "", locality: String = "",
        region: String = "", postalCode: String = "", country: String = ""
    ) {
        self.label = label; self.poBox = poBox; self.extended = extended; self.street = street
        self.locality = locality; self.region = region; self.postalCode = postalCode; self.country = country
    }
}
