import Testing

@testable import ContentLines
@testable import VCardFormat

/// Kith keeps unknown lines as text and reads each back alone with `next()`.
@Suite struct SingleLineReadTests {
    @Test(
        "one line read alone with next() comes back whole",
        arguments: [
            "ORG:Lumen Labs;Research", "X-LOWER:lower-case names", "item3.X-ABRELATEDNAMES:Lin Mei",
            "INTEREST;LEVEL=high:Bouldering", "X-CARET;X-C=say ^'hi^':v",
            "X-CARET;X-C=\"say ^'hi^'\":v", "x-lower;x-p=1:lower-case names", "DUE;TZID=America/Chicago:20400101T090000",
            "X-QUOTED;X-CN=\"Lima, Ana\";X-B=plain:v",
        ])
    func oneLine(_ raw: String) throws {
        var reader = ContentLineReader(string: raw + "\r\n")
        let read = reader.next()
        let line = try #require(read)
        #expect(reader.next() == nil)
        var again = ContentLineReader(string: raw)
        #expect(again.next() == line)
        let colon = try #require(raw.firstIndex(of: ":"))
        #expect(line.value == String(raw[raw.index(after: colon)...]))
    }
}
