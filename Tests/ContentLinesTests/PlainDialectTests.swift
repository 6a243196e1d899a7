import Testing

@testable import ContentLines

/// In this module the reader is the plain one (RFC 5545/6350 lines); the reader's tests as
/// vCard reads it (quoted-printable, CHARSET, vCard 2.1 continuations) are in VCardFormatTests.
typealias ContentLineReader = ContentLines.ContentLineReader<PlainDialect>

/// The shared reader with no dialect of its own: folding and the limits, but none of vCard
/// 2.1's decoding.
@Suite struct PlainDialectTests {
    static func lines(_ text: String) -> (lines: [ContentLine], warnings: [FormatWarning]) {
        let (cs, ws) = ContentLineReader.components(from: Array(text.utf8))
        return (cs.first?.properties ?? [], ws)
    }

    @Test("folding is undone; a final '=' is text, not a quoted-printable soft break")
    func foldingOnly() {
        let (lines, warnings) = Self.lines(
            "BEGIN:VEVENT\r\nSUMMARY:Lunch with\r\n  Ann\r\nDESCRIPTION;ENCODING=QUOTED-PRINTABLE:a=3Db=\r\nX-NEXT:1\r\nEND:VEVENT\r\n")
        #expect(warnings.isEmpty)
        #expect(lines.map(\.name) == ["SUMMARY", "DESCRIPTION", "X-NEXT"])
        #expect(lines[0].value == "Lunch with Ann")
        // Not decoded, and the parameter kept as written.
        #expect(lines[1].value == "a=3Db=")
        #expect(lines[1].parameter("ENCODING") == ["QUOTED-PRINTABLE"])
    }

    @Test("CHARSET is an ordinary parameter; bare base64 lines are separate lines")
    func noVCard21Decoding() {
        let (lines, warnings) = Self.lines("BEGIN:X\r\nNOTE;CHARSET=ISO-8859-1:caf\u{E9}\r\nPHOTO;ENCODING=BASE64:QUJD\r\nREVG\r\nEND:X\r\n")
        #expect(lines.first?.parameter("CHARSET") == ["ISO-8859-1"])
        #expect(lines.first?.value == "caf\u{E9}")
        #expect(lines.count == 2)
        #expect(lines.last?.value == "QUJD")
        // "REVG" has no colon: skipped with a warning, not joined to the photo.
        #expect(warnings.map(\.code) == [.malformedLine])
    }

    @Test("a value that is not UTF-8 is read with U+FFFD, and warned")
    func invalidUTF8() {
        let bytes = Array("BEGIN:X\r\nNOTE:caf".utf8) + [0xE9] + Array("\r\nEND:X\r\n".utf8)
        let (cs, ws) = ContentLineReader.components(from: bytes)
        #expect(cs.first?.properties.first?.value == "caf\u{FFFD}")
        #expect(ws.map(\.code) == [.invalidUTF8])
    }
}
