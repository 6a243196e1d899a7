import Testing

@testable import ContentLines

/// ``Base64/decodeLeniently(_:)`` took over from ICalendarFormat's own decoder (ICalBase64,
/// removed): the same bytes, or nil, for every input.
@Suite struct Base64LenientTests {
    /// ICalBase64.decode as it was, kept here as the reference.
    static func reference(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var table = [UInt8](repeating: 255, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        var out: [UInt8] = []
        var acc: UInt32 = 0, bits = 0
        for b in text.utf8 {
            if b == 61 || b == 32 || b == 10 || b == 13 || b == 9 { continue }
            let v = table[Int(b)]
            if v == 255 { return nil }
            acc = acc << 6 | UInt32(v); bits += 6
            if bits >= 8 { bits -= 8; out.append(UInt8(acc >> UInt32(bits) & 0xFF)) }
        }
        return out
    }

    @Test("the same result as iCalendar's old decoder on 3,000 generated strings and a few edges")
    func sameAsBefore() {
        let pieces = Array("ABCxyz019+/=- _\r\n\t".utf8) + [0xC3, 0xA9, 0x00, 0x7F]
        var rng = SystemRandomNumberGenerator()
        var inputs = ["", "=", "QQ==", "QQ=Q", "QUJD", "QUJ", "Q", "QUJD\r\n RUZH", "a-b", "a_b", "Zm9v YmFy", "é"]
        for _ in 0..<3_000 {
            let n = Int.random(in: 0..<24, using: &rng)
            inputs.append(String(decoding: (0..<n).map { _ in pieces.randomElement(using: &rng)! }, as: UTF8.self))
        }
        for s in inputs {
            #expect(Base64.decodeLeniently(s) == Self.reference(s), "\(Array(s.utf8))")
        }
        #expect(Base64.decodeLeniently(Base64.encode([0, 1, 2, 250, 251, 252, 253])) == [0, 1, 2, 250, 251, 252, 253])
    }
}
