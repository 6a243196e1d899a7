import ContentLines
import Foundation
import KithBase

/// The byte-level reader behind ``ICalendarReader``: unfolds content lines, parses names,
/// parameters and values, and assembles components, handing each top-level one to `deliver`.
///
/// Values are checked as each property is read (from its bytes), so a finished component
/// is handed over as it is, without a second walk. The bytes of a component's properties
/// (parameters and values as written, unfolded) are gathered into one buffer and made into
/// one string when the component ends: its properties share that string, and their values
/// and parameters are built from it only when asked for.
///
/// It keeps this lazy unfolder (one `memchr` per physical line) and parameter scan instead of
/// ContentLines' ``ContentLineReader`` (issue 18 allows it), and stands on the shared pieces
/// for the rest: ``ContentLineLimits`` and the warnings past them, `ByteCount` sizes,
/// ``Base64``, ``ContentLineWriter``'s folding and ``TextEscaping``. Measured (callgrind,
/// first 20,000 VEVENTs of the bench calendar, 281,027 lines): this whole read, values
/// checked and typed, is 479.1 M instructions; the shared reader alone
/// (`kith-bench read-lines`: `ContentLineReader<PlainDialect>`, only unfolding and splitting
/// each line into name, parameters and value strings) is 723.7 M, +51 %, because it builds
/// every line's strings (its bytes-only raw mode covers top-level components only, and a
/// calendar's events are nested in VCALENDAR). The budget for moving was 1 %.
struct ICalendarParser {
    var warnings: [FormatWarning] = []
    var calendarProperties: [ICalProperty] = []
    var sawCalendar = false
    var deliveredCount = 0
    /// Top-level VEVENT, VTODO, VJOURNAL, VFREEBUSY or VTIMEZONE seen (a VCARD does not count).
    var calendarComponentCount = 0
    var inCalendar = false
    /// A growable byte buffer appended to with `memcpy`. A plain value holding its memory
    /// (no object to retain and release for each property appended): the frame owning it
    /// keeps it from one component to the next, and ``freeBuffers()`` frees it when the
    /// run ends. Copies of a frame (for a warning's text) only read it.
    struct Bytes {
        private(set) var base: UnsafeMutablePointer<UInt8>? = nil
        private(set) var count = 0
        private(set) var capacity = 0
        @inline(__always)
        mutating func append(_ b: UnsafeBufferPointer<UInt8>) {
            let n = b.count
            if count + n > capacity { grow(to: count + n) }
            if n > 0 { (base! + count).update(from: b.baseAddress!, count: n) }
            count += n
        }
        private mutating func grow(to need: Int) {
            var c = max(capacity * 2, 1024)
            while c < need { c *= 2 }
            let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
            if let base {
                nb.update(from: base, count: count)
                base.deallocate()
            }
            base = nb; capacity = c
        }
        mutating func reset() {
            count = 0
            if capacity > 1 << 20 { free() }
        }
        /// Empties it, keeping its memory.
        mutating func removeAll() { count = 0 }
        mutating func free() {
            base?.deallocate()
            base = nil; capacity = 0; count = 0
        }
        var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
    }
    /// An open component. Frames are reused (with their buffers) from one component to the next.
    struct Frame {
        var name = ""
        var line = 0
        var components: [ICalComponent] = []
        var bytes = Bytes()
        /// Its properties so far, with offsets into `bytes` (given the bytes when it ends).
        var properties: [ICalProperty] = []
        /// Properties skipped over the limit, and the index of the warning that says so.
        var dropped = (count: 0, warning: 0)
        var hasUID = false
    }
    /// `frames[0..<depth]` are the open components, outermost first.
    var frames: [Frame] = []
    var depth = 0
    var warnedOutside = false
    let resolver: ICalTimeZoneResolver
    let deliver: (ICalComponent) throws -> Void
    var pendingTZIDs: [String: (line: Int, property: String)] = [:]
    var checkedTZIDs: Set<String> = []
    /// The bounds shared with ``ContentLineReader``: line length, properties per component, depth.
    let limits: ContentLineLimits
    /// BEGINs skipped for nesting too deep, not yet matched by an END.
    var excessDepth = 0
    /// The same for the VCALENDAR's own properties.
    var droppedCalendar = (count: 0, warning: 0)
    var calendarLine = 0
    /// Whether the input holds a NUL byte anywhere (checked once, so clean input pays nothing per line).
    var inputHasNUL = false
    /// How many open components are VTIMEZONEs: their values are not checked.
    var timeZoneDepth = 0
    /// Names and short values met again and again, made into strings once.
    var names = ICalTokens(seed: ICalTokens.names)
    var values = ICalTokens(seed: ICalTokens.values)

    init(
        resolver: ICalTimeZoneResolver, limits: ContentLineLimits = .standard,
        deliver: @escaping (ICalComponent) throws -> Void
    ) {
        self.resolver = resolver
        self.limits = limits
        self.deliver = deliver
    }

    mutating func run(_ buf: UnsafeBufferPointer<UInt8>) throws {
        defer { freeBuffers() }
        guard let base = buf.baseAddress else { finish(); return }
        let n = buf.count
        // Old Mac files end lines with CR alone: read them as LF.
        if n > 0, memchr(base, 10, n) == nil, memchr(base, 13, n) != nil {
            let copy = buf.map { $0 == 13 ? UInt8(10) : $0 }
            try copy.withUnsafeBufferPointer { try run($0) }
            return
        }
        var i = 0
        // Skip a UTF-8 byte order mark.
        if n >= 3, buf[0] == 0xEF, buf[1] == 0xBB, buf[2] == 0xBF { i = 3 }
        var lineNo = 0
        // Folded lines are unfolded here (memory kept from one line to the next).
        var scratch = Bytes()
        defer { scratch.free() }
        // One memchr over the whole input; only files holding a NUL check line by line.
        inputHasNUL = n > i && memchr(base + i, 0, n - i) != nil
        let maxLine = limits.lineLength
        while i < n {
            lineNo += 1
            let startLine = lineNo
            var e = Self.lineEnd(base, i, n)
            var contentEnd = e > i && buf[e - 1] == 13 ? e - 1 : e
            if contentEnd - i > 65_536 && contentEnd - i <= maxLine {
                warnings.append(
                    FormatWarning(
                        line: startLine, code: .overlongLine,
                        message: "a line of \(contentEnd - i) octets was not folded; it was read whole"))
            }
            if e + 1 < n, buf[e + 1] == 32 || buf[e + 1] == 9 {
                // Folded: gather the continuation lines (the buffer stops growing past the limit).
                scratch.removeAll()
                var length = contentEnd - i
                scratch.append(UnsafeBufferPointer(start: base + i, count: min(length, maxLine)))
                while e + 1 < n, buf[e + 1] == 32 || buf[e + 1] == 9 {
                    let s = e + 2
                    lineNo += 1
                    e = Self.lineEnd(base, s, n)
                    contentEnd = e > s && buf[e - 1] == 13 ? e - 1 : e
                    if contentEnd > s {
                        length += contentEnd - s
                        if length <= maxLine { scratch.append(UnsafeBufferPointer(start: base + s, count: contentEnd - s)) }
                    }
                }
                i = e + 1
                if length > maxLine {
                    tooLong(head: scratch.buffer.prefix(80), length: length, line: startLine)
                    scratch.free()
                    continue
                }
                if inputHasNUL, scratch.buffer.contains(0) {
                    var line = Array(scratch.buffer)
                    removeNUL(&line, line: startLine)
                    try line.withUnsafeBufferPointer { try handle($0, line: startLine) }
                    continue
                }
                try handle(scratch.buffer, line: startLine)
            } else {
                let line = UnsafeBufferPointer(start: base + i, count: contentEnd - i)
                i = e + 1
                if line.isEmpty { continue }
                if line.count > maxLine {
                    tooLong(head: line.prefix(80), length: line.count, line: startLine)
                    continue
                }
                if inputHasNUL, memchr(line.baseAddress!, 0, line.count) != nil {
                    var copy = Array(line)
                    removeNUL(&copy, line: startLine)
                    try copy.withUnsafeBufferPointer { try handle($0, line: startLine) }
                    continue
                }
                try handle(line, line: startLine)
            }
        }
        try finishOpen(line: lineNo)
        noteMissingCalendarEnd(line: lineNo)
        finish()
    }

    /// Frees the frames' byte buffers: the run is over (or a nested run for CR line ends is;
    /// freeing twice is harmless).
    mutating func freeBuffers() {
        for i in frames.indices { frames[i].bytes.free() }
    }

    /// Warns about a logical line over ``ContentLineLimits/lineLength``, which is skipped.
    mutating func tooLong(head: some Collection<UInt8>, length: Int, line lineNo: Int) {
        let name = String(decoding: head.prefix { $0 != 58 && $0 != 59 }, as: UTF8.self).uppercased()
        warnings.append(
            FormatWarning(
                line: lineNo, property: name.isEmpty ? nil : name, code: .lineTooLong,
                message:
                    "Line is \(Self.size(length)) long, over the \(Self.size(limits.lineLength)) limit for one line (a huge attachment?); skipped. Shrink or remove it and read the file again."
            ))
    }

    /// Removes NUL bytes from a logical line, with a warning.
    mutating func removeNUL(_ line: inout [UInt8], line lineNo: Int) {
        let before = line.count
        line.removeAll { $0 == 0 }
        warnings.append(
            FormatWarning(
                line: lineNo, code: .nulByte,
                message:
                    "Line holds \(before - line.count) NUL byte(s) (binary data, or UTF-16 text without a byte order mark?); they were removed. Check that this is a text file."
            ))
    }

    /// `3.2 MiB`, `512 bytes` (``ByteCount``).
    static func size(_ n: Int) -> String { ByteCount.text(n) }

    @inline(__always)
    static func lineEnd(_ base: UnsafePointer<UInt8>, _ from: Int, _ n: Int) -> Int {
        guard from < n, let p = memchr(base + from, 10, n - from) else { return n }
        return UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// Where a line's name ends: its first `;` or `:` (or the end), found 8 bytes at a time.
    ///
    /// `;` and `:` differ in their lowest bit only, so a byte is one of them when, with that
    /// bit set, it equals `;`: the word with every byte so changed and xor-ed with `;;;;;;;;`
    /// has a zero byte there, and the lowest zero byte of a word is found exactly by
    /// `(y - 0x01..) & ~y & 0x80..` (a borrow can only mark bytes above it).
    @inline(__always)
    static func nameEnd(_ l: UnsafeBufferPointer<UInt8>) -> Int {
        let n = l.count
        var k = 0
        if let base = l.baseAddress.map(UnsafeRawPointer.init) {
            while k + 8 <= n {
                let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: k, as: UInt64.self))
                let y = (w | 0x0101_0101_0101_0101) ^ 0x3B3B_3B3B_3B3B_3B3B
                let z = (y &- 0x0101_0101_0101_0101) & ~y & 0x8080_8080_8080_8080
                if z != 0 { return k + z.trailingZeroBitCount >> 3 }
                k += 8
            }
        }
        while k < n, l[k] != 59, l[k] != 58 { k += 1 }
        return k
    }

    @inline(__always)
    static func string(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: l[a..<b]), as: UTF8.self)
    }

    static func name(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        var lower = false
        for k in a..<b where l[k] >= 97 && l[k] <= 122 { lower = true; break }
        if !lower { return string(l, a, b) }
        return String(decoding: l[a..<b].map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }, as: UTF8.self)
    }

    /// A name, upper-cased, with what its value is checked for; repeated names come from `names`.
    @inline(__always)
    mutating func token(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> (String, ICalPropertyKind) {
        let n = b - a
        guard n > 0, n <= ICalTokens.maxLength else {
            let s = Self.name(l, a, b)
            return (s, ICalPropertyKind.of(s))
        }
        let k = ICalTokens.key(l.baseAddress! + a, n)
        let i = names.find(n, k)
        if i >= 0 { return names.entry(i) }
        let s = Self.name(l, a, b)
        let kind = ICalPropertyKind.of(s)
        names.add(n, k, s, kind)
        return (s, kind)
    }

    /// A parameter value (or a short property value), shared through `values` when it repeats.
    @inline(__always)
    mutating func shortValue(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, parameter: Bool) -> String {
        let n = b - a
        guard n > 0, n <= ICalTokens.maxLength else {
            return parameter ? ICalParameter.unescapedValue(l, a, b) : Self.string(l, a, b)
        }
        // Parameter values (caret escapes undone) and property values (as written) differ
        // for the same bytes only when there is a caret: those are not shared.
        let k = ICalTokens.key(l.baseAddress! + a, n)
        let i = values.find(n, k)
        if i >= 0 { return values.entry(i).string }
        if memchr(l.baseAddress! + a, 94, n) != nil {
            return parameter ? ICalParameter.unescapedValue(l, a, b) : Self.string(l, a, b)
        }
        let s = Self.string(l, a, b)
        values.add(n, k, s, .other)
        return s
    }

    mutating func handle(_ l: UnsafeBufferPointer<UInt8>, line: Int) throws {
        let n = l.count
        var k = Self.nameEnd(l)
        var nameEnd = k
        while nameEnd > 0, l[nameEnd - 1] == 32 { nameEnd -= 1 }
        guard k < n, nameEnd > 0 else {
            if l.contains(where: { $0 != 32 && $0 != 9 }) {
                warnings.append(
                    FormatWarning(
                        line: line, code: .malformedLine,
                        message: "a line with no \"NAME:\" was skipped (" + Self.string(l, 0, min(n, 40)) + ")"))
            }
            return
        }
        // BEGIN / END fast path.
        if k == 5 || k == 3, l[k] == 58 {
            let up0 = l[0] & 0xDF
            if k == 5, up0 == 66, l[1] & 0xDF == 69, l[2] & 0xDF == 71, l[3] & 0xDF == 73, l[4] & 0xDF == 78 {
                if excessDepth > 0 || depth + (inCalendar ? 1 : 0) >= limits.depth {
                    // Too deep: skip it and all inside up to its END, warning once per run.
                    if excessDepth == 0 {
                        warnings.append(
                            FormatWarning(
                                line: line, property: "BEGIN", code: .tooDeep,
                                message: "Components nest more than \(limits.depth) deep here; the deeper ones were skipped up to their END."))
                    }
                    excessDepth += 1
                    return
                }
                try begin(token(l, k + 1, Self.trimEnd(l, k + 1, n)).0, line: line); return
            }
            if k == 3, up0 == 69, l[1] & 0xDF == 78, l[2] & 0xDF == 68 {
                if excessDepth > 0 { excessDepth -= 1; return }
                try end(token(l, k + 1, Self.trimEnd(l, k + 1, n)).0, line: line); return
            }
        }
        if excessDepth > 0 { return }
        // Over the property limit: skip before parsing parameters and value.
        if depth == 0 {
            if inCalendar, calendarProperties.count >= limits.propertiesPerComponent {
                droppedCalendar = tooMany(droppedCalendar, l, nameEnd, line: line); return
            }
        } else if frames[depth - 1].properties.count >= limits.propertiesPerComponent {
            frames[depth - 1].dropped = tooMany(frames[depth - 1].dropped, l, nameEnd, line: line); return
        }
        let (name, kind) = token(l, 0, nameEnd)
        // Find where the value begins (a quoted parameter value may hold `:`); the
        // parameters are parsed only when asked for.
        let paramsStart = k
        if l[k] == 59 { k = ICalParameter.valueColon(l, k, n) }
        guard k < n, l[k] == 58 else {
            warnings.append(
                FormatWarning(
                    line: line, property: name, code: .malformedLine,
                    message: "the line has no \":\" before its value; skipped"))
            return
        }
        if depth == 0 {
            guard inCalendar else {
                warnings.append(
                    FormatWarning(
                        line: line, property: name, code: .propertyOutsideComponent,
                        message: "a property outside BEGIN:VCALENDAR was ignored"))
                return
            }
            if (name == "VERSION" || name == "PRODID" || name == "CALSCALE") && calendarProperties.contains(where: { $0.name == name }) { return }
            let value = kind == .other ? shortValue(l, k + 1, n, parameter: false) : Self.string(l, k + 1, n)
            let params = k > paramsStart ? ICalParameter.parseList(l, paramsStart, k) : []
            calendarProperties.append(ICalProperty(uncheckedName: name, value: value, parameters: params, line: line))
            return
        }
        let d = depth - 1
        let at = frames[d].bytes.count
        var parsed: [ICalParameter] = []
        var slot = -1
        if k > paramsStart && k - paramsStart <= 48 {
            // Short lists (a TZID, VALUE=DATE) are parsed now, and a recent line's list with
            // the same bytes is shared rather than made again; longer ones (an ATTENDEE's)
            // wait until asked for.
            slot = recentParameterList(l, paramsStart, k)
            parsed = recentParameters[slot].parameters
        }
        if kind != .other && timeZoneDepth == 0 { check(name, kind, l, paramsStart, k, slot: slot, line: line) }
        if slot >= 0 {
            frames[d].bytes.append(UnsafeBufferPointer(rebasing: l[k..<n]))
        } else {
            frames[d].bytes.append(UnsafeBufferPointer(rebasing: l[paramsStart..<n]))
        }
        let end = frames[d].bytes.count
        let colon = end - (n - k)
        if end < Int(UInt32.max) {
            frames[d].properties.append(
                ICalProperty(
                    uncheckedName: name, value: (colon + 1)..<end,
                    rawParameters: at..<colon, parameters: parsed, line: line))
        } else {
            // Past what 32-bit offsets reach (only with raised limits): a property of its own.
            let value = Self.string(l, k + 1, n)
            let params = parsed.isEmpty && k > paramsStart ? ICalParameter.parseList(l, paramsStart, k) : parsed
            frames[d].properties.append(ICalProperty(uncheckedName: name, value: value, parameters: params, line: line))
        }
    }

    /// The last RRULE values found valid.
    var validRules: [String] = []
    /// The last TZIDs checked (most files use a handful): no set lookup for those.
    var recentTZIDs: [String] = []

    /// Parameter lists of recent lines, with their bytes (from the first `;` to the `:`).
    /// Eight, replaced in turn: a calendar's short lists are a few TZIDs, `VALUE=DATE` and
    /// an organizer's `CN` (five in the benchmark file, which missed one line in nine with four).
    /// `tzidNoted`: a date property with these parameters had its TZID noted (``noteTZID``).
    var recentParameters: [(bytes: [UInt8], parameters: [ICalParameter], tzidNoted: Bool)] = Array(repeating: ([], [], false), count: 8)
    var nextRecentParameters = 0
}
