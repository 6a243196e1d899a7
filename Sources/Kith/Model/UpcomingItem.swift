/// One dated thing coming up for a person, as ``Journal/upcoming(from:days:)`` lists them:
/// a birthday, an anniversary, or the day they come due (their cadence says it is time to
/// see them again), on the day it falls in the window.
///
/// A date whose year is unknown (`--04-12`) comes up every year with no ``years``. A
/// 29 February date comes up on 28 February in common years (the last day of February,
/// as most calendars and people keep it), and on 29 February in leap years.
public struct UpcomingItem: Hashable, Sendable {
    /// What the day is.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The person's birthday (vCard `BDAY`).
        case birthday
        /// The person's anniversary (vCard `ANNIVERSARY`, `X-ANNIVERSARY`).
        case anniversary
        /// The day the person comes due: ``due`` says when they were last seen and by which
        /// cadence.
        case due
    }

    /// The day it falls on, inside the window.
    public var date: LocalDate
    public var kind: Kind
    public var person: PersonRef
    /// The date as the person's card gives it (with or without its year); nil for ``Kind/due``.
    public var original: PartialDate?
    /// For ``Kind/due``: when they were last seen, their cadence, a snooze.
    public var due: DuePerson?
    /// The age the person turns (a birthday) or the years since (an anniversary), when the
    /// year is known.
    public var years: Int?
    /// Days from the window's first day to ``date`` (0 on the first day).
    public var daysAway: Int

    public init(date: LocalDate, kind: Kind, person: PersonRef, original: PartialDate?, years: Int?, daysAway: Int, due: DuePerson? = nil) {
        self.date = date; self.kind = kind; self.person = person; self.original = original
        self.years = years; self.daysAway = daysAway; self.due = due
    }
}

extension PartialDate {
    /// The day this date comes round in `year`: 29 February falls on 28 February in a
    /// common year. Nil when `year` is before the date's own year.
    public func occurrence(in year: Int) -> LocalDate? {
        if let own = self.year, year < own { return nil }
        let day = month == 2 && day == 29 && LocalDate.daysInMonth(year: year, month: 2) == 28 ? 28 : day
        return LocalDate(year: year, month: month, day: day)
    }
}
