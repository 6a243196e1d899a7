import Foundation

/// A preference stored in the journal, so that it travels with the file: the week's first
/// day, the time zone of new events, when to colour the output and the theme of the views.
///
/// Each setting has a name as the user types it (`week-start`), the values it accepts and
/// a default; ``Journal/setSetting(_:to:)`` refuses any other value with the accepted ones.
public enum Setting: String, CaseIterable, Sendable {
    /// `sunday` or `monday` (default `sunday`): the first column of `kith calendar`.
    case weekStart = "week-start"
    /// An IANA zone such as `Europe/Lisbon`, or `system` (default): the zone of new events.
    case timeZone = "time-zone"
    /// `auto` (default: colour on a terminal unless NO_COLOR is set), `always` or `never`.
    case color
    /// `auto` (default: follow the system), `light` or `dark`: for the views to come.
    case theme

    /// The value when none was set.
    public var defaultValue: String {
        switch self {
        case .weekStart: return "sunday"
        case .timeZone: return "system"
        case .color, .theme: return "auto"
        }
    }

    /// The values it takes, as the user reads them.
    public var acceptedValues: String {
        switch self {
        case .weekStart: return "sunday or monday"
        case .timeZone: return "an IANA time zone such as Europe/Lisbon or Asia/Taipei, or system for this machine's"
        case .color: return "auto, always or never"
        case .theme: return "light, dark or auto"
        }
    }

    /// What it is for, one line.
    public var summary: String {
        switch self {
        case .weekStart: return "the first day of the week in kith calendar"
        case .timeZone: return "the time zone of new events (--tz wins)"
        case .color: return "when to colour the output (--color and NO_COLOR win)"
        case .theme: return "the colour theme of the views"
        }
    }

    /// The setting a typed name means (`week-start`, `weekStart`, `week_start`, any case).
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        if let s = Setting(rawValue: key) { self = s; return }
        guard let s = Setting.allCases.first(where: { $0.rawValue.replacingOccurrences(of: "-", with: "") == key }) else { return nil }
        self = s
    }

    /// The value as stored, or nil when `value` is not one this setting takes.
    /// Choices are lowercased; a time zone keeps the spelling of its IANA name.
    public func normalized(_ value: String) -> String? {
        let text = value.kithTrimmed()
        switch self {
        case .weekStart:
            switch text.lowercased() {
            case "sunday", "sun": return "sunday"
            case "monday", "mon": return "monday"
            default: return nil
            }
        case .timeZone:
            if ["system", "local", "auto"].contains(text.lowercased()) { return "system" }
            guard !text.isEmpty, let zone = TimeZoneCache.shared.zone(text) else { return nil }
            // `TimeZone(identifier:)` also takes abbreviations and offsets (`GMT+8`); an IANA
            // name has a slash or is UTC.
            guard text.contains("/") || text == "UTC" else { return nil }
            return zone.identifier
        case .color:
            let lower = text.lowercased()
            return ["auto", "always", "never"].contains(lower) ? lower : nil
        case .theme:
            let lower = text.lowercased()
            return ["auto", "light", "dark"].contains(lower) ? lower : nil
        }
    }
}
