import ContentLines
import Foundation
import Testing

@testable import VCardFormat

/// Inputs built to exhaust the reader: huge lines, huge components, deep nesting, binary.
/// Each must finish quickly (debug build) and say what it skipped.
@Suite("ContentLineReader hostile input")
struct ContentLineReaderHostileInputTests {
    static func card(_ middle: [UInt8]) -> [UInt8] {
        Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana\r\n".utf8) + middle + Array("\r\nEMAIL:ana@example.org\r\nEND:VCARD\r\n".utf8)
    }

    static func timed<T>(_ limit: Double, _ body: () -> T) -> T {
        let start = Date()
        let result = body()
        let elapsed = Date().timeIntervalSince(start)
        // Generous: the tests run in parallel on a loaded machine; a quadratic slip would take hours.
        #expect(elapsed < limit, "took \(elapsed) s")
        return result
    }

    @Test func hundredMegabyteLineIsSkippedWithAWarningAndTheRestKept() {
        let bytes = Self.card(Array("NOTE:".utf8) + [UInt8](repeating: 0x61, count: 100 << 20))
        let (components, warnings) = Self.timed(60) { ContentLineReader.components(from: bytes) }
        #expect(components.count == 1)
        #expect(components.first?.properties.map(\.name) == ["VERSION", "FN", "EMAIL"])
        let w = warnings.first { $0.code == .lineTooLong }
        #expect(w?.line == 4)
        #expect(w?.property == "NOTE")
        #expect(w?.message.contains("100 MiB long, over the 32 MiB limit") == true)
    }

    @Test func foldedLineOverTheLimitIsSkippedWithoutGrowingPastIt() {
        // 2,000 folded physical lines of 75 bytes: 150 kB logical, limit 100 kB.
        var middle = Array("NOTE:".utf8)
        for _ in 0..<2_000 { middle += [0x0D, 0x0A, 0x20] + [UInt8](repeating: 0x62, count: 74) }
        var reader = ContentLineReader(bytes: Self.card(middle))
        reader.limits.lineLength = 100_000
        var names: [String] = []
        while let line = reader.next() { names.append(line.name) }
        #expect(names == ["BEGIN", "VERSION", "FN", "EMAIL", "END"])
        #expect(reader.warnings.map(\.code) == [.lineTooLong])
        #expect(reader.warnings.first?.message.contains("over the 98 KiB limit") == true)
    }

    @Test func lineExactlyAtTheLimitIsKept() {
        var reader = ContentLineReader(bytes: Array("NOTE:".utf8) + [UInt8](repeating: 0x63, count: 995))
        reader.limits.lineLength = 1_000
        #expect(reader.next()?.value.utf8.count == 995)
        #expect(reader.warnings.isEmpty)
    }

    @Test func millionPropertiesOnOneCardKeepTheFirstHundredThousandAndSaySo() {
        var middle: [UInt8] = []
        middle.reserveCapacity(12_000_000)
        let line = Array("X-P:1\r\n".utf8)
        for _ in 0..<1_000_000 { middle += line }
        let bytes = Self.card(middle)
        let (components, warnings) = Self.timed(60) { ContentLineReader.components(from: bytes) }
        #expect(components.first?.properties.count == 100_000)
        let tooMany = warnings.filter { $0.code == .tooManyProperties }
        #expect(tooMany.count == 1)
        // VERSION and FN come first, so 99,998 X-P are kept; the rest, and EMAIL, are skipped.
        #expect(tooMany.first?.line == 4 + 99_998)
        #expect(tooMany.first?.message.contains("more than 100000 properties; the 900003 from line 100002 on were skipped") == true)
    }

    @Test func hundredThousandNestedComponentsDoNotOverflowTheStack() {
        let depth = 100_000
        // Alternate names: a BEGIN of the innermost component's own name closes it instead.
        let bytes = Array(
            (String(repeating: "BEGIN:A\r\nP:1\r\nBEGIN:B\r\nP:1\r\n", count: depth / 2)
                + String(repeating: "END:B\r\nEND:A\r\n", count: depth / 2)
                + "BEGIN:VCARD\r\nFN:After\r\nEND:VCARD\r\n").utf8)
        let (components, warnings) = Self.timed(60) { ContentLineReader.components(from: bytes) }
        #expect(components.count == 2)
        #expect(components.first?.name == "A")
        #expect(components.last?.name == "VCARD")
        var depthKept = 0
        var c: Component? = components.first
        while let current = c { depthKept += 1; c = current.components.first }
        #expect(depthKept == 64)
        #expect(warnings.count == 1)
        #expect(warnings.first?.code == .tooDeep)
        #expect(warnings.first?.line == 2 * 64 + 1)
        #expect(components.last?.property("FN")?.value == "After")
    }

    @Test func unclosedDeepNestingIsClosedAtTheEnd() {
        let bytes = Array(String(repeating: "BEGIN:A\nBEGIN:B\n", count: 5_000).utf8)
        let (components, warnings) = Self.timed(60) { ContentLineReader.components(from: bytes) }
        #expect(components.count == 1)
        #expect(warnings.filter { $0.code == .tooDeep }.count == 1)
        #expect(warnings.filter { $0.code == .missingEnd }.count == 64)
    }

    @Test func nulBytesAreRemovedWithAWarning() {
        let bytes = Self.card(Array("NOTE:a".utf8) + [0, 0] + Array("b".utf8))
        let (components, warnings) = ContentLineReader.components(from: bytes)
        #expect(components.first?.property("NOTE")?.value == "ab")
        #expect(warnings.map(\.code) == [.nulByte])
        #expect(warnings.first?.line == 4)
        #expect(warnings.first?.message.contains("2 NUL byte(s)") == true)
    }

    @Test func utf16WithoutByteOrderMarkGivesWarningsNotGarbage() {
        // "BEGIN:VCARD\r\nFN:Ana\r\nEND:VCARD\r\n" in UTF-16LE with no BOM.
        let bytes = Array("BEGIN:VCARD\r\nFN:Ana\r\nEND:VCARD\r\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let (components, warnings) = ContentLineReader.components(from: bytes)
        #expect(components.first?.property("FN")?.value == "Ana")
        #expect(warnings.contains { $0.code == .nulByte })
        #expect(components.allSatisfy { $0.properties.allSatisfy { !$0.value.contains("\u{0}") } })
    }

    @Test func invalidUTF8IsReadWithAWarning() {
        let bytes = Self.card(Array("NOTE:caf".utf8) + [0xE9, 0xFF, 0xC3])
        let (components, warnings) = ContentLineReader.components(from: bytes)
        #expect(components.first?.property("NOTE") != nil)
        #expect(warnings.map(\.code) == [.invalidUTF8])
        #expect(warnings.first?.line == 4)
    }

    @Test func binaryNoiseFinishesQuicklyWithWarnings() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<500_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let (_, warnings) = Self.timed(60) { ContentLineReader.components(from: bytes) }
        #expect(!warnings.isEmpty)
    }
}
