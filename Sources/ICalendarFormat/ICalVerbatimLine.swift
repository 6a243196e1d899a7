// Pointer code (a scanner of content-line bytes, as the rest of this module): a kept line
// is checked eight bytes at a time, with its parameter names in stack memory.

/// A content line (unfolded, without its CRLF) that read with ContentLines' reader into an
/// ``ICalProperty`` and written back by ``ICalendarWriter`` gives the same bytes, so that it
/// can be written as it is (the lines an export keeps from an import): an upper-case name
/// without a group, parameters with upper-case names (no repeats, no ENCODING or CHARSET),
/// values quoted exactly when they must be and without caret escapes, and no control
/// characters. Anything else goes through the reader.
package struct ICalVerbatimLine {
    /// Where the e-mail of an ATTENDEE or ORGANIZER `mailto:` value is in the line, as written.
    package var email: Range<Int>?
    /// Whether it has a TZID parameter or is a date property that counts for VTIMEZONEs
    /// (see ``ICalTimeZoneUsage``).
    package var mattersForZones: Bool

    /// - Parameter email: whether to read the e-mail of an attendee (else ``email`` is nil).
    package init?(_ line: Span<UInt8>, email wanted: Bool) {
        let checked = line.withUnsafeBufferPointer { raw in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Self.maxParameters) {
                Self.check(raw, email: wanted, names: $0)
            }
        }
        guard let (email, matters) = checked else { return nil }
        self.email = email
        self.mattersForZones = matters
    }

    private static let zoneNames: [StaticString] = ["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE", "RRULE"]

    @inline(__always)
    private static func same(_ b: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard b.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<b.count where b[k] != w[k] { return false }
        return true
    }

    @inline(__always)
    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 45
    }

    /// More parameters than this go through the parser.
    private static let maxParameters = 16

    /// nil when the line needs the parser; else the e-mail of an attendee, if any.
    /// `names` is room for the parameter names seen (to find repeats).
    private static func check(
        _ b: UnsafeBufferPointer<UInt8>, email wanted: Bool,
        names: UnsafeMutableBufferPointer<Range<Int>>
    ) -> (Range<Int>?, Bool)? {
        let n = b.count
        guard n < 1 << 20 else { return nil }
        var i = 0
        while i < n, isNameByte(b[i]) { i += 1 }
        guard i > 0, i < n else { return nil }
        let nameEnd = i
        var count = 0
        var matters = false
        while b[i] == 59 {
            i += 1
            let ps = i
            while i < n, isNameByte(b[i]) { i += 1 }
            guard i > ps, i < n, b[i] == 61, count < names.count else { return nil }
            let pname = UnsafeBufferPointer(rebasing: b[ps..<i])
            if same(pname, "ENCODING") || same(pname, "CHARSET") { return nil }
            for k in 0..<count where names[k].count == pname.count && b[names[k]].elementsEqual(pname) { return nil }
            if same(pname, "TZID") { matters = true }
            names[count] = ps..<i
            count += 1
            i += 1
            while true {
                guard i < n else { return nil }
                if b[i] == 34 {
                    i += 1
                    var needsQuote = false
                    while i < n, b[i] != 34 {
                        let c = b[i]
                        if c < 32 || c == 94 || c == 127 { return nil }
                        if c == 58 || c == 59 || c == 44 || c == 32 { needsQuote = true }
                        i += 1
                    }
                    guard i < n, needsQuote else { return nil }
                    i += 1
                    guard i < n, b[i] == 44 || b[i] == 59 || b[i] == 58 else { return nil }
                } else {
                    while i < n {
                        let c = b[i]
                        if c == 44 || c == 59 || c == 58 { break }
                        if c < 32 || c == 94 || c == 127 || c == 34 || c == 32 { return nil }
                        i += 1
                    }
                    guard i < n else { return nil }
                }
                if b[i] == 44 { i += 1; continue }
                break
            }
        }
        guard b[i] == 58 else { return nil }
        let valueStart = i + 1
        var k = valueStart
        if let base = b.baseAddress {
            // Eight bytes at a time: any below 32 (a control character) or 127?
            let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80
            while k + 8 <= n {
                let x = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                let y = x ^ (ones &* 127)
                if (x &- ones &* 32) & ~x & high != 0 || (y &- ones) & ~y & high != 0 { break }
                k += 8
            }
        }
        for j in k..<n where b[j] < 32 || b[j] == 127 { return nil }
        let name = UnsafeBufferPointer(rebasing: b[0..<nameEnd])
        for z in zoneNames where same(name, z) { matters = true }
        guard wanted, same(name, "ATTENDEE") || same(name, "ORGANIZER") else { return (nil, matters) }
        // ICalAddress.email: the value after a case-insensitive "mailto:".
        let prefix: StaticString = "mailto:"
        let length = prefix.utf8CodeUnitCount, p = prefix.utf8Start
        guard n - valueStart >= length else { return (nil, matters) }
        for k in 0..<length {
            var c = b[valueStart + k]
            if c >= 65 && c <= 90 { c += 32 }
            if c != p[k] { return (nil, matters) }
        }
        return ((valueStart + length)..<n, matters)
    }
}
