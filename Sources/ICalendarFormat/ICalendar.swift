@_exported import ContentLines
import Foundation

/// A VCALENDAR: its own properties (VERSION, PRODID, METHOD, X-WR-CALNAME...) and its
/// components (VEVENT, VTODO, VJOURNAL, VTIMEZONE, unknown ones kept verbatim).
public struct ICalendar: Hashable, Sendable {
    public var properties: [ICalProperty]
    public var components: [ICalComponent]
    /// What the reader noticed; empty for a calendar built in code. Not part of equality.
    public var warnings: [FormatWarning] = []

    /// An empty calendar with VERSION:2.0 and a PRODID.
    public init(productID: String = "-//Kith//Kith//EN", components: [ICalComponent] = []) {
        properties = [ICalProperty(name: "VERSION", value: "2.0"), ICalProperty(name: "PRODID", value: productID)]
        self.components = components
    }

    public init(properties: [ICalProperty], components: [ICalComponent]) {
        self.properties = properties
        self.components = components
    }

    /// The VEVENTs.
    public var events: [ICalComponent] { components.filter { $0.name == "VEVENT" } }
    /// The VTODOs.
    public var todos: [ICalComponent] { components.filter { $0.name == "VTODO" } }
    /// The VJOURNALs.
    public var journals: [ICalComponent] { components.filter { $0.name == "VJOURNAL" } }
    /// The VTIMEZONEs.
    public var timeZones: [ICalComponent] { components.filter { $0.name == "VTIMEZONE" } }

    /// A resolver that knows this calendar's VTIMEZONEs.
    public func timeZoneResolver(floatingTimeZone: TimeZone = .current) -> ICalTimeZoneResolver {
        ICalTimeZoneResolver(floatingTimeZone: floatingTimeZone, timeZones: timeZones)
    }

    public static func == (a: ICalendar, b: ICalendar) -> Bool {
        a.properties == b.properties && a.components == b.components
    }

    public func hash(into h: inout Hasher) { h.combine(properties); h.combine(components) }
}

extension ICalendar {
    /// Why a file could not be read at all.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong, stably.
        public enum Reason: String, Hashable, Sendable {
            /// No BEGIN:VCALENDAR and no calendar component in the input.
            case notICalendar = "not-icalendar"
            /// The file could not be opened.
            case unreadable
            /// The JSON or XML form is malformed.
            case malformed
        }
        public var reason: Reason
        public var file: String?
        public var line: Int
        public var detail: String

        public init(reason: Reason, file: String? = nil, line: Int = 0, detail: String) {
            self.reason = reason; self.file = file; self.line = line; self.detail = detail
        }

        public var description: String {
            var s = file.map { "\($0): " } ?? ""
            if line > 0 { s += "line \(line): " }
            return s + detail
        }
    }
}
