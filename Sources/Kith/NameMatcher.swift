import Foundation

/// Case- and diacritic-insensitive matching of names typed by a person.
enum NameMatcher {
    /// The comparison key: lowercased, diacritics removed, inner spaces collapsed.
    static func fold(_ text: String) -> String {
        if let ascii = foldASCII(text) { return ascii }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// ``fold(_:)`` for pure ASCII text, without Foundation: lowercase, runs of whitespace
    /// to one space, none at the ends. Nil when the text has a non-ASCII byte.
    static func foldASCII(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for b in text.utf8 {
            if b >= 0x80 { return nil }
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Levenshtein distance over Unicode scalars.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count)
        var cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }

    /// Whether `typed` is close to `candidate` (both folded): a small edit distance to the
    /// whole or to one word of it.
    static func isClose(_ typed: String, to candidate: String) -> Bool {
        let limit = max(1, min(3, typed.count / 3))
        if distance(typed, candidate) <= limit { return true }
        for word in candidate.split(separator: " ") where distance(typed, String(word)) <= limit { return true }
        return false
    }
}
