extension ImportReport {
    /// The formats whose names a report's ``ImportReport/format`` holds, for the code that
    /// decides by them (text vCards are named with their version, `vCard 3.0`, and are none
    /// of these).
    enum Format: String {
        case iCalendar, xCal, jCal, xCard, jCard
        case kithJSON = "Kith JSON"
        case empty

        /// A calendar: its report speaks of events.
        var isCalendar: Bool {
            switch self {
            case .iCalendar, .xCal, .jCal: return true
            case .xCard, .jCard, .kithJSON, .empty: return false
            }
        }
    }
}
