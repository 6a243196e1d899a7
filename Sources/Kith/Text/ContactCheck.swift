/// Whether an e-mail address or a phone number typed by a person looks like one.
///
/// Only for what a person types (`kith person add --email`): imported cards keep what
/// they hold, whatever it looks like.
public enum ContactCheck {
    /// Why `email` is not an e-mail address (`the domain has no dot`), or nil when it
    /// looks like one: one `@` between a local part and a domain of dotted labels, no spaces.
    public static func emailProblem(_ email: String) -> String? {
        let e = email.kithTrimmed()
        if e.isEmpty { return "it is empty" }
        if e.contains(where: { $0.isWhitespace }) { return "it has a space in it" }
        let parts = e.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return parts.count == 1 ? "it has no @" : "it has more than one @" }
        let local = parts[0], domain = parts[1]
        if local.isEmpty { return "nothing comes before the @" }
        if local.contains(where: { "<>()[]\\,;:\"".contains($0) }) { return "the part before the @ has a character addresses cannot have" }
        if domain.isEmpty { return "nothing comes after the @" }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return "the domain after the @ has no dot" }
        for label in labels {
            if label.isEmpty { return "the domain has an empty part between dots" }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "a part of the domain begins or ends with -" }
            if !label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) { return "the domain has a character domains cannot have" }
        }
        if let tld = labels.last, tld.count < 2 || tld.allSatisfy(\.isNumber) { return "the domain does not end in a name such as .com" }
        return nil
    }

    /// Why `phone` is not a phone number (`it has letters in it`), or nil when it looks like
    /// one: 3 to 15 digits, with spaces, `-`, `.`, `/`, brackets, a leading `+`, and an
    /// extension after `x` or `ext`.
    public static func phoneProblem(_ phone: String) -> String? {
        var p = phone.kithTrimmed()
        if p.isEmpty { return "it is empty" }
        if p.lowercased().hasPrefix("tel:") { p = String(p.dropFirst(4)) }
        // An extension: "x 12", "ext. 12", "ext 12".
        let lower = p.lowercased()
        for mark in ["ext.", "ext", "x"] {
            if let r = lower.range(of: mark, options: .backwards) {
                let ext = lower[r.upperBound...].trimmingPrefix(while: { $0 == " " })
                if !ext.isEmpty, ext.allSatisfy(\.isNumber), ext.count <= 6 {
                    p = String(p[..<r.lowerBound])
                    break
                }
            }
        }
        var digits = 0
        for (i, c) in p.enumerated() {
            if c.isASCII && c.isNumber { digits += 1; continue }
            if c == "+" {
                if i != p.prefix(while: { $0 == " " }).count { return "a + may only come first" }
                continue
            }
            if " -./()".contains(c) { continue }
            if c.isLetter { return "it has letters in it" }
            return "it has \"\(c)\" in it"
        }
        if digits < 3 { return "it has fewer than 3 digits" }
        if digits > 15 { return "it has more than 15 digits" }
        return nil
    }
}
