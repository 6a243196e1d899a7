import Foundation
import Testing

@testable import Kith
@testable import KithCLI

/// Issue 16, end to end: dates read as the past, planned events, one-line titles, usage
/// errors for bad counts, settings, and photos coming back out byte for byte.
@Suite struct PeopleRightCommandTests {
    struct EventOut: Decodable {
        struct PhotoOut: Decodable { var id: String; var hash: String; var mediaType: String; var byteCount: Int }
        var id: Int64
        var title: String
        var localStart: String
        var timeZone: String
        var startDay: String
        var planned: Bool?
        var photos: [PhotoOut]
    }

    func events(_ kith: KithRunner, _ extra: String...) throws -> [EventOut] {
        try JSONDecoder().decode([EventOut].self, from: Data(kith.run(["events", "--json"] + extra).stdout.utf8))
    }

    /// A fixed-offset zone where it is now between 12:00 and 13:00, and that zone's date today.
    static func noonZone() -> (name: String, today: LocalDate) {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let hour = utc.component(.hour, from: Date())
        let offset = 12 - hour  // -11...12
        let name = offset == 0 ? "UTC" : "Etc/GMT\(offset > 0 ? "-" : "+")\(abs(offset))"
        return (name, LocalDate.today(in: TimeZone(identifier: name)!))
    }

    @Test func aBareTimeLaterThanNowIsYesterdaysAndTomorrowIsPlanned() throws {
        let kith = try KithRunner()
        let (zone, today) = Self.noonZone()
        let env = ["TZ": zone]
        let logged = try kith.ok("log", "Dinner", "--when", "8pm", env: env)
        let yesterday = today.adding(days: -1)
        #expect(logged.contains(LocalTime.day(yesterday) + " 20:00"), "\(logged)")
        #expect(!logged.contains("planned"))
        try kith.ok("log", "Breakfast", "--when", "this morning", env: env)
        try kith.ok("log", "Late talk", "--when", "last night", env: env)
        let planned = try kith.ok("log", "Trip to Porto", "--when", "tomorrow 9am", env: env)
        #expect(planned.hasSuffix("  (planned)\n"), "\(planned)")
        #expect(planned.contains(LocalTime.day(today.adding(days: 1)) + " 09:00"))

        let all = try events(kith)
        #expect(all.map(\.title) == ["Trip to Porto", "Breakfast", "Late talk", "Dinner"])
        #expect(all.map(\.startDay) == [today.adding(days: 1), today, yesterday, yesterday].map(\.description))
        #expect(all.map(\.planned) == [true, nil, nil, nil])
        #expect(all[1].localStart.contains("T09:00:00"))
        #expect(all[2].localStart.contains("T21:00:00"))
        // The listing, the day and the event say it is planned.
        let listing = try kith.ok("events", env: env)
        #expect(listing.split(separator: "\n").first?.contains("(planned)") == true)
        #expect(listing.components(separatedBy: "(planned)").count == 2)
        #expect(try kith.ok("day", "tomorrow", env: env).contains("09:00 (planned)"))
        #expect(try kith.ok("show", "4", env: env).contains("(planned)"))
        #expect(try !kith.ok("show", "1", env: env).contains("(planned)"))
    }

    @Test func titlesNamesAndPlacesWithTabsOrLineBreaksAreKeptOnOneLine() throws {
        let kith = try KithRunner()
        #expect(try kith.ok("person", "add", "Ana\tLima").contains("Ana Lima"))
        let logged = try kith.ok("log", "Tea\twith\nAna", "--with", "Ana Lima", "--at", "Blue\tBottle", "--note", "one\ntwo")
        #expect(logged.contains("Tea with Ana  with Ana Lima  at Blue Bottle"), "\(logged)")
        #expect(try events(kith).map(\.title) == ["Tea with Ana"])
        #expect(try kith.ok("show", "1").contains("note   one\n       two"))
        // The listing is one line per event.
        #expect(try kith.ok("events").split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        (["events", "--limit", "0"], "kith: --limit 0 is not a count (give a whole number of 1 or more, such as --limit 10)\n"),
        (["events", "--limit", "-3"], "kith: --limit -3 is not a count (give a whole number of 1 or more, such as --limit 10)\n"),
        (["person", "show", "Ana", "--limit", "0"], "kith: --limit 0 is not a count (give a whole number of 1 or more, such as --limit 10)\n"),
        (
            ["log", "Tea", "--duration", "-2h"],
            "kith: cannot read \"-2h\" as a duration: a duration cannot be negative (use a length of time above zero in minutes and hours like 90m, 2h or 1h30m)\n"
        ),
        (
            ["log", "Tea", "--duration", "soon"],
            "kith: cannot read \"soon\" as a duration (use a length of time above zero in minutes and hours like 90m, 2h or 1h30m)\n"
        ),
        (
            ["log", "Tea", "--duration", "0m"],
            "kith: cannot read \"0m\" as a duration: it must be longer than zero (use a length of time above zero in minutes and hours like 90m, 2h or 1h30m)\n"
        ),
    ])
    func badCountsAndDurationsAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let kith = try KithRunner()
        try kith.ok("person", "add", "Ana")
        let result = try kith.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(result.stdout.isEmpty)
        #expect(try events(kith).isEmpty)
    }

    @Test func settingsAreListedSetAndHonoured() throws {
        let kith = try KithRunner()
        let list = try kith.ok("settings")
        #expect(list.contains("week-start  sunday"))
        #expect(list.contains("(default)"))
        #expect(try kith.ok("settings", "week-start") == "sunday\n")
        #expect(try kith.ok("settings", "week-start", "monday") == "week-start = monday\n")
        #expect(try kith.ok("settings", "week-start") == "monday\n")
        #expect(try kith.ok("calendar", "2026-11").contains("\n Mo "))
        #expect(try kith.ok("calendar", "2026-11", "--sunday").contains("\n Su "))

        try kith.ok("settings", "time-zone", "Europe/Lisbon")
        try kith.ok("log", "Coffee", "--when", "2026-11-20 10:00")
        try kith.ok("log", "Tea", "--when", "2026-11-20 11:00", "--tz", "Asia/Tokyo")
        // Newest first by the local time they show: 11:00 in Tokyo after 10:00 in Lisbon.
        #expect(try events(kith).map(\.timeZone) == ["Asia/Tokyo", "Europe/Lisbon"])

        try kith.ok("settings", "color", "always")
        #expect(try kith.ok("events").hasEscapes)
        #expect(try !kith.ok("events", "--color", "never").hasEscapes)
        #expect(try !kith.ok("events", env: ["NO_COLOR": "1"]).hasEscapes)
        try kith.ok("settings", "color", "never")
        #expect(try !kith.ok("events").hasEscapes)
        #expect(try kith.ok("events", "--color", "always").hasEscapes)

        struct SettingOut: Decodable { var name: String; var value: String; var `default`: Bool }
        let json = try JSONDecoder().decode([SettingOut].self, from: Data(kith.ok("settings", "--json").utf8))
        #expect(json.map(\.name) == ["week-start", "time-zone", "color", "theme"])
        #expect(json.map(\.value) == ["monday", "Europe/Lisbon", "never", "auto"])
        #expect(json.map(\.default) == [false, false, false, true])
    }

    @Test(arguments: [
        (["settings", "week-start", "tuesday"], "kith: week-start cannot be \"tuesday\" (use sunday or monday)\n"),
        (
            ["settings", "time-zone", "Mars/Olympus"],
            "kith: time-zone cannot be \"Mars/Olympus\" (use an IANA time zone such as Europe/Lisbon or Asia/Taipei, or system for this machine's)\n"
        ),
        (["settings", "color", "sometimes"], "kith: color cannot be \"sometimes\" (use auto, always or never)\n"),
        (["settings", "theme", "blue"], "kith: theme cannot be \"blue\" (use light, dark or auto)\n"),
        (["settings", "font"], "kith: there is no setting \"font\" (the settings are week-start, time-zone, color, theme)\n"),
    ])
    func badSettingsSayWhatIsAccepted(_ arguments: [String], _ message: String) throws {
        let kith = try KithRunner()
        let result = try kith.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(try kith.ok("settings", "--json").contains("\"default\" : true"))
    }

    @Test func aPhotoComesBackOutByteForByte() throws {
        let kith = try KithRunner()
        let jpeg = kith.folder.appendingPathComponent("walk.jpg"), png = kith.folder.appendingPathComponent("pixel.png")
        try smallJPEG.write(to: jpeg)
        try onePixelPNG.write(to: png)
        try kith.ok("log", "Walk", "--photo", jpeg.path, "--photo", png.path)
        let photos = try events(kith)[0].photos
        #expect(photos.map(\.mediaType) == ["image/jpeg", "image/png"])
        #expect(photos.allSatisfy { $0.id.count == 12 && $0.hash.hasPrefix($0.id) })
        let shown = try kith.ok("show", "1")
        for p in photos { #expect(shown.contains(p.id)) }

        let out = kith.folder.appendingPathComponent("out.jpg")
        #expect(try kith.ok("photo", photos[0].id, "-o", out.path) == "Wrote photo \(photos[0].id) (image/jpeg, \(smallJPEG.count) bytes) to \(out.path).\n")
        #expect(try Data(contentsOf: out) == smallJPEG)
        #expect(try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int == 0o600)
        // To a pipe without -o; the whole hash works too.
        #expect(try kith.ok("photo", photos[1].hash) == String(decoding: onePixelPNG, as: UTF8.self))
        let missing = try kith.run(["photo", "0123456789ab"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "kith: no photo 0123456789ab in the journal (see the photos of an event with `kith show ID`)\n")
    }

    @Test func damagedAndOversizedPhotosAreRefused() throws {
        let kith = try KithRunner()
        var broken = [UInt8](onePixelPNG)
        broken[30] ^= 0xFF  // IHDR's CRC
        let bad = kith.folder.appendingPathComponent("broken.png")
        try Data(broken).write(to: bad)
        let result = try kith.run(["log", "Walk", "--photo", bad.path])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "kith: broken.png is not a whole image: the PNG chunk IHDR fails its CRC check (the file is damaged) (open and save it again in an image editor, or pick another file)\n"
        )

        let cut = kith.folder.appendingPathComponent("cut.jpg")
        try smallJPEG.prefix(smallJPEG.count - 2).write(to: cut)
        try kith.ok("log", "Walk")
        let edit = try kith.run(["edit", "1", "--photo", cut.path])
        #expect(edit.status == 1)
        #expect(edit.stderr.contains("cut.jpg is not a whole image: the JPEG ends before its EOI marker"))

        let huge = kith.folder.appendingPathComponent("huge.png")
        _ = FileManager.default.createFile(atPath: huge.path, contents: onePixelPNG)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 21 * 1024 * 1024)
        try handle.close()
        let big = try kith.run(["log", "Walk", "--photo", huge.path])
        #expect(big.status == 1)
        #expect(
            big.stderr
                == "kith: huge.png is 21 MiB, more than the largest photo Kith keeps, 20 MiB (make it smaller, for example by exporting it at a lower resolution)\n"
        )
        #expect(try events(kith).count == 1)
        #expect(try events(kith)[0].photos.isEmpty)
    }
}

extension PeopleRightCommandTests {
    @Test func aPersonPageListsTheirPhotoIdAndKithPhotoWritesIt() throws {
        let kith = try KithRunner()
        try kith.ok("import", InterchangeCommandTests.samples.appendingPathComponent("apple-contacts-3.0.vcf").path)
        struct Page: Decodable { struct Profile: Decodable { var name: String; var photo: String? }; var person: Profile }
        var found = false
        for line in try kith.ok("person", "list").split(separator: "\n") {
            guard let id = line.split(separator: " ").last, id.hasPrefix("#") else { continue }
            let page = try JSONDecoder().decode(Page.self, from: Data(kith.ok("person", "show", String(id), "--json").utf8))
            guard let photo = page.person.photo else { continue }
            found = true
            #expect(try kith.ok("person", "show", String(id)).contains("photo      \(photo)"))
            let out = kith.folder.appendingPathComponent("face")
            try kith.ok("photo", photo, "-o", out.path)
            #expect(SHA256.hex([UInt8](try Data(contentsOf: out))).hasPrefix(photo))
        }
        #expect(found)
    }
}
