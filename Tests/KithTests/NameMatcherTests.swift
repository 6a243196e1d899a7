import Testing

@testable import Kith

/// NameMatcher's keys decide which person a typed name means.
@Suite struct NameMatcherTests {
    @Test(
        "ASCII names fold on bytes to the same key Foundation's folding gives",
        arguments: [
            "Ana Lima", "  ANA   lima  ", "Ben", "o'Brien-SMITH", "Mary\tJane\nWatson", "x", "", "   ",
            "Interests/Climbing", "Work/Colleagues", "VIP", "#12", "A_B~C^D`E{F}G|H", "\u{0B}\u{0C}Tab\rLF",
        ])
    func asciiMatchesFoundation(_ name: String) {
        #expect(NameMatcher.asciiFold(name) == NameMatcher.foundationFold(name))
        #expect(NameMatcher.fold(name) == NameMatcher.foundationFold(name))
    }

    @Test("Every printable ASCII character folds as Foundation folds it")
    func everyASCIICharacter() {
        for b in UInt8(0x20)...UInt8(0x7E) {
            let text = "a" + String(UnicodeScalar(b)) + "Z"
            #expect(NameMatcher.asciiFold(text) == NameMatcher.foundationFold(text), "byte \(b)")
        }
    }

    @Test(
        "Non-ASCII names still drop accents and case",
        arguments: [
            ("Noël Nakamura", "noel nakamura"), ("Daniel Schröder", "daniel schroder"), ("ÉLODIE  Ça", "elodie ca"),
        ])
    func nonASCII(_ name: String, _ key: String) {
        #expect(NameMatcher.asciiFold(name) == nil)
        #expect(NameMatcher.fold(name) == key)
    }
}

/// The folded key is in composed form (NFC), so that keys compared as bytes (in SQL) agree
/// with keys compared as Swift strings.
@Suite struct NameMatcherNormalizationTests {
    @Test(
        "canonically equivalent names fold to the same bytes",
        arguments: [
            "Noël", "김민준", "Ǆemal Šarić", "Nguyễn Văn An", "Ångström", "Ελένη", "ﾃｽﾄ",
        ])
    func equivalentFormsSameBytes(_ name: String) {
        let composed = NameMatcher.fold(name.precomposedStringWithCanonicalMapping)
        let decomposed = NameMatcher.fold(name.decomposedStringWithCanonicalMapping)
        #expect(Array(composed.utf8) == Array(decomposed.utf8))
        #expect(Array(composed.utf8) == Array(composed.precomposedStringWithCanonicalMapping.utf8))
    }
}

/// European names fold without Foundation, to the same key.
@Suite struct NameMatcherLatinTests {
    @Test("every Latin letter U+00C0...U+024F folds as Foundation folds it")
    func everyLatinLetter() {
        for v in 0xC0...0x24F {
            let letter = String(Unicode.Scalar(UInt32(v))!)
            for text in [letter, "a" + letter + "Z", "  " + letter + "  B ", letter + letter] {
                #expect(NameMatcher.fold(text) == NameMatcher.foundationFold(text), "U+\(String(v, radix: 16))")
            }
        }
    }

    @Test(
        "names of ASCII and Latin letters take the fast path and match Foundation",
        arguments: [
            "Noël Nakamura", "Daniel Schröder", "ÉLODIE  Ça", "Łukasz Żółć", "Þórr Æsa", "Straße", "Ĳsselmeer",
            "  Ñandú\tPeña ", "Åberg-Ødegård", "Šarić",
        ])
    func latinNames(_ name: String) {
        #expect(NameMatcher.latinFold(name) != nil)
        #expect(NameMatcher.fold(name) == NameMatcher.foundationFold(name))
    }

    @Test("other text goes to Foundation", arguments: ["Noe\u{0308}l", "Ελένη", "김민준", "Ana\u{00A0}Lima", "Nguyễn"])
    func otherText(_ name: String) {
        #expect(NameMatcher.latinFold(name) == nil)
        #expect(NameMatcher.fold(name) == NameMatcher.foundationFold(name))
    }
}
