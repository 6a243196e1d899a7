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
}

@Suite("QuotedPrintable")
struct QuotedPrintableTests {
    @Test func decodesHexAndSoftBreaks() {
        let (bytes, bad) = QuotedPrintable.decode(Array("a=3Db=\r\nc=c3=a9".utf8))
        #expect(!bad)
        #expect(String(decoding: bytes, as: UTF8.self) == "a=bcé")
        #expect(QuotedPrintable.encode(Array("é=a".utf8)) == "=C3=A9=3Da")
    }
}
