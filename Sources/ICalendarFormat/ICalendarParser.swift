import ContentLines
import Foundation

/// The byte-level reader behind ``ICalendarReader``: unfolds content lines, parses names,
/// parameters and values, and assembles components, handing each top-level one to `deliver`.
///
/// Values are checked as each property is read (from its bytes), so a finished component
/// is handed over as it is, without a second walk.
struct ICalendarParser {
    var warnings: [FormatWarning] = []
    var calendarProperties: [ICalProperty] = []
    var sawCalendar = false
    var deliveredCount = 0
    /// Top-level VEVENT, VTODO, VJOURNAL, VFREEBUSY or VTIMEZONE seen (a VCARD does not count).
    var calendarComponentCount = 0
    private var inCalendar = false
    private var stack: [ICalComponent] = []
    private var warnedOutside = false
    let resolver: ICalTimeZoneResolver
    private let deliver: (ICalComponent) throws -> Void
    private var pendingTZIDs: [String: (line: Int, property: String)] = [:]
    private var checkedTZIDs: Set<String> = []
    /// The bounds shared with ``ContentLineReader``: line length, properties per component, depth.
    let limits: ContentLineReader.Limits
    /// BEGINs skipped for nesting too deep, not yet matched by an END.
    private var excessDepth = 0
    /// Per open component (parallel to `stack`): properties skipped over the limit, and the
    /// index of the warning that says so.
    private var dropped: [(count: Int, warning: Int)] = []
    /// The same for the VCALENDAR's own properties.
    private var droppedCalendar = (count: 0, warning: 0)
    private var calendarLine = 0
    /// Whether the input holds a NUL byte anywhere (checked once, so clean input pays nothing per line).
    private var inputHasNUL = false
    /// Per open component (parallel to `stack`): whether it has a UID.
    private var hasUID: [Bool] = []
    /// How many open components are VTIMEZONEs: their values are not checked.
    private var timeZoneDepth = 0
    /// The parameter lists of recent lines, with their bytes (from the first `;` to the `:`).
    private var recentParameters: [(bytes: [UInt8], parameters: [ICalParameter])] = Array(repeating: ([], []), count: 4)
    private var nextRecentParameters = 0
    /// Names and short values met again and again, made into strings once.
    private var names = ICalTokens(seed: ICalTokens.names)
    private var values = ICalTokens(seed: ICalTokens.values)

    init(resolver: ICalTimeZoneResolver, limits: ContentLineReader.Limits = .standard,
         deliver: @escaping (ICalComponent) throws -> Void) {
        self.resolver = resolver
        self.limits = limits
        self.deliver = deliver
    }

    mutating func run(_ buf: UnsafeBufferPointer<UInt8>) throws {
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
        var scratch: [UInt8] = []
        // One memchr over the whole input; only files holding a NUL check line by line.
        inputHasNUL = n > i && memchr(base + i, 0, n - i) != nil
        let maxLine = limits.lineLength
        while i < n {
            lineNo += 1
            let startLine = lineNo
            var e = Self.lineEnd(base, i, n)
            var contentEnd = e > i && buf[e - 1] == 13 ? e - 1 : e
            if contentEnd - i > 65_536 && contentEnd - i <= maxLine {
                warnings.append(FormatWarning(line: startLine, code: .overlongLine,
                    message: "a line of \(contentEnd - i) octets was not folded; it was read whole"))
            }
            if e + 1 < n, buf[e + 1] == 32 || buf[e + 1] == 9 {
                // Folded: gather the continuation lines (the buffer stops growing past the limit).
                scratch.removeAll(keepingCapacity: true)
                var length = contentEnd - i
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + i, count: min(length, maxLine)))
                while e + 1 < n, buf[e + 1] == 32 || buf[e + 1] == 9 {
                    let s = e + 2
                    lineNo += 1
                    e = Self.lineEnd(base, s, n)
                    contentEnd = e > s && buf[e - 1] == 13 ? e - 1 : e
                    if contentEnd > s {
                        length += contentEnd - s
                        if length <= maxLine { scratch.append(contentsOf: UnsafeBufferPointer(start: base + s, count: contentEnd - s)) }
                    }
                }
                i = e + 1
                if length > maxLine {
                    tooLong(head: scratch.prefix(80), length: length, line: startLine)
                    scratch = []
                    continue
                }
                if inputHasNUL, scratch.contains(0) { removeNUL(&scratch, line: startLine) }
                try scratch.withUnsafeBufferPointer { try handle($0, line: startLine) }
            } else {
                let line = UnsafeBufferPointer(start: base + i, count: contentEnd - i)
                i = e + 1
                if line.isEmpty { continue }
                if line.count > maxLine {
                    tooLong(head: line.prefix(80), length: line.count, line: startLine)
                    continue
                }
                if inputHasNUL, memchr(line.baseAddress!, 0, line.count) != nil {
                    scratch.removeAll(keepingCapacity: true)
                    scratch.append(contentsOf: line)
                    removeNUL(&scratch, line: startLine)
                    try scratch.withUnsafeBufferPointer { try handle($0, line: startLine) }
                    continue
                }
                try handle(line, line: startLine)
            }
        }
        try finishOpen(line: lineNo)
        noteMissingCalendarEnd(line: lineNo)
        finish()
    }

    /// Warns about a logical line over ``ContentLineReader/Limits/lineLength``, which is skipped.
    private mutating func tooLong(head: some Collection<UInt8>, length: Int, line lineNo: Int) {
        let name = String(decoding: head.prefix { $0 != 58 && $0 != 59 }, as: UTF8.self).uppercased()
        warnings.append(FormatWarning(line: lineNo, property: name.isEmpty ? nil : name, code: .lineTooLong,
            message: "Line is \(Self.size(length)) long, over the \(Self.size(limits.lineLength)) limit for one line (a huge attachment?); skipped. Shrink or remove it and read the file again."))
    }

    /// Removes NUL bytes from a logical line, with a warning.
    private mutating func removeNUL(_ line: inout [UInt8], line lineNo: Int) {
        let before = line.count
        line.removeAll { $0 == 0 }
        warnings.append(FormatWarning(line: lineNo, code: .nulByte,
            message: "Line holds \(before - line.count) NUL byte(s) (binary data, or UTF-16 text without a byte order mark?); they were removed. Check that this is a text file."))
    }

    /// `3.2 MiB`, `512 bytes`.
    private static func size(_ n: Int) -> String {
        if n < 1024 { return "\(n) bytes" }
        if n < 1 << 20 { return "\(n >> 10) KiB" }
        let tenths = (n * 10) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }

    @inline(__always)
    private static func lineEnd(_ base: UnsafePointer<UInt8>, _ from: Int, _ n: Int) -> Int {
        guard from < n, let p = memchr(base + from, 10, n - from) else { return n }
        return UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
    }

    @inline(__always)
    private static func string(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: l[a..<b]), as: UTF8.self)
    }

    /// A parameter value with RFC 6868 caret escapes undone (`^'` quote, `^n` newline, `^^` caret).
    private static func parameterValue(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        var caret = false
        for k in a..<b where l[k] == 94 { caret = true; break }
        if !caret { return string(l, a, b) }
        var out: [UInt8] = []
        var k = a
        while k < b {
            if l[k] == 94, k + 1 < b {
                switch l[k + 1] {
                case 39: out.append(34); k += 2; continue
                case 110, 78: out.append(10); k += 2; continue
                case 94: out.append(94); k += 2; continue
                default: break
                }
            }
            out.append(l[k]); k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func name(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        var lower = false
        for k in a..<b where l[k] >= 97 && l[k] <= 122 { lower = true; break }
        if !lower { return string(l, a, b) }
        return String(decoding: l[a..<b].map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }, as: UTF8.self)
    }

    /// A name, upper-cased, with what its value is checked for; repeated names come from `names`.
    @inline(__always)
    private mutating func token(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> (String, ICalPropertyKind) {
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
    private mutating func shortValue(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, parameter: Bool) -> String {
        let n = b - a
        guard n > 0, n <= ICalTokens.maxLength else {
            return parameter ? Self.parameterValue(l, a, b) : Self.string(l, a, b)
        }
        // Parameter values (caret escapes undone) and property values (as written) differ
        // for the same bytes only when there is a caret: those are not shared.
        let k = ICalTokens.key(l.baseAddress! + a, n)
        let i = values.find(n, k)
        if i >= 0 { return values.entry(i).string }
        if memchr(l.baseAddress! + a, 94, n) != nil {
            return parameter ? Self.parameterValue(l, a, b) : Self.string(l, a, b)
        }
        let s = Self.string(l, a, b)
        values.add(n, k, s, .other)
        return s
    }

    private mutating func handle(_ l: UnsafeBufferPointer<UInt8>, line: Int) throws {
        let n = l.count
        var k = 0
        while k < n, l[k] != 59, l[k] != 58 { k += 1 }
        var nameEnd = k
        while nameEnd > 0, l[nameEnd - 1] == 32 { nameEnd -= 1 }
        guard k < n, nameEnd > 0 else {
            if l.contains(where: { $0 != 32 && $0 != 9 }) {
                warnings.append(FormatWarning(line: line, code: .malformedLine,
                    message: "a line with no \"NAME:\" was skipped (" + Self.string(l, 0, min(n, 40)) + ")"))
            }
            return
        }
        // BEGIN / END fast path.
        if k == 5 || k == 3, l[k] == 58 {
            let up0 = l[0] & 0xDF
            if k == 5, up0 == 66, l[1] & 0xDF == 69, l[2] & 0xDF == 71, l[3] & 0xDF == 73, l[4] & 0xDF == 78 {
                if excessDepth > 0 || stack.count + (inCalendar ? 1 : 0) >= limits.depth {
                    // Too deep: skip it and all inside up to its END, warning once per run.
                    if excessDepth == 0 {
                        warnings.append(FormatWarning(line: line, property: "BEGIN", code: .tooDeep,
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
        if stack.isEmpty {
            if inCalendar, calendarProperties.count >= limits.propertiesPerComponent {
                droppedCalendar = tooMany(droppedCalendar, l, nameEnd, line: line); return
            }
        } else if stack[stack.count - 1].properties.count >= limits.propertiesPerComponent {
            dropped[dropped.count - 1] = tooMany(dropped[dropped.count - 1], l, nameEnd, line: line); return
        }
        let (name, kind) = token(l, 0, nameEnd)
        var params: [ICalParameter] = []
        // The same parameters as a recent line (`;TZID=Europe/Berlin`, `;VALUE=DATE`) give
        // the same list: share it rather than parse and allocate it again.
        let paramsStart = k
        if k < n, l[k] == 59 {
            for entry in recentParameters where !entry.parameters.isEmpty {
                let m = entry.bytes.count
                if paramsStart + m < n, l[paramsStart + m] == 58,
                   entry.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, l.baseAddress! + paramsStart, m) == 0 }) {
                    params = entry.parameters
                    k = paramsStart + m
                    break
                }
            }
        }
        let parsed = params.isEmpty
        while parsed, k < n, l[k] == 59 {
            k += 1
            if params.isEmpty { params.reserveCapacity(4) }
            let ps = k
            while k < n, l[k] != 61, l[k] != 58, l[k] != 59 { k += 1 }
            let pname = token(l, ps, k).0
            var first: String?
            var more: [String] = []
            if k < n, l[k] == 61 {
                k += 1
                while true {
                    let v: String
                    if k < n, l[k] == 34 {
                        let vs = k + 1
                        k = vs
                        while k < n, l[k] != 34 { k += 1 }
                        v = shortValue(l, vs, k, parameter: true)
                        if k < n { k += 1 }
                    } else {
                        let vs = k
                        while k < n, l[k] != 44, l[k] != 58, l[k] != 59 { k += 1 }
                        v = shortValue(l, vs, k, parameter: true)
                    }
                    if first == nil { first = v } else { more.append(v) }
                    if k < n, l[k] == 44 { k += 1; continue }
                    break
                }
            }
            if !pname.isEmpty {
                if let first, more.isEmpty {
                    params.append(ICalParameter(uncheckedName: pname, value: first))
                } else {
                    params.append(ICalParameter(uncheckedName: pname, values: first.map { [$0] + more } ?? []))
                }
            }
        }
        guard k < n, l[k] == 58 else {
            warnings.append(FormatWarning(line: line, property: name, code: .malformedLine,
                message: "the line has no \":\" before its value; skipped"))
            return
        }
        if parsed, !params.isEmpty, k - paramsStart <= 48 {
            // Short lists only (a TZID, VALUE=DATE): an ATTENDEE's is its own. Slots are reused in turn.
            let slot = nextRecentParameters
            recentParameters[slot].bytes.removeAll(keepingCapacity: true)
            recentParameters[slot].bytes.append(contentsOf: UnsafeBufferPointer(rebasing: l[paramsStart..<k]))
            recentParameters[slot].parameters = params
            nextRecentParameters = (slot + 1) & 3
        }
        // Dates and UIDs rarely repeat: they are not looked up among the shared values.
        let value = kind == .other ? shortValue(l, k + 1, n, parameter: false) : Self.string(l, k + 1, n)
        let prop = ICalProperty(uncheckedName: name, value: value, parameters: params, line: line)
        if stack.isEmpty {
            if inCalendar {
                if !((name == "VERSION" || name == "PRODID" || name == "CALSCALE") && calendarProperties.contains { $0.name == name }) {
                    calendarProperties.append(prop)
                }
            } else {
                warnings.append(FormatWarning(line: line, property: name, code: .propertyOutsideComponent,
                    message: "a property outside BEGIN:VCALENDAR was ignored"))
            }
        } else {
            if kind != .other && timeZoneDepth == 0 {
                check(prop, kind, UnsafeBufferPointer(rebasing: l[(k + 1)...]))
            }
            stack[stack.count - 1].properties.append(prop)
        }
    }

    /// Counts a property skipped over ``ContentLineReader/Limits/propertiesPerComponent``;
    /// the first one gets a warning, reworded with the total when the component closes.
    private mutating func tooMany(_ counted: (count: Int, warning: Int), _ l: UnsafeBufferPointer<UInt8>, _ nameEnd: Int, line: Int) -> (count: Int, warning: Int) {
        var d = counted
        if d.count == 0 {
            d.warning = warnings.count
            warnings.append(FormatWarning(line: line, property: Self.name(l, 0, nameEnd), code: .tooManyProperties,
                message: "Too many properties; the rest were skipped."))
        }
        d.count += 1
        return d
    }

    /// Rewords a too-many-properties warning with the component and the count skipped.
    private mutating func noteDropped(_ d: (count: Int, warning: Int), in name: String, line: Int) {
        guard d.count > 0 else { return }
        warnings[d.warning].message = "\(name) begun on line \(line) has more than \(limits.propertiesPerComponent) properties; the \(d.count) from line \(warnings[d.warning].line) on were skipped. Split the file or remove what is not needed."
    }

    private static func trimEnd(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Int {
        var e = b
        while e > a, l[e - 1] == 32 || l[e - 1] == 9 { e -= 1 }
        return e
    }

    private mutating func begin(_ name: String, line: Int) throws {
        if name == "VCALENDAR" {
            if !stack.isEmpty { try finishOpen(line: line) }
            inCalendar = true
            sawCalendar = true
            calendarLine = line
            return
        }
        if !inCalendar && stack.isEmpty && !warnedOutside {
            warnedOutside = true
            warnings.append(FormatWarning(line: line, property: "BEGIN", code: .componentOutsideCalendar,
                message: "BEGIN:\(name) outside BEGIN:VCALENDAR; read as if inside one"))
        }
        var c = ICalComponent(name: name, line: line)
        c.properties.reserveCapacity(16)
        stack.append(c)
        dropped.append((0, 0))
        hasUID.append(false)
        if name == "VTIMEZONE" { timeZoneDepth += 1 }
    }

    private mutating func end(_ name: String, line: Int) throws {
        if name == "VCALENDAR" {
            if !stack.isEmpty { try finishOpen(line: line) }
            if !inCalendar {
                warnings.append(FormatWarning(line: line, property: "END", code: .unexpectedEnd,
                    message: "END:VCALENDAR without BEGIN:VCALENDAR; ignored"))
            }
            inCalendar = false
            noteDropped(droppedCalendar, in: "VCALENDAR", line: calendarLine)
            droppedCalendar = (0, 0)
            return
        }
        guard let at = stack.lastIndex(where: { $0.name == name }) else {
            warnings.append(FormatWarning(line: line, property: "END", code: .unexpectedEnd,
                message: "END:\(name) without a matching BEGIN; ignored"))
            return
        }
        while stack.count > at + 1 {
            let open = stack[stack.count - 1]
            warnings.append(FormatWarning(line: line, property: "END", code: .missingEnd,
                message: "\(open.name) begun on line \(open.line) has no END; closed at END:\(name)"))
            try pop()
        }
        try pop()
    }

    private mutating func pop() throws {
        let c = stack.removeLast()
        noteDropped(dropped.removeLast(), in: c.name, line: c.line)
        let uid = hasUID.removeLast()
        if c.name == "VTIMEZONE" {
            timeZoneDepth -= 1
        } else if !uid && timeZoneDepth == 0 && (c.name == "VEVENT" || c.name == "VTODO" || c.name == "VJOURNAL") {
            warnings.append(FormatWarning(line: c.line, property: c.name, code: .missingUID,
                message: "\(c.name) has no UID; one must be made up to import it"))
        }
        if stack.isEmpty {
            try complete(c)
        } else {
            stack[stack.count - 1].components.append(c)
        }
    }

    private mutating func finishOpen(line: Int) throws {
        while let open = stack.last {
            warnings.append(FormatWarning(line: line, property: "END", code: .missingEnd,
                message: "\(open.name) begun on line \(open.line) has no END:\(open.name); closed at line \(line)"))
            try pop()
        }
    }

    /// A top-level component is complete (its values were checked as read): hand it over.
    private mutating func complete(_ c: ICalComponent) throws {
        if c.name == "VTIMEZONE" { resolver.register(c) }
        deliveredCount += 1
        switch c.name {
        case "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY": calendarComponentCount += 1
        default: break
        }
        try deliver(c)
    }

    mutating func noteMissingCalendarEnd(line: Int) {
        noteDropped(droppedCalendar, in: "VCALENDAR", line: calendarLine)
        droppedCalendar = (0, 0)
        if inCalendar {
            warnings.append(FormatWarning(line: line, property: "END", code: .missingEnd,
                message: "the file ends without END:VCALENDAR; everything before was read"))
        }
    }

    /// The last RRULE values found valid.
    private var validRules: [String] = []
    /// The last TZIDs checked (most files use a handful): no set lookup for those.
    private var recentTZIDs: [String] = []

    /// Remembers a TZID the resolver does not know yet, with where it was first used.
    @inline(__always)
    private mutating func noteTZID(_ tzid: String, line: Int, property: String) {
        for t in recentTZIDs where t == tzid { return }
        if recentTZIDs.count >= 8 { recentTZIDs.removeFirst() }
        recentTZIDs.append(tzid)
        if checkedTZIDs.insert(tzid).inserted && !resolver.canResolve(tzid) { pendingTZIDs[tzid] = (line, property) }
    }

    /// Checks the value of a property of an open component outside any VTIMEZONE, from its
    /// bytes where it can; warns about what cannot be used. A UID is noted for the missing-UID check.
    private mutating func check(_ p: ICalProperty, _ kind: ICalPropertyKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch kind {
        case .other: return
        case .uid: hasUID[hasUID.count - 1] = true
        case .date, .dateList:
            let tzid = p.parameters.isEmpty ? nil : p.parameter(upper: "TZID")
            if kind == .dateList, p.name == "RDATE", p.parameter(upper: "VALUE")?.uppercased() == "PERIOD" {
                for v in p.value.split(separator: ",") where ICalPeriod(String(v), tzid: tzid) == nil {
                    warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidDate,
                        message: "\"\(v)\" is not a valid PERIOD; kept as written but not used"))
                }
            } else if kind == .dateList {
                for v in p.value.split(separator: ",") where ICalDateTime(String(v), tzid: tzid) == nil {
                    warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidDate,
                        message: "\"\(v)\" is not a valid DATE or DATE-TIME; kept as written but not used"))
                }
            } else if !ICalDateTime.isValid(bytes) {
                warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidDate,
                    message: "\"\(p.value.prefix(40))\" is not a valid DATE or DATE-TIME (YYYYMMDD or YYYYMMDDTHHMMSS[Z]); kept as written but not used"))
            }
            if let tzid { noteTZID(tzid, line: p.line, property: p.name) }
        case .rrule:
            // Calendars repeat a few rules: one already found valid is not parsed again.
            for r in validRules where r == p.value { return }
            do {
                _ = try RecurrenceRule(p.value)
                if validRules.count >= 8 { validRules.removeFirst() }
                validRules.append(p.value)
            } catch {
                warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidRecurrenceRule,
                    message: "\(error); the event is read without repetition"))
            }
        case .duration:
            if stack[stack.count - 1].name != "VALARM", ICalDuration(p.value) == nil {
                warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidValue,
                    message: "\"\(p.value.prefix(40))\" is not a valid DURATION (like PT1H30M); ignored"))
            }
        }
    }

    /// Reports TZIDs that no VTIMEZONE in the whole file defined.
    private mutating func finish() {
        for (tzid, at) in pendingTZIDs.sorted(by: { $0.value.line < $1.value.line }) where !resolver.canResolve(tzid) {
            warnings.append(FormatWarning(line: at.line, property: at.property, code: .unknownTimeZone,
                message: "TZID \"\(tzid)\" has no VTIMEZONE and is not an IANA or Windows zone; its times were read as floating (\(resolver.floatingTimeZone.identifier)). Add a VTIMEZONE or use an IANA name such as Europe/Berlin"))
        }
        pendingTZIDs = [:]
        warnings.sort { $0.line < $1.line }
    }
}
