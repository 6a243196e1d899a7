import Foundation
import Kith

/// Wall-clock text for instants in a zone, hand-assembled (no `DateFormatter`).
enum LocalTime {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func parts(_ date: Date, _ zone: TimeZone) -> (day: LocalDate, hour: Int, minute: Int, second: Int) {
        let offset = zone.secondsFromGMT(for: date)
        let local = Int((date.timeIntervalSince1970).rounded(.down)) + offset
        let days = Int((Double(local) / 86400).rounded(.down))
        let seconds = local - days * 86400
        return (LocalDate(daysSinceEpoch: days), seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `15:30`.
    static func clock(_ date: Date, _ zone: TimeZone) -> String {
        let p = parts(date, zone)
        return "\(two(p.hour)):\(two(p.minute))"
    }

    /// `Sat 21 Nov 2026`.
    static func day(_ d: LocalDate) -> String {
        "\(weekdays[d.weekday - 1]) \(d.day) \(months[d.month - 1]) \(d.year)"
    }

    /// `2026-11-21T15:30:00+08:00`.
    static func iso(_ date: Date, _ zone: TimeZone) -> String {
        let p = parts(date, zone)
        let offset = zone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let a = abs(offset)
        return "\(p.day)T\(two(p.hour)):\(two(p.minute)):\(two(p.second))\(sign)\(two(a / 3600)):\(two(a / 60 % 60))"
    }

    /// When an event happened, as people read it: `Sat 21 Nov 2026 15:30–17:00`,
    /// `Sat 21 Nov 2026 (all day)`, with the zone named when it is not this machine's.
    static func span(_ e: Event, showZone: Bool = true) -> String {
        let zone = TimeZone(identifier: e.timeZone) ?? .gmt
        var text: String
        if e.allDay {
            text = day(e.startDay)
            if e.endDay != e.startDay { text += " – " + day(e.endDay) }
            text += " (all day)"
        } else {
            let start = parts(e.start, zone)
            text = day(start.day) + " " + clock(e.start, zone)
            if let end = e.end {
                let endParts = parts(end, zone)
                text += "–" + (endParts.day == start.day ? "" : day(endParts.day) + " ") + clock(end, zone)
            }
        }
        if showZone && zone.identifier != TimeZone.current.identifier { text += " " + e.timeZone }
        return text
    }
}
