import ContentLines
import Foundation
import Testing

@testable import VCardFormat

/// The streaming read (`VCard.readText`) keeps each card's lines as bytes and builds only the
/// lines a getter reads; the whole-file read (`VCard.read`) builds every line. Both must give
/// the same cards, values and warnings.
@Suite struct VCardRawLinesTests {
    /// Cards that exercise what the byte form must get right.
    static let tricky: [String] = [
        // Groups, Apple labels (a label's group matched ignoring case), a doubly dotted name.
        """
        BEGIN:VCARD
        VERSION:3.0
        FN:Grouped
        item1.EMAIL;type=INTERNET;type=pref:a@example.org
        ITEM1.X-ABLabel:_$!<Home>!$_
        Item2.TEL:+1 555
        item2.x-ablabel:Cabin
        a.b.TEL;TYPE=work:+2 666
        item3.X-ABDATE:2001-02-03
        item3.X-ABLabel:_$!<Anniversary>!$_
        BEGIN:X-NESTED
        FN:Inside
        TEL:+3 777
        END:X-NESTED
        TEL;PREF=2,3;TYPE=home,,Work;TYPE=pref:+4 888
        END:VCARD

        """,
        // Folding (space and tab), lower-case names, parameter quoting and RFC 6868 carets,
        // repeated parameters merged, an empty parameter name.
        """
        BEGIN:VCARD
        VERSION:4.0
        fn:Folded
         Name
        n:Doe;Jane;;;
        email;type="home,work";pref=1;x-note="a:b;c":jane@exam
        \tple.org
        TEL;TYPE=cell;TYPE=voice;=dropped;LABEL="say ^'hi^' ^^ ^n":tel:+33 1
        ADR;TYPE=home:;;1 Rue\\, A;Paris;;75001;France
        NOTE:line one\\nline two\\, with comma
        CATEGORIES:a,b\\,c
        CATEGORIES:d
        BDAY:--0412
        X-CUSTOM;X-P=1:kept
        END:VCARD

        """,
        // vCard 2.1: quoted-printable with soft breaks, CHARSET, bare parameters, base64 photo.
        """
        BEGIN:VCARD
        VERSION:2.1
        N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;
        FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=
        =C3=BCller
        TEL;CELL;PREF:+49 170
        TEL;HOME;VOICE:+49 30
        EMAIL;INTERNET:j@example.de
        NOTE;ENCODING=QUOTED-PRINTABLE:two=0D=0Alines
        ADR;HOME;CHARSET=ISO-8859-1:;;Stra\u{DF}e 1;Berlin;;;
        PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQ
        SkZJRg==

        END:VCARD

        """,
        // Bad values: invalid base64, a BDAY that is not a date, a data: URI with no comma,
        // an unknown charset, a bad quoted-printable escape, malformed lines, no FN.
        """
        BEGIN:VCARD
        VERSION:3.0
        N:Nofn;Ann;;;
        PHOTO;ENCODING=b:!!!notbase64
        LOGO:data:image/png;base64
        BDAY:sometime
        ANNIVERSARY:not a date either
        X-ANNIVERSARY;VALUE=text:whenever
        NOTE;CHARSET=X-UNKNOWN:caf\u{E9}
        TITLE;ENCODING=QUOTED-PRINTABLE:bad=ZZ
        no colon here
        ;TYPE=x:no name
        TEL;TYPE=home
        EMAIL;TYPE="unterminated:x@example.org
        END:VCARD

        """,
        // No VERSION, an unknown VERSION, a nested component, a second BEGIN without END.
        """
        BEGIN:VCARD
        FN:No version
        AGENT:
        BEGIN:VCARD
        FN:Inner
        END:VCARD
        EMAIL:outer@example.org
        END:VCARD
        BEGIN:VCARD
        VERSION:5.1
        FN:Five
        BEGIN:VCARD
        VERSION:3.0
        FN:Unclosed before
        END:VCARD
        PROP:outside
        BEGIN:VCARD
        VERSION:3.0
        FN:Last without END

        """,
        // Many related-kind properties, GEO, GENDER, KIND, members, TZ, impp, urls.
        """
        BEGIN:VCARD
        VERSION:3.0
        FN:Everything
        NICKNAME:Al,Bert
        ORG:Acme;Lab
        TITLE:Boss
        ROLE:Lead
        UID:urn:uuid:1
        REV:2024-01-01T00:00:00Z
        X-ADDRESSBOOKSERVER-KIND:group
        X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:2
        MEMBER:urn:uuid:3
        TZ:Europe/Paris
        GEO:48.85;2.35
        X-GENDER:F;she
        IMPP;TYPE=home:xmpp:al@example.org
        URL;type=pref:https\\://example.com
        X-ABRELATEDNAMES;TYPE=pref:Bea
        X-RELATED;TYPE=spouse:Cy
        INTEREST:chess
        X-HOBBY:knitting
        X-EXPERTISE;LEVEL=high:swift
        PHOTO;VALUE=uri:https://example.com/p.jpg
        LOGO:data:image/png;base64,iVBORw0KGgo=
        END:VCARD

        """,
        // Dates checked from the bytes without building the line: good forms (basic,
        // extended, yearless, with a time, a day past the month's end that the parser
        // accepts) and bad ones (month 13, day 0, nine digits, a word), VALUE=text both ways,
        // a folded date, and base64 photos whose bad byte falls in and after eight-byte blocks.
        """
        BEGIN:VCARD
        VERSION:4.0
        FN:Dates
        BDAY:19850412T101500
        ANNIVERSARY:--0412
        DEATHDATE:1985-04
        X-ANNIVERSARY:1985
        BDAY:19850231
        BDAY:1985-13-01
        ANNIVERSARY:--0400
        DEATHDATE:198504120
        X-ANNIVERSARY:someday
        BDAY;VALUE=text:1985-13-01
        BDAY;VALUE=text:19850412
        BDAY:1985-
         04-12
        BDAY:--04-1
        PHOTO;ENCODING=b:QUJDREVGR0hJSktMTU5PUFFS!1NUVVZXWFla
        LOGO;ENCODING=b:QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=X
        SOUND;ENCODING=b:QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=
        KEY;ENCODING=b:QUJDREVGR0hJSkt MTU5PUFFSU1RVVldYWVo
        END:VCARD

        """,
    ]

    static func bytes(_ text: String, crlf: Bool) -> [UInt8] {
        Array((crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text).utf8)
    }

    /// Every getter of `raw` gives what it gives on `built`.
    static func expectSameValues(_ raw: VCard, _ built: VCard, _ context: String) {
        #expect(raw.version == built.version, "\(context)")
        #expect(raw.line == built.line, "\(context)")
        #expect(raw.formattedName == built.formattedName, "\(context)")
        #expect(raw.name == built.name, "\(context)")
        #expect(raw.nicknames == built.nicknames, "\(context)")
        #expect(raw.organization == built.organization, "\(context)")
        #expect(raw.titles == built.titles, "\(context)")
        #expect(raw.roles == built.roles, "\(context)")
        #expect(raw.notes == built.notes, "\(context)")
        #expect(raw.categories == built.categories, "\(context)")
        #expect(raw.uid == built.uid, "\(context)")
        #expect(raw.revision == built.revision, "\(context)")
        #expect(raw.kind == built.kind, "\(context)")
        #expect(raw.timeZone == built.timeZone, "\(context)")
        #expect(raw.birthday == built.birthday, "\(context)")
        #expect(raw.anniversary == built.anniversary, "\(context)")
        #expect(raw.emails == built.emails, "\(context)")
        #expect(raw.phones == built.phones, "\(context)")
        #expect(raw.urls == built.urls, "\(context)")
        #expect(raw.impps == built.impps, "\(context)")
        #expect(raw.related == built.related, "\(context)")
        #expect(raw.members == built.members, "\(context)")
        #expect(raw.interests == built.interests, "\(context)")
        #expect(raw.hobbies == built.hobbies, "\(context)")
        #expect(raw.expertise == built.expertise, "\(context)")
        #expect(raw.addresses == built.addresses, "\(context)")
        #expect(raw.geo == built.geo, "\(context)")
        #expect(raw.gender == built.gender, "\(context)")
        #expect(raw.photos == built.photos, "\(context)")
        #expect(raw.logos == built.logos, "\(context)")
        for name in ["X-ABLABEL", "x-ablabel", "TEL", "X-CUSTOM", "CATEGORIES", "X-ADDRESSBOOKSERVER-MEMBER", "VERSION"] {
            #expect(raw.properties(named: name) == built.properties(named: name), "\(context) \(name)")
            #expect(raw.property(name) == built.property(name), "\(context) \(name)")
        }
        // Last, so that the getters above ran on the bytes, not on built properties.
        #expect(raw.properties == built.properties, "\(context)")
        #expect(raw == built, "\(context)")
        #expect(raw.hashValue == built.hashValue, "\(context)")
    }

    /// Reads `bytes` both ways and compares cards, values and warnings; the streamed read is
    /// made on one thread and on two, and both must match the whole read.
    static func compare(_ bytes: [UInt8], _ context: String) throws -> Int {
        var count = 0
        for twoThreads in [false, true] {
            count = try compare(bytes, "\(context) twoThreads=\(twoThreads)", twoThreads: twoThreads)
        }
        // Read in place (a mapped file): the same cards and warnings as from the array.
        var owned: [VCard] = []
        let ownedWarnings = try VCard.readText(bytes) { owned.append($0) }
        var borrowed: [VCard] = []
        let borrowedWarnings = try bytes.withUnsafeBufferPointer { buf in
            try VCard.readText(buf) { borrowed.append($0) }
        }
        #expect(borrowed == owned, "\(context) read in place")
        #expect(borrowedWarnings == ownedWarnings, "\(context) read in place")
        return count
    }

    static func compare(_ bytes: [UInt8], _ context: String, twoThreads: Bool) throws -> Int {
        let whole = try VCard.read(bytes)
        var streamed: [VCard] = []
        let warnings = try VCard.readText(bytes, raw: true, twoThreads: twoThreads) { streamed.append($0) }
        #expect(warnings == whole.warnings, "\(context)")
        #expect(streamed.count == whole.cards.count, "\(context)")
        for (k, (raw, built)) in zip(streamed, whole.cards).enumerated() {
            guard case .raw = raw.storage else {
                Issue.record("\(context): card \(k) was not kept as bytes")
                continue
            }
            expectSameValues(raw, built, "\(context) card \(k)")
        }
        // What is written from them is the same, byte for byte, in both versions written.
        for version in [VCard.Version.v3_0, .v4_0] {
            let a = VCardWriter.write(streamed, version: version), b = VCardWriter.write(whole.cards, version: version)
            #expect(Array(a.text.utf8) == Array(b.text.utf8), "\(context) written as \(version.rawValue)")
            #expect(a.warnings == b.warnings, "\(context) written as \(version.rawValue)")
        }
        return streamed.count
    }

    @Test("tricky cards: the streamed cards' getters, properties and warnings are the whole read's", arguments: [false, true])
    func trickyCards(crlf: Bool) throws {
        for (k, text) in Self.tricky.enumerated() {
            _ = try Self.compare(Self.bytes(text, crlf: crlf), "tricky \(k) crlf=\(crlf)")
        }
        // All in one file too (line numbers past the first card).
        _ = try Self.compare(Self.bytes(Self.tricky.joined(), crlf: crlf), "joined crlf=\(crlf)")
    }

    @Test("tricky cards give warnings at all (the comparison is not vacuous)")
    func warningsAreThere() throws {
        let warnings = try VCard.readText(Self.bytes(Self.tricky[3], crlf: false)) { _ in }
        let codes = Set(warnings.map(\.code))
        #expect(codes.contains(.badBase64))
        #expect(codes.contains(.invalidValue))
        #expect(codes.contains(.malformedLine))
        #expect(codes.contains(.badQuotedPrintable))
        #expect(codes.contains(.unknownCharset))
        #expect(codes.contains(.missingProperty))
    }

    @Test("invalid UTF-8 is repaired as before, in values and in names")
    func invalidUTF8() throws {
        var bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Caf".utf8) + [0xE9] + Array("\r\nNOTE:".utf8)
        bytes += [0xED, 0xA0, 0x80, 0x41, 0xC0, 0xAF, 0xF4, 0x90, 0x80, 0x80, 0xE2, 0x82]  // surrogate, overlong, past U+10FFFF, cut
        bytes += Array("\r\nTITLE:ok \u{1F600} \u{E9}\r\nX-".utf8) + [0xFF] + Array(":v\r\nEND:VCARD\r\n".utf8)
        let count = try Self.compare(bytes, "utf8")
        #expect(count == 1)
        var card: VCard?
        let warnings = try VCard.readText(bytes) { card = $0 }
        #expect(card?.formattedName == "Café")
        #expect(card?.titles == ["ok \u{1F600} \u{E9}"])
        // FN and NOTE; a name's bad bytes are repaired without a warning, as before.
        #expect(warnings.filter { $0.code == .invalidUTF8 }.count == 2)
    }

    @Test("values near the edges of UTF-8 are judged as String(validating:) judges them")
    func utf8Edges() throws {
        // Bytes at the boundaries of the lead and continuation ranges, in short random runs
        // (a fixed-seed generator: the same cases every run).
        let pool: [UInt8] = [
            0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var bytes: [UInt8] = []
        var valid = 0
        for _ in 0..<2_000 {
            var value: [UInt8] = []
            for _ in 0..<(1 + next() % 5) { value.append(pool[next() % pool.count]) }
            if String(validating: value, as: UTF8.self) != nil { valid += 1 }
            bytes += Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\nNOTE:".utf8) + value + Array("\r\nEND:VCARD\r\n".utf8)
        }
        #expect(valid > 50)
        #expect(try Self.compare(bytes, "utf8 edges") == 2_000)
    }

    @Test("ASCII runs passed eight bytes a step: what follows a run of any length is still judged")
    func utf8AfterASCIIRuns() throws {
        // Each value: an ASCII run of 0–17 bytes, then a sequence (good, bad or cut), then
        // another run; the invalid ones must warn exactly where String(validating:) refuses.
        let sequences: [[UInt8]] = [
            [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xE2, 0x82],
            [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFF],
        ]
        var bytes: [UInt8] = []
        var invalid = 0
        for before in 0...17 {
            for (k, sequence) in sequences.enumerated() {
                let value = Array(repeating: UInt8(ascii: "a"), count: before) + sequence + Array(repeating: UInt8(ascii: "b"), count: (before + k) % 11)
                if String(validating: value, as: UTF8.self) == nil { invalid += 1 }
                bytes += Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\nNOTE:".utf8) + value + Array("\r\nEND:VCARD\r\n".utf8)
            }
        }
        #expect(invalid == 18 * 7)
        #expect(try Self.compare(bytes, "utf8 after ASCII runs") == 18 * sequences.count)
        let warnings = try VCard.readText(bytes) { _ in }
        #expect(warnings.filter { $0.code == .invalidUTF8 }.count == invalid)
    }

    @Test("every card of the Import samples and of the fixtures reads the same both ways")
    func samples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Import", "Tests/VCardFormatTests/Fixtures"] {
            let dir = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".vcf") {
                files.append(dir.appendingPathComponent(name))
            }
        }
        if let path = ProcessInfo.processInfo.environment["KITH_EQUIVALENCE_VCF"] { files.append(URL(fileURLWithPath: path)) }
        #expect(files.count >= 10)
        var total = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            guard (try? VCard.read(bytes)) != nil else { continue }
            total += try Self.compare(bytes, file.lastPathComponent)
        }
        #expect(total > 10)
    }

    @Test("a streamed card is a value: changing a copy's properties leaves the other alone")
    func valueSemantics() throws {
        var cards: [VCard] = []
        _ = try VCard.readText(Self.bytes(Self.tricky[1], crlf: true)) { cards.append($0) }
        let original = try #require(cards.first)
        var copy = original
        #expect(copy == original)
        copy.properties.append(ContentLine(name: "NOTE", value: "added"))
        #expect(copy.notes.count == original.notes.count + 1)
        #expect(copy != original)
        var renamed = original
        renamed.formattedName = "Other"
        #expect(renamed.formattedName == "Other")
        #expect(original.formattedName == "FoldedName")
        #expect(renamed.emails == original.emails)
    }

    @Test("a streamed card's properties can be built from several tasks at once")
    func concurrentBuild() async throws {
        var cards: [VCard] = []
        _ = try VCard.readText(Self.bytes(Self.tricky[5], crlf: false)) { cards.append($0) }
        let card = try #require(cards.first)
        let expected = try VCard.read(Self.bytes(Self.tricky[5], crlf: false)).cards[0].properties
        let results = await withTaskGroup(of: [ContentLine].self) { group in
            for _ in 0..<8 { group.addTask { card.properties } }
            var all: [[ContentLine]] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 8)
        for r in results { #expect(r == expected) }
    }

    @Test("the property limit and the depth limit hold in the streamed read")
    func limits() throws {
        var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Many\r\n"
        for i in 0..<100_010 { text += "NOTE:\(i)\r\n" }
        text += "END:VCARD\r\n"
        let bytes = Array(text.utf8)
        let whole = try VCard.read(bytes)
        var streamed: [VCard] = []
        let warnings = try VCard.readText(bytes) { streamed.append($0) }
        #expect(warnings == whole.warnings)
        #expect(warnings.contains { $0.code == .tooManyProperties })
        #expect(streamed.first?.properties == whole.cards.first?.properties)
        #expect(streamed.first?.notes.count == whole.cards.first?.notes.count)
    }

    @Test("media and dates are checked in the streamed read whatever the case of their names")
    func checkedNamesAnyCase() throws {
        let text = """
            BEGIN:VCARD
            VERSION:3.0
            fn:Cases
            photo;encoding=b:QUJD!REVG
            Logo:data:image/png;base64,QUJD!
            sound;ENCODING=B:@@@@
            key:data:;BASE64,QUJDRA==
            Photo:data:image/png;BASE64,QUJDRA==
            PHOTO:data:text/plain,not base64 at all!
            logo:data:no comma
            bday:not a date
            x-anniversary:someday
            deathDate:never
            Anniversary:19990101
            item1.X-ABLabel:_$!<Anniversary>!$_
            END:VCARD

            """
        for crlf in [false, true] {
            let bytes = Self.bytes(text, crlf: crlf)
            _ = try Self.compare(bytes, "cases crlf=\(crlf)")
            let warnings = try VCard.readText(bytes) { _ in }
            #expect(warnings.filter { $0.code == .badBase64 }.map(\.line) == [4, 5, 6])
            #expect(warnings.filter { $0.code == .invalidValue }.map(\.line) == [10, 11, 12, 13])
            #expect(!warnings.contains { $0.code == .missingProperty })
        }
    }

    /// The judgement of a media value as made before ``VCard/checkDataURI(_:)``: through
    /// `RawMedia` and the strings it makes.
    static func judgedByRawMedia(_ value: String) -> VCard.DataURICheck {
        guard value.hasPrefix("data:") else { return .notData }
        switch RawMedia(line: ContentLine(name: "PHOTO", value: value)) {
        case .inline(let b64, _)?: return Base64.isValid(b64) ? .valid : .badBase64
        case .uri?: return .valid
        case nil: return .unsure
        }
    }

    @Test("a data: URI judged in its bytes is judged as RawMedia judges it, or left to it")
    func dataURIInBytes() {
        let cases: [(String, VCard.DataURICheck)] = [
            ("data:image/jpeg;base64,QUJDRA==", .valid),
            ("data:image/jpeg;BASE64,QUJDRA==", .valid),
            ("data:;Base64,QUJD RA==", .valid),
            ("data:image/jpeg;base64,QUJD!RA==", .badBase64),
            ("data:base64,QUJDR", .badBase64),  // five digits cannot be decoded
            ("data:image/png;base64;x=y,QUJDRA==", .valid),
            ("data:image/png;base64x,@@", .valid),  // not marked base64: encoded, so valid
            ("data:image/png;xbase64,@@", .valid),
            ("data:text/plain,hello%20there", .valid),
            ("data:image/png;base64,", .valid),
            ("data:image/png;base64,\u{1}", .badBase64),
            ("data:image/png;\u{14}ase64,@@", .valid),  // a control byte is not a letter
            ("data:no comma", .unsure),
            ("data:", .unsure),
            ("data:image/png;base64,\u{301}QUJD", .unsure),  // a mark joins the comma
            ("data:imagé/png;base64,QUJD", .unsure),
            ("data:\u{301}image/png;base64,QUJD", .unsure),
            ("Data:image/png;base64,@@", .notData),
            ("http://example.com/a.png", .notData),
            ("dat", .notData),
            ("QUJDRA==", .notData),
        ]
        for (value, expected) in cases {
            var copy = value
            let got = copy.withUTF8 { VCard.checkDataURI($0) }
            #expect(got == expected, "\(value)")
            // Whatever the bytes decide is what RawMedia decides.
            if got != .unsure { #expect(got == Self.judgedByRawMedia(value), "\(value)") }
        }
    }

    @Test("VERSION read from the bytes: blanks, unknown values, nested components, folding", arguments: [false, true])
    func versions(crlf: Bool) throws {
        let values: [(String, VCard.Version, Bool)] = [
            ("3.0", .v3_0, false), ("4.0", .v4_0, false), ("2.1", .v2_1, false), (" \t4.0 ", .v4_0, false),
            ("3.1", .v3_0, true), ("4", .v4_0, true), ("2.10", .v2_1, true), ("", .v3_0, true), ("3,0", .v3_0, true),
            ("４.0", .v3_0, true), ("3.\n 0", .v3_0, false),
        ]
        for (value, version, warns) in values {
            for nested in [false, true] {
                let text = "BEGIN:VCARD\nVERSION:\(value)\nFN:V\n" + (nested ? "BEGIN:X-IN\nNOTE:x\nEND:X-IN\n" : "") + "END:VCARD\n"
                let bytes = Self.bytes(text, crlf: crlf)
                _ = try Self.compare(bytes, "VERSION:\(value) nested=\(nested) crlf=\(crlf)")
                var cards: [VCard] = []
                let warnings = try VCard.readText(bytes) { cards.append($0) }
                #expect(cards.first?.version == version, "\(value)")
                #expect(warnings.contains { $0.code == .unknownVersion } == warns, "\(value)")
                #expect(warnings.contains { $0.code == .unknownComponent } == nested, "\(value)")
                #expect(cards.first?.properties(named: "VERSION").isEmpty == true, "\(value)")
            }
        }
    }

    @Test("TYPE= and PREF= found from one word, and the parameters around them that are not", arguments: [false, true])
    func typeAndPrefNames(crlf: Bool) throws {
        let params = [
            ";type=cell;TYPE=home", ";tYpE=Work;pReF=2", ";PREF=1;TYPE=", ";TYPE=:", ";TYPE", ";TYPE;X=Y",
            "; TYPE=home", ";TYPE =home", ";TYPEX=home;TYPE=cell", ";TYP=home", ";TYPE=home,pref;PREF=7",
            ";X-TYPE=home;type=voice", ";PREFS=3;PREF=4", ";type=\"cell,home\";pref=1", ";TYPE=pref",
            ";CELL;HOME", ";type=INTERNET;type=HOME;type=pref", ";TYPE=héme", ";PREF=x",
        ]
        var text = ""
        for (k, p) in params.enumerated() {
            text += "BEGIN:VCARD\nVERSION:3.0\nFN:P\(k)\nTEL\(p):+1 555 \(k)\nitem1.EMAIL\(p):a\(k)@example.org\nEND:VCARD\n"
        }
        let count = try Self.compare(Self.bytes(text, crlf: crlf), "TYPE/PREF crlf=\(crlf)")
        #expect(count == params.count)
        var cards: [VCard] = []
        _ = try VCard.readText(Self.bytes(text, crlf: crlf)) { cards.append($0) }
        #expect(cards[0].phones.first?.types == ["cell", "home"])
        #expect(cards[1].phones.first?.types == ["work"])
        #expect(cards[1].phones.first?.preference == 2)
        #expect(cards[10].phones.first?.preference == 7)
    }

    @Test("N fields of none, one and several items; one, two and many e-mails", arguments: [false, true])
    func namesAndCounts(crlf: Bool) throws {
        var text = "BEGIN:VCARD\nVERSION:3.0\nFN:A\nN:Doe;Jane,Mary,Ann;;Dr\\,;\nEMAIL:one@example.org\nEND:VCARD\n"
        text += "BEGIN:VCARD\nVERSION:2.1\nFN:B\nN:O,Neil;Ann,Bo;;;Jr\nEMAIL:a@x\nEMAIL;WORK:b@x\nEND:VCARD\n"
        text += "BEGIN:VCARD\nVERSION:4.0\nFN:C\nN:;;;;\n"
        for k in 0..<10 { text += "EMAIL;TYPE=home:m\(k)@example.org\n" }
        text += "END:VCARD\n"
        let bytes = Self.bytes(text, crlf: crlf)
        _ = try Self.compare(bytes, "names crlf=\(crlf)")
        var cards: [VCard] = []
        _ = try VCard.readText(bytes) { cards.append($0) }
        let a = try #require(cards[0].name)
        #expect(a.familyNames == ["Doe"])
        #expect(a.givenNames == ["Jane", "Mary", "Ann"])
        #expect(a.additionalNames == [])
        #expect(a.honorificPrefixes == ["Dr,"])
        #expect(a.honorificSuffixes == [])
        #expect(cards[0].emails.map(\.value) == ["one@example.org"])
        let b = try #require(cards[1].name)
        #expect(b.familyNames == ["O,Neil"])
        #expect(b.givenNames == ["Ann,Bo"])
        #expect(b.honorificSuffixes == ["Jr"])
        #expect(cards[1].emails.map(\.value) == ["a@x", "b@x"])
        #expect(cards[1].emails.map(\.types) == [[], ["work"]])
        #expect(cards[2].name?.familyNames == [])
        #expect(cards[2].emails.map(\.value) == (0..<10).map { "m\($0)@example.org" })
    }
}
