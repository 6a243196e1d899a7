import ContentLines
import Foundation
import Testing

@testable import VCardFormat

/// The typed getters' fast paths (types gathered as codes and shared arrays, TYPE and PREF
/// read from the bytes with quoted values, N split from the bytes, `tel:` dropped before the
/// value string is made) against expected values, against the whole read, and against a
/// plain reference written from the built properties.
@Suite struct VCardGetterTests {
    static let edgeCard = """
        BEGIN:VCARD
        VERSION:3.0
        FN:Edge\\, Cases\\;
        N:Doe\\;Jr;Jane\\,Ann,Bea;;Dr.;;extra;more
        TEL;TYPE=pref:+1 100
        TEL;TYPE="work,voice";PREF=2:tel:+1 200
        TEL;type="a;b:c",Home:+1 300
        TEL;TYPE=Pröf,HOME,ÉTÉ:+1 400
        TEL;TYPE=home,work,cell,voice,fax:+1 500
        TEL;TYPE=home,custom,work:+1 600
        TEL;TYPE=home,work,cell;TYPE=fax:+1 700
        TEL;PREF="3";PREF=4:TEL:+1 800
        TEL;PREF=2,3:tel\\:+1 900
        TEL;PREF=x;TYPE=,,CELL,,:tel:
        TEL;TYPE=^'cell^':tel:\u{301}5
        TEL:tel:\u{301}6
        TEL;TYPE="cell"junk,"":Tel:+2 100
        TEL; type = work ;pref:+2 200
        item1.EMAIL;type=INTERNET:a@example.org
        ITEM1.X-ABLabel:Cabin\\, lake
        item2.TEL:+2 300
        item2.x-ablabel:_$!<Mobile>!$_
        item3.TEL:+2 400
        END:VCARD

        """

    static let card21 = """
        BEGIN:VCARD
        VERSION:2.1
        N:Doe,Jr;Jane\\;Ann;;;
        FN:Jane Doe
        TEL;CELL;VOICE;PREF:+49 170
        TEL;HOME:+49 30
        TEL;X-CUSTOM;WORK:+49 40
        EMAIL;INTERNET;PREF:j@example.de
        END:VCARD

        """

    static func streamed(_ text: String) throws -> VCard {
        var cards: [VCard] = []
        _ = try VCard.readText(Array(text.utf8)) { cards.append($0) }
        try #require(cards.count == 1)
        return cards[0]
    }

    @Test("TYPE and PREF edge cases, tel: prefixes and labels give the expected values")
    func edgeValues() throws {
        let card = try Self.streamed(Self.edgeCard)
        #expect(card.formattedName == "Edge, Cases;")
        #expect(
            card.name
                == VCard.StructuredName(
                    familyNames: ["Doe;Jr"], givenNames: ["Jane,Ann", "Bea"], additionalNames: [],
                    honorificPrefixes: ["Dr."], honorificSuffixes: []))
        let phones = card.phones
        let expected: [(String, [String], Int?)] = [
            ("+1 100", [], 1),
            ("+1 200", ["work", "voice"], 2),
            ("+1 300", ["a;b:c", "home"], nil),
            ("+1 400", ["pröf", "home", "été"], nil),
            ("+1 500", ["home", "work", "cell", "voice", "fax"], nil),
            ("+1 600", ["home", "custom", "work"], nil),
            ("+1 700", ["home", "work", "cell", "fax"], nil),
            ("+1 800", [], 3),
            ("+1 900", [], 2),
            ("", ["cell"], nil),
            // A combining mark after `tel:` joins the colon's character: dropping four
            // characters drops it too.
            ("5", ["\"cell\""], nil),
            ("6", [], nil),
            ("+2 100", ["cell"], nil),
            // Parameter names are trimmed, values are not.
            ("+2 200", [" work "], 1),
            ("+2 300", [], nil),
            ("+2 400", [], nil),
        ]
        try #require(phones.count == expected.count)
        for (p, e) in zip(phones, expected) {
            #expect(p.value == e.0)
            #expect(p.types == e.1, "\(e.0)")
            #expect(p.preference == e.2, "\(e.0)")
        }
        #expect(phones[14].group == "item2")
        #expect(phones[14].label == "Mobile")
        #expect(phones[15].group == "item3")
        #expect(phones[15].label == nil)
        #expect(card.emails == [VCard.TypedValue("a@example.org", types: ["internet"], group: "item1", label: "Cabin, lake")])
    }

    @Test("vCard 2.1: bare types and PREF, commas kept in N fields")
    func version21() throws {
        let card = try Self.streamed(Self.card21)
        #expect(card.name == VCard.StructuredName(familyNames: ["Doe,Jr"], givenNames: ["Jane;Ann"]))
        #expect(
            card.phones == [
                VCard.TypedValue("+49 170", types: ["cell", "voice"], preference: 1),
                VCard.TypedValue("+49 30", types: ["home"]),
                VCard.TypedValue("+49 40", types: ["x-custom", "work"]),
            ])
        #expect(card.emails == [VCard.TypedValue("j@example.de", types: ["internet"], preference: 1)])
    }

    @Test("N: empty items and fields, escapes at the ends, a lone trailing backslash")
    func structuredNames() throws {
        let cases: [(String, VCard.StructuredName?)] = [
            ("N:", VCard.StructuredName()),
            ("N:;;;;", VCard.StructuredName()),
            ("N:,a,,b,;", VCard.StructuredName(familyNames: ["a", "b"])),
            ("N:\\;;\\,", VCard.StructuredName(familyNames: [";"], givenNames: [","])),
            ("N:a\\nb;c\\", VCard.StructuredName(familyNames: ["a\nb"], givenNames: ["c\\"])),
            (
                "N:a;b;c;d;e;f;g",
                VCard.StructuredName(
                    familyNames: ["a"], givenNames: ["b"], additionalNames: ["c"],
                    honorificPrefixes: ["d"], honorificSuffixes: ["e"])
            ),
            ("X-N:a", nil),
        ]
        for (line, name) in cases {
            let text = "BEGIN:VCARD\nVERSION:4.0\nFN:x\n\(line)\nEND:VCARD\n"
            #expect(try Self.streamed(text).name == name, "\(line)")
            #expect(try VCard.read(Array(text.utf8)).cards.first?.name == name, "\(line)")
        }
    }

    @Test("every common TYPE value alone, in pairs and in threes, in any case")
    func commonTypes() throws {
        let names = Array(VCard.typeNames.dropFirst())
        var lines: [String] = []
        var expected: [[String]] = []
        for (k, a) in names.enumerated() {
            lines.append("TEL;TYPE=\(a.uppercased()):1")
            expected.append([a])
            let b = names[(k + 5) % names.count], c = names[(k + 11) % names.count]
            lines.append("TEL;TYPE=\(a),\(b.capitalized):1")
            expected.append([a, b])
            lines.append("TEL;TYPE=\(a);TYPE=\(b),\(c):1")
            expected.append([a, b, c])
        }
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:x\n" + lines.joined(separator: "\n") + "\nEND:VCARD\n"
        #expect(try Self.streamed(text).phones.map(\.types) == expected)
        #expect(try VCard.read(Array(text.utf8)).cards.first?.phones.map(\.types) == expected)
    }

    @Test("the edge cards read the same streamed and whole", arguments: [false, true])
    func edgeCardsBothWays(crlf: Bool) throws {
        for text in [Self.edgeCard, Self.card21] {
            _ = try VCardRawLinesTests.compare(VCardRawLinesTests.bytes(text, crlf: crlf), "edge crlf=\(crlf)")
        }
    }

    /// What ``VCard/phones`` or ``VCard/emails`` should give, written plainly from the built
    /// properties.
    static func reference(_ card: VCard, _ name: String, tel: Bool) -> [VCard.TypedValue] {
        let all = card.properties
        return all.filter { $0.name == name }.map { p in
            var types: [String] = []
            var prefFromType = false
            for value in p.parameters.first(where: { $0.name == "TYPE" })?.values ?? [] {
                for part in value.split(separator: ",") {
                    let l = part.lowercased()
                    if l == "pref" { prefFromType = true } else { types.append(l) }
                }
            }
            var pref = p.parameters.first(where: { $0.name == "PREF" })?.values.first.flatMap { Int($0) }
            if prefFromType { pref = pref ?? 1 }
            var value = TextEscaping.unescape(p.value)
            if tel && String(decoding: value.utf8.prefix(4), as: UTF8.self).lowercased() == "tel:" { value = String(value.dropFirst(4)) }
            var label: String?
            if let g = p.group, let l = all.first(where: { $0.name == "X-ABLABEL" && $0.group?.lowercased() == g.lowercased() }) {
                var text = TextEscaping.unescape(l.value)
                if text.hasPrefix("_$!<") && text.hasSuffix(">!$_") { text = String(text.dropFirst(4).dropLast(4)) }
                label = text
            }
            return VCard.TypedValue(value, types: types, preference: pref, group: p.group, label: label)
        }
    }

    /// What ``VCard/name`` should give, from the plain split.
    static func referenceName(_ card: VCard) -> VCard.StructuredName? {
        guard let p = card.properties.first(where: { $0.name == "N" }) else { return nil }
        var f: [[String]]
        if card.version == .v2_1 {
            f = TextEscaping.split(p.value, on: ";").map { [TextEscaping.unescape($0)].filter { !$0.isEmpty } }
        } else {
            f = TextEscaping.splitStructured(p.value).map { $0.filter { !$0.isEmpty } }
        }
        while f.count < 5 { f.append([]) }
        return VCard.StructuredName(familyNames: f[0], givenNames: f[1], additionalNames: f[2], honorificPrefixes: f[3], honorificSuffixes: f[4])
    }

    @Test("phones, emails and name match the plain reference on every sample card (and KITH_EQUIVALENCE_VCF)")
    func reference() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var inputs: [(String, [UInt8])] = [("edge", Array(Self.edgeCard.utf8)), ("2.1", Array(Self.card21.utf8))]
        for (k, text) in VCardRawLinesTests.tricky.enumerated() { inputs.append(("tricky \(k)", Array(text.utf8))) }
        for folder in ["Import", "Tests/VCardFormatTests/Fixtures"] {
            let dir = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".vcf") {
                inputs.append((name, [UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))))
            }
        }
        if let path = ProcessInfo.processInfo.environment["KITH_EQUIVALENCE_VCF"] {
            inputs.append((path, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        }
        var cards = 0
        for (context, bytes) in inputs {
            _ = try? VCard.readText(bytes) { card in
                cards += 1
                // The getters first, while the card still reads its bytes.
                let phones = card.phones, emails = card.emails, name = card.name
                #expect(phones == Self.reference(card, "TEL", tel: true), "\(context) \(card.line)")
                #expect(emails == Self.reference(card, "EMAIL", tel: false), "\(context) \(card.line)")
                #expect(name == Self.referenceName(card), "\(context) \(card.line)")
            }
        }
        #expect(cards > 20)
    }
}
