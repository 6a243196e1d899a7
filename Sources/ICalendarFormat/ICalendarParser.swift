import ContentLines
import Foundation

/// The byte-level reader behind ``ICalendarReader``: unfolds content lines, parses names,
/// parameters and values, and assembles components, handing each top-level one to `deliver`.
final class ICalendarParser {
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

    init(resolver: ICalTimeZoneResolver, deliver: @escaping (ICalComponent) throws -> Void) {
        self.resolver = resolver
        self.deliver = deliver
    }

    func run(_ buf: UnsafeBufferPointer<UInt8>) throws {
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
        while i < n {
            lineNo += 1
            let startLine = lineNo
            var e = Self.lineEnd(base, i, n)
            var contentEnd = e > i && buf[e - 1] == 13 ? e - 1 : e
            if contentEnd - i > 65_536 {
                warnings.append(FormatWarning(line: startLine, code: .overlongLine,
                    message: "a line of \(contentEnd - i) octets was not folded; it was read whole"))
            }
            if e + 1 < n, buf[e + 1] == 32 || buf[e + 1] == 9 {
                // Folded: gather the continuation lines.
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + i, count: contentEnd - i))
                while e + 1 < n, buf[e + 1] == 32 || buf[e + 1] == 9 {
                    let s = e + 2
                    lineNo += 1
                    e = Self.lineEnd(base, s, n)
                    contentEnd = e > s && buf[e - 1] == 13 ? e - 1 : e
                    if contentEnd > s { scratch.append(contentsOf: UnsafeBufferPointer(start: base + s, count: contentEnd - s)) }
                }
                i = e + 1
                try scratch.withUnsafeBufferPointer { try handle($0, line: startLine) }
            } else {
                let line = UnsafeBufferPointer(start: base + i, count: contentEnd - i)
                i = e + 1
                if line.isEmpty { continue }
                try handle(line, line: startLine)
            }
        }
        try finishOpen(line: lineNo)
        noteMissingCalendarEnd(line: lineNo)
        finish()
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

    private func handle(_ l: UnsafeBufferPointer<UInt8>, line: Int) throws {
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
                try begin(Self.name(l, k + 1, Self.trimEnd(l, k + 1, n)), line: line); return
            }
            if k == 3, up0 == 69, l[1] & 0xDF == 78, l[2] & 0xDF == 68 {
                try end(Self.name(l, k + 1, Self.trimEnd(l, k + 1, n)), line: line); return
            }
        }
        let name = Self.name(l, 0, nameEnd)
        var params: [ICalParameter] = []
        while k < n, l[k] == 59 {
            k += 1
            let ps = k
            while k < n, l[k] != 61, l[k] != 58, l[k] != 59 { k += 1 }
            let pname = Self.name(l, ps, k)
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
                        v = Self.parameterValue(l, vs, k)
                        if k < n { k += 1 }
                    } else {
                        let vs = k
                        while k < n, l[k] != 44, l[k] != 58, l[k] != 59 { k += 1 }
                        v = Self.parameterValue(l, vs, k)
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
        let value = Self.string(l, k + 1, n)
        let prop = ICalProperty(uncheckedName: name, value: value, parameters: params, line: line)
        if stack.isEmpty {
            if inCalendar {
                if !(calendarProperties.contains { $0.name == name } && (name == "VERSION" || name == "PRODID" || name == "CALSCALE")) {
                    calendarProperties.append(prop)
                }
            } else {
                warnings.append(FormatWarning(line: line, property: name, code: .propertyOutsideComponent,
                    message: "a property outside BEGIN:VCALENDAR was ignored"))
            }
        } else {
            stack[stack.count - 1].properties.append(prop)
        }
    }

    private static func trimEnd(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Int {
        var e = b
        while e > a, l[e - 1] == 32 || l[e - 1] == 9 { e -= 1 }
        return e
    }

    private func begin(_ name: String, line: Int) throws {
        if name == "VCALENDAR" {
            if !stack.isEmpty { try finishOpen(line: line) }
            inCalendar = true
            sawCalendar = true
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
    }

    private func end(_ name: String, line: Int) throws {
        if name == "VCALENDAR" {
            if !stack.isEmpty { try finishOpen(line: line) }
            if !inCalendar {
                warnings.append(FormatWarning(line: line, property: "END", code: .unexpectedEnd,
                    message: "END:VCALENDAR without BEGIN:VCALENDAR; ignored"))
            }
            inCalendar = false
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

    private func pop() throws {
        let c = stack.removeLast()
        if stack.isEmpty {
            try complete(c)
        } else {
            stack[stack.count - 1].components.append(c)
        }
    }

    private func finishOpen(line: Int) throws {
        while let open = stack.last {
            warnings.append(FormatWarning(line: line, property: "END", code: .missingEnd,
                message: "\(open.name) begun on line \(open.line) has no END:\(open.name); closed at line \(line)"))
            try pop()
        }
    }

    /// A top-level component is complete: check its values, then hand it over.
    private func complete(_ c: ICalComponent) throws {
        if c.name == "VTIMEZONE" { resolver.register(c) }
        check(c)
        deliveredCount += 1
        if ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY"].contains(c.name) { calendarComponentCount += 1 }
        try deliver(c)
    }

    func noteMissingCalendarEnd(line: Int) {
        if inCalendar {
            warnings.append(FormatWarning(line: line, property: "END", code: .missingEnd,
                message: "the file ends without END:VCALENDAR; everything before was read"))
        }
    }

    private enum Kind { case date, dateList, rrule, duration, uid, other }

    /// Classifies a property name, gating on length and first byte so that most names
    /// are rejected without a string comparison.
    @inline(__always)
    private static func kind(_ n: String) -> Kind {
        let u = n.utf8
        guard let f = u.first else { return .other }
        switch (f, u.count) {
        case (68, 7): return n == "DTSTART" || n == "DTSTAMP" ? .date : .other
        case (68, 5): return n == "DTEND" ? .date : .other
        case (68, 3): return n == "DUE" ? .date : .other
        case (68, 8): return n == "DURATION" ? .duration : .other
        case (82, 13): return n == "RECURRENCE-ID" ? .date : .other
        case (82, 5): return n == "RDATE" ? .dateList : n == "RRULE" ? .rrule : .other
        case (67, 7): return n == "CREATED" ? .date : .other
        case (67, 9): return n == "COMPLETED" ? .date : .other
        case (76, 13): return n == "LAST-MODIFIED" ? .date : .other
        case (69, 6): return n == "EXDATE" ? .dateList : .other
        case (85, 3): return n == "UID" ? .uid : .other
        default: return .other
        }
    }

    private var lastCheckedTZID: String?

    private func check(_ c: ICalComponent) {
        if c.name == "VTIMEZONE" { return }
        var hasUID = false
        for p in c.properties {
            switch Self.kind(p.name) {
            case .other: continue
            case .uid: hasUID = true
            case .date, .dateList:
                let tzid = p.parameters.isEmpty ? nil : p.parameter("TZID")
                if p.name == "RDATE", p.parameter("VALUE")?.uppercased() == "PERIOD" {
                    for v in p.value.split(separator: ",") where ICalPeriod(String(v), tzid: tzid) == nil {
                        warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidDate,
                            message: "\"\(v)\" is not a valid PERIOD; kept as written but not used"))
                    }
                } else if p.name == "EXDATE" || p.name == "RDATE" {
                    for v in p.value.split(separator: ",") where ICalDateTime(String(v), tzid: tzid) == nil {
                        warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidDate,
                            message: "\"\(v)\" is not a valid DATE or DATE-TIME; kept as written but not used"))
                    }
                } else if !ICalDateTime.isValid(p.value) {
                    warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidDate,
                        message: "\"\(p.value.prefix(40))\" is not a valid DATE or DATE-TIME (YYYYMMDD or YYYYMMDDTHHMMSS[Z]); kept as written but not used"))
                }
                if let tzid, tzid != lastCheckedTZID {
                    lastCheckedTZID = tzid
                    if checkedTZIDs.insert(tzid).inserted && !resolver.canResolve(tzid) { pendingTZIDs[tzid] = (p.line, p.name) }
                }
            case .rrule:
                do { _ = try RecurrenceRule(p.value) } catch {
                    warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidRecurrenceRule,
                        message: "\(error); the event is read without repetition"))
                }
            case .duration:
                if c.name != "VALARM", ICalDuration(p.value) == nil {
                    warnings.append(FormatWarning(line: p.line, property: p.name, code: .invalidValue,
                        message: "\"\(p.value.prefix(40))\" is not a valid DURATION (like PT1H30M); ignored"))
                }
            }
        }
        if !hasUID && (c.name == "VEVENT" || c.name == "VTODO" || c.name == "VJOURNAL") {
            warnings.append(FormatWarning(line: c.line, property: c.name, code: .missingUID,
                message: "\(c.name) has no UID; one must be made up to import it"))
        }
        for sub in c.components { check(sub) }
    }

    /// Reports TZIDs that no VTIMEZONE in the whole file defined.
    private func finish() {
        for (tzid, at) in pendingTZIDs.sorted(by: { $0.value.line < $1.value.line }) where !resolver.canResolve(tzid) {
            warnings.append(FormatWarning(line: at.line, property: at.property, code: .unknownTimeZone,
                message: "TZID \"\(tzid)\" has no VTIMEZONE and is not an IANA or Windows zone; its times were read as floating (\(resolver.floatingTimeZone.identifier)). Add a VTIMEZONE or use an IANA name such as Europe/Berlin"))
        }
        pendingTZIDs = [:]
        warnings.sort { $0.line < $1.line }
    }
}
