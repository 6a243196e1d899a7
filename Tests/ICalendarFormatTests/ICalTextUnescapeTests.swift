import Foundation
import Testing

@testable import ICalendarFormat

/// TEXT values whose backslashes follow non-ASCII bytes are unescaped from their bytes with
/// one validation (``ICalText/unescapeIfValid(bytes:)``) when that gives what decoding
/// first (repairing invalid UTF-8) and unescaping the string gives.
@Suite struct ICalTextUnescapeTests {
    private func decodedFirst(_ b: [UInt8]) -> String {
        ICalText.unescape(String(decoding: b, as: UTF8.self))
    }

    private func inOnePass(_ b: [UInt8]) -> String? {
        b.withUnsafeBufferPointer { ICalText.unescapeIfValid(bytes: $0) }
    }

    private func text(_ b: [UInt8]) -> String {
        b.withUnsafeBufferPointer { ICalProperty.text(bytes: $0) }
    }

    /// Every short sequence over bytes that matter (ASCII, backslash, escape letters, lead
    /// and continuation bytes, a byte never valid): the one-pass result, when there is one,
    /// is the decoded-first one; valid input always has one; the getter agrees with both.
    @Test func everyShortSequenceAgreesWithDecodingFirst() {
        let alphabet: [UInt8] = [97, 92, 110, 78, 44, 0xC3, 0xA9, 0xE6, 0x88, 0x91, 0xF0, 0x9F, 0xFF]
        var checked = 0, onePass = 0
        for length in 1...4 {
            var digits = [Int](repeating: 0, count: length)
            while true {
                let b = digits.map { alphabet[$0] }
                let expected = decodedFirst(b)
                if let s = inOnePass(b) {
                    #expect(s == expected, "\(b)")
                    onePass += 1
                } else {
                    #expect(
                        String(validating: b, as: UTF8.self) == nil
                            || b.enumerated().contains { i, x in
                                x == 92 && i + 1 < b.count && b[i + 1] & 0xC0 == 0x80
                            }, "valid input without an escaped continuation byte has a one-pass result: \(b)")
                }
                #expect(text(b) == expected, "\(b)")
                checked += 1
                var k = length - 1
                while k >= 0 { digits[k] += 1; if digits[k] < alphabet.count { break }; digits[k] = 0; k -= 1 }
                if k < 0 { break }
            }
        }
        #expect(checked == 13 + 169 + 2197 + 28561)
        #expect(onePass > 0)
    }

    @Test func validTextAfterNonASCIIIsUnescaped() {
        let s = "Caf\u{e9}\\, th\u{e9}\\; \u{1F389}\\n\u{4E2D}\\N\u{fc}\\\\\u{e9}\\\u{e9}x\u{e9}\\"
        let b = Array(s.utf8)
        #expect(inOnePass(b) == "Caf\u{e9}, th\u{e9}; \u{1F389}\n\u{4E2D}\n\u{fc}\\\u{e9}\u{e9}x\u{e9}\\")
        #expect(text(b) == decodedFirst(b))
    }

    /// A backslash between the bytes of a broken sequence must not join them: those are
    /// left to decoding first.
    @Test func invalidBytesAroundABackslashAreRepairedFirst() {
        let joined: [UInt8] = [0xC3, 92, 0xA9]
        #expect(inOnePass(joined) == nil)
        #expect(text(joined) == "\u{FFFD}\u{FFFD}")
        let leadThenLead: [UInt8] = [0xE6, 92, 0xE6, 0x88, 0x91]
        #expect(inOnePass(leadThenLead) == nil)
        #expect(text(leadThenLead) == "\u{FFFD}\u{6211}")
        let strayAfter: [UInt8] = [0xC3, 0xA9, 92, 44, 0xFF]
        #expect(inOnePass(strayAfter) == nil)
        #expect(text(strayAfter) == "\u{e9},\u{FFFD}")
    }
}
