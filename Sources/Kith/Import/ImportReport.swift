import Foundation

/// What an import did (or, in a dry run, would do) with one file.
///
/// The counts of each action and of each warning code are always kept. The items and
/// warnings themselves are kept only when ``ImportOptions/keepsDetails`` is set (the
/// default): a calendar of 100,000 recurring events gives hundreds of thousands of each, and
/// a caller that shows only the counts need not hold them all in memory.
public struct ImportReport: Sendable, Hashable {
    /// The file name as given.
    public var file: String
    /// What the file turned out to hold, read from its content (`vCard 3.0`, `xCard`, `jCal`...).
    public var format: String
    /// Whether nothing was written.
    public var dryRun: Bool
    /// Every card or event, in file order, with what happened to it and why (empty unless
    /// details were kept).
    public private(set) var items: [ImportItem] = []
    /// Cards or events that could not be imported (only with `keepGoing`; otherwise the
    /// first one is thrown as ``Journal/ImportError``). Always kept.
    public var failures: [ImportFailure] = []
    /// Problems that did not stop the import, in file order (empty unless details were kept).
    public private(set) var warnings: [ImportWarning] = []
    /// Whether ``items`` and ``warnings`` are kept, or only counted.
    public let keepsDetails: Bool
    /// VEVENTs that had no UID and were imported under one made from their content.
    public var eventsWithoutUID = 0
    /// Distinct ATTENDEE and ORGANIZER addresses that found no one in the journal (they
    /// stay on their events).
    public var unmatchedAddresses = 0
    /// Events counted unchanged because their VEVENT and what its mapping reads were as
    /// at the last import, without mapping it again: how often a re-import took that path.
    var unmappedUnchanged = 0
    /// The calendar's top-level components other than VEVENT, by name, with their counts.
    public var heldComponents: [String: Int] = [:]
    /// Whether the file held nothing at all (or only blank lines).
    public var fileIsEmpty = false
    private var actionCounts: [ImportItem.Action: Int] = [:]
    private var warningTally: [String: Int] = [:]

    /// An empty report for `file`.
    public init(file: String, format: String, dryRun: Bool, keepsDetails: Bool = true) {
        self.file = file
        self.format = format
        self.dryRun = dryRun
        self.keepsDetails = keepsDetails
    }

    /// The items the plain report explains, in file order: those updated or skipped, and
    /// those added as possible duplicates of someone. The first ``explainedLimit`` are kept
    /// even when details are not; ``explainedCount`` counts them all.
    public private(set) var explained: [ImportItem] = []
    /// How many items ``explained`` would hold without its limit.
    public private(set) var explainedCount = 0
    /// How many items were added as possible duplicates of someone already there.
    public private(set) var possibleDuplicateCount = 0
    /// How many explained items a report keeps when details are not kept.
    public static let explainedLimit = 20

    /// Counts `n` unchanged items as ``record(_:)`` of each would when details are not kept
    /// (an unchanged item is never explained).
    mutating func recordUnchanged(count n: Int) {
        precondition(!keepsDetails, "unchanged items are only counted without details")
        actionCounts[.unchanged, default: 0] += n
    }

    /// Counts `item`, and keeps it when details are kept (or, while there are few, when it
    /// needs explaining).
    public mutating func record(_ item: ImportItem) {
        actionCounts[item.action, default: 0] += 1
        if keepsDetails { items.append(item) }
        if item.duplicateOf != nil { possibleDuplicateCount += 1 }
        if item.action == .updated || item.action == .skipped || item.duplicateOf != nil {
            explainedCount += 1
            if explained.count < Self.explainedLimit { explained.append(item) }
        }
    }

    /// Counts `warnings` by code, and keeps them when details are kept.
    public mutating func note(_ warnings: [ImportWarning]) {
        for w in warnings { warningTally[w.code, default: 0] += 1 }
        if keepsDetails { self.warnings += warnings }
    }

    /// Puts the kept warnings in line order (the order of the file).
    mutating func sortWarnings() {
        warnings.sort { $0.line < $1.line }
    }

    /// How many cards or events met `action` (kept or not).
    public func count(_ action: ImportItem.Action) -> Int { actionCounts[action] ?? 0 }
    /// How many warnings there were (kept or not).
    public var warningCount: Int { warningTally.values.reduce(0, +) }

    /// The items added.
    public var added: [ImportItem] { items.filter { $0.action == .added } }
    /// The items updated.
    public var updated: [ImportItem] { items.filter { $0.action == .updated } }
    /// The items the file had nothing new for.
    public var unchanged: [ImportItem] { items.filter { $0.action == .unchanged } }
    /// The items not taken from the file, each with its reason (a REV not newer, a
    /// contact group, your own edits that outweigh the file's).
    public var skipped: [ImportItem] { items.filter { $0.action == .skipped } }
    /// The people added who may be someone already there (see ``ImportItem/duplicateOf``).
    public var possibleDuplicates: [ImportItem] { items.filter { $0.duplicateOf != nil } }

    /// How many warnings of each code, most frequent first (then by code); kept or not.
    public var warningCounts: [(code: String, count: Int)] {
        warningTally.map { (code: $0.key, count: $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.code < $1.code }
    }

    public static func == (a: ImportReport, b: ImportReport) -> Bool {
        a.file == b.file && a.format == b.format && a.dryRun == b.dryRun && a.items == b.items
            && a.failures == b.failures && a.warnings == b.warnings && a.keepsDetails == b.keepsDetails
            && a.actionCounts == b.actionCounts && a.warningTally == b.warningTally
            && a.explained == b.explained && a.explainedCount == b.explainedCount
    }

    public func hash(into h: inout Hasher) { h.combine(file); h.combine(items); h.combine(actionCounts) }
}
