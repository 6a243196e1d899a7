// How an item is known on both sides: by the UID inside its body, never by its href
// (servers rename resources).

enum ItemIdentity {
    /// The UID of a vCard, or of the VEVENT (VTODO, VJOURNAL) of a VCALENDAR: the first
    /// `UID` property directly inside the item's component, unfolded and unescaped of
    /// nothing (UIDs are compared as written). `nil` when the body has none.
    static func uid(of body: [UInt8]) -> String? {
        property("UID", of: body)
    }

    /// What a user calls the item: a card's `FN`, an event's `SUMMARY`, with the text escapes
    /// of iCalendar and vCard undone; `nil` when it has none.
    static func name(of body: [UInt8]) -> String? {
        guard let raw = property("FN", of: body) ?? property("SUMMARY", of: body) else { return nil }
        var out = ""
        var escaped = false
        for c in raw {
            if escaped {
                out.append(c == "n" || c == "N" ? " " : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out.isEmpty ? nil : out
    }

    /// The first `name` property directly inside the item's component (VCARD, VEVENT, VTODO,
    /// VJOURNAL), unfolded, trimmed of spaces, its escapes kept.
    private static func property(_ wanted: String, of body: [UInt8]) -> String? {
        var depth = 0
        var component: [String] = []
        for line in unfoldedLines(body) {
            guard let nameEnd = line.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") }) else { continue }
            let name = String(decoding: line[..<nameEnd], as: UTF8.self).uppercased()
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
            switch name {
            case "BEGIN":
                depth += 1
                component.append(value.uppercased())
            case "END":
                depth -= 1
                if !component.isEmpty { component.removeLast() }
            case wanted:
                let inItem = component.last.map { ["VCARD", "VEVENT", "VTODO", "VJOURNAL"].contains($0) } ?? false
                if inItem { return value.trimmingSpaces() }
            default: continue
            }
        }
        return nil
    }

    /// The body's lines with folds undone, without line ends.
    private static func unfoldedLines(_ body: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var i = 0
        while i < body.count {
            let b = body[i]
            if b == UInt8(ascii: "\r") || b == UInt8(ascii: "\n") {
                if b == UInt8(ascii: "\r"), i + 1 < body.count, body[i + 1] == UInt8(ascii: "\n") { i += 1 }
                // A line starting with a space or tab continues the previous one.
                if i + 1 < body.count, body[i + 1] == UInt8(ascii: " ") || body[i + 1] == UInt8(ascii: "\t") {
                    i += 2
                    continue
                }
                lines.append(current)
                current = []
            } else {
                current.append(b)
            }
            i += 1
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
