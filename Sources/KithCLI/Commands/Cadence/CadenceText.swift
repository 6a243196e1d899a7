import Foundation
import Kith

/// What `--every` takes: a cadence (`2w`, `3m`, `none`) or `inherit` (nil: the person's or
/// category's own setting removed).
enum CadenceOption {
    /// The forms, for messages and help.
    static let forms = "Nd, Nw, Nm or Ny such as 2w or 3m, none (never remind) or inherit"

    /// Reads `--every VALUE`; a usage error (exit 2) for anything else.
    static func parse(_ text: String, option: String = "--every") throws -> Cadence? {
        if text.lowercased() == "inherit" { return nil }
        guard let cadence = Cadence(text) else {
            throw UsageError("\(option) \(text) is not a cadence", "give \(forms)")
        }
        return cadence
    }

    /// A length of time for `kith snooze` (`1w`, `3d`): a cadence other than none.
    static func length(_ text: String) throws -> Cadence {
        guard let length = Cadence(text), length != .never else {
            throw UsageError("\(text) is not a length of time", "give Nd, Nw, Nm or Ny, such as 1w or 3d")
        }
        return length
    }

    /// `every 2 weeks (from Family/Cousins)`, `every week (their own)`.
    static func describe(_ c: PersonCadence) -> String {
        c.cadence.phrase + " (" + source(c.source) + ")"
    }

    /// `from Family/Cousins` or `their own`.
    static func source(_ s: PersonCadence.Source) -> String {
        switch s {
        case .person: return "their own"
        case .category(let c): return "from \(c.path)"
        }
    }

    /// `today`, `5 days`, `3 weeks`, `4 months`, `2 years`: how long overdue.
    static func span(_ days: Int) -> String {
        switch days {
        case ..<1: return "today"
        case 1: return "1 day"
        case ..<14: return "\(days) days"
        case ..<60: return "\(days / 7) weeks"
        case ..<730: return "\(days / 30) months"
        default: return "\(days / 365) years"
        }
    }

    /// `5 days overdue`, `due today`, `due in 3 days`.
    static func overdue(_ days: Int) -> String {
        if days == 0 { return "due today" }
        if days < 0 { return -days == 1 ? "due tomorrow" : "due in \(span(-days))" }
        return "\(span(days)) overdue"
    }
}

/// A row of `kith due --json`.
struct DueJSON: Encodable {
    var id: Int64
    var name: String
    var relation: String?
    /// `YYYY-MM-DD`, or null if never seen.
    var lastSeen: String?
    /// `2w`, as `--every` takes it.
    var cadence: String
    /// `person`, or the category path it comes from.
    var cadenceFrom: String
    var dueDate: String
    var daysOverdue: Int
    var snoozedUntil: String?

    init(_ d: DuePerson) {
        id = d.person.id
        name = d.person.displayName
        relation = d.relation?.path
        lastSeen = d.lastSeen?.description
        cadence = d.cadence.cadence.description
        switch d.cadence.source {
        case .person: cadenceFrom = "person"
        case .category(let c): cadenceFrom = c.path
        }
        dueDate = d.dueDate.description
        daysOverdue = d.daysOverdue
        snoozedUntil = d.snoozedUntil?.description
    }
}
