import ContentLines
import Foundation
import ICalendarFormat
import Testing

/// Hostile files through the iCalendar, xCal and jCal readers: each is read in bounded time
/// with warnings, or refused with an error that says why.
@Suite("ICalendar hostile input")
struct ICalendarHostileInputTests {
    @discardableResult
    static func timed<T>(_ limit: Double, _ body: () throws -> T) rethrows -> T {
        let start = Date()
        let result = try body()
        let elapsed = Date().timeIntervalSince(start)
        // Generous: the tests run in parallel on a loaded machine; a quadratic slip would take hours.
        #expect(elapsed < limit, "took \(elapsed) s")
        return result
    }

    static let reader = ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!)

    static func calendar(_ middle: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240101T100000Z\r\nSUMMARY:Lunch\r\n"
            + middle + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test func hundredMegabyteLineFinishesWithTheEventKept() throws {
        var bytes = Array(Self.calendar("").utf8)
        let insert = Array("DESCRIPTION:".utf8) + [UInt8](repeating: 0x64, count: 100 << 20) + [0x0D, 0x0A]
        bytes.insert(contentsOf: insert, at: bytes.count - Array("END:VEVENT\r\nEND:VCALENDAR\r\n".utf8).count)
        let cal = try Self.timed(60) { try Self.reader.read(Data(bytes)) }
        #expect(cal.events.count == 1)
        #expect(cal.events.first?.property("DESCRIPTION") == nil)
        #expect(cal.events.first?.property("SUMMARY")?.value == "Lunch")
        let long = cal.warnings.filter { $0.code == .lineTooLong }
        #expect(long.count == 1)
        #expect(long.first?.property == "DESCRIPTION")
        #expect(long.first?.message.contains("100 MiB") == true)
    }

    @Test func millionPropertiesOnOneEventFinish() throws {
        var middle = ""
        middle.reserveCapacity(10_000_000)
        for _ in 0..<1_000_000 { middle += "X-A:1\r\n" }
        let cal = try Self.timed(60) { try Self.reader.read(Self.calendar(middle)) }
        #expect(cal.events.count == 1)
        #expect(cal.events.first?.properties.count == ContentLineLimits.standard.propertiesPerComponent)
        let many = cal.warnings.filter { $0.code == .tooManyProperties }
        #expect(many.count == 1)
        #expect(many.first?.property == "X-A")
        // 3 properties before the X-A run, which starts on line 8: the first 99,997 fit.
        #expect(many.first?.line == 8 + 99_997)
        #expect(many.first?.message.contains("the 900003 from line 100005 on were skipped") == true)
    }

    @Test func hundredThousandNestedComponentsDoNotOverflowTheStack() throws {
        let middle = String(repeating: "BEGIN:VALARM\r\nBEGIN:X-B\r\n", count: 50_000) + String(repeating: "END:X-B\r\nEND:VALARM\r\n", count: 50_000)
        let text = Self.calendar(middle + "LOCATION:after\r\n")
        let cal = try Self.timed(60) { try Self.reader.read(text) }
        #expect(cal.events.count == 1)
        #expect(cal.events.first?.property("LOCATION")?.value == "after")
        #expect(cal.warnings.filter { $0.code == .tooDeep }.count == 1)
        #expect(!cal.warnings.contains { $0.code == .unexpectedEnd || $0.code == .missingEnd })
        // VCALENDAR and VEVENT are levels 1 and 2: 62 nested levels below the VEVENT are kept.
        var depth = 0
        var c = cal.events.first
        while let inner = c?.components.first { depth += 1; c = inner }
        #expect(depth == 62)
        let written = String(decoding: ICalendarWriter().write(cal).data, as: UTF8.self)
        #expect(written.contains("LOCATION:after"))

        // The streaming reader bounds the same way.
        var delivered = 0
        let summary = try Self.timed(60) { try Self.reader.stream(Data(text.utf8)) { _, _ in delivered += 1 } }
        #expect(delivered == 1)
        #expect(summary.warnings.filter { $0.code == .tooDeep }.count == 1)
    }

    /// A reader with small limits, so that each bound is reached with little input.
    static func smallReader(lineLength: Int = 1_000, properties: Int = 100, depth: Int = 4) -> ICalendarReader {
        var r = reader
        r.limits = ContentLineLimits(lineLength: lineLength, propertiesPerComponent: properties, depth: depth)
        return r
    }

    @Test func componentsPastTheDepthLimitAreSkippedWithTheirProperties() throws {
        // Depth 4: VCALENDAR, VEVENT, VALARM, X-C kept; X-D and X-E skipped with their properties.
        let middle =
            "BEGIN:VALARM\r\nACTION:DISPLAY\r\nBEGIN:X-C\r\nX-P:c\r\nBEGIN:X-D\r\nX-P:d\r\nBEGIN:X-E\r\nX-P:e\r\n"
            + "END:X-E\r\nX-P:d2\r\nEND:X-D\r\nX-P:c2\r\nBEGIN:X-F\r\nEND:X-F\r\nEND:X-C\r\nEND:VALARM\r\n"
        let cal = try Self.smallReader().read(Self.calendar(middle))
        let xc = try #require(cal.events.first?.components("VALARM").first?.components("X-C").first)
        #expect(xc.properties("X-P").map(\.value) == ["c", "c2"])
        #expect(xc.components.isEmpty)
        let deep = cal.warnings.filter { $0.code == .tooDeep }
        // One warning per skipped run: X-D (line 12) and X-F (line 20).
        #expect(deep.map(\.line) == [12, 20])
        #expect(deep.first?.message.contains("more than 4 deep") == true)
        #expect(!cal.warnings.contains { $0.code == .unexpectedEnd || $0.code == .missingEnd })
    }

    @Test func linesOverTheLimitAreSkippedWholeOrFolded() throws {
        let long = String(repeating: "x", count: 1_200)
        // A folded line whose pieces are each short but whose whole is over the limit.
        let folded = "COMMENT:" + (0..<30).map { _ in String(repeating: "y", count: 60) }.joined(separator: "\r\n ")
        let cal = try Self.smallReader().read(Self.calendar("DESCRIPTION:\(long)\r\n\(folded)\r\nLOCATION:kept\r\n"))
        let e = try #require(cal.events.first)
        #expect(e.property("DESCRIPTION") == nil)
        #expect(e.property("COMMENT") == nil)
        #expect(e.property("LOCATION")?.value == "kept")
        let warned = cal.warnings.filter { $0.code == .lineTooLong }
        #expect(warned.map(\.property) == ["DESCRIPTION", "COMMENT"])
        #expect(warned.map(\.line) == [8, 9])
        #expect(warned.first?.message.contains("1 KiB") == true)
        // Just under the limit is read whole.
        let fits = try Self.smallReader().read(Self.calendar("DESCRIPTION:\(String(repeating: "z", count: 988))\r\n"))
        #expect(fits.events.first?.property("DESCRIPTION")?.value.count == 988)
        #expect(!fits.warnings.contains { $0.code == .lineTooLong })
    }

    @Test func propertiesPastTheLimitAreSkippedWithOneWarning() throws {
        let middle = (0..<250).map { "X-A:\($0)\r\n" }.joined()
        let cal = try Self.smallReader().read(Self.calendar(middle + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\r\n"))
        let e = try #require(cal.events.first)
        #expect(e.properties.count == 100)
        #expect(e.properties("X-A").last?.value == "96")
        // The sub-component has its own count and is kept.
        #expect(e.components("VALARM").first?.property("ACTION")?.value == "DISPLAY")
        let many = cal.warnings.filter { $0.code == .tooManyProperties }
        #expect(many.count == 1)
        #expect(many.first?.line == 8 + 97)
        #expect(many.first?.message.contains("VEVENT begun on line 4 has more than 100 properties; the 153 from line 105 on were skipped") == true)
        // The calendar's own properties are bounded too.
        let head = "BEGIN:VCALENDAR\r\n" + (0..<150).map { "X-C:\($0)\r\n" }.joined() + "BEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let c2 = try Self.smallReader().read(head)
        #expect(c2.properties.count == 100)
        #expect(c2.events.count == 1)
        #expect(c2.warnings.filter { $0.code == .tooManyProperties }.first?.message.contains("VCALENDAR") == true)
    }

    @Test func nulBytesAndInvalidUTF8AreReadWithoutCrashing() throws {
        let bytes = Array(Self.calendar("LOCATION:caf").utf8).split(separator: 0xFF).joined()  // keep layout
        var b = Array(bytes)
        let at = Array(Self.calendar("").utf8).count - Array("END:VEVENT\r\nEND:VCALENDAR\r\n".utf8).count
        b.insert(contentsOf: Array("LOCATION:caf".utf8) + [0xE9, 0x00, 0xFF] + [0x0D, 0x0A], at: at)
        let cal = try Self.reader.read(Data(b))
        #expect(cal.events.count == 1)
        #expect(cal.events.first?.property("LOCATION")?.value.contains("\u{0}") == false)
        #expect(cal.events.first?.property("LOCATION")?.value.hasPrefix("caf") == true)
        #expect(cal.warnings.filter { $0.code == .nulByte }.map(\.line) == [8])
    }

    @Test func nulBytesInFoldedLinesAreRemovedWithAWarning() throws {
        let text = Self.calendar("COMMENT:a\u{0}b\r\n c\u{0}\u{0}d\r\nLOCATION:clean\r\n")
        let cal = try Self.reader.read(text)
        let e = try #require(cal.events.first)
        #expect(e.property("COMMENT")?.value == "abcd")
        #expect(e.property("LOCATION")?.value == "clean")
        let nul = cal.warnings.filter { $0.code == .nulByte }
        #expect(nul.count == 1)
        #expect(nul.first?.message.contains("3 NUL") == true)
    }

    @Test func deeplyNestedJCalAndXCalAreBounded() throws {
        let levels = 100
        var json = ""
        for i in 0..<levels { json += "[\"x-l\(i)\",[[\"x-p\",{},\"text\",\"\(i)\"]],[" }
        json += String(repeating: "]]", count: levels)
        let j = try ICalendar.readJCal(Data(("[\"vcalendar\",[],[[\"vevent\",[],[" + json + "]]]]").utf8))
        var depth = 0
        var c = j.components.first
        while let inner = c?.components.first { depth += 1; c = inner }
        // VCALENDAR and VEVENT are levels 1 and 2.
        #expect(depth == 62)
        #expect(j.warnings.filter { $0.code == .tooDeep }.count == 1)

        var xml = "<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\"><vcalendar><components><vevent><components>"
        for i in 0..<100 { xml += "<x-l\(i)><properties><x-p><text>\(i)</text></x-p></properties><components>" }
        for i in (0..<100).reversed() { xml += "</components></x-l\(i)>" }
        xml += "</components></vevent></components></vcalendar></icalendar>"
        let x = try ICalendar.readXCal(Data(xml.utf8))
        depth = 0
        c = x.components.first
        while let inner = c?.components.first { depth += 1; c = inner }
        #expect(depth == 62)
        #expect(x.warnings.filter { $0.code == .tooDeep }.count == 1)
    }

    @Test func xCalWithExternalEntityIsRefused() {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE icalendar [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar><properties><prodid><text>&x;</text></prodid></properties></vcalendar></icalendar>
            """
        #expect {
            _ = try ICalendar.readXCal(Data(xml.utf8))
        } throws: { error in
            String(describing: error).contains("DOCTYPE") && !String(describing: error).contains("root:")
        }
    }

    @Test func jCalNestedHundredThousandArraysDeepIsRefused() {
        let json = "[\"vcalendar\"," + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "]"
        Self.timed(60) {
            #expect(throws: (any Error).self) { _ = try ICalendar.readJCal(Data(json.utf8)) }
        }
    }
}
