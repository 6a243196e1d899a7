/// Writes iCalendar content lines straight into a byte buffer, for exports that stream:
/// no ``ICalProperty`` or `String` is built per property.
///
/// Same rules as ``ICalendarWriter`` (which uses it): CRLF line ends, lines folded at
/// ``lineLimit`` octets without splitting a UTF-8 sequence, line breaks inside raw values
/// written as `\n` (carriage returns dropped), TEXT values escaped (RFC 5545 §3.3.11),
/// parameter values quoted when they hold `:` `;` `,` or a space, with RFC 6868 caret
/// escapes. `BEGIN`/`END` lines are not folded.
///
/// Build one property with ``beginProperty(_:)``, ``parameter(_:_:)``, ``beginValue()``,
/// the `append…` calls and ``endProperty()``, or in one call with ``property(_:value:parameters:)``,
/// ``textProperty(_:_:)``, ``dateTimeProperty(_:_:)``. Take the bytes written so far with
/// ``drain(_:)`` (or read ``bytes``) as often as you like.
public struct ICalendarLineWriter: Sendable {
    /// The bytes written and not drained yet.
    public private(set) var bytes: [UInt8] = []
    /// The longest physical line in octets, CRLF excluded.
    public let lineLimit: Int
    private var lineStart = 0
    private var textPreviousCR = false
    /// Where the physical lines of a folded property start (reused).
    private var cuts: [Int] = []

    /// - Parameter lineLimit: the longest physical line (at least 8 is used).
    public init(lineLimit: Int = 75) {
        self.init(lineLimit: lineLimit, capacity: 1 << 16)
    }

    private init(lineLimit: Int, capacity: Int) {
        self.lineLimit = max(lineLimit, 8)
        bytes.reserveCapacity(capacity)
    }

    /// Hands the bytes written so far to `body`, then forgets them (keeping the buffer,
    /// which is not copied unless `body` keeps the array).
    package mutating func drain(_ body: ([UInt8]) throws -> Void) rethrows {
        if bytes.isEmpty { return }
        try body(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Lines

    /// `BEGIN:name`, unfolded.
    public mutating func begin(_ name: String) {
        bytes.append(contentsOf: "BEGIN:".utf8)
        bytes.append(contentsOf: name.utf8)
        bytes.append(13); bytes.append(10)
    }

    /// `END:name`, unfolded.
    public mutating func end(_ name: String) {
        bytes.append(contentsOf: "END:".utf8)
        bytes.append(contentsOf: name.utf8)
        bytes.append(13); bytes.append(10)
    }

    /// A component with its properties and sub-components.
    public mutating func write(_ component: ICalComponent) {
        begin(component.name)
        for p in component.properties { write(p) }
        for c in component.components { write(c) }
        end(component.name)
    }

    /// A property, its value written as it is (only line breaks are escaped).
    public mutating func write(_ p: ICalProperty) {
        beginProperty(p.name)
        for param in p.parameters { parameter(param.name, values: param.values) }
        beginValue()
        appendRawValue(p.value)
        endProperty()
    }

    /// A property with a raw value.
    public mutating func property(_ name: String, value: String, parameters: [ICalParameter] = []) {
        beginProperty(name)
        for param in parameters { parameter(param.name, values: param.values) }
        beginValue()
        appendRawValue(value)
        endProperty()
    }

    /// A TEXT property: the value escaped as ``ICalProperty/text(_:_:parameters:)`` does.
    public mutating func textProperty(_ name: String, _ text: String) {
        beginProperty(name)
        beginValue()
        appendTextValue(text)
        endProperty()
    }

    /// A DATE / DATE-TIME property with the `VALUE=DATE` and `TZID` parameters
    /// ``ICalComponent/setDateTime(_:_:)`` gives it.
    public mutating func dateTimeProperty(_ name: String, _ value: ICalDateTime) {
        beginProperty(name)
        if value.isDate { parameter("VALUE", "DATE") }
        if case .zoned(let tz) = value.form { parameter("TZID", tz) }
        beginValue()
        appendDateTime(value)
        endProperty()
    }

    /// The start of the line ``dateTimeProperty(_:_:)`` writes for a value of `form`: the
    /// name and the `VALUE=DATE` or `TZID` parameter, without the colon. Work it out once
    /// and write many values with ``dateTimeProperty(prefix:_:)``.
    public static func dateTimePrefix(_ name: String, form: ICalDateTime.Form) -> [UInt8] {
        var w = ICalendarLineWriter(lineLimit: Int.max, capacity: 0)
        w.beginProperty(name)
        if case .date = form { w.parameter("VALUE", "DATE") }
        if case .zoned(let tz) = form { w.parameter("TZID", tz) }
        return w.bytes
    }

    /// As ``dateTimeProperty(_:_:)``, with the name and parameters already made by
    /// ``dateTimePrefix(_:form:)`` for the form of `value`: the same bytes, without
    /// looking at the name and parameters again for each value.
    public mutating func dateTimeProperty(prefix: [UInt8], _ value: ICalDateTime) {
        beginProperty(prefix: prefix)
        beginValue()
        appendDateTime(value)
        endProperty()
    }

    /// A line already in content-line form (`NAME;PARAM=x:value`, unfolded), folded and
    /// ended; line breaks inside are escaped like a raw value's.
    public mutating func unfoldedLine(_ line: String) {
        lineStart = bytes.count
        appendRawValue(line)
        endProperty()
    }

    /// A line already in content-line form that holds no line break (no CR or LF): as
    /// ``unfoldedLine(_:)``, without looking for them.
    public mutating func unfoldedLine(withoutBreaks line: String) {
        lineStart = bytes.count
        bytes.append(contentsOf: line.utf8)
        endProperty()
    }

    /// ``unfoldedLine(withoutBreaks:)-(String)`` for UTF-8 bytes.
    package mutating func unfoldedLine(withoutBreaks line: UnsafeBufferPointer<UInt8>) {
        lineStart = bytes.count
        bytes.append(contentsOf: line)
        endProperty()
    }

    /// ``unfoldedLine(withoutBreaks:)-(String)`` for UTF-8 bytes (say, a kept line of an export).
    package mutating func unfoldedLine(withoutBreaks line: Span<UInt8>) {
        line.withUnsafeBufferPointer { unfoldedLine(withoutBreaks: $0) }
    }

    /// Lines written by another writer (whole lines, folded and ended), as they are.
    public mutating func appendLines(_ other: ICalendarLineWriter) {
        bytes.append(contentsOf: other.bytes)
    }

    // MARK: One property in parts

    /// Starts a property line with its name.
    public mutating func beginProperty(_ name: String) {
        lineStart = bytes.count
        bytes.append(contentsOf: name.utf8)
    }

    /// Starts a property line with its name and parameters already written as bytes
    /// (say, by ``dateTimePrefix(_:form:)``): more parameters and the value may follow.
    public mutating func beginProperty(prefix: [UInt8]) {
        lineStart = bytes.count
        bytes.append(contentsOf: prefix)
    }

    /// A single-valued parameter.
    public mutating func parameter(_ name: String, _ value: String) {
        bytes.append(59)
        bytes.append(contentsOf: name.utf8)
        bytes.append(61)
        appendParameterValue(value)
    }

    /// A single-valued parameter whose value is UTF-8 bytes.
    package mutating func parameter(_ name: String, bytes value: UnsafeBufferPointer<UInt8>) {
        bytes.append(59)
        bytes.append(contentsOf: name.utf8)
        bytes.append(61)
        appendParameterValue(value)
    }

    /// A parameter with its values (comma-separated).
    public mutating func parameter(_ name: String, values: [String]) {
        bytes.append(59)
        bytes.append(contentsOf: name.utf8)
        bytes.append(61)
        for (i, v) in values.enumerated() {
            if i > 0 { bytes.append(44) }
            appendParameterValue(v)
        }
    }

    /// The colon between the name and parameters and the value.
    public mutating func beginValue() {
        bytes.append(58)
        textPreviousCR = false
    }

    /// Part of a value, as it is: a line feed becomes `\n`, a carriage return is dropped.
    public mutating func appendRawValue(_ s: String) {
        var s = s
        s.withUTF8 { appendRawValue($0) }
    }

    /// ``appendRawValue(_:)-(String)`` for UTF-8 bytes (say, a column SQLite hands out).
    package mutating func appendRawValue(_ buf: UnsafeBufferPointer<UInt8>) {
        var run = 0
        for i in 0..<buf.count {
            let b = buf[i]
            guard b == 10 || b == 13 else { continue }
            if i > run { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[run..<i])) }
            if b == 10 { bytes.append(92); bytes.append(110) }
            run = i + 1
        }
        if buf.count > run { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[run...])) }
    }

    /// ``appendRawValue(_:)-(String)`` for UTF-8 bytes (say, a column an export read).
    package mutating func appendRawValue(_ span: Span<UInt8>) {
        span.withUnsafeBufferPointer { appendRawValue($0) }
    }

    /// Part of a TEXT value, escaped (`\\` `\;` `\,` `\n`; CRLF is one line break). Parts
    /// appended one after another escape as their concatenation would.
    public mutating func appendTextValue(_ s: String) {
        var s = s
        s.withUTF8 { appendTextValue($0) }
    }

    /// ``appendTextValue(_:)-(String)`` for UTF-8 bytes (say, a column SQLite hands out).
    package mutating func appendTextValue(_ buf: UnsafeBufferPointer<UInt8>) {
        TextEscaping.append(buf, to: &bytes, previousCR: &textPreviousCR)
    }

    /// ``appendTextValue(_:)-(String)`` for UTF-8 bytes (say, a column an export read).
    package mutating func appendTextValue(_ span: Span<UInt8>) {
        span.withUnsafeBufferPointer { appendTextValue($0) }
    }

    /// Ends the current TEXT item, so that the next ``appendTextValue(_:)`` escapes on its
    /// own (for lists such as CATEGORIES, whose items are escaped one by one).
    public mutating func endTextItem() { textPreviousCR = false }

    /// A DATE or DATE-TIME value as written in iCalendar text.
    public mutating func appendDateTime(_ v: ICalDateTime) {
        guard v.year >= 0 && v.year <= 9999 else {
            bytes.append(contentsOf: v.icalBytes)
            return
        }
        guard (1...12).contains(v.month), (1...31).contains(v.day), (0...23).contains(v.hour),
            (0...60).contains(v.minute), (0...60).contains(v.second)
        else {
            append4(v.year); append2(v.month); append2(v.day)
            if v.isDate { return }
            bytes.append(84)
            append2(v.hour); append2(v.minute); append2(v.second)
            if case .utc = v.form { bytes.append(90) }
            return
        }
        // The usual value: its 8 to 16 bytes put together on the stack, appended at once.
        var d: (UInt64, UInt64) = (0, 0)
        let count = withUnsafeMutableBytes(of: &d) { b -> Int in
            func two(_ v: Int, at i: Int) { b[i] = UInt8(48 + v / 10); b[i + 1] = UInt8(48 + v % 10) }
            two(v.year / 100, at: 0); two(v.year % 100, at: 2); two(v.month, at: 4); two(v.day, at: 6)
            if v.isDate { return 8 }
            b[8] = 84
            two(v.hour, at: 9); two(v.minute, at: 11); two(v.second, at: 13)
            if case .utc = v.form { b[15] = 90; return 16 }
            return 15
        }
        withUnsafeBytes(of: &d) { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Ends the current property line: folds it and adds CRLF (``ContentLineWriter/endLine(_:from:limit:cuts:)``).
    public mutating func endProperty() {
        ContentLineWriter.endLine(&bytes, from: lineStart, limit: lineLimit, cuts: &cuts)
    }

    // MARK: Helpers

    private mutating func appendParameterValue(_ v: String) {
        var v = v
        v.withUTF8 { appendParameterValue($0) }
    }

    private mutating func appendParameterValue(_ buf: UnsafeBufferPointer<UInt8>) {
        ContentLineWriter.appendParameterValue(buf, to: &bytes, style: .iCalendar)
    }

    @inline(__always)
    private mutating func append2(_ v: Int) {
        if v >= 0 && v < 100 {
            bytes.append(UInt8(48 + v / 10)); bytes.append(UInt8(48 + v % 10))
        } else {
            appendDigits(&bytes, v, 2)
        }
    }

    @inline(__always)
    private mutating func append4(_ v: Int) {
        bytes.append(UInt8(48 + v / 1000)); bytes.append(UInt8(48 + v / 100 % 10))
        bytes.append(UInt8(48 + v / 10 % 10)); bytes.append(UInt8(48 + v % 10))
    }
}
