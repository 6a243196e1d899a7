/// A trait to record: a trait kind path (`Interests` or `Interests/Climbing`) and text.
///
/// A missing subcategory under an existing trait kind is created (traits are free-form);
/// the main kind must exist.
public struct TraitDraft: Hashable, Sendable, Codable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path; self.text = text
    }
}
