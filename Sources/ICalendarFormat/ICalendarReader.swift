import ContentLines
import Foundation

/// Reads iCalendar text (RFC 5545) leniently: what can be read is read, the rest is
/// reported as ``FormatWarning``s; it throws only when nothing usable is found.
public struct ICalendarReader: Sendable {
    /// How floating times and all-day dates become instants.
    public var floatingTimeZone: TimeZone
    /// Refuse input that needed any repair: the first warning becomes a thrown error.
    public var strict: Bool
    /// Bounds on line length, properties per component and nesting depth, shared with the
    /// vCard reader; past them input is skipped with a warning, so hostile files cost bounded
    /// time and memory.
    public var limits: ContentLineLimits = .standard

    public init(floatingTimeZone: TimeZone = .current, strict: Bool = false) {
        self.floatingTimeZone = floatingTimeZone
        self.strict = strict
    }

    /// What streaming reports once the input is consumed.
    public struct Summary: Sendable {
        /// The VCALENDAR's own properties.
        public var properties: [ICalProperty]
        /// How many top-level components were handed over.
        public var componentCount: Int
        public var warnings: [FormatWarning]
    }

    /// Reads a whole calendar.
    /// - Throws: ``ICalendar/ReadError`` when the input holds no calendar at all.
    /// - Complexity: O(n) in the input size.
    public func read(_ data: Data, file: String? = nil) throws -> ICalendar {
        try data.withUnsafeBytes { raw in
            try read(raw.bindMemory(to: UInt8.self), file: file)
        }
    }

    /// Reads a whole calendar from text.
    public func read(_ text: String, file: String? = nil) throws -> ICalendar {
        var t = text
        return try t.withUTF8 { try read($0, file: file) }
    }

    /// Reads a whole calendar from a file.
    public func read(contentsOf url: URL) throws -> ICalendar {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ICalendar.ReadError(
                reason: .unreadable, file: url.path,
                detail: "cannot open the file (\(error.localizedDescription)); check the path and permissions")
        }
        return try read(data, file: url.path)
    }

    /// Reads a whole calendar from bytes.
    package func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String? = nil) throws -> ICalendar {
        var components: [ICalComponent] = []
        let summary = try stream(bytes, file: file) { c, _ in components.append(c) }
        var cal = ICalendar(properties: summary.properties, components: components)
        cal.warnings = summary.warnings
        return cal
    }

    /// Reads a calendar one top-level component at a time (VTIMEZONE, VEVENT, ...), so
    /// that a large file never sits in memory as a tree.
    ///
    /// `body` gets each component with a resolver that knows the VTIMEZONEs seen so far
    /// (files put them first). Warnings about TZIDs are only final in the summary.
    /// - Throws: ``ICalendar/ReadError`` when nothing usable was found; whatever `body` throws.
    package func stream(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String? = nil,
        _ body: (ICalComponent, ICalTimeZoneResolver) throws -> Void
    ) throws -> Summary {
        let resolver = ICalTimeZoneResolver(floatingTimeZone: floatingTimeZone)
        return try withoutActuallyEscaping(body) { body in
            var parser = ICalendarParser(resolver: resolver, limits: limits) { try body($0, resolver) }
            try parser.run(bytes)
            if !parser.sawCalendar && parser.calendarComponentCount == 0 {
                throw ICalendar.ReadError(
                    reason: .notICalendar, file: file, line: 1,
                    detail: "no BEGIN:VCALENDAR and no calendar component found; this is not an iCalendar (.ics) file")
            }
            if strict, let w = parser.warnings.first {
                throw ICalendar.ReadError(
                    reason: .malformed, file: file, line: w.line,
                    detail: "\(w.property.map { "\($0): " } ?? "")\(w.message) [\(w.code.rawValue)] (read without strict mode to accept it)")
            }
            return Summary(
                properties: parser.calendarProperties, componentCount: parser.deliveredCount,
                warnings: parser.warnings)
        }
    }

    /// Streams from `Data`.
    public func stream(
        _ data: Data, file: String? = nil,
        _ body: (ICalComponent, ICalTimeZoneResolver) throws -> Void
    ) throws -> Summary {
        try data.withUnsafeBytes { raw in try stream(raw.bindMemory(to: UInt8.self), file: file, body) }
    }
}
