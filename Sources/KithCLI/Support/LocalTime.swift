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
        // Written as bytes (a third of the interpolation's instructions).
        var w = ByteWriter()
        w.out.reserveCapacity(16)
        w.day(d)
        return String(decoding: w.out, as: UTF8.self)
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
    /// `zones` keeps the zones between calls, for many events.
    static func span(_ e: Event, showZone: Bool = true, zones: Zones? = nil) -> String {
        let zone = zones?.zone(e.timeZone) ?? TimeZone(identifier: e.timeZone) ?? .gmt
        let named = showZone && zone.identifier != (zones?.localIdentifier ?? LocalZone.current.identifier)
        let start = e.allDay ? nil : parts(e.start, zone)
        let end = e.allDay ? nil : e.end.map { parts($0, zone) }
        // Written as UTF-8 bytes (a listing makes one per event), then made a string once:
        // two days of at most 26 bytes, the separators, two clocks, then the zone's name.
        let zoneBytes = named ? e.timeZone.utf8 : "".utf8
        var w = ByteWriter()
        w.out.reserveCapacity(96 + zoneBytes.count)
        if e.allDay {
            w.day(e.startDay)
            if e.endDay != e.startDay {
                w.bytes(" – ")
                w.day(e.endDay)
            }
            w.bytes(" (all day)")
        } else if let start {
            w.day(start.day)
            w.byte(0x20)
            w.clock(start.hour, start.minute)
            if let end {
                w.bytes("–")
                if end.day != start.day {
                    w.day(end.day)
                    w.byte(0x20)
                }
                w.clock(end.hour, end.minute)
            }
        }
        if named {
            w.byte(0x20)
            w.out.append(contentsOf: zoneBytes)
        }
        return String(decoding: w.out, as: UTF8.self)
    }

    /// Writes ``span(_:showZone:zones:)``'s pieces as UTF-8.
    private struct ByteWriter {
        var out: [UInt8] = []

        mutating func byte(_ b: UInt8) { out.append(b) }

        mutating func bytes(_ text: String) { out.append(contentsOf: text.utf8) }

        /// `n` in decimal with at least `digits` digits (`n` is not negative).
        mutating func number(_ n: Int, digits: Int) {
            var divisor = 1, length = 1
            while length < digits || n / divisor >= 10 { divisor *= 10; length += 1 }
            while divisor > 0 {
                byte(UInt8(truncatingIfNeeded: 48 + n / divisor % 10))
                divisor /= 10
            }
        }

        /// As ``LocalTime/day(_:)``: `Sat 21 Nov 2026`.
        mutating func day(_ d: LocalDate) {
            for b in LocalTime.weekdays[d.weekday - 1].utf8 { byte(b) }
            byte(0x20)
            number(d.day, digits: 1)
            byte(0x20)
            for b in LocalTime.months[d.month - 1].utf8 { byte(b) }
            byte(0x20)
            if d.year < 0 {
                for b in String(d.year).utf8 { byte(b) }
            } else {
                number(d.year, digits: 1)
            }
        }

        /// As ``LocalTime/clock(_:_:)``: `15:30`.
        mutating func clock(_ hour: Int, _ minute: Int) {
            number(hour, digits: 2)
            byte(UInt8(ascii: ":"))
            number(minute, digits: 2)
        }
    }

    /// Time zones by name, each made once, and this machine's zone name: for formatting
    /// many events.
    final class Zones {
        private var zones: [String: TimeZone] = [:]
        let localIdentifier = LocalZone.current.identifier

        /// The zone with this IANA name; GMT for a name Foundation does not know.
        func zone(_ identifier: String) -> TimeZone {
            if let zone = zones[identifier] { return zone }
            let zone = TimeZone(identifier: identifier) ?? .gmt
            zones[identifier] = zone
            return zone
        }
    }
}
