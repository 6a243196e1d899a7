import Foundation
import Testing

@testable import ContentLines
@testable import VCardFormat

/// vCard's hand-packed table of common names (`VCardDialect.known(_:)`): a key written
/// wrong would make its name never match (or match another's bytes), silently.
@Suite struct KnownNamesTests {
    /// Every `case 0x…: return "…"` of the table, read from its source file.
    static func cases() throws -> [(key: UInt64, name: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: root.appendingPathComponent("Sources/VCardFormat/Reading/VCardDialect+KnownNames.swift"), encoding: .utf8)
        return source.split(separator: "\n").compactMap { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("case 0x"), let colon = t.firstIndex(of: ":"),
                let key = UInt64(t[t.index(t.startIndex, offsetBy: 7)..<colon], radix: 16),
                let q1 = t.firstIndex(of: "\""), let q2 = t.lastIndex(of: "\""), q1 < q2
            else { return nil }
            return (key, String(t[t.index(after: q1)..<q2]))
        }
    }

    static func pack(_ name: String, upper: Bool = false) -> UInt64 {
        Array(name.utf8).withUnsafeBufferPointer { ContentLineScan.pack($0, 0, $0.count, upper: upper) }
    }

    @Test("every key is the packing of its name, and no key or name repeats")
    func everyKeyIsThePackingOfItsName() throws {
        let cases = try Self.cases()
        #expect(cases.count == 88)
        for (key, name) in cases {
            #expect(name.utf8.count <= 8, "\(name) is longer than a key holds")
            #expect(
                key == Self.pack(name), "\(name): 0x\(String(key, radix: 16, uppercase: true)) is not 0x\(String(Self.pack(name), radix: 16, uppercase: true))")
            #expect(VCardDialect.known(key) == name)
        }
        #expect(Set(cases.map(\.key)).count == cases.count)
        #expect(Set(cases.map(\.name)).count == cases.count)
    }

    @Test("a name is found in any case when uppercased, and an unknown one is not")
    func lookups() {
        func upper(_ s: String) -> String? {
            Array(s.utf8).withUnsafeBufferPointer { VCardLineReader.knownUppercased($0, 0, $0.count) }
        }
        #expect(upper("tel") == "TEL")
        #expect(upper("vCard") == "VCARD")
        #expect(upper("Quoted-Printable") == nil)  // over eight bytes
        #expect(upper("X-FOO") == nil)
        #expect(VCardDialect.known(Self.pack("item1")) == "item1")
        #expect(VCardDialect.known(Self.pack("ITEM1")) == nil)
    }
}
