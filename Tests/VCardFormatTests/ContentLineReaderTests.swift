import Foundation
import Testing

@testable import ContentLines
@testable import VCardFormat

@Suite("ContentLineReader")
struct ContentLineReaderTests {
    func lines(_ text: String) -> ([ContentLine], [FormatWarning]) {
        var r = ContentLineReader(string: text)
        var out: [ContentLine] = []
        while let l = r.next() { out.append(l) }
        return (out, r.warnings)
    }

    @Test func splitsGroupNameParametersAndValue() {
        let (ls, ws) = lines("item1.tel;type=\"work,voice\";Pref=1:+1 555 0100\r\n")
        #expect(ws.isEmpty)
        #expect(ls.count == 1)
        let l = ls[0]
        #expect(l.group == "item1")
        #expect(l.name == "TEL")
        #expect(l.parameter("TYPE") == ["work,voice"])
        #expect(l.parameter("pref") == ["1"])
        #expect(l.value == "+1 555 0100")
        #expect(l.line == 1)
    }

    @Test func severalValuesAndBare21Types() {
        let (ls, _) = lines("TEL;TYPE=work,voice:1\nTEL;CELL;PREF:2\nTEL;TYPE=HOME;TYPE=FAX:3\n")
        #expect(ls[0].parameter("TYPE") == ["work", "voice"])
        #expect(ls[1].parameter("TYPE") == ["CELL", "PREF"])
        #expect(ls[1].hasType("cell"))
        #expect(ls[2].parameter("TYPE") == ["HOME", "FAX"])
    }

    @Test func quotedParameterMayHoldColonAndSemicolon() {
        let (ls, _) = lines("X-A;LABEL=\"a:b;c\":value:with:colons\n")
        #expect(ls[0].parameter("LABEL") == ["a:b;c"])
        #expect(ls[0].value == "value:with:colons")
    }

    @Test func caretEscapesAreDecoded() {
        let (ls, _) = lines("ADR;LABEL=\"1 Main St^nTown ^'Q^' ^^\":;;1 Main St\n")
        #expect(ls[0].parameter("LABEL") == ["1 Main St\nTown \"Q\" ^"])
    }

    @Test func unfoldsCRLFAndLFWithSpaceOrTab() {
        let (ls, _) = lines("URL:https://exa\r\n mple.com/a\r\n\tb\nNOTE:x\n")
        #expect(ls.map(\.value) == ["https://example.com/ab", "x"])
        #expect(ls[1].line == 4)
    }

    @Test func oldMacCROnlyLineEnds() {
        let (ls, _) = lines("FN:A\rTEL:1\r 2\r")
        #expect(ls.map(\.value) == ["A", "12"])
        #expect(ls.map(\.line) == [1, 2])
    }

    @Test func skipsBOMAndBlankLines() {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array("BEGIN:VCARD\r\n\r\nFN:A\r\nEND:VCARD\r\n\r\n\r\nBEGIN:VCARD\r\nFN:B\r\nEND:VCARD\r\n".utf8)
        let (cs, ws) = ContentLineReader.components(from: bytes)
        #expect(ws.isEmpty)
        #expect(cs.map { $0.property("FN")?.value } == ["A", "B"])
        #expect(cs[1].line == 7)
    }

    @Test func utf16WithByteOrderMarkIsRead() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in "BEGIN:VCARD\r\nFN:Zoë\r\nEND:VCARD\r\n".utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let (cs, ws) = ContentLineReader.components(from: bytes)
        #expect(ws.isEmpty)
        #expect(cs.first?.property("FN")?.value == "Zoë")
    }

    @Test func quotedPrintableWithSoftBreaksAndUTF8() {
        let text = "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=96zt=C3=BCrk;J=C3=BCr=\r\ngen;;;\r\nNOTE;QUOTED-PRINTABLE:line1=0D=0Aline2\r\n"
        let (ls, ws) = lines(text)
        #expect(ws.isEmpty)
        #expect(ls[0].value == "Öztürk;Jürgen;;;")
        #expect(ls[0].parameters.isEmpty)
        #expect(ls[1].value == "line1\\nline2")
        #expect(ls[1].line == 3)
    }

    /// Decoded line breaks (CR, LF, CRLF, at either end, in a long value, in another
    /// charset) become `\n`; a lower-case utf-8 charset is UTF-8; both parameters go.
    @Test func quotedPrintableLineBreaksAndCharsetSpellings() {
        let long = String(repeating: "x", count: 40)
        let text =
            "NOTE;charset=utf-8;ENCODING=QUOTED-PRINTABLE:=0Aa=0Db=0D=0A=C3=A9\(long)=0A\r\n"
            + "NOTE;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:=E9=0D=0A=E8\r\n"
            + "NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:\(long)=C3=A9 no break\r\n"
            + "NOTE;CHARSET=utf-8:plain\r\n"
        let (ls, ws) = lines(text)
        #expect(ws.isEmpty)
        #expect(ls.map(\.value) == ["\\na\\nb\\n\u{E9}\(long)\\n", "\u{E9}\\n\u{E8}", "\(long)\u{E9} no break", "plain"])
        #expect(ls.allSatisfy { $0.parameters.isEmpty })
    }

    /// QUOTED-PRINTABLE and BASE64 are looked for before the first unquoted colon of the
    /// line as read so far (folded or not), in any case; in the value they do not count.
    @Test func encodingDeclarationsAreFoundInParametersOnly() {
        let (ls, ws) = lines(
            "NOTE:QUOTED-PRINTABLE=\r\nTEL:1\r\n"
                + "NOTE;ENC\r\n ODING=QUOTED-PRINTABLE:a=\r\nb\r\n"
                + "NOTE;encoding=quoted-printable:x=\r\ny\r\n"
                + "NOTE;X-A=\"a:b\";QUOTED-PRINTABLE:c=\r\nd\r\n"
                + "PHOTO;ENC\r\n ODING=BASE64:\r\nAAAA\r\nBBBB\r\n\r\nTEL:2\r\n"
                + "NOTE:BASE64\r\nAAAA\r\n")
        #expect(ls.map(\.value) == ["QUOTED-PRINTABLE=", "1", "ab", "xy", "cd", "AAAABBBB", "2", "BASE64"])
        #expect(ls[4].parameter("X-A") == ["a:b"])
        // The last line, bare base64 after a value that only says BASE64, is not joined.
        #expect(ws.map(\.code) == [.malformedLine])
    }

    @Test func quotedPrintableSoftBreakKeepsLeadingSpaceOfNextLine() {
        let (ls, ws) = lines("NOTE;ENCODING=QUOTED-PRINTABLE:two=\r\n words=\r\n\tand tab\r\nPHOTO;ENCODING=b:AAA=\r\n BBB=\r\n")
        #expect(ws.isEmpty)
        #expect(ls.map(\.value) == ["two words\tand tab", "AAA=BBB="])
    }

    @Test(arguments: [
        ("ISO-8859-1", [0xE9] as [UInt8], "é"),
        ("Windows-1252", [0x80, 0x93], "€“"),
        ("Shift_JIS", [0x93, 0xFA, 0x96, 0x7B], "日本"),
        ("GB2312", [0xD6, 0xD0, 0xCE, 0xC4], "中文"),
        ("GBK", [0xD6, 0xD0, 0xCE, 0xC4], "中文"),
        ("Big5", [0xA4, 0xA4, 0xA4, 0xE5], "中文"),
    ])
    func quotedPrintableInOtherCharsets(charset: String, bytes: [UInt8], expected: String) {
        let qp = bytes.map { "=" + String($0, radix: 16, uppercase: true) }.joined()
        let (ls, ws) = lines("FN;CHARSET=\(charset);ENCODING=QUOTED-PRINTABLE:\(qp)\r\n")
        #expect(ws.isEmpty)
        #expect(ls.first?.value == expected)
    }

    @Test func unindentedBase64LinesOfVCard21AreJoined() {
        let (ls, ws) = lines("PHOTO;ENCODING=BASE64;TYPE=GIF:\r\nR0lGODdh\r\nfgA4AOYA\r\nAAA=\r\n\r\nTEL:1\r\n")
        #expect(ws.isEmpty)
        #expect(ls.map(\.value) == ["R0lGODdhfgA4AOYAAAA=", "1"])
        #expect(ls[1].line == 6)
    }

    @Test func unindentedBase64StopsAtAPropertyOrNonBase64Line() {
        let (ls, ws) = lines("PHOTO;ENCODING=BASE64:\r\nR0lG\r\nODdh\r\nNOTE:x\r\nX-A;ENCODING=BASE64:QUFB\r\nQUFB\r\nné y\r\n")
        #expect(ls.map(\.value) == ["R0lGODdh", "x", "QUFBQUFB"])
        #expect(ws.map(\.code) == [.malformedLine])
    }

    @Test func eightBitCharsetWithoutQuotedPrintable() {
        var bytes = Array("FN;CHARSET=ISO-8859-1:Ren".utf8)
        bytes += [0xE9, 0x0D, 0x0A]
        var r = ContentLineReader(bytes: bytes)
        #expect(r.next()?.value == "René")
        #expect(r.warnings.isEmpty)
    }

    @Test func invalidUTF8FallsBackToWindows1252WithWarning() {
        var bytes = Array("FN:Fran".utf8)
        bytes += [0xE7, 0x6F, 0x69, 0x73, 0x0A]
        var r = ContentLineReader(bytes: bytes)
        #expect(r.next()?.value == "François")
        #expect(r.warnings.map(\.code) == [.invalidUTF8])
        #expect(r.warnings.first?.line == 1)
    }

    @Test func badQuotedPrintableIsKeptAndWarned() {
        let (ls, ws) = lines("NOTE;ENCODING=QUOTED-PRINTABLE:100=ZZ off=\r\n")
        #expect(ls[0].value == "100=ZZ off")
        #expect(ws.map(\.code) == [.badQuotedPrintable])
    }

    @Test func malformedLinesAreSkippedWithWarning() {
        let (ls, ws) = lines("FN:ok\nthis line has no colon\n:novalue\nTEL:1\n")
        #expect(ls.map(\.name) == ["FN", "TEL"])
        #expect(ws.map(\.code) == [.malformedLine, .malformedLine])
        #expect(ws.map(\.line) == [2, 3])
    }

    @Test func missingEndIsClosedAtNextBeginWithWarning() {
        let text = "BEGIN:VCARD\nFN:A\nBEGIN:VCARD\nFN:B\nEND:VCARD\nBEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\nEND:VCALENDAR\nEND:VEVENT\n"
        let (cs, ws) = ContentLineReader.components(from: Array(text.utf8))
        #expect(cs.map(\.name) == ["VCARD", "VCARD", "VCALENDAR"])
        #expect(cs[2].components.first?.property("SUMMARY")?.value == "x")
        #expect(ws.map(\.code) == [.missingEnd, .missingEnd, .unexpectedEnd])
        #expect(ws.map(\.line) == [3, 9, 10])
    }

    @Test func unclosedAtEndOfFileKeepsWhatWasRead() {
        let (cs, ws) = ContentLineReader.components(from: Array("BEGIN:VCARD\nFN:A\nEMAIL:a@b.c\n".utf8))
        #expect(cs.count == 1)
        #expect(cs[0].properties.count == 2)
        #expect(ws.map(\.code) == [.missingEnd])
    }

    @Test func streamsOneTopLevelComponentAtATime() {
        var text = ""
        for i in 0..<100 { text += "BEGIN:VCARD\r\nFN:P\(i)\r\nEND:VCARD\r\n" }
        var r = ContentLineReader(string: text)
        var names: [String] = []
        r.readComponents { names.append($0.property("FN")!.value) }
        #expect(names.count == 100)
        #expect(names.last == "P99")
    }

    @Test func notAContentLineFileGivesWarningsAndNoComponents() {
        let (cs, ws) = ContentLineReader.components(from: Array("<html><body>hello</body></html>\nfoo: bar\n".utf8))
        #expect(cs.isEmpty)
        #expect(!ws.isEmpty)
    }

    @Test func megabyteLineIsReadWhole() {
        let big = String(repeating: "A", count: 1_000_000)
        var text = "BEGIN:VCARD\r\nNOTE:"
        var k = big.startIndex
        var first = true
        while k < big.endIndex {
            let e = big.index(k, offsetBy: first ? 70 : 74, limitedBy: big.endIndex) ?? big.endIndex
            text += (first ? "" : " ") + big[k..<e] + "\r\n"
            first = false
            k = e
        }
        text += "END:VCARD\r\n"
        let (cs, ws) = ContentLineReader.components(from: Array(text.utf8))
        #expect(ws.isEmpty)
        #expect(cs.first?.property("NOTE")?.value.utf8.count == 1_000_000)
    }
}
