import Foundation

/// What the reader checks in a property's value, from its name.
enum ICalPropertyKind: UInt8 {
    case date, dateList, rrule, duration, uid, other

    /// Classifies a property name, gating on length and first byte so that most names
    /// are rejected without a string comparison.
    static func of(_ n: String) -> ICalPropertyKind {
        let u = n.utf8
        guard let f = u.first else { return .other }
        switch (f, u.count) {
        case (68, 7): return n == "DTSTART" || n == "DTSTAMP" ? .date : .other
        case (68, 5): return n == "DTEND" ? .date : .other
        case (68, 3): return n == "DUE" ? .date : .other
        case (68, 8): return n == "DURATION" ? .duration : .other
        case (82, 13): return n == "RECURRENCE-ID" ? .date : .other
        case (82, 5): return n == "RDATE" ? .dateList : n == "RRULE" ? .rrule : .other
        case (67, 7): return n == "CREATED" ? .date : .other
        case (67, 9): return n == "COMPLETED" ? .date : .other
        case (76, 13): return n == "LAST-MODIFIED" ? .date : .other
        case (69, 6): return n == "EXDATE" ? .dateList : .other
        case (85, 3): return n == "UID" ? .uid : .other
        default: return .other
        }
    }
}

/// Short strings a calendar repeats on every event (property, parameter and component
/// names, parameter values such as `REQ-PARTICIPANT` or a TZID, STATUS values), made once
/// per read and then shared: a repeated one costs neither UTF-8 validation nor a new string.
///
/// Keys are the raw bytes (up to 16), so the same bytes always give the same string. The
/// table is direct-mapped with a fixed size: a new string takes its slot from an earlier
/// one (never from a seeded one), so a file of all-different values never grows it.
struct ICalTokens {
    struct Entry {
        var k0: UInt64
        var k1: UInt64
        var length: Int
        var pinned: Bool
        var kind: ICalPropertyKind
        var string: String
    }

    static let maxLength = 16
    private static let bits = 10
    private var entries: [Entry]

    init(seed: [String] = []) {
        entries = Array(
            repeating: Entry(k0: 0, k1: 0, length: 0, pinned: false, kind: .other, string: ""),
            count: 1 << Self.bits)
        for s in seed {
            let bytes = Array(s.utf8)
            bytes.withUnsafeBufferPointer { b in
                let k = Self.key(b.baseAddress!, b.count)
                if find(b.count, k) < 0 { add(b.count, k, s, ICalPropertyKind.of(s), pinned: true) }
            }
        }
    }

    /// Up to 16 bytes packed into two words; for a given length, different bytes give
    /// different keys (the loads of 4 or 8 bytes may overlap, never reading past `p + n`).
    @inline(__always)
    static func key(_ p: UnsafePointer<UInt8>, _ n: Int) -> (UInt64, UInt64) {
        let r = UnsafeRawPointer(p)
        if n >= 8 {
            let k0 = r.loadUnaligned(as: UInt64.self)
            return (k0, n > 8 ? r.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) : 0)
        }
        if n >= 4 {
            let a = UInt64(r.loadUnaligned(as: UInt32.self))
            let b = UInt64(r.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
            return (a | b &<< 32, 0)
        }
        var k0: UInt64 = 0
        var i = 0
        while i < n { k0 |= UInt64(p[i]) &<< UInt64(8 * i); i += 1 }
        return (k0, 0)
    }

    @inline(__always)
    private static func slot(_ n: Int, _ k: (UInt64, UInt64)) -> Int {
        let h = (k.0 &* 0x9E37_79B9_7F4A_7C15) ^ ((k.1 &+ UInt64(n)) &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: h &>> UInt64(64 - bits))
    }

    /// The slot holding the string for `n` (1...16) bytes with key `k`, or -1.
    @inline(__always)
    func find(_ n: Int, _ k: (UInt64, UInt64)) -> Int {
        let i = Self.slot(n, k)
        return entries[i].k0 == k.0 && entries[i].k1 == k.1 && entries[i].length == n ? i : -1
    }

    @inline(__always)
    func entry(_ i: Int) -> (string: String, kind: ICalPropertyKind) { (entries[i].string, entries[i].kind) }

    /// Remembers a string for a key, unless its slot holds a seeded one.
    mutating func add(_ n: Int, _ k: (UInt64, UInt64), _ s: String, _ kind: ICalPropertyKind, pinned: Bool = false) {
        let i = Self.slot(n, k)
        if entries[i].pinned { return }
        entries[i] = Entry(k0: k.0, k1: k.1, length: n, pinned: pinned, kind: kind, string: s)
    }

    /// Names seen in nearly every calendar: components, properties, parameters.
    static let names = [
        "VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VTIMEZONE", "STANDARD", "DAYLIGHT", "VALARM",
        "VERSION", "PRODID", "CALSCALE", "METHOD", "X-WR-CALNAME", "X-WR-TIMEZONE",
        "UID", "DTSTAMP", "DTSTART", "DTEND", "DUE", "DURATION", "SUMMARY", "DESCRIPTION", "LOCATION",
        "GEO", "CATEGORIES", "ATTENDEE", "ORGANIZER", "STATUS", "SEQUENCE", "CREATED", "LAST-MODIFIED",
        "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID", "TRANSP", "CLASS", "URL", "PRIORITY",
        "TZID", "TZOFFSETFROM", "TZOFFSETTO", "TZNAME", "X-LIC-LOCATION", "ACTION", "TRIGGER",
        "CN", "ROLE", "PARTSTAT", "RSVP", "CUTYPE", "VALUE", "EMAIL", "LANGUAGE", "ALTREP", "RELATED",
    ]

    /// Parameter and property values seen in nearly every calendar.
    static let values = [
        "DATE", "DATE-TIME", "PERIOD", "REQ-PARTICIPANT", "OPT-PARTICIPANT", "NON-PARTICIPANT", "CHAIR",
        "NEEDS-ACTION", "ACCEPTED", "DECLINED", "TENTATIVE", "DELEGATED", "COMPLETED", "IN-PROCESS",
        "TRUE", "FALSE", "INDIVIDUAL", "GROUP", "RESOURCE", "ROOM", "UNKNOWN",
        "CONFIRMED", "CANCELLED", "OPAQUE", "TRANSPARENT", "PUBLIC", "PRIVATE", "CONFIDENTIAL",
        "2.0", "GREGORIAN", "PUBLISH", "REQUEST", "DISPLAY", "AUDIO", "EMAIL", "0", "1",
    ]
}
