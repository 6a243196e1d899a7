import Foundation
import GRDB
import ICalendarFormat

extension Journal {
    /// Each event of `selection` as its own calendar file (with the VTIMEZONEs its times
    /// need), in storage order, with its UID.
    /// - Parameters:
    ///   - photoFolder: where photos too large to go inline are referred to (see
    ///     ``EventRows/photoFolder``).
    ///   - syncFields: whether to write Kith's whole record for another Kith (sync bodies).
    /// - Returns: the photos referred to by URI (hash and media type), for the caller to copy there.
    @discardableResult
    static func eventFiles(
        _ db: Database, _ selection: EventSelection, photoFolder: URL? = nil, syncFields: Bool = false,
        _ body: (String, Data) throws -> Void
    ) throws -> [String: String] {
        let resolver = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        var colors: [String: String] = [:]
        var prefixes = EventMapping.DatePrefixes()
        let sources = try Journal.sourceTimeZones(db)
        var rows = try EventRows(db, selection)
        rows.photoFolder = photoFolder
        rows.syncFields = syncFields
        try rows.forEach { e, text in
            var usage = ICalTimeZoneUsage()
            var event = ICalendarLineWriter()
            EventMapping.write(e, text: text, into: &event, resolver: resolver, colors: &colors, usage: &usage, prefixes: &prefixes)
            var file = ICalendarLineWriter()
            file.begin("VCALENDAR")
            file.property("VERSION", value: "2.0")
            file.property("PRODID", value: "-//Kith//Kith//EN")
            var warnings: [FormatWarning] = []
            for z in usage.timeZones(excluding: [], sources: sources, warnings: &warnings) { file.write(z) }
            file.appendLines(event)
            file.end("VCALENDAR")
            try body(EventMapping.string(text.extracting(e.uid)), Data(file.bytes))
        }
        return rows.referencedPhotos
    }

    /// `.jpg`, `.png`… for a photo's media type; `.img` for one Kith does not know.
    static func photoFileExtension(_ mediaType: String) -> String {
        Photo.fileExtension(mediaType: mediaType) ?? ".img"
    }

    /// One event as its own calendar file.
    /// - Throws: ``JournalError/eventNotFound(id:)``.
    func exportCalendar(eventID: Int64) throws -> Data {
        try read { db in
            var file: Data?
            try Journal.eventFiles(db, EventSelection(id: eventID)) { _, data in file = data }
            guard let file else { throw JournalError.eventNotFound(id: eventID) }
            return file
        }
    }

    /// A UID made safe as a file name.
    static func fileName(_ uid: String) -> String {
        String(uid.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." || $0 == "@" ? $0 : "_" })
    }
}
