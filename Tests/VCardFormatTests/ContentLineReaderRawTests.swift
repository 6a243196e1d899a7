import Foundation
import Testing

@testable import ContentLines
@testable import VCardFormat

/// The raw read (`takeRawComponents`, lines kept as bytes, split by `fastRaw` with
/// `nextItem` for the odd lines) must give the components, lines and warnings of the built
/// read (`readComponents`) for any input.
@Suite("ContentLineReader raw read")
struct ContentLineReaderRawTests {
    /// Reads `bytes` both ways and compares: components (with their lines built from the
    /// bytes), warnings, and what the byte index says of each line.
    func expectSameBothWays(
        _ bytes: [UInt8], limits: ContentLineReader.Limits = .standard,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var built = ContentLineReader(bytes: bytes)
        built.limits = limits
        var expected: [Component] = []
        built.readComponents { expected.append($0) }

        var raw = ContentLineReader(bytes: bytes)
        raw.limits = limits
        var got: [Component] = []
        var indexOK = true
        raw.takeRawComponents { component, lines in
            var c = component
            c.properties = lines.contentLines()
            for k in lines.lines.indices {
                let line = c.properties[k]
                // (A name that is not UTF-8 is repaired in the string: matched only when it is.)
                let l = lines.lines[k]
                if line.name.utf8.count == l.nameEnd - l.nameStart, !lines.isNamed(k, RawLine.Name(line.name)) { indexOK = false }
                if lines.value(k) != line.value || lines.group(k) != line.group { indexOK = false }
                if l.line != line.line { indexOK = false }
            }
            got.append(c)
        }
        #expect(got == expected, sourceLocation: sourceLocation)
        #expect(raw.warnings == built.warnings, sourceLocation: sourceLocation)
        #expect(indexOK, sourceLocation: sourceLocation)
    }

    func expectSameBothWays(
        _ text: String, limits: ContentLineReader.Limits = .standard,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectSameBothWays(Array(text.utf8), limits: limits, sourceLocation: sourceLocation)
    }

    /// The lines of the first component, read raw.
    func rawLines(_ text: String) -> ([ContentLine], [FormatWarning]) {
        var r = ContentLineReader(string: text)
        var out: [ContentLine] = []
        r.takeRawComponents { _, lines in if out.isEmpty { out = lines.contentLines() } }
        return (out, r.warnings)
    }

    @Test func foldingWithSpacesAndTabs() {
        let text = "BEGIN:VCARD\r\nNOTE:one\r\n two\r\n\tthree\r\n  four\r\nFN:x\r\nEND:VCARD\r\n"
        let (ls, ws) = rawLines(text)
        #expect(ws.isEmpty)
        #expect(ls.map(\.value) == ["onetwothree four", "x"])
        #expect(ls.map(\.line) == [2, 6])
        expectSameBothWays(text)
    }

    @Test func lineBreaksCROnlyLFOnlyAndMixed() {
        for br in ["\r", "\n", "\r\n"] {
            let text = ["BEGIN:VCARD", "FN:A", " b", "", "TEL:1", "END:VCARD", ""].joined(separator: br)
            let (ls, ws) = rawLines(text)
            #expect(ws.isEmpty)
            #expect(ls.map(\.value) == ["Ab", "1"])
            #expect(ls.map(\.line) == [2, 5])
            expectSameBothWays(text)
        }
        expectSameBothWays("BEGIN:VCARD\rFN:a\n b\r\n\r\rNOTE:c\r\r\nEND:VCARD")
    }

    @Test func quotedPrintableSoftBreaks() {
        let text = """
            BEGIN:VCARD\r
            N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=\r
            =C3=BCrgen;=\r
             x\r
            NOTE;ENCODING=QUOTED-PRINTABLE:a=\r
            \r
            FN:tail=\r
            next:line\r
            PHOTO;ENCODING=b:AAAA=\r
            END:VCARD\r

            """
        let (ls, _) = rawLines(text)
        #expect(ls[0].value == "Müller;Jürgen; x")
        #expect(ls[1].value == "a")
        #expect(ls[2].value == "tail=")
        expectSameBothWays(text)
        // Where the declaration is looked for: before the first colon outside quotes.
        expectSameBothWays(
            """
            BEGIN:VCARD
            X-A;P="a:b";ENCODING=quoted-printable:x=
            y
            X-B;P="QUOTED-PRINTABLE:":x=
            y
            X-C:QUOTED-PRINTABLE=
            y
            X-D;QUOTED-PRINTABL=
            E:x=
            y
            X-E;P="a:b";ENCODING=BASE64:QUJD
            REVG
            X-F;P="BASE64:":QUJD
            REVG
            X-G;QQUOTED-PRINTABLEE:x=
            y
            END:VCARD

            """)
    }

    /// ENCODING and CHARSET as `decodeValue` reads them: the first value of each, merged over
    /// repeats and bare vCard 2.1 names; CHARSET is not kept, nor a quoted-printable ENCODING.
    @Test func encodingAndCharsetParameters() {
        func line(_ text: String) -> ContentLine? {
            var r = ContentLineReader(string: text + "\r\n")
            return r.next()
        }
        let cases: [(String, [ContentLine.Parameter], String)] = [
            ("X;ENCODING=b;ENCODING=QUOTED-PRINTABLE:abc", [.init(name: "ENCODING", values: ["b", "QUOTED-PRINTABLE"])], "abc"),
            ("X;QUOTED-PRINTABLE;ENCODING=b:a=3Db", [], "a=b"),
            ("X;CHARSET=UTF-8;CHARSET=latin1:abc", [], "abc"),
            ("X;encoding=quoted-printable;TYPE=home:=41", [.init(name: "TYPE", values: ["home"])], "A"),
            ("X;BASE64;ENCODING=QUOTED-PRINTABLE:QUJD", [.init(name: "ENCODING", values: ["BASE64", "QUOTED-PRINTABLE"])], "QUJD"),
            (
                "X;ENCODING=b,QUOTED-PRINTABLE;CHARSET=utf-8;TYPE=a:abc",
                [.init(name: "ENCODING", values: ["b", "QUOTED-PRINTABLE"]), .init(name: "TYPE", values: ["a"])], "abc"
            ),
            ("X;TYPE=a;CHARSET=WINDOWS-1252;ENCODING=\"Quoted-Printable\";TYPE=b:caf=E9", [.init(name: "TYPE", values: ["a", "b"])], "caf\u{E9}"),
        ]
        for (text, parameters, value) in cases {
            let l = line(text)
            #expect(l?.parameters == parameters, "\(text)")
            #expect(l?.value == value, "\(text)")
            expectSameBothWays("BEGIN:VCARD\r\n\(text)\r\nEND:VCARD\r\n")
        }
    }

    @Test func bareBase64ContinuationLines() {
        let text = "BEGIN:VCARD\r\nPHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQ\r\nSkZJRg==\r\n\r\nFN:x\r\nEND:VCARD\r\n"
        let (ls, _) = rawLines(text)
        #expect(ls[0].value == "/9j/4AAQSkZJRg==")
        expectSameBothWays(text)
        // Not declared base64: the bare line is malformed, skipped with a warning.
        expectSameBothWays("BEGIN:VCARD\r\nNOTE:abc\r\nSkZJRg==\r\nEND:VCARD\r\n")
    }

    @Test func nulBytesAreDroppedWithTheSameWarning() {
        let bytes =
            Array("BEGIN:VCARD\r\nFN:a".utf8) + [0] + Array("b\r\n c".utf8) + [0, 0]
            + Array("\r\nN\0:x\r\n\0\r\nEND:VCARD\r\n".utf8)
        expectSameBothWays(bytes)
    }

    @Test func overLongLinesAndLimits() {
        let small = ContentLineReader.Limits(lineLength: 24, propertiesPerComponent: 3, depth: 2)
        let text = """
            BEGIN:VCARD\r
            NOTE:0123456789012345678901234567890\r
            NOTE:01234567890123\r
             4567890123456789\r
            NOTE;ENCODING=QUOTED-PRINTABLE:0123456=\r
            789012345\r
            FN:a\r
            TEL:1\r
            TEL:2\r
            BEGIN:X\r
            BEGIN:Y\r
            BEGIN:Z\r
            END:Z\r
            END:Y\r
            END:X\r
            EMAIL:e\r
            END:VCARD\r

            """
        expectSameBothWays(text, limits: small)
        expectSameBothWays(text)
    }

    @Test func malformedAndOddLines() {
        expectSameBothWays(
            """
            stray:line\r
            BEGIN:VCARD\r
            no colon here\r
            :no name\r
            A;B=\"x:y\";C=^n:v\r
            item1.item2.TEL;type=cell:1\r
            X-\u{E9};TYPE=\u{E9}:\u{E9}t\u{E9}\r
            BEGIN:VCARD\r
            FN:two\r
            END:VCARD\r
            END:VCARD\r
            END:VCARD\r
            BEGIN:vcard\r
            FN:open at the end
            """)
        expectSameBothWays([0xEF, 0xBB, 0xBF] + Array("BEGIN:VCARD\nNOTE:\u{FF}".utf8) + [0xFF, 0xC3] + Array("\nEND:VCARD".utf8))
        expectSameBothWays("")
        expectSameBothWays("\r\n\r\n")
        expectSameBothWays("BEGIN:VCARD")
    }

    /// Lines of every length near the 8-byte steps, with each line break, folded or not:
    /// a break, a NUL or a non-ASCII byte falls on every position of a step.
    @Test func everyLengthAroundTheEightByteSteps() {
        for br in ["\r\n", "\n", "\r"] {
            var text = "BEGIN:VCARD" + br
            for n in 0..<24 {
                let value = String(repeating: "v", count: n)
                text += "X-A:\(value)" + br
                text += "X-B:\(value)\u{E9}" + br
                text += "X-C:\(value)" + br + " \(value)" + br
                text += "NOTE;ENCODING=QUOTED-PRINTABLE:\(value)=" + br + "\(value)" + br
            }
            text += "END:VCARD"
            expectSameBothWays(text)
            expectSameBothWays(text + br)
        }
    }

    /// Random files made of the pieces above: both reads agree on all of them.
    @Test func randomFilesReadTheSameBothWays() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let pieces: [[UInt8]] =
            [
                "FN:Ann", "item1.EMAIL;type=INTERNET;type=pref:a@example.org", "TEL;CELL;PREF:+1 555",
                "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;=", "=C3=A9;;", "NOTE;QUOTED-PRINTABLE:x=",
                "PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQ", "SkZJRg==", "PHOTO;ENCODING=b:AAAA=", " folded",
                "\tfolded", "", "BEGIN:VCARD", "END:VCARD", "BEGIN:X-IN", "END:X-IN", "no colon", ":nameless",
                "NOTE:caf\u{E9} \u{7C}", "X-Q;P=\"a:b\";Q=^^:v", "ADR;HOME;CHARSET=WINDOWS-1252:;;Stra=DFe",
                "X-LONG:0123456789abcdefghijklmnopqrstuvwxyz", "VERSION:2.1", "x=",
            ].map { Array($0.utf8) } + [[0xFF, 0x3A, 0x41], [0x58, 0x3A, 0x00, 0x41], [0x4E, 0x3A, 0xC3]]
        let breaks: [[UInt8]] = [[0x0D, 0x0A], [0x0A], [0x0D]]
        let small = ContentLineReader.Limits(lineLength: 40, propertiesPerComponent: 6, depth: 2)
        for round in 0..<1500 {
            var bytes: [UInt8] = []
            let lines = next(30)
            for k in 0..<lines {
                if k == 0 || next(8) == 0 { bytes += Array("BEGIN:VCARD".utf8) + breaks[next(3)] }
                bytes += pieces[next(pieces.count)]
                if next(6) == 0 { bytes += Array(repeating: UInt8(0x61 + next(3)), count: next(20)) }
                if k < lines - 1 || next(2) == 0 { bytes += breaks[next(9) < 7 ? 0 : next(3)] }
            }
            expectSameBothWays(bytes, limits: round % 3 == 0 ? small : .standard)
        }
    }

    /// Components of varied sizes (some with a line long enough to outgrow the reserved
    /// room, some with quoted-printable lines kept built), to check storage reuse.
    static func mixedComponents(_ count: Int) -> [UInt8] {
        var text = ""
        for k in 0..<count {
            text += "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Name \(k)\r\n"
            if k % 5 == 0 { text += "NOTE;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9 =\r\n\(k)\r\n" }
            if k % 7 == 3 { text += "PHOTO;ENCODING=b:" + String(repeating: "QUJD", count: 5_000 + k) + "\r\n" }
            for j in 0..<(k % 11) { text += "TEL;TYPE=cell:+1 \(k) \(j)\r\n" }
            text += "END:VCARD\r\n"
        }
        return Array(text.utf8)
    }

    /// Each component's lines, built, read on one thread with lines kept (no reuse).
    static func keptLines(_ bytes: [UInt8]) -> ([[ContentLine]], [FormatWarning]) {
        var r = ContentLineReader(bytes: bytes)
        var all: [[ContentLine]] = []
        r.takeRawComponents { _, lines in all.append(lines.contentLines()) }
        return (all, r.warnings)
    }

    @Test("a body that empties the lines it got has their storage refilled with the next component's, correctly")
    func emptiedLinesAreReused() {
        let bytes = Self.mixedComponents(300)
        let (expected, expectedWarnings) = Self.keptLines(bytes)
        var r = ContentLineReader(bytes: bytes)
        var got: [[ContentLine]] = []
        var reused = 0
        var previous: UnsafeRawPointer?
        r.takeRawComponents { _, lines in
            got.append(lines.contentLines())
            let storage = lines.lines.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if storage != nil && storage == previous { reused += 1 }
            previous = storage
            lines.bytes.removeAll(keepingCapacity: true)
            lines.lines.removeAll(keepingCapacity: true)
            lines.built.removeAll()
        }
        #expect(got == expected)
        #expect(r.warnings == expectedWarnings)
        #expect(reused > 0)
    }

    @Test("on two threads, lines kept by the body stay intact while later components reuse emptied storage")
    func twoThreadsKeptAndReused() throws {
        let bytes = Self.mixedComponents(500)
        let (expected, expectedWarnings) = Self.keptLines(bytes)
        var r = ContentLineReader(bytes: bytes)
        var kept: [RawLines] = []
        var got: [[ContentLine]] = []
        try r.takeRawComponentsOnTwoThreads { _, lines in
            got.append(lines.contentLines())
            // Every third component's lines are kept as they are (their storage is then
            // shared, and emptying it for reuse must not touch this copy).
            if got.count % 3 == 0 { kept.append(lines) }
        }
        #expect(got == expected)
        #expect(r.warnings == expectedWarnings)
        #expect(kept.count == expected.count / 3)
        for (n, lines) in kept.enumerated() { #expect(lines.contentLines() == expected[3 * n + 2]) }
    }

    @Test("BEGIN and END lines named where they are in the input, in any case, with blanks, after folded or built lines, nested")
    func boundariesInPlace() {
        let texts = [
            "BEGIN:VCARD\r\nFN:a\r\nEND:VCARD\r\nbegin:vcard\r\nFN:b\r\nend:VCard\r\n",
            "BEGIN: vcard \r\nFN:a\r\nEND:\tVCARD\t\r\n",
            // END right after a folded line and after a quoted-printable line (copied, not in the input).
            "BEGIN:VCARD\r\nNOTE:one\r\n two\r\nEND:VCARD\r\nBEGIN:VCARD\r\nNOTE;ENCODING=QUOTED-PRINTABLE:a=\r\nb\r\nEND:VCARD\r\n",
            // END right after a line kept built, and a BEGIN with a group or parameters.
            "BEGIN:VCARD\r\nN;CHARSET=UTF-8:x\r\nEND:VCARD\r\nx.BEGIN:VCARD\r\nFN:y\r\nEND;X=1:VCARD\r\n",
            // Nested components, a long name, names that differ, a bad line before END.
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:s\r\nBEGIN:VALARM\r\nACTION:x\r\nEND:VALARM\r\nEND:VEVENT\r\nBEGIN:X-A-VERY-LONG-COMPONENT\r\nEND:X-A-VERY-LONG-COMPONENT\r\nEND:VCALENDAR\r\n",
            "BEGIN:VCARD\r\nFN:a\r\nnot a line\r\nEND:VCARD\r\nEND:VCARD\r\nBEGIN:VCARD\r\nBEGIN:VCARD\r\nFN:b\r\n\r\n\r\nEND:VCARD",
            "BEGIN:VCARD\nFN:a\nEND:VCARD\rBEGIN:VCARD\rFN:b\rEND:VCARD\r",
        ]
        for text in texts { expectSameBothWays(text) }
        let small = ContentLineReader.Limits(lineLength: 40, propertiesPerComponent: 2, depth: 2)
        for text in texts { expectSameBothWays(text, limits: small) }
    }
}
