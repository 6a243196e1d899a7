import Foundation
import Testing

@testable import ContentLines

/// The one JSON string escaper (jCard, jCal, and Kith's JSON writers through `append`).
@Suite struct JSONEscapingTests {
    /// The scalar-by-scalar escaper jCard and jCal used before, kept as the reference.
    static func reference(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    out += "\\u00" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    @Test("the same text as before on 2,000 generated strings, and JSON reads it back")
    func sameAsBeforeAndReadable() throws {
        let pieces: [String] = ["a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "€", "😀", "/"]
        var rng = SystemRandomNumberGenerator()
        var inputs = ["", "plain", "\"\\\"", "\r\n", "\u{0}"]
        for _ in 0..<2_000 {
            inputs.append((0..<Int.random(in: 0..<16, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
        }
        for s in inputs {
            let q = JSONEscaping.quoted(s)
            #expect(q == Self.reference(s))
            let back = try JSONSerialization.jsonObject(with: Data(q.utf8), options: .fragmentsAllowed) as? String
            #expect(back == s)
        }
        var bytes = Array("[".utf8)
        JSONEscaping.append("a\"b", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "[\"a\\\"b\"")
    }
}
