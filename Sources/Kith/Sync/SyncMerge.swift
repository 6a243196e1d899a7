import Foundation

/// The three-way merge of one item, field by field: base (the body last synced), local (the
/// journal now), remote (the server now).
///
/// - A field the same on both sides, or changed on one side only, takes that value.
/// - A field both changed (or, with no base, that differs) takes the newer edit's value: the
///   journal's when its last change is later than the server body's LAST-MODIFIED, DTSTAMP
///   or REV, else the server's (also when the body has none). The losing value is kept: a
///   dated "Sync conflict" line in the item's note, and a conflict record.
/// - Sets (an event's people, photos, traits; a person's traits) merge as sets: what the
///   server added is added, what it removed since the base is removed, the journal's own
///   additions stay.
struct SyncMerge {
    /// Whether the journal's edit is the newer one.
    var localWins: Bool
    var conflicts: [(field: String, kept: String, lost: String, side: SyncConflict.Side)] = []

    mutating func pick<T: Equatable>(_ field: String, base: T?, local: T, remote: T, show: (T) -> String) -> T {
        if local == remote { return local }
        if let base {
            if remote == base { return local }
            if local == base { return remote }
        }
        let (kept, lost) = localWins ? (local, remote) : (remote, local)
        conflicts.append((field, show(kept), show(lost), localWins ? .local : .remote))
        return kept
    }

    func set<T: Equatable>(base: [T]?, local: [T], remote: [T]) -> [T] {
        guard let base else { return local + remote.filter { !local.contains($0) } }
        let removed = base.filter { !remote.contains($0) }
        var r = local.filter { !removed.contains($0) }
        for a in remote where !base.contains(a) && !r.contains(a) { r.append(a) }
        return r
    }

    /// The note with a line for each conflict appended.
    func note(_ note: String, on day: String) -> String {
        guard !conflicts.isEmpty else { return note }
        var lines: [String] = []
        for c in conflicts where c.field != "note" || !c.lost.isEmpty {
            let lostSide = c.side == .local ? "the server" : "this journal"
            let keptSide = c.side == .local ? "this journal" : "the server"
            lines.append("Sync conflict \(day): \(c.field) was \"\(c.lost)\" on \(lostSide); kept \"\(c.kept)\" from \(keptSide).")
        }
        guard !lines.isEmpty else { return note }
        return (note.isEmpty ? "" : note + "\n\n") + lines.joined(separator: "\n")
    }

    /// The Unix time of a REV, LAST-MODIFIED or DTSTAMP text (`20261127T203059Z`,
    /// `2026-11-27T20:30:59Z`, a date alone), read as UTC; nil when it is not one.
    static func seconds(_ text: String?) -> Int64? {
        guard let text else { return nil }
        let digits = text.filter(\.isASCII).filter(\.isNumber)
        guard digits.count >= 8 else { return nil }
        let d = Array(digits)
        func n(_ r: Range<Int>) -> Int? { r.upperBound <= d.count ? Int(String(d[r])) : nil }
        var c = DateComponents()
        c.year = n(0..<4)
        c.month = n(4..<6)
        c.day = n(6..<8)
        c.hour = n(8..<10) ?? 0
        c.minute = n(10..<12) ?? 0
        c.second = n(12..<14) ?? 0
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal.date(from: c).map { Int64($0.timeIntervalSince1970) }
    }

    /// `2026-11-27`: today, for the conflict lines.
    static func today() -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = .current
        let c = cal.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
