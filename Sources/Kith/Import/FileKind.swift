import Foundation

extension Journal {
    /// What a file holds, decided from its first bytes rather than its name.
    enum ImportKind {
        case vCardText, xCard, jCard, iCalendar, xCal, jCal, kithJSON
    }

    /// Looks at the content: XML namespace, JSON first word, or the first BEGIN line.
    static func detect(_ bytes: [UInt8]) -> ImportKind? {
        var i = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count else { return nil }
        let head = String(decoding: bytes[i..<min(bytes.count, i + 4096)], as: UTF8.self).lowercased()
        switch bytes[i] {
        case UInt8(ascii: "<"):
            if head.contains("urn:ietf:params:xml:ns:vcard-4.0") || head.contains("<vcards") { return .xCard }
            if head.contains("urn:ietf:params:xml:ns:icalendar-2.0") || head.contains("<icalendar") { return .xCal }
            return nil
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let compact = head.filter { !$0.isWhitespace }
            if compact.contains("[\"vcard\"") { return .jCard }
            if compact.contains("[\"vcalendar\"") { return .jCal }
            return bytes[i] == UInt8(ascii: "{") ? .kithJSON : nil
        default:
            guard let r = head.range(of: "begin:") else { return nil }
            let rest = head[r.upperBound...].prefix(9)
            if rest.hasPrefix("vcard") { return .vCardText }
            // A bare component without its VCALENDAR (Evolution writes those) is iCalendar too.
            for name in ["vcalendar", "vevent", "vtodo", "vjournal", "vfreebusy", "vtimezone"] where rest.hasPrefix(name) { return .iCalendar }
            return nil
        }
    }
}
