import ContentLines
import Foundation
import GRDB
import ICalendarFormat
import VCardFormat

extension Journal {

    /// The files a path names: the file itself, or every regular file in a folder (not
    /// hidden): contacts first, then calendars (so that attendees find their people), each
    /// sorted by name.
    /// - Throws: ``ImportError`` when the path does not exist.
    public static func importableFiles(at url: URL) throws -> [URL] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            throw ImportError(
                file: url.path, line: 0, item: nil, reason: "no such file or folder",
                advice: "check the path")
        }
        guard isDir.boolValue else { return [url] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let files = names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }.filter {
            var d: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &d) && !d.boolValue
        }
        func isCalendar(_ u: URL) -> Bool {
            guard let h = FileHandle(forReadingAtPath: u.path) else { return false }
            defer { try? h.close() }
            let head = [UInt8](h.readData(ofLength: 4096))
            switch detect(head) {
            case .iCalendar?, .xCal?, .jCal?: return true
            default: return false
            }
        }
        return files.filter { !isCalendar($0) } + files.filter(isCalendar)
    }

    /// Imports one contacts or calendar file: vCard 2.1/3.0/4.0, xCard or jCard into
    /// people; iCalendar, xCal or jCal into events. The format is read from the content.
    ///
    /// The file is one transaction: by default the first card or event that fails stops
    /// the import, nothing is written, and ``ImportError`` names its line and the reason.
    /// With ``ImportOptions/keepGoing`` the others are imported and the failures listed.
    /// A card matches an existing person by UID, then e-mail or phone (compared whole) with
    /// the same name, then the same name and birthday; a match is updated (unless its REV is
    /// not newer), never duplicated, and fields the user changed in Kith since the last
    /// import are kept. A card that shares only an e-mail or a phone with someone of another
    /// name (or whose number merely ends like theirs) is added as a new person, marked in the
    /// report as a possible duplicate (``ImportItem/duplicateOf``). An event matches by
    /// UID (plus the occurrence for recurring events).
    /// - Throws: ``ImportError``.
    /// - Complexity: O(cards + people) for contacts, O(events + occurrences) for calendars.
    public func importFile(at url: URL, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ImportError(
                file: url.lastPathComponent, line: 0, item: nil, reason: "cannot read the file",
                advice: "check that it exists and is readable")
        }
        return try importData(data, fileName: url.lastPathComponent, options: options)
    }

    /// Imports a file's bytes; see ``importFile(at:options:)``. `fileName` names the file in
    /// messages and in the `Imported/<name>` category.
    public func importData(_ data: Data, fileName: String, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        // The kind shows in the first bytes (after any BOM and blank lines): no copy of the
        // whole file just to decide, and none at all for iCalendar, read in place below.
        // Nothing but a byte order mark and blank lines: say so, and import nothing.
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }) {
            var report = ImportReport(file: fileName, format: ImportReport.Format.empty.rawValue, dryRun: options.dryRun, keepsDetails: options.keepsDetails)
            report.fileIsEmpty = true
            return report
        }
        guard let kind = Journal.detect([UInt8](data.prefix(65_536))) else {
            throw ImportError(
                file: fileName, line: 1, item: nil,
                reason: "this is not a vCard, xCard, jCard, iCalendar, xCal or jCal file",
                advice: "import .vcf, .ics, or their XML and JSON forms")
        }
        switch kind {
        case .kithJSON:
            return try importDocument(data, fileName: fileName, options: options)
        case .vCardText:
            return try importVCardText(data, fileName: fileName, options: options)
        case .xCard, .jCard:
            let result: VCard.ReadResult
            do { result = try VCard.read([UInt8](data)) } catch {
                throw ImportError(
                    file: fileName, line: error.line, item: nil, reason: error.message,
                    advice: "fix the file or export it again from its application")
            }
            let format: String
            switch kind {
            case .xCard: format = ImportReport.Format.xCard.rawValue
            case .jCard: format = ImportReport.Format.jCard.rawValue
            default: format = "vCard " + (result.cards.first?.version.rawValue ?? "")
            }
            return try importCards(result.cards, readerWarnings: result.warnings, fileName: fileName, format: format, options: options)
        case .iCalendar:
            return try importICalendar(data, fileName: fileName, options: options)
        case .xCal, .jCal:
            let calendar: ICalendar
            do {
                switch kind {
                case .xCal: calendar = try ICalendar.readXCal(data, file: fileName)
                default: calendar = try ICalendar.readJCal(data, file: fileName)
                }
            } catch let e as ICalendar.ReadError {
                throw ImportError(
                    file: fileName, line: e.line, item: nil, reason: e.detail,
                    advice: "fix the file or export it again from its application")
            } catch {
                throw ImportError(
                    file: fileName, line: 0, item: nil, reason: "\(error)",
                    advice: "fix the file or export it again from its application")
            }
            let format = (kind == .xCal ? ImportReport.Format.xCal : .jCal).rawValue
            return try importCalendar(calendar, fileName: fileName, format: format, options: options)
        }
    }
}
