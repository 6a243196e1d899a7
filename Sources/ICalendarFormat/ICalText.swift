/// TEXT escaping of RFC 5545 §3.3.11.
enum ICalText {
    static func escape(_ s: String) -> String {
        var needs = false
        for b in s.utf8 where b == 92 || b == 59 || b == 44 || b == 10 || b == 13 { needs = true; break }
        if !needs { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 8)
        var prevCR = false
        for b in s.utf8 {
            switch b {
            case 92: out += [92, 92]
            case 59: out += [92, 59]
            case 44: out += [92, 44]
            case 13: out += [92, 110]
            case 10: if !prevCR { out += [92, 110] }
            default: out.append(b)
            }
            prevCR = b == 13
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func unescape(_ s: String) -> String {
        guard s.utf8.contains(92) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var esc = false
        for b in s.utf8 {
            if esc {
                switch b {
                case 110, 78: out.append(10)
                default: out.append(b)
                }
                esc = false
            } else if b == 92 {
                esc = true
            } else {
                out.append(b)
            }
        }
        if esc { out.append(92) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Splits on commas that are not escaped.
    static func splitList(_ s: String) -> [String] {
        var parts: [String] = []
        var cur: [UInt8] = []
        var esc = false
        for b in s.utf8 {
            if esc { cur.append(b); esc = false; continue }
            if b == 92 { esc = true; cur.append(b); continue }
            if b == 44 { parts.append(String(decoding: cur, as: UTF8.self)); cur = []; continue }
            cur.append(b)
        }
        parts.append(String(decoding: cur, as: UTF8.self))
        return parts
    }
}
