import Foundation

/// Which vCard version ``Journal/exportVCards(_:)`` writes.
public enum VCardExportVersion: String, Sendable, CaseIterable {
    /// vCard 3.0 (RFC 2426): traits become NOTE lines.
    case v3_0 = "3.0"
    /// vCard 4.0 (RFC 6350): traits become INTEREST, HOBBY and EXPERTISE (RFC 6715).
    case v4_0 = "4.0"
}

/// What ``Journal/exportVCards(_:)`` writes.
public struct VCardExportOptions: Sendable {
    public var version: VCardExportVersion
    /// Only people in this relation category (or its subcategories), by path.
    public var relationPath: String?
    /// Only these people.
    public var personIDs: [Int64]?
    /// Checked once per person: when cancelled, the export throws ``JournalError/cancelled``.
    public var cancellation: Cancellation?

    public init(version: VCardExportVersion = .v4_0, relationPath: String? = nil, personIDs: [Int64]? = nil) {
        self.version = version; self.relationPath = relationPath; self.personIDs = personIDs
    }
}

/// What ``Journal/exportCalendar(_:)`` writes.
public struct CalendarExportOptions: Sendable {
    /// First local day (inclusive).
    public var from: LocalDate?
    /// Last local day (inclusive).
    public var to: LocalDate?
    /// Only events with this person (and, with ``birthdays``, only their dates).
    public var personID: Int64?
    /// Add a yearly all-day event for each birthday and anniversary.
    public var birthdays: Bool
    /// Checked before each piece (about 1 MiB) goes out: when cancelled, the export throws
    /// ``JournalError/cancelled`` (a file export then leaves no file).
    public var cancellation: Cancellation?

    public init(from: LocalDate? = nil, to: LocalDate? = nil, personID: Int64? = nil, birthdays: Bool = false) {
        self.from = from; self.to = to; self.personID = personID; self.birthdays = birthdays
    }
}

/// An export: the file's bytes, how many people or events it holds, and what could not be
/// carried over exactly.
public struct ExportResult: Sendable {
    public var data: Data
    public var count: Int
    public var warnings: [String]
}

/// An export streamed to a file or a sink: how many people or events it holds, how many
/// bytes it took, and what could not be carried over exactly.
public struct ExportSummary: Sendable {
    public var count: Int
    public var byteCount: Int
    public var warnings: [String]
}

/// What ``Journal/exportVdir(to:cancellation:)`` did.
public struct VdirExportReport: Sendable, Hashable {
    /// Files written because they were new or changed.
    public var written: Int
    /// Files left alone because their content was the same.
    public var unchanged: Int
    /// `.vcf`/`.ics` files removed because their person or event is gone.
    public var removed: Int
}
