import Testing

@testable import ContentLines

/// The one TEXT escaper (vCard's TextEscaping.escape, iCalendar's ICalText.escape and
/// ICalendarLineWriter's text values).
@Suite struct TextEscaperTests {
    /// TextEscaping.escape as it was (and ICalText.escape, the same with both options on).
    static func reference(_ text: String, escapeComma: Bool, escapeSemicolon: Bool) -> String {
        var out: [UInt8] = []
        var previousCR = false
        for b in text.utf8 {
            switch b {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x3B where escapeSemicolon: out += [0x5C, 0x3B]
            case 0x2C where escapeComma: out += [0x5C, 0x2C]
            case 0x0D: out += [0x5C, 0x6E]
            case 0x0A: if !previousCR { out += [0x5C, 0x6E] }
            default: out.append(b)
            }
            previousCR = b == 0x0D
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test("the same text as before with every option, whole or appended in parts")
    func sameAsBefore() {
        let pieces: [String] = ["a", "bcdefghij", " ", "\\", ";", ",", "\n", "\r", "\r\n", "é", "😀", ":"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let parts = (0..<Int.random(in: 1..<5, using: &rng)).map { _ in
                (0..<Int.random(in: 0..<12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            }
            let text = parts.joined()
            for (comma, semicolon) in [(true, true), (false, true), (true, false), (false, false)] {
                #expect(
                    TextEscaping.escape(text, escapeComma: comma, escapeSemicolon: semicolon)
                        == Self.reference(text, escapeComma: comma, escapeSemicolon: semicolon))
            }
            // In parts, a CR at the end of one and an LF at the start of the next are one line break.
            var out: [UInt8] = []
            var previousCR = false
            for p in parts { Array(p.utf8).withUnsafeBufferPointer { TextEscaping.append($0, to: &out, previousCR: &previousCR) } }
            #expect(String(decoding: out, as: UTF8.self) == Self.reference(text, escapeComma: true, escapeSemicolon: true))
        }
    }
}
