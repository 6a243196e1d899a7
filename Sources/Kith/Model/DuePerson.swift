/// The cadence that applies to a person and where it comes from.
public struct PersonCadence: Hashable, Sendable {
    /// Where a person's cadence is set.
    public enum Source: Hashable, Sendable {
        /// On the person.
        case person
        /// On their relation category: their sub category, or its main category
        /// (``Category/parentID`` tells which).
        case category(Category)
    }

    /// What applies; ``Cadence/never`` when the nearest setting says "never remind".
    public var cadence: Cadence
    public var source: Source
    /// The day the cadence began to apply to them: the later of the day it was set and
    /// (for a category's) the day they joined the category. Someone never seen is due
    /// from this day.
    public var since: LocalDate
}

/// A person with a cadence, and when they are due: a row of `kith due`.
public struct DuePerson: Hashable, Sendable {
    public var person: PersonRef
    /// Their relation category, if any.
    public var relation: Category?
    /// The local day of their latest event on or before the as-of day; nil if never seen.
    public var lastSeen: LocalDate?
    /// The cadence that applies (never ``Cadence/never`` here) and where it is set.
    public var cadence: PersonCadence
    /// When a snooze is in effect (none was made before an event on a later day): the
    /// day it moved them to.
    public var snoozedUntil: LocalDate?
    /// The day they are due: `lastSeen` plus the cadence (or the day the cadence began to
    /// apply, if never seen), moved later by a snooze in effect.
    public var dueDate: LocalDate
    /// Days from `dueDate` to the as-of day: 0 on the day, positive when overdue,
    /// negative when not yet due.
    public var daysOverdue: Int
    /// `daysOverdue` as a share of the cadence's length (a week late on a weekly cadence
    /// is 1, on a yearly one about 0.02): what `kith due` sorts by, most overdue first.
    public var lateness: Double
}
