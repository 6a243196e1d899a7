import Testing

@testable import ContentLines

/// The one parameter writer and the one folding of both formats (ContentLineWriter and
/// ICalendarLineWriter), with the two rules on which the formats have always differed.
@Suite struct SharedWriterTests {
    static func parameter(_ value: String, _ style: ParameterStyle) -> String {
        var out: [UInt8] = []
        Array(value.utf8).withUnsafeBufferPointer { ContentLineWriter.appendParameterValue($0, to: &out, style: style) }
        return String(decoding: out, as: UTF8.self)
    }

    @Test(
        "vCard quotes a TAB and writes a lone CR as ^n; iCalendar does neither",
        arguments: [
            ("a\tb", "\"a\tb\"", "a\tb"),
            ("a\rb", "a^nb", "ab"),
            ("a\r\nb", "a^nb", "a^nb"),
            ("a\r\r\nb", "a^n^nb", "a^nb"),
            ("a\nb", "a^nb", "a^nb"),
            ("Doe, \"J\" ^", "\"Doe, ^'J^' ^^\"", "\"Doe, ^'J^' ^^\""),
            ("plain", "plain", "plain"),
        ])
    func parameterStyles(value: String, vCard: String, iCalendar: String) {
        #expect(Self.parameter(value, .vCard) == vCard)
        #expect(Self.parameter(value, .iCalendar) == iCalendar)
    }

    @Test("the vCard writer's parameters follow the vCard style")
    func writerUsesVCardStyle() {
        var w = ContentLineWriter()
        w.write(name: "X-A", parameters: [ContentLine.Parameter(name: "X-P", values: ["a\tb", "c\rd"])], value: "v")
        #expect(w.string == "X-A;X-P=\"a\tb\",c^nd:v\r\n")
    }

    @Test("folding: pieces of at most the limit, never inside a UTF-8 sequence, unfolding gives the line back")
    func folding() {
        for length in [0, 9, 10, 11, 30, 200] {
            let line = Array(String(repeating: "aé€😀", count: length / 4 + 1).utf8.prefix(length))
            var bytes = Array("END:X\r\n".utf8)  // a line before, left alone
            let start = bytes.count
            bytes += line
            var cuts: [Int] = []
            ContentLineWriter.endLine(&bytes, from: start, limit: 10, cuts: &cuts)
            let text = Array(bytes[start...])
            #expect(text.suffix(2) == [13, 10])
            let pieces = text.dropLast(2).split(separator: 13, omittingEmptySubsequences: false)
            #expect(bytes.prefix(start).elementsEqual("END:X\r\n".utf8))
            // Each physical line (a continuation's leading space included) is at most 10 octets.
            #expect(pieces.enumerated().allSatisfy { k, p in p.count - (k == 0 ? 0 : 1) <= 10 })
            var unfolded: [UInt8] = []
            for (k, p) in pieces.enumerated() {
                let body = k == 0 ? Array(p) : Array(p.dropFirst(2))  // LF and the space
                if k > 0 { #expect(p.prefix(2).elementsEqual([10, 32])) }
                if let first = body.first { #expect(first & 0xC0 != 0x80) }
                unfolded += body
            }
            #expect(unfolded == line)
        }
    }
}
