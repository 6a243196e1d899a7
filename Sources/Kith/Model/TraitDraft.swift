/// A trait to record: a trait kind path (`Interests` or `Interests/Climbing`), text, and
/// the one person it is about.
///
/// A missing subcategory under an existing trait kind is created (traits are free-form);
/// the main kind must exist.
public struct TraitDraft: Hashable, Sendable, Codable {
    public var path: String
    public var text: String
    /// Whom it is about: one of the event's people. Nil means the event's only person; an
    /// event with several people refuses a trait without one.
    public var personID: Int64?
    /// The stored trait this draft is (an edited event keeps its traits' ids); nil for a new one.
    public var id: Int64?

    public init(path: String, text: String, personID: Int64? = nil, id: Int64? = nil) {
        self.path = path; self.text = text; self.personID = personID; self.id = id
    }
}
