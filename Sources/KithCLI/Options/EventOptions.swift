import ArgumentParser
import Foundation
import Kith

/// The options that describe an event, shared by `kith log` and `kith edit`.
struct EventOptions: ParsableArguments {
    @Option(name: .customLong("with"), help: ArgumentHelp("Someone who was there (repeat for several).", valueName: "name"))
    var people: [String] = []
    @Option(help: ArgumentHelp("The event type, as Main or Main/Sub (e.g. Chat, Meal).", valueName: "path"))
    var type: String?
    @Option(help: ArgumentHelp("How it felt: a mood name such as great, good, okay, bad, awful.", valueName: "name"))
    var mood: String?
    @Option(name: .customLong("at"), help: ArgumentHelp("Where: a place name, reused across events.", valueName: "place"))
    var place: String?
    @Option(help: ArgumentHelp("The place's coordinates as LAT,LON; a known place keeps its own (move it with kith place edit).", valueName: "lat,lon"))
    var geo: String?
    @Option(
        help: ArgumentHelp(
            "When it started: `yesterday 15:30`, `last friday 8pm`, `3 days ago`, `this morning`, `2026-11-21 9:00`. A day alone logs an all-day event. A bare time later than now is yesterday's; `tomorrow` or a date ahead logs a planned event.",
            valueName: "when"))
    var when: String?
    @Option(help: ArgumentHelp("How long it took, more than zero: 90m, 2h, 1h30m.", valueName: "duration"))
    var duration: String?
    @Option(help: ArgumentHelp("The IANA time zone it happened in (default: the time-zone setting, else this machine's).", valueName: "zone"))
    var tz: String?
    @Option(
        help: ArgumentHelp(
            "Something learned about one person there, as `Name: Kind/Sub: text` (repeat for several). The name may be left out when the event has one person. The first part is read as a name when it names someone in the event, else as the kind.",
            valueName: "trait"))
    var trait: [String] = []
    @Option(help: ArgumentHelp("A photo file: JPEG, PNG, GIF, WebP or HEIC, at most 20 MiB (repeat for several).", valueName: "file"))
    var photo: [String] = []
    @Option(help: ArgumentHelp("A free note.", valueName: "text"))
    var note: String?

    /// The same options for the quick path of `kith log` (`QuickParse`), by long name.
    static var quickOptions: [QuickOption<EventValues>] {
        [
            .repeated("--with", \.people), .option("--type", \.type), .option("--mood", \.mood), .option("--at", \.place),
            .option("--geo", \.geo), .option("--when", \.when), .option("--duration", \.duration), .option("--tz", \.tz),
            .repeated("--trait", \.trait), .repeated("--photo", \.photo), .option("--note", \.note),
        ]
    }

    /// The option values as plain fields.
    var values: EventValues {
        EventValues(
            people: people, type: type, mood: mood, place: place, geo: geo, when: when, duration: duration, tz: tz,
            trait: trait, photo: photo, note: note)
    }

    /// `Interests/Climbing: started bouldering` as a path and a text.
    static func splitTrait(_ text: String) throws -> (path: String, text: String) {
        guard let colon = text.firstIndex(of: ":") else {
            throw UserError(
                "cannot read the trait \"\(text)\"", "write it as Kind/Sub: what you learned, for example \"Interests/Climbing: started bouldering\"")
        }
        let path = text[..<colon].kithTrimmed(newlines: false)
        let body = text[text.index(after: colon)...].kithTrimmed(newlines: false)
        guard !path.isEmpty, !body.isEmpty else {
            throw UserError("the trait \"\(text)\" needs a kind and a text", "write it as Kind/Sub: what you learned")
        }
        return (path, body)
    }
}

/// The values of `EventOptions` as plain fields, which is what `EventDraftBuilder` reads.
/// The quick path of `kith log` builds them directly: making an `EventOptions` runs the
/// initializers of its eleven ArgumentParser property wrappers, whose name sets cost a
/// first-use conformance scan (issue 7).
struct EventValues {
    var people: [String] = []
    var type: String?
    var mood: String?
    var place: String?
    var geo: String?
    var when: String?
    var duration: String?
    var tz: String?
    var trait: [String] = []
    var photo: [String] = []
    var note: String?

    /// The zone named by `--tz`, else the journal's `time-zone` setting, else the machine's.
    func timeZone() throws -> TimeZone {
        guard let tz else { return Preferences.timeZone ?? LocalZone.current }
        guard let zone = TimeZone(identifier: tz) else {
            throw UserError("\"\(tz)\" is not a time zone", "use an IANA name such as Europe/Lisbon or Asia/Taipei")
        }
        return zone
    }

    /// `--geo LAT,LON` read as two numbers.
    func coordinates() throws -> (Double, Double)? {
        try geo.map(Self.readCoordinates)
    }

    /// `LAT,LON` read as two numbers in range (`--geo` here and on `kith place edit`).
    static func readCoordinates(_ geo: String) throws -> (Double, Double) {
        let parts = geo.split(separator: ",").map { $0.kithTrimmed(newlines: false) }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else {
            throw UserError("cannot read \"\(geo)\" as coordinates", "write them as LAT,LON, for example 25.0330,121.5654")
        }
        return (lat, lon)
    }

    /// The bytes of each `--photo` file; one larger than Kith keeps is refused before it is read.
    func photoFiles() throws -> [(name: String, data: Data)] {
        try photo.map { path in
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > Photo.maximumByteCount {
                throw JournalError.photoTooLarge(file: (path as NSString).lastPathComponent, byteCount: size)
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UserError("cannot read the photo \(path)", "check the path and that you may read it")
            }
            return ((path as NSString).lastPathComponent, data)
        }
    }
}
