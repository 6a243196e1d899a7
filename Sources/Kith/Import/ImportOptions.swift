import Foundation

/// How ``Journal/importFile(at:options:)`` imports a file.
public struct ImportOptions: Sendable {
    /// A relation category path (`Friends/College`) to put every imported person in. It is
    /// created when missing: the user asked for it by name. Nil: the card's CATEGORIES when
    /// they name an existing relation category, else `Imported/<file name>`.
    public var into: String?
    /// Work out what would happen and report it, changing nothing.
    public var dryRun: Bool
    /// Import the cards and events that can be imported and list the others, instead of
    /// importing nothing when one fails.
    public var keepGoing: Bool
    /// The zone of floating times and dates, and of events given in UTC or in a zone that
    /// is not an IANA one.
    public var timeZone: TimeZone
    /// Recurring events import as their occurrences from this instant (nil: from the
    /// rule's start).
    public var from: Date?
    /// ... up to this instant (nil: up to ``now``).
    public var to: Date?
    /// What "today" is (tests fix it).
    public var now: Date
    /// Called after each card or event, from the importing thread. The library never prints.
    public var progress: (@Sendable (ImportProgress) -> Void)?
    /// Whether the report keeps every item and warning (true), or only their counts (the
    /// failures are always kept). A large calendar gives hundreds of thousands of each.
    public var keepsDetails = true
    /// Checked once per card or event: when cancelled, the import stops and throws
    /// ``JournalError/cancelled``, and the file's transaction is rolled back.
    public var cancellation: Cancellation?

    /// Options with the defaults: no `into`, all or nothing, the current zone, occurrences up to now.
    public init(
        into: String? = nil, dryRun: Bool = false, keepGoing: Bool = false, timeZone: TimeZone = .current,
        from: Date? = nil, to: Date? = nil, now: Date = Date(),
        progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) {
        self.into = into; self.dryRun = dryRun; self.keepGoing = keepGoing; self.timeZone = timeZone
        self.from = from; self.to = to; self.now = now; self.progress = progress
    }
}
