import Testing
import Foundation
import ICalendarFormat

/// Hostile files through the iCalendar, xCal and jCal readers: each is read in bounded time
/// with warnings, or refused with an error that says why.
@Suite("ICalendar hostile input")
struct ICalendarHostileInputTests {
    static func timed<T>(_ limit: Double, _ body: () throws -> T) rethrows -> T {
        let start = Date()
        let result = try body()
        let elapsed = Date().timeIntervalSince(start)
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
        let cal = try Self.timed(15) { try Self.reader.read(Data(bytes)) }
        #expect(cal.events.count == 1)
    }

    @Test func millionPropertiesOnOneEventFinish() throws {
        var middle = ""
        middle.reserveCapacity(10_000_000)
        for _ in 0..<1_000_000 { middle += "X-A:1\r\n" }
        let cal = try Self.timed(30) { try Self.reader.read(Self.calendar(middle)) }
        #expect(cal.events.count == 1)
    }

    // ICalendarParser nests without a bound and overflows the stack here (SIGSEGV): fix
    // requested in /work/notes-for-ical.md; enable once ICalendarFormat bounds nesting.
    @Test(.disabled("ICalendarParser has no nesting limit yet: stack overflow"))
    func hundredThousandNestedComponentsDoNotOverflowTheStack() throws {
        let middle = String(repeating: "BEGIN:VALARM\r\nBEGIN:X-B\r\n", count: 50_000) + String(repeating: "END:X-B\r\nEND:VALARM\r\n", count: 50_000)
        let cal = try Self.timed(10) { try Self.reader.read(Self.calendar(middle)) }
        #expect(cal.events.count == 1)
        _ = ICalendarWriter().write(cal)
    }

    @Test func nulBytesAndInvalidUTF8AreReadWithoutCrashing() throws {
        let bytes = Array(Self.calendar("LOCATION:caf").utf8).split(separator: 0xFF).joined()  // keep layout
        var b = Array(bytes)
        let at = Array(Self.calendar("").utf8).count - Array("END:VEVENT\r\nEND:VCALENDAR\r\n".utf8).count
        b.insert(contentsOf: Array("LOCATION:caf".utf8) + [0xE9, 0x00, 0xFF] + [0x0D, 0x0A], at: at)
        let cal = try Self.reader.read(Data(b))
        #expect(cal.events.count == 1)
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
        Self.timed(5) {
            #expect(throws: (any Error).self) { _ = try ICalendar.readJCal(Data(json.utf8)) }
        }
    }
}
