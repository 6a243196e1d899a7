import Testing

@testable import ContentLines

@Suite("TextEscaping")
struct TextEscapingTests {
    @Test func escapeAndUnescapeRoundTrip() {
        let text = "a;b,c\\d\ne\r\nf"
        let escaped = TextEscaping.escape(text)
        #expect(escaped == "a\\;b\\,c\\\\d\\ne\\nf")
        #expect(TextEscaping.unescape(escaped) == "a;b,c\\d\ne\nf")
        #expect(TextEscaping.unescape("x\\Ny\\:z\\q") == "x\ny:z\\q")
    }

    @Test func splitsStructuredValuesOnUnescapedSeparators() {
        #expect(TextEscaping.split("a\\;b;c;", on: ";") == ["a\\;b", "c", ""])
        #expect(TextEscaping.splitStructured("Doe;John,J.;;Dr\\, Prof;") == [["Doe"], ["John", "J."], [""], ["Dr, Prof"], [""]])
        #expect(TextEscaping.splitList("a,b\\,c") == ["a", "b,c"])
        #expect(TextEscaping.joinStructured([["Doe"], ["John", "J."], ["a;b"]]) == "Doe;John,J.;a\\;b")
    }
}

@Suite("Base64")
struct Base64Tests {
    @Test func encodesAndDecodesIgnoringWhitespace() {
        let bytes: [UInt8] = Array(0...255)
        let text = Base64.encode(bytes)
        #expect(Base64.decode(text) == bytes)
        let spaced = text.enumerated().map { $0.offset % 10 == 9 ? "\($0.element)\r\n " : "\($0.element)" }.joined()
        #expect(Base64.decode(spaced) == bytes)
        #expect(Base64.decode("TWFu") == Array("Man".utf8))
        #expect(Base64.decode("TWE") == Array("Ma".utf8))
        #expect(Base64.decode("TQ==") == Array("M".utf8))
    }

    @Test func rejectsWhatIsNotBase64() {
        #expect(Base64.decode("http://example.com/photo.jpg") == nil)
        #expect(Base64.decode("TWFuT") == nil)
        #expect(Base64.decode("TQ==TWFu") == nil)  // data after padding
        #expect(Base64.decode("TW\u{E9}Fu") == nil)  // a byte past ASCII
        #expect(Base64.decode("TQ==\r\n ") == Array("M".utf8))  // blanks after padding are fine
        #expect(Base64.isValid(""))
    }

    /// Digits are checked eight at a time: a bad byte, padding or a blank at any place of
    /// a block (and in the tail after the last block) is still seen.
    @Test func checksEveryPlaceOfTheEightByteBlocks() {
        let good = Base64.encode(Array(0..<48) as [UInt8])  // 64 digits
        #expect(Base64.isValid(good))
        let digits = Array(good.utf8)
        for k in 0..<digits.count {
            var bad = digits
            bad[k] = UInt8(ascii: "!")
            #expect(!Base64.isValid(String(decoding: bad, as: UTF8.self)), "bad byte at \(k)")
            var high = digits
            high[k] = 0xC3
            #expect(!Base64.isValid(String(decoding: high + [0xA9], as: UTF8.self)), "non-ASCII at \(k)")
            var blank = digits
            blank.insert(0x20, at: k)
            #expect(Base64.decode(String(decoding: blank, as: UTF8.self)) == Array(0..<48), "blank at \(k)")
            var padded = digits
            padded.insert(UInt8(ascii: "="), at: k)
            #expect(!Base64.isValid(String(decoding: padded, as: UTF8.self)), "padding at \(k)")
        }
        for n in 0...20 {
            let text = Base64.encode(Array(repeating: 0x5A, count: n))
            #expect(Base64.decode(text) == Array(repeating: 0x5A, count: n), "\(n) bytes")
            #expect(Base64.isValid(text.replacingOccurrences(of: "=", with: "")), "\(n) bytes unpadded")
        }
    }
}

@Suite("caseInsensitiveEquals")
struct CaseInsensitiveEqualsTests {
    @Test func comparesASCIILettersIgnoringCaseOnly() {
        #expect("utf-8".caseInsensitiveEquals("UTF-8"))
        #expect("Quoted-Printable".caseInsensitiveEquals("QUOTED-PRINTABLE"))
        #expect("".caseInsensitiveEquals(""))
        #expect(!"utf-8".caseInsensitiveEquals("utf-16"))
        #expect(!"utf8".caseInsensitiveEquals("utf-8"))
        #expect(!"a".caseInsensitiveEquals(""))
        // Only A-Z and a-z fold: '@' (0x40) and '`' (0x60), '[' and '{' stay apart.
        #expect(!"@".caseInsensitiveEquals("`"))
        #expect(!"[".caseInsensitiveEquals("{"))
        #expect(!"\u{E9}".caseInsensitiveEquals("\u{C9}"))
        #expect("caf\u{E9}".caseInsensitiveEquals("CAF\u{E9}"))
        // Long (heap) strings as well as small ones; a Substring-made string too.
        let long = String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 3)
        #expect(long.caseInsensitiveEquals(long.uppercased()))
        #expect(!long.caseInsensitiveEquals(long.uppercased().dropLast() + "!"))
        #expect(String(long.dropFirst(26)).caseInsensitiveEquals(String(long.uppercased().dropFirst(26))))
    }
}
