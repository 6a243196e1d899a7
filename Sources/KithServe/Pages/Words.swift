import Foundation
import Kith

/// Dates and counts in words, as the pages show them.
enum Words {
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `Friday 27 November 2026`.
    static func day(_ d: LocalDate) -> String { "\(weekdays[d.weekday - 1]) \(d.day) \(months[d.month - 1]) \(d.year)" }

    /// `27 Nov 2026`.
    static func shortDay(_ d: LocalDate) -> String { "\(d.day) \(months[d.month - 1].prefix(3)) \(d.year)" }

    /// `1 event`, `3 events`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// `today`, `yesterday`, `5 days ago`, `3 months ago`.
    static func ago(_ d: LocalDate, from today: LocalDate) -> String {
        let days = today.daysSinceEpoch - d.daysSinceEpoch
        switch days {
        case ..<0: return "in " + count(-days, "day")
        case 0: return "today"
        case 1: return "yesterday"
        case 2..<60: return "\(days) days ago"
        case 60..<730: return "\(days / 30) months ago"
        default: return "\(days / 365) years ago"
        }
    }

    /// The clock time of an instant in its event's zone: `14:05`.
    static func clock(_ date: Date, zone: String) -> String {
        let tz = TimeZone(identifier: zone) ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tz
        let c = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }
}
