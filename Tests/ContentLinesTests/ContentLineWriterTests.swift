import Testing

@testable import ContentLines

@Suite("ContentLineWriter")
struct ContentLineWriterTests {
    @Test func writesCRLFAndQuotesParameters() {
        var w = ContentLineWriter()
        w.write(
            ContentLine(group: "item1", name: "tel", parameters: [.init(name: "TYPE", values: ["work", "voice"]), .init("LABEL", "a:b; c \"q\"")], value: "1"))
        #expect(w.string == "item1.TEL;TYPE=work,voice;LABEL=\"a:b; c ^'q^'\":1\r\n")
    }

    @Test func rawLineBreaksInValuesCannotBreakTheFile() {
        var w = ContentLineWriter()
        w.write(name: "NOTE", value: "a\r\nb\nc")
        #expect(w.string == "NOTE:a\\nb\\nc\r\n")
    }

    @Test func foldsAt75OctetsWithoutSplittingUTF8() {
        let value = String(repeating: "é日😀a", count: 60)
        var w = ContentLineWriter()
        w.write(name: "NOTE", value: value)
        let physical = w.string.components(separatedBy: "\r\n").dropLast()
        #expect(physical.count > 3)
        for line in physical {
            #expect(line.utf8.count <= 75)
            #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
        }
        var r2 = ContentLineReader(bytes: w.bytes)
        #expect(r2.next()?.value == value)
    }

    @Test func componentRoundTripsThroughReader() {
        let card = Component(
            name: "VCARD",
            properties: [
                ContentLine(name: "VERSION", value: "4.0"),
                ContentLine(name: "FN", value: "A\\, B"),
                ContentLine(group: "g", name: "X-ABLABEL", parameters: [.init("X-P", "a b")], value: "_$!<Other>!$_"),
            ], components: [Component(name: "X-SUB", properties: [ContentLine(name: "X-Y", value: "1")])])
        var w = ContentLineWriter()
        w.write(card)
        let (cs, ws) = ContentLineReader.components(from: w.bytes)
        #expect(ws.isEmpty)
        #expect(cs.count == 1)
        let back = cs[0]
        #expect(back.name == "VCARD")
        #expect(zip(back.properties, card.properties).allSatisfy { $0.sameContent(as: $1) })
        #expect(back.components.first?.property("X-Y")?.value == "1")
    }
}
