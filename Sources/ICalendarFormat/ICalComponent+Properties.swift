import Foundation

/// Typed access to the properties that matter (RFC 5545 and RFC 7986).
///
/// Getters read the first property of the name and return nil when it is absent or its
/// value does not parse; setters replace every property of the name (nil removes).
extension ICalComponent {
    // MARK: Text

    private func text(_ name: String) -> String? { withProperty(upper: name, ICalProperty.text(at:)) }
    private mutating func setText(_ name: String, _ v: String?) { set(name, v.map { .text(name, $0) }) }

    /// UID.
    public var uid: String? {
        get { withProperty(upper: "UID", ICalProperty.value(at:)) }
        set { set("UID", newValue.map { ICalProperty(name: "UID", value: $0) }) }
    }
    /// SUMMARY: the title.
    public var summary: String? {
        get { text("SUMMARY") }
        set { setText("SUMMARY", newValue) }
    }
    /// DESCRIPTION.
    public var descriptionText: String? {
        get { text("DESCRIPTION") }
        set { setText("DESCRIPTION", newValue) }
    }
    /// LOCATION.
    public var location: String? {
        get { text("LOCATION") }
        set { setText("LOCATION", newValue) }
    }
    /// STATUS (TENTATIVE, CONFIRMED, CANCELLED, NEEDS-ACTION, COMPLETED...).
    public var status: String? {
        get { withProperty(upper: "STATUS") { ICalProperty.value(at: $0).uppercased() } }
        set { setText("STATUS", newValue) }
    }
    /// CLASS (PUBLIC, PRIVATE, CONFIDENTIAL).
    public var classification: String? {
        get { withProperty(upper: "CLASS") { ICalProperty.value(at: $0).uppercased() } }
        set { setText("CLASS", newValue) }
    }
    /// URL.
    public var url: String? {
        get { withProperty(upper: "URL", ICalProperty.value(at:)) }
        set { set("URL", newValue.map { ICalProperty(name: "URL", value: $0) }) }
    }
    /// NAME (RFC 7986), mostly on VCALENDAR.
    public var displayName: String? {
        get { text("NAME") }
        set { setText("NAME", newValue) }
    }
    /// COLOR (RFC 7986): a CSS3 colour name.
    public var color: String? {
        get { text("COLOR") }
        set { setText("COLOR", newValue) }
    }
    /// SEQUENCE.
    public var sequence: Int? {
        get { withProperty(upper: "SEQUENCE") { Int(ICalProperty.value(at: $0).trimmingSpaces) } }
        set { set("SEQUENCE", newValue.map { ICalProperty(name: "SEQUENCE", value: String($0)) }) }
    }
    /// CATEGORIES, all of them flattened.
    public var categories: [String] {
        get { properties("CATEGORIES").flatMap(\.textList).filter { !$0.isEmpty } }
        set { set("CATEGORIES", newValue.isEmpty ? nil : ICalProperty(name: "CATEGORIES", value: newValue.map(ICalText.escape).joined(separator: ","))) }
    }

    // MARK: Dates

    /// The value of a DATE / DATE-TIME property, honouring its TZID.
    public func dateTime(_ name: String) -> ICalDateTime? { dateTime(upper: name.asciiUppercased) }

    /// ``dateTime(_:)`` for a name already upper-cased (the typed getters).
    private func dateTime(upper name: String) -> ICalDateTime? {
        withProperty(upper: name, ICalProperty.dateTime(at:))
    }

    /// Sets a DATE / DATE-TIME property with the right VALUE and TZID parameters.
    public mutating func setDateTime(_ name: String, _ value: ICalDateTime?) {
        guard let value else { set(name, nil); return }
        var params: [ICalParameter] = []
        if value.isDate { params.append(ICalParameter("VALUE", "DATE")) }
        if let tz = value.tzid { params.append(ICalParameter("TZID", tz)) }
        set(name, ICalProperty(name: name, value: value.description, parameters: params))
    }

    public var dtStamp: ICalDateTime? {
        get { dateTime(upper: "DTSTAMP") }
        set { setDateTime("DTSTAMP", newValue) }
    }
    public var dtStart: ICalDateTime? {
        get { dateTime(upper: "DTSTART") }
        set { setDateTime("DTSTART", newValue) }
    }
    public var dtEnd: ICalDateTime? {
        get { dateTime(upper: "DTEND") }
        set { setDateTime("DTEND", newValue) }
    }
    public var due: ICalDateTime? {
        get { dateTime(upper: "DUE") }
        set { setDateTime("DUE", newValue) }
    }
    public var recurrenceID: ICalDateTime? {
        get { dateTime(upper: "RECURRENCE-ID") }
        set { setDateTime("RECURRENCE-ID", newValue) }
    }
    public var created: ICalDateTime? {
        get { dateTime(upper: "CREATED") }
        set { setDateTime("CREATED", newValue) }
    }
    public var lastModified: ICalDateTime? {
        get { dateTime(upper: "LAST-MODIFIED") }
        set { setDateTime("LAST-MODIFIED", newValue) }
    }

    /// DURATION.
    public var duration: ICalDuration? {
        get { withProperty(upper: "DURATION") { ICalDuration(ICalProperty.value(at: $0)) } }
        set { set("DURATION", newValue.map { ICalProperty(name: "DURATION", value: $0.description) }) }
    }

    /// EXDATE values, all properties flattened.
    public var exceptionDates: [ICalDateTime] { dateList("EXDATE") }

    /// RDATE values (the start of PERIOD values), all properties flattened.
    public var recurrenceDates: [ICalDateTime] { dateList("RDATE") }

    private func dateList(_ name: String) -> [ICalDateTime] {
        properties(name).flatMap { p -> [ICalDateTime] in
            let tz = p.parameter("TZID")
            return p.value.split(separator: ",").compactMap { v in
                let s = String(v)
                if s.contains("/") { return ICalPeriod(s, tzid: tz)?.start }
                return ICalDateTime(s, tzid: tz)
            }
        }
    }

    /// Replaces EXDATE with one property per zone/kind group.
    public mutating func setExceptionDates(_ list: [ICalDateTime]) { setDateList("EXDATE", list) }
    /// Replaces RDATE with one property per zone/kind group.
    public mutating func setRecurrenceDates(_ list: [ICalDateTime]) { setDateList("RDATE", list) }

    private mutating func setDateList(_ name: String, _ list: [ICalDateTime]) {
        var groups: [(ICalDateTime.Form, [ICalDateTime])] = []
        for d in list {
            let key: ICalDateTime.Form = d.isDate ? .date : d.form
            if let i = groups.firstIndex(where: { $0.0 == key }) { groups[i].1.append(d) } else { groups.append((key, [d])) }
        }
        setAll(
            name,
            groups.map { form, values in
                var params: [ICalParameter] = []
                if case .date = form { params.append(ICalParameter("VALUE", "DATE")) }
                if case .zoned(let tz) = form { params.append(ICalParameter("TZID", tz)) }
                return ICalProperty(name: name, value: values.map(\.description).joined(separator: ","), parameters: params)
            })
    }

    /// RRULE, when present and readable.
    public var recurrenceRule: RecurrenceRule? {
        get { withProperty(upper: "RRULE") { try? RecurrenceRule(ICalProperty.value(at: $0)) } }
        set { set("RRULE", newValue.map { ICalProperty(name: "RRULE", value: $0.description) }) }
    }

    // MARK: Structured

    /// GEO.
    public var geo: ICalGeo? {
        get { withProperty(upper: "GEO") { ICalGeo(ICalProperty.value(at: $0)) } }
        set { set("GEO", newValue.map { ICalProperty(name: "GEO", value: $0.text) }) }
    }

    /// ATTENDEEs.
    public var attendees: [ICalAddress] {
        get { properties("ATTENDEE").map(ICalAddress.init) }
        set { setAll("ATTENDEE", newValue.map { $0.property("ATTENDEE") }) }
    }

    /// ORGANIZER.
    public var organizer: ICalAddress? {
        get { withProperty(upper: "ORGANIZER") { ICalAddress($0.pointee) } }
        set { set("ORGANIZER", newValue?.property("ORGANIZER")) }
    }

    /// ATTACHes.
    public var attachments: [ICalAttachment] {
        get { properties("ATTACH").map(ICalAttachment.init) }
        set { setAll("ATTACH", newValue.map { $0.property("ATTACH") }) }
    }

    /// IMAGEs (RFC 7986).
    public var images: [ICalAttachment] {
        get { properties("IMAGE").map(ICalAttachment.init) }
        set { setAll("IMAGE", newValue.map { $0.property("IMAGE") }) }
    }

    /// CONFERENCEs (RFC 7986): URIs with FEATURE and LABEL parameters.
    public var conferences: [ICalAttachment] {
        get { properties("CONFERENCE").map(ICalAttachment.init) }
        set { setAll("CONFERENCE", newValue.map { $0.property("CONFERENCE") }) }
    }

    /// The VALARMs inside.
    public var alarms: [ICalComponent] { components("VALARM") }

    /// Whether it is an all-day item (DTSTART is a DATE).
    public var isAllDay: Bool { dtStart?.isDate ?? false }

    /// The end: DTEND (or DUE), else DTSTART + DURATION, else for an all-day start the
    /// next day, else the start itself (RFC 5545 §3.6.1).
    public func effectiveEnd(resolver: ICalTimeZoneResolver) -> Date? {
        guard let start = dtStart else { return nil }
        if let end = dtEnd ?? due { return resolver.date(for: end) }
        let dur = duration ?? (start.isDate ? ICalDuration(days: 1) : nil)
        guard let dur else { return resolver.date(for: start) }
        return Self.add(dur, to: start, resolver: resolver)
    }

    /// Adds a duration: days in local time (DST-aware), the rest exactly.
    static func add(_ d: ICalDuration, to start: ICalDateTime, resolver: ICalTimeZoneResolver) -> Date {
        let shifted = ICalDateTime(localSeconds: start.localSeconds + Int64(d.nominalDays) * 86400, form: start.form)
        return resolver.date(for: shifted).addingTimeInterval(TimeInterval(d.exactSeconds))
    }
}
