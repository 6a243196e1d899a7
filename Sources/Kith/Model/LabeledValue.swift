/// An email, phone or URL with an optional label (`home`, `work`, `cell`...).
public struct LabeledValue: Hashable, Sendable, Codable {
    public var label: String
    public var value: String

    public init(_ value: String, label: String = "") {
        self.value = value; self.label = label
    }
}
