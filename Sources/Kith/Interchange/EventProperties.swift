import ContentLines
import Foundation
import ICalendarFormat

/// What import and export share about VEVENT properties: which Kith models, which it keeps
/// verbatim, and how a kept line reads back.
extension EventMapping {
    /// Text with the control characters a content line may not hold (all but HTAB, CR and
    /// LF) removed, and whether any were.
    static func withoutControlCharacters(_ s: String) -> (String, Bool) {
        guard ContentLine.forbiddenCharacter(inValue: s) != nil else { return (s, false) }
        return (
            String(
                String.UnicodeScalarView(
                    s.unicodeScalars.filter { v in
                        !((v.value < 32 && v.value != 9 && v.value != 10 && v.value != 13) || v.value == 127)
                    })), true
        )
    }

    /// VEVENT properties Kith models (or that belong to the recurrence it expands).
    static let modelled: Set<String> = [
        "UID", "DTSTAMP", "DTSTART", "DTEND", "DURATION", "SUMMARY", "DESCRIPTION", "LOCATION", "GEO", "CATEGORIES",
        "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID", "X-KITH-NOTE", "X-KITH-PERSON", "COLOR", "LAST-MODIFIED", "CREATED",
        "X-KITH-TYPE", "X-KITH-MOOD", "X-KITH-TRAIT", "X-KITH-PLACE",
    ]

    /// The properties to keep verbatim: unmodelled ones and attendees who are nobody in the
    /// journal, each only while it makes a valid content line (RFC 5545 §3.1): a property
    /// whose name or value is not valid is dropped, a parameter that is not valid is left
    /// out, each with a warning naming `file` and the line. A time in a TZID that is
    /// neither IANA nor Windows keeps it when the file has its VTIMEZONE (noted in
    /// `customZones`, for the import to keep and the export to write back); without one it
    /// is written in UTC, so that no TZID goes out undefined.
    static func keptLines(
        _ e: ICalComponent, matchedEmails: Set<String>, resolver: ICalTimeZoneResolver? = nil,
        file: String = "", customZones: inout Set<String>, warnings: inout [ImportWarning]
    ) -> [String] {
        let at = file.isEmpty ? "" : file + ", "
        return e.properties.compactMap { p -> String? in
            if modelled.contains(p.name) { return nil }
            if p.name == "ATTENDEE", let mail = ICalAddress(uri: p.value).email?.lowercased(), matchedEmails.contains(mail) { return nil }
            if let why = ContentLine.problem(group: nil, name: p.name, value: p.value) {
                warnings.append(
                    ImportWarning(
                        line: p.line, code: "invalid-line",
                        message: "\(at)line \(p.line): \(why); the line was dropped so that what Kith writes stays valid."))
                return nil
            }
            var parameters: [ContentLine.Parameter] = []
            for q in p.parameters {
                if let why = ContentLine.parameterProblem(name: q.name, values: q.values) {
                    warnings.append(
                        ImportWarning(
                            line: p.line, code: "invalid-parameter",
                            message: "\(at)line \(p.line): \(p.name): \(why); the parameter was dropped so that what Kith writes stays valid."))
                    continue
                }
                parameters.append(ContentLine.Parameter(name: q.name, values: q.values))
            }
            var value = p.value
            if let resolver, let tzid = parameters.first(where: { $0.name == "TZID" })?.values.first,
                resolver.ianaIdentifier(for: tzid) == nil, resolver.source(for: tzid) == .vtimezone
            {
                customZones.insert(tzid)
            } else if let resolver, let tzid = parameters.first(where: { $0.name == "TZID" })?.values.first,
                resolver.ianaIdentifier(for: tzid) == nil
            {
                // Each date of the value, as UTC; a value that is not dates keeps its TZID out anyway.
                let dates = value.split(separator: ",", omittingEmptySubsequences: false).map { ICalDateTime(String($0), tzid: tzid) }
                if dates.allSatisfy({ $0 != nil && !$0!.isDate }) {
                    value = dates.map { ICalDateTime(utc: resolver.date(for: $0!)).description }.joined(separator: ",")
                }
                parameters.removeAll { $0.name == "TZID" }
                warnings.append(
                    ImportWarning(
                        line: p.line, code: "zone-written-in-utc",
                        message:
                            "\(at)line \(p.line): \(p.name) is in TZID \(tzid), which is not an IANA or Windows zone and has no VTIMEZONE in the file; kept in UTC."
                    ))
            }
            let line = ContentLine(name: p.name, parameters: parameters, value: value)
            return ContentLineWriter.serialize(line)
        }
    }

    /// Kith's own X-KITH-* lines of a sync body (see ``ExportEvent/syncFields``): type and
    /// mood with their look, the place's name and address apart, and traits with whom they
    /// are about.
    struct KithLines {
        var type: KithCategoryLine?
        var mood: KithCategoryLine?
        var place: (name: String, address: String?)?
        var traits: [(path: String, text: String, about: String?)] = []
    }

    /// The ``KithLines`` of a VEVENT.
    static func kithLines(_ e: ICalComponent) -> KithLines {
        func look(_ p: ICalProperty, _ value: String) -> KithCategoryLine {
            KithCategoryLine(path: value, icon: p.parameter("X-ICON") ?? "", color: p.parameter("X-COLOR"), score: p.parameter("X-SCORE").flatMap { Int($0) })
        }
        var k = KithLines()
        if let p = e.property("X-KITH-TYPE"), case let v = p.text.kithTrimmed(), !v.isEmpty { k.type = look(p, v) }
        if let p = e.property("X-KITH-MOOD"), case let v = p.text.kithTrimmed(), !v.isEmpty { k.mood = look(p, v) }
        if let p = e.property("X-KITH-PLACE"), case let v = p.text.kithTrimmed(), !v.isEmpty { k.place = (v, p.parameter("X-ADDRESS")) }
        for p in e.properties("X-KITH-TRAIT") {
            let text = p.text.kithTrimmed()
            guard !text.isEmpty else { continue }
            k.traits.append((p.parameter("X-KIND") ?? "Traits", text, p.parameter("X-ABOUT")))
        }
        return k
    }

    /// A kept line back as a property.
    static func property(fromKept raw: String) -> ICalProperty? {
        var reader = ContentLineReader<PlainDialect>(string: raw + "\r\n")
        guard let l = reader.next() else { return nil }
        return ICalProperty(name: l.name, value: l.value, parameters: l.parameters.map { ICalParameter(name: $0.name, values: $0.values) })
    }
}
