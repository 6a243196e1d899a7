import Foundation

/// Case- and diacritic-insensitive matching of names typed by a person.
enum NameMatcher {
    /// The comparison key: lowercased, diacritics removed, inner spaces collapsed, in
    /// canonical composed form (NFC).
    ///
    /// Kith stores this key for every name (`person.nameKey`, `personNickname.valueKey`) and
    /// looks typed names up by it in SQL, where text compares byte for byte: NFC makes that
    /// agree with Swift's `==`, which takes canonically equivalent strings as equal. A change
    /// to this function needs a new migration that recomputes the stored keys.
    static func fold(_ text: String) -> String {
        if let key = asciiFold(text) { return key }
        if let key = latinFold(text) { return key }
        return foundationFold(text)
    }

    /// The general key, through Foundation's folding (ICU); slow, so only for non-ASCII text.
    static func foundationFold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").precomposedStringWithCanonicalMapping
    }

    /// The same key as ``foundationFold(_:)`` for pure-ASCII text, computed on bytes (ASCII
    /// has no diacritics or width variants; case folding is A-Z to a-z); nil otherwise.
    static func asciiFold(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var space = false
        for b in text.utf8 {
            guard b < 0x80 else { return nil }
            if b == 0x20 || (0x09...0x0D).contains(b) {
                space = !out.isEmpty
                continue
            }
            if space { out.append(0x20); space = false }
            out.append((0x41...0x5A).contains(b) ? b + 0x20 : b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The same key as ``foundationFold(_:)`` for text of ASCII and the precomposed Latin
    /// letters U+00C0...U+024F (most European names), from each letter's own fold; nil for
    /// anything else (combining marks, other scripts, other spaces).
    ///
    /// Folding works on each character by itself, and these letters are characters of one
    /// scalar that fold to letters without marks, so the pieces add up to the whole.
    static func latinFold(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var space = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                let b = UInt8(v)
                if b == 0x20 || (0x09...0x0D).contains(b) {
                    space = !out.isEmpty
                    continue
                }
                if space { out.append(0x20); space = false }
                out.append((0x41...0x5A).contains(b) ? b + 0x20 : b)
            } else if v >= 0xC0, v <= 0x24F, let piece = LatinLetterFolds.shared.fold(v) {
                if piece.isEmpty { continue }
                if space { out.append(0x20); space = false }
                out.append(contentsOf: piece)
            } else {
                return nil
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Foundation's fold of each letter U+00C0...U+024F as UTF-8, each made the first time
    /// it is needed; nil for a letter whose fold is not plain letters below U+0300.
    /// `@unchecked Sendable`: `lock` guards `folds` (`Mutex` needs macOS 15; the package
    /// targets macOS 14).
    private final class LatinLetterFolds: @unchecked Sendable {
        static let shared = LatinLetterFolds()
        private let lock = NSLock()
        /// By letter from U+00C0; nil while not made yet.
        private var folds = [[UInt8]??](repeating: nil, count: 0x250 - 0xC0)

        func fold(_ v: UInt32) -> [UInt8]? {
            lock.lock()
            defer { lock.unlock() }
            let i = Int(v) - 0xC0
            if let known = folds[i] { return known }
            let piece = String(Unicode.Scalar(v)!)
                .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            let plain = piece.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x300 && !$0.properties.isWhitespace }
            let bytes = plain ? Array(piece.precomposedStringWithCanonicalMapping.utf8) : nil
            folds[i] = .some(bytes)
            return bytes
        }
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
