import ContentLines

extension FormatWarning.Code {
    /// A TZID defined by no VTIMEZONE and known to neither IANA nor the Windows zone table;
    /// its times are read in the reader's floating time zone.
    public static let unknownTimeZone = Self(rawValue: "unknown-time-zone")
    /// A DATE or DATE-TIME that cannot be read (month 13, 30 February, letters).
    public static let invalidDate = Self(rawValue: "invalid-date")
    /// An RRULE that cannot be read; kept verbatim but not expanded.
    public static let invalidRecurrenceRule = Self(rawValue: "invalid-rrule")
    /// A component outside `BEGIN:VCALENDAR`; read as if it were inside.
    public static let componentOutsideCalendar = Self(rawValue: "component-outside-calendar")
    /// A physical line longer than 65,536 octets but within ``ContentLineLimits/lineLength``; read whole.
    public static let overlongLine = Self(rawValue: "overlong-line")
    /// A VEVENT/VTODO/VJOURNAL without UID.
    public static let missingUID = Self(rawValue: "missing-uid")
}
