import ContentLines
import Foundation
import KithBase

/// The component side of ``ICalendarParser``: nesting and per-component limits, BEGIN and
/// END, TZIDs to check, and the checks of each value as it is read.
extension ICalendarParser {
    /// Counts a property skipped over ``ContentLineLimits/propertiesPerComponent``;
    /// the first one gets a warning, reworded with the total when the component closes.
    mutating func tooMany(_ counted: (count: Int, warning: Int), _ l: UnsafeBufferPointer<UInt8>, _ nameEnd: Int, line: Int) -> (count: Int, warning: Int) {
        var d = counted
        if d.count == 0 {
            d.warning = warnings.count
            warnings.append(
                FormatWarning(
                    line: line, property: Self.name(l, 0, nameEnd), code: .tooManyProperties,
                    message: "Too many properties; the rest were skipped."))
        }
        d.count += 1
        return d
    }

    /// Rewords a too-many-properties warning with the component and the count skipped.
    mutating func noteDropped(_ d: (count: Int, warning: Int), in name: String, line: Int) {
        guard d.count > 0 else { return }
        warnings[d.warning].message =
            "\(name) begun on line \(line) has more than \(limits.propertiesPerComponent) properties; the \(d.count) from line \(warnings[d.warning].line) on were skipped. Split the file or remove what is not needed."
    }

    static func trimEnd(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Int {
        var e = b
        while e > a, l[e - 1] == 32 || l[e - 1] == 9 { e -= 1 }
        return e
    }

    mutating func begin(_ name: String, line: Int) throws {
        if name == "VCALENDAR" {
            if depth > 0 { try finishOpen(line: line) }
            inCalendar = true
            sawCalendar = true
            calendarLine = line
            return
        }
        if !inCalendar && depth == 0 && !warnedOutside {
            warnedOutside = true
            warnings.append(
                FormatWarning(
                    line: line, property: "BEGIN", code: .componentOutsideCalendar,
                    message: "BEGIN:\(name) outside BEGIN:VCALENDAR; read as if inside one"))
        }
        if depth == frames.count { frames.append(Frame()) }
        frames[depth].name = name
        frames[depth].line = line
        frames[depth].components = []
        frames[depth].bytes.reset()
        frames[depth].properties = []
        frames[depth].properties.reserveCapacity(16)
        frames[depth].dropped = (0, 0)
        frames[depth].hasUID = false
        depth += 1
        if name == "VTIMEZONE" { timeZoneDepth += 1 }
    }

    mutating func end(_ name: String, line: Int) throws {
        if name == "VCALENDAR" {
            if depth > 0 { try finishOpen(line: line) }
            if !inCalendar {
                warnings.append(
                    FormatWarning(
                        line: line, property: "END", code: .unexpectedEnd,
                        message: "END:VCALENDAR without BEGIN:VCALENDAR; ignored"))
            }
            inCalendar = false
            noteDropped(droppedCalendar, in: "VCALENDAR", line: calendarLine)
            droppedCalendar = (0, 0)
            return
        }
        guard let at = frames[0..<depth].lastIndex(where: { $0.name == name }) else {
            warnings.append(
                FormatWarning(
                    line: line, property: "END", code: .unexpectedEnd,
                    message: "END:\(name) without a matching BEGIN; ignored"))
            return
        }
        while depth > at + 1 {
            let open = frames[depth - 1]
            warnings.append(
                FormatWarning(
                    line: line, property: "END", code: .missingEnd,
                    message: "\(open.name) begun on line \(open.line) has no END; closed at END:\(name)"))
            try pop()
        }
        try pop()
    }

    mutating func pop() throws {
        let d = depth - 1
        noteDropped(frames[d].dropped, in: frames[d].name, line: frames[d].line)
        let uid = frames[d].hasUID
        var c = ICalComponent(uncheckedName: frames[d].name, line: frames[d].line)
        swap(&c.properties, &frames[d].properties)
        let shared = [UInt8](frames[d].bytes.buffer)
        c.properties.withUnsafeMutableBufferPointer { list in
            for i in list.indices { list[i].share(shared) }
        }
        swap(&c.components, &frames[d].components)
        depth -= 1
        if c.name == "VTIMEZONE" {
            timeZoneDepth -= 1
        } else if !uid && timeZoneDepth == 0 && (c.name == "VEVENT" || c.name == "VTODO" || c.name == "VJOURNAL") {
            warnings.append(
                FormatWarning(
                    line: c.line, property: c.name, code: .missingUID,
                    message: "\(c.name) has no UID; one must be made up to import it"))
        }
        if depth == 0 {
            try complete(c)
        } else {
            frames[depth - 1].components.append(c)
        }
    }

    mutating func finishOpen(line: Int) throws {
        while depth > 0 {
            let open = frames[depth - 1]
            warnings.append(
                FormatWarning(
                    line: line, property: "END", code: .missingEnd,
                    message: "\(open.name) begun on line \(open.line) has no END:\(open.name); closed at line \(line)"))
            try pop()
        }
    }

    /// A top-level component is complete (its values were checked as read): hand it over.
    mutating func complete(_ c: ICalComponent) throws {
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
            warnings.append(
                FormatWarning(
                    line: line, property: "END", code: .missingEnd,
                    message: "the file ends without END:VCALENDAR; everything before was read"))
        }
    }

    /// Remembers a TZID the resolver does not know yet, with where it was first used.
    @inline(__always)
    mutating func noteTZID(_ tzid: String, line: Int, property: String) {
        for t in recentTZIDs where t == tzid { return }
        if recentTZIDs.count >= 8 { recentTZIDs.removeFirst() }
        recentTZIDs.append(tzid)
        if checkedTZIDs.insert(tzid).inserted && !resolver.canResolve(tzid) { pendingTZIDs[tzid] = (line, property) }
    }

    /// The slot of `recentParameters` holding the parameters `l[ps..<pe]` (a short list):
    /// a recent line's when the bytes are the same, else newly parsed.
    mutating func recentParameterList(_ l: UnsafeBufferPointer<UInt8>, _ ps: Int, _ pe: Int) -> Int {
        let m = pe - ps
        for i in recentParameters.indices where recentParameters[i].bytes.count == m {
            if recentParameters[i].bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, l.baseAddress! + ps, m) == 0 }) {
                return i
            }
        }
        let slot = nextRecentParameters
        recentParameters[slot].bytes.removeAll(keepingCapacity: true)
        recentParameters[slot].bytes.append(contentsOf: UnsafeBufferPointer(rebasing: l[ps..<pe]))
        recentParameters[slot].parameters = ICalParameter.parseList(l, ps, pe)
        recentParameters[slot].tzidNoted = false
        nextRecentParameters = (slot + 1) & 7
        return slot
    }

    static let tzidName: [UInt8] = Array("TZID".utf8)
    static let valueName: [UInt8] = Array("VALUE".utf8)

    /// The first value of a parameter among the raw ones `l[ps..<pe]`.
    mutating func parameter(_ want: [UInt8], _ l: UnsafeBufferPointer<UInt8>, _ ps: Int, _ pe: Int) -> String? {
        guard pe > ps, let v = want.withUnsafeBufferPointer({ ICalParameter.firstValueBounds(of: $0, in: l, ps, pe) }) else { return nil }
        return shortValue(l, v.start, v.end, parameter: true)
    }

    /// Checks the value of a property of an open component outside any VTIMEZONE, from its
    /// bytes (raw parameters `l[ps..<pe]`, value after the `:` at `pe`); warns about what
    /// cannot be used. A UID is noted for the missing-UID check.
    /// `slot` is where `recentParameters` holds the parsed parameters (-1: not parsed).
    mutating func check(_ name: String, _ kind: ICalPropertyKind, _ l: UnsafeBufferPointer<UInt8>, _ ps: Int, _ pe: Int, slot: Int, line: Int) {
        let bytes = UnsafeBufferPointer(rebasing: l[(pe + 1)...])
        switch kind {
        case .other: return
        case .uid: frames[depth - 1].hasUID = true
        case .date, .dateList:
            // A parameter list met again had its TZID noted already: only the date is checked.
            if slot >= 0, recentParameters[slot].tzidNoted, kind == .date {
                if !ICalDateTime.isValid(bytes) { invalidDate(name, bytes, line: line) }
                return
            }
            let tzid = parameter(Self.tzidName, l, ps, pe)
            if kind == .dateList, name == "RDATE", parameter(Self.valueName, l, ps, pe)?.uppercased() == "PERIOD" {
                let value = String(decoding: bytes, as: UTF8.self)
                for v in value.split(separator: ",") where ICalPeriod(String(v), tzid: tzid) == nil {
                    warnings.append(
                        FormatWarning(
                            line: line, property: name, code: .invalidDate,
                            message: "\"\(v)\" is not a valid PERIOD; kept as written but not used"))
                }
            } else if kind == .dateList {
                let value = String(decoding: bytes, as: UTF8.self)
                for v in value.split(separator: ",") where ICalDateTime(String(v), tzid: tzid) == nil {
                    warnings.append(
                        FormatWarning(
                            line: line, property: name, code: .invalidDate,
                            message: "\"\(v)\" is not a valid DATE or DATE-TIME; kept as written but not used"))
                }
            } else if !ICalDateTime.isValid(bytes) {
                invalidDate(name, bytes, line: line)
            }
            if let tzid { noteTZID(tzid, line: line, property: name) }
            if slot >= 0 { recentParameters[slot].tzidNoted = true }
        case .rrule:
            // Calendars repeat a few rules: one already found valid is not parsed again.
            let value = String(decoding: bytes, as: UTF8.self)
            for r in validRules where r == value { return }
            do {
                _ = try RecurrenceRule(value)
                if validRules.count >= 8 { validRules.removeFirst() }
                validRules.append(value)
            } catch {
                warnings.append(
                    FormatWarning(
                        line: line, property: name, code: .invalidRecurrenceRule,
                        message: "\(error); the event is read without repetition"))
            }
        case .duration:
            if frames[depth - 1].name != "VALARM", ICalDuration(String(decoding: bytes, as: UTF8.self)) == nil {
                let value = String(decoding: bytes, as: UTF8.self)
                warnings.append(
                    FormatWarning(
                        line: line, property: name, code: .invalidValue,
                        message: "\"\(value.prefix(40))\" is not a valid DURATION (like PT1H30M); ignored"))
            }
        }
    }

    mutating func invalidDate(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
        let value = String(decoding: bytes, as: UTF8.self)
        warnings.append(
            FormatWarning(
                line: line, property: name, code: .invalidDate,
                message: "\"\(value.prefix(40))\" is not a valid DATE or DATE-TIME (YYYYMMDD or YYYYMMDDTHHMMSS[Z]); kept as written but not used"))
    }

    /// Reports TZIDs that no VTIMEZONE in the whole file defined.
    mutating func finish() {
        for (tzid, at) in pendingTZIDs.sorted(by: { $0.value.line < $1.value.line }) where !resolver.canResolve(tzid) {
            warnings.append(
                FormatWarning(
                    line: at.line, property: at.property, code: .unknownTimeZone,
                    message:
                        "TZID \"\(tzid)\" has no VTIMEZONE and is not an IANA or Windows zone; its times were read as floating (\(resolver.floatingTimeZone.identifier)). Add a VTIMEZONE or use an IANA name such as Europe/Berlin"
                ))
        }
        pendingTZIDs = [:]
        warnings.sort { $0.line < $1.line }
    }
}
