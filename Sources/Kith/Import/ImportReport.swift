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

/// One card or event of an imported file and what happened to it.
public struct ImportItem: Sendable, Hashable, Codable {
    /// A person (from a card) or an event.
    public enum Kind: String, Sendable, Codable { case person, event }
    /// What the import did: `added` and `updated` wrote to the journal; `unchanged` found
    /// nothing new; `skipped` left something of the file out, and its reason says why.
    /// (A card or event that fails is an ``ImportFailure``.)
    public enum Action: String, Sendable, Codable { case added, updated, unchanged, skipped }

    public var kind: Kind
    public var action: Action
    /// The person's display name or the event's title.
    public var name: String
    /// The line the card or event starts on (0 for JSON/XML forms).
    public var line: Int
    /// Why: which rule matched, which fields changed, why nothing changed.
    public var reason: String
    /// The person or event id (nil in a dry run for something that would be added).
    public var id: Int64?
    /// For a person added: someone already there who shares an e-mail or phone (or a
    /// number that ends alike) under another name, and so may be the same person.
    /// `kith person duplicates` lists the pair.
    public var duplicateOf: Int64? = nil

    public init(kind: Kind, action: Action, name: String, line: Int, reason: String, id: Int64?, duplicateOf: Int64? = nil) {
        self.kind = kind; self.action = action; self.name = name; self.line = line; self.reason = reason
        self.id = id; self.duplicateOf = duplicateOf
    }
}

/// A card or event that could not be imported.
public struct ImportFailure: Error, Sendable, Hashable, Codable {
    public var line: Int
    /// The card's or event's name when it has one.
    public var name: String
    public var reason: String
}

/// A problem that did not stop the import: from the format reader or from the mapping.
public struct ImportWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    public var line: Int
    /// A stable kebab-case code (`bad-base64`, `unknown-attendee`...).
    public var code: String
    public var message: String

    public var description: String { (line > 0 ? "line \(line): " : "") + "[\(code)] " + message }
}

extension Journal {
    /// Why a file imported nothing: it could not be read, or (without `keepGoing`) one of its
    /// cards or events failed. Nothing was written.
    public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        /// The file name.
        public var file: String
        /// The line of the card or event that failed (0 when not tied to one).
        public var line: Int
        /// The card's or event's name, if it has one.
        public var item: String?
        /// What went wrong.
        public var reason: String
        /// What the user can do.
        public var advice: String

        /// `friends.vcf, line 12 (card "Ana Lima"): the card has no name (...)`
        public var description: String {
            var s = file
            if line > 0 { s += ", line \(line)" }
            if let item, !item.isEmpty { s += " (\(item))" }
            return s + ": " + reason + " (" + advice + ")"
        }

        public var errorDescription: String? { description }
    }
}
