import Testing

@testable import VCardFormat

@Suite("Charset")
struct CharsetTests {
    /// ISO-8859-1 is each byte as its scalar; Windows-1252 differs only in 0x80–0x9F; both
    /// from an array, a slice and a collection that is not contiguous.
    @Test func latinCharsetsDecodeEveryByte() {
        let all = (0...255).map { UInt8($0) }
        let latin1 = String(String.UnicodeScalarView(all.map { Unicode.Scalar($0) }))
        #expect(Charset.decode(all, charset: "ISO-8859-1") == latin1)
        #expect(Charset.decode(all[16...], charset: "latin1") == String(latin1.unicodeScalars.dropFirst(16)))
        #expect(Charset.decode((0...255).lazy.map { UInt8($0) }, charset: "l1") == latin1)
        #expect(Charset.decode([UInt8](), charset: "ISO-8859-1") == "")
        let windows = Charset.windows1252(all)
        let scalars = Array(windows.unicodeScalars)
        #expect(scalars.count == 256)
        for k in 0..<256 where k < 0x80 || k > 0x9F { #expect(scalars[k].value == UInt32(k)) }
        #expect(scalars[0x80] == "\u{20AC}")
        #expect(scalars[0x81].value == 0x81)
        #expect(scalars[0x93] == "\u{201C}")
        #expect(scalars[0x9F] == "\u{0178}")
        #expect(Charset.decode(all, charset: "cp1252") == windows)
        #expect(Charset.windows1252(all.lazy.filter { _ in true }) == windows)
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
