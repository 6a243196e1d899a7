/// How to order ``Journal/people(in:sort:asOf:)``.
public enum PersonSort: String, Sendable, CaseIterable {
    /// By display name.
    case name
    /// Not seen for longest first; never seen before everyone else.
    case lastSeen
}
