import Foundation
import ICalendarFormat
import VCardFormat

extension KithBench {
    /// `read-vcard FILE`: reads the file and every card in it, touching the fields a
    /// contacts reader shows (name, structured name, e-mails, phones), like the `vobject` peer.
    static func readVCard(_ args: inout BenchArguments) throws -> String {
        let path = try args.positional("FILE")
        let watch = Stopwatch()
        // Mapped and read in place, as read-ics reads: the file is never copied whole.
        let file = try MappedFile(path)
        var cards = 0, names = 0, emails = 0, phones = 0
        let warnings = try VCard.readText(file.bytes) { card in
            cards += 1
            if card.formattedName?.isEmpty == false { names += 1 }
            _ = card.name
            emails += card.emails.count
            phones += card.phones.count
        }
        let seconds = watch.seconds
        return "cards=\(cards) names=\(names) emails=\(emails) phones=\(phones) warnings=\(warnings.count) "
            + "maxrss_mib=\(maxResidentMiB()) seconds=\(format(seconds))"
    }

    /// `read-ics FILE [--tree]`: reads every component, typing what a calendar shows of each
    /// event (summary, start and end as instants through the VTIMEZONEs, place, description).
    ///
    /// By default the file is mapped and streamed one component at a time; `--tree` reads
    /// the whole calendar into memory first (what `ICalendarReader.read` gives).
    static func readICS(_ args: inout BenchArguments) throws -> String {
        let tree = args.flag("--tree")
        let path = try args.positional("FILE")
        let reader = ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!)
        var events = 0, other = 0, checksum = 0.0, texts = 0
        func touch(_ c: ICalComponent, _ resolver: ICalTimeZoneResolver) {
            guard c.name == "VEVENT" else { other += 1; return }
            events += 1
            if let s = c.dtStart { checksum += resolver.date(for: s).timeIntervalSince1970 }
            if let e = c.dtEnd { checksum += resolver.date(for: e).timeIntervalSince1970 }
            texts += (c.summary?.utf8.count ?? 0) + (c.location?.utf8.count ?? 0) + (c.descriptionText?.utf8.count ?? 0)
        }
        let watch = Stopwatch()
        let file = try MappedFile(path)
        let warnings: Int
        if tree {
            let cal = try reader.read(file.bytes, file: path)
            let resolver = cal.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
            for c in cal.components { touch(c, resolver) }
            warnings = cal.warnings.count
        } else {
            let summary = try reader.stream(file.bytes, file: path) { c, resolver in touch(c, resolver) }
            warnings = summary.warnings.count
        }
        let seconds = watch.seconds
        return "events=\(events) other=\(other) text_bytes=\(texts) warnings=\(warnings) "
            + "maxrss_mib=\(maxResidentMiB()) mode=\(tree ? "tree" : "stream") seconds=\(format(seconds))"
    }
}
