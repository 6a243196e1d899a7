import Foundation
import GRDB
import OutsideJudges
import Testing

@testable import Kith

/// Issue 16 (photos and settings): photos whose bytes are not a whole image, photos by id, settings in the
/// journal, one-line titles and names, and the local order of events.
@Suite("Photos: structure, size and ids")
struct PhotoStructureTests {
    /// A PNG chunk with its CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = Photo.crc32(body, 0..<body.count)
        let n = UInt32(data.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + body
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    static let jpeg: [UInt8] = {
        var b: [UInt8] = [0xFF, 0xD8]
        b += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        b += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]
        b += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        b += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
        b += [0xFF, 0xD9]
        return b
    }()

    static let gif: [UInt8] =
        Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        + [0x21, 0xF9, 4, 0, 0, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]

    static let webp: [UInt8] = {
        let vp8l: [UInt8] = [0x2F, 0, 0, 0, 0, 0]
        let chunk = Array("VP8L".utf8) + [UInt8(vp8l.count), 0, 0, 0] + vp8l
        let size = 4 + chunk.count
        return Array("RIFF".utf8) + [UInt8(size), 0, 0, 0] + Array("WEBP".utf8) + chunk
    }()

    static let heic: [UInt8] = {
        let ftyp = [0, 0, 0, 16] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        let meta = [0, 0, 0, 12] + Array("meta".utf8) + [0, 0, 0, 0]
        let mdat = [0, 0, 0, 10] + Array("mdat".utf8) + [1, 2]
        return ftyp + meta + mdat
    }()

    @Test(
        "whole images of each kind are kept",
        arguments: [
            ("png", [UInt8](pngBytes)), ("jpeg", jpeg), ("gif", gif), ("webp", webp), ("heic", heic),
        ])
    func wholeImagesAreKept(_ name: String, _ bytes: [UInt8]) throws {
        let j = try Journal.inMemory()
        let photo = try j.storePhoto(Data(bytes), name: "x.\(name)")
        #expect(try j.photo(hash: photo.hash).data == Data(bytes))
    }

    static var damaged: [(String, [UInt8], String)] {
        var badCRC = [UInt8](pngBytes)
        badCRC[30] ^= 0xFF  // inside IHDR's CRC
        var noIEND = [UInt8](pngBytes)
        noIEND.removeLast(12)
        let png = [UInt8](pngBytes)
        let noIHDR = Array(png[0..<8]) + chunk("IDAT", [1, 2, 3]) + chunk("IEND", [])
        var jpegNoEOI = jpeg
        jpegNoEOI.removeLast(2)
        var jpegLongSegment = jpeg
        jpegLongSegment[5] = 0xFF  // APP0 length runs past the end
        let jpegNoFrame = [0xFF, 0xD8, 0xFF, 0xD9] as [UInt8]
        var gifNoTrailer = gif
        gifNoTrailer.removeLast()
        var webpShort = webp
        webpShort[4] = 200
        var heicBadBox = heic
        heicBadBox[31] = 200
        return [
            ("broken.png", badCRC, "fails its CRC check"),
            ("cut.png", noIEND, "ends before its IEND chunk"),
            ("headless.png", noIHDR, "does not start with its IHDR header"),
            ("cut.jpg", jpegNoEOI, "ends before its EOI marker"),
            ("long.jpg", jpegLongSegment, "runs past the end of the file"),
            ("empty.jpg", jpegNoFrame, "before any image data"),
            ("cut.gif", gifNoTrailer, "ends before its trailer"),
            ("cut.webp", webpShort, "shorter than its RIFF header says"),
            ("cut.heic", heicBadBox, "runs past the end of the file"),
        ]
    }

    @Test("a photo whose bytes are not the image its header claims is refused, saying why", arguments: damaged)
    func damagedImagesAreRefused(_ name: String, _ bytes: [UInt8], _ reason: String) throws {
        let j = try Journal.inMemory()
        let error = #expect(throws: JournalError.self) { try j.storePhoto(Data(bytes), name: name) }
        guard case .damagedPhoto(let file, let why)? = error else {
            Issue.record("expected damagedPhoto, got \(String(describing: error))")
            return
        }
        #expect(file == name)
        #expect(why.contains(reason), "\(why)")
        #expect(error?.description.hasPrefix("\(name) is not a whole image: ") == true)
        #expect(try j.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") } == 0)
    }

    @Test("a photo larger than Kith keeps is refused with the largest size stated")
    func tooLargeIsRefusedWithTheLimit() throws {
        let j = try Journal.inMemory()
        var big = [UInt8](pngBytes)
        big += [UInt8](repeating: 0, count: Photo.maximumByteCount + 1 - big.count)
        let error = #expect(throws: JournalError.self) { try j.storePhoto(Data(big), name: "huge.png") }
        #expect(
            error?.description
                == "huge.png is 20 MiB, more than the largest photo Kith keeps, 20 MiB (make it smaller, for example by exporting it at a lower resolution)")
    }

    @Test("a photo is found by the start of its hash, as kith show lists it")
    func photoByID() throws {
        let j = try Journal.inMemory()
        let png = try j.storePhoto(pngBytes, name: "a.png")
        let jpg = try j.storePhoto(Data(Self.jpeg), name: "b.jpg")
        #expect(png.id.count == 12 && png.hash.hasPrefix(png.id))
        #expect(try j.photo(id: png.id).data == pngBytes)
        #expect(try j.photo(id: jpg.id.uppercased()).data == Data(Self.jpeg))
        #expect(try j.photo(id: jpg.hash).photo == jpg)
        #expect(throws: JournalError.self) { try j.photo(id: "abc") }
        #expect(throws: JournalError.self) { try j.photo(id: "zzzzzzzz") }
        let missing = png.id.first == "0" ? "ffffff" : "000000"
        #expect(throws: JournalError.self) { try j.photo(id: missing) }
    }
}

@Suite("Settings in the journal")
struct SettingsTests {
    @Test("defaults until set; a set value is stored normalised and survives reopening")
    func setAndRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        do {
            let j = try Journal(path: path)
            #expect(try j.settings().map(\.setting) == [.weekStart, .timeZone, .color, .theme])
            #expect(try j.settings().allSatisfy(\.isDefault))
            #expect(try j.setting(.weekStart) == "sunday")
            #expect(try j.setSetting(.weekStart, to: "Monday") == "monday")
            #expect(try j.setSetting(.timeZone, to: "Asia/Taipei") == "Asia/Taipei")
            #expect(try j.setSetting(.theme, to: "DARK") == "dark")
        }
        let again = try Journal(path: path)
        #expect(try again.setting(.weekStart) == "monday")
        #expect(try again.setting(.timeZone) == "Asia/Taipei")
        #expect(try again.setting(.theme) == "dark")
        #expect(try again.setting(.color) == "auto")
        #expect(try again.storedSettings() == [.weekStart: "monday", .timeZone: "Asia/Taipei", .theme: "dark"])
        // What a command reads at start: the same values, nil where none was set.
        #expect(try again.storedValues(of: [.color, .weekStart, .timeZone, .theme]) == [nil, "monday", "Asia/Taipei", "dark"])
        #expect(try again.storedValues(of: []) == [])
    }

    @Test(
        "a value a setting does not take is refused with the accepted ones",
        arguments: [
            (Setting.weekStart, "tuesday", "sunday or monday"), (.timeZone, "Mars/Olympus", "IANA time zone"),
            (.timeZone, "GMT+8", "IANA time zone"), (.color, "sometimes", "auto, always or never"), (.theme, "blue", "light, dark or auto"),
        ])
    func badValues(_ setting: Setting, _ value: String, _ accepted: String) throws {
        let j = try Journal.inMemory()
        let error = #expect(throws: JournalError.self) { try j.setSetting(setting, to: value) }
        #expect(error?.description.contains(accepted) == true)
        #expect(try j.storedSettings().isEmpty)
    }

    @Test("names read as typed, with dashes, underscores or none")
    func names() {
        #expect(Setting(name: "week-start") == .weekStart)
        #expect(Setting(name: "weekStart") == .weekStart)
        #expect(Setting(name: "TIME_ZONE") == .timeZone)
        #expect(Setting(name: "colour") == nil)
    }

    @Test("the v1 fixture journal migrates and takes settings")
    func migratedJournal() throws {
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/journal-v1", withExtension: "sqlite"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        let j = try Journal(path: path)
        #expect(try j.setting(.weekStart) == "sunday")
        try j.setSetting(.weekStart, to: "monday")
        #expect(try Journal(path: path).setting(.weekStart) == "monday")
    }
}

@Suite("One-line titles and names")
struct SingleLineTests {
    @Test(
        "tabs and line breaks inside become one space; runs of plain spaces stay",
        arguments: [
            ("Tea\twith Ana", "Tea with Ana"), ("Tea \t\n  with Ana", "Tea with Ana"), ("  Tea\r\nwith Ana\n", "Tea with Ana"),
            ("Tea\u{2028}time", "Tea time"), ("Tea\u{85}time", "Tea time"), ("Tea  time", "Tea  time"), ("台北\t101", "台北 101"),
            ("Plain", "Plain"),
        ])
    func singleLine(_ text: String, _ expected: String) {
        #expect(text.kithSingleLine() == expected)
    }

    @Test("titles, names, nicknames and places are kept on one line; notes keep their lines", arguments: JournalKind.allCases)
    func storedOnOneLine(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.addPerson(PersonDraft(displayName: "Ana\tLima", nicknames: ["Ani\nLi"]))
        #expect(ana.displayName == "Ana Lima")
        #expect(ana.nicknames == ["Ani Li"])
        #expect(try j.resolvePerson("Ana Lima").id == ana.id)
        let e = try j.logEvent(
            EventDraft(
                title: "Coffee\tand\na walk", start: instant(2026, 11, 20, 15, 30, "Asia/Taipei"),
                timeZone: "Asia/Taipei", place: PlaceDraft(name: "Blue\tBottle"), personIDs: [ana.id],
                note: "line one\nline two"))
        #expect(e.title == "Coffee and a walk")
        #expect(e.place?.name == "Blue Bottle")
        #expect(e.note == "line one\nline two")
        let edited = try j.editEvent(id: e.id) { $0.title = "Tea\r\n" }
        #expect(edited.title == "Tea")
        let renamed = try j.editPerson(id: ana.id) { $0.displayName = "Ana\u{2029}Souza" }
        #expect(renamed.displayName == "Ana Souza")
    }
}

@Suite("Events in the local order they show")
struct LocalOrderTests {
    /// On Friday 20 Nov 2026: 23:00 in Taipei (15:00 UTC), 20:00 in Lisbon (20:00 UTC),
    /// 21:00 in Lisbon (21:00 UTC), and 09:00 in Taipei (01:00 UTC).
    func journal(_ kind: JournalKind) throws -> (Journal, [String: Int64]) {
        let j = try kind.make().journal
        let ana = try j.person("Ana Lima")
        var ids: [String: Int64] = [:]
        for (title, hour, zone) in [
            ("taipei night", 23, "Asia/Taipei"), ("lisbon eight", 20, "Europe/Lisbon"),
            ("lisbon nine", 21, "Europe/Lisbon"), ("taipei morning", 9, "Asia/Taipei"),
        ] {
            ids[title] = try j.logEvent(
                EventDraft(
                    title: title, start: instant(2026, 11, 20, hour, 0, zone), timeZone: zone,
                    personIDs: [ana.id])
            ).id
        }
        return (j, ids)
    }

    @Test("the timeline, a day and a person page sort by local day and wall-clock time", arguments: JournalKind.allCases)
    func localOrder(kind: JournalKind) throws {
        let (j, _) = try journal(kind)
        let oldestFirst = ["taipei morning", "lisbon eight", "lisbon nine", "taipei night"]
        #expect(try j.events(EventFilter(newestFirst: false)).map(\.title) == oldestFirst)
        #expect(try j.events(EventFilter()).map(\.title) == oldestFirst.reversed())
        #expect(try j.events(on: day("2026-11-20")).map(\.title) == oldestFirst)
        let ana = try j.resolvePerson("Ana Lima")
        #expect(try j.personPage(id: ana.id, asOf: day("2026-11-30")).events.map(\.title) == oldestFirst.reversed())
    }

    @Test("events around DST changes, logged out of time order, sort by their wall-clock time")
    func aroundDSTChanges() throws {
        let j = try Journal.inMemory()
        // Lisbon and New York change on different dates; the events come in no time order,
        // so the offset of each is not that of the event before it.
        var drafts: [EventDraft] = []
        let zones = ["Europe/Lisbon", "America/New_York", "Asia/Taipei", "Europe/Lisbon"]
        for (k, (month, date)) in [(3, 29), (11, 1), (3, 8), (10, 25), (3, 28), (11, 2), (3, 9), (10, 24)].enumerated() {
            for hour in [0, 1, 2, 3, 22, 23] {
                let zone = zones[(k + hour) % zones.count]
                drafts.append(
                    EventDraft(
                        title: "\(zone) \(month)-\(date) \(hour)", start: instant(2026, month, date, hour, 30, zone),
                        timeZone: zone))
            }
        }
        drafts.reverse()
        drafts.swapAt(3, 20)
        try j.logEvents(drafts)
        let listed = try j.events(EventFilter(newestFirst: false))
        #expect(listed.count == drafts.count)
        let expected = listed.sorted { a, b in
            func key(_ e: Event) -> (Int, Int64, Int64) {
                let offset = TimeZone(identifier: e.timeZone)!.secondsFromGMT(for: e.start)
                return (e.startDay.dayNumber, Int64(e.start.timeIntervalSince1970) + Int64(offset), e.id)
            }
            return key(a) < key(b)
        }
        #expect(listed.map(\.id) == expected.map(\.id))
        #expect(try j.events(EventFilter()).map(\.id) == expected.reversed().map(\.id))
    }

    @Test("a limit takes the first events in local order", arguments: JournalKind.allCases)
    func limitInLocalOrder(kind: JournalKind) throws {
        let (j, _) = try journal(kind)
        // An earlier day, so that the limit has days to choose from.
        _ = try j.logEvent(EventDraft(title: "before", start: instant(2026, 11, 18, 12, 0, "UTC"), timeZone: "UTC"))
        #expect(try j.events(EventFilter(limit: 1)).map(\.title) == ["taipei night"])
        #expect(try j.events(EventFilter(limit: 2)).map(\.title) == ["taipei night", "lisbon nine"])
        #expect(try j.events(EventFilter(newestFirst: false, limit: 2)).map(\.title) == ["before", "taipei morning"])
        #expect(try j.events(EventFilter(limit: 10)).count == 5)
        #expect(try j.events(EventFilter(personID: try j.resolvePerson("Ana Lima").id, limit: 1)).map(\.title) == ["taipei night"])
    }
}

/// Event photos in iCalendar: inline ATTACH up to 256 KiB, beside a vdir's calendar above.
@Suite("Photos in exported calendars")
struct PhotoExportTests {
    /// A whole JPEG of about 320 KiB (five full APP1 segments), over the inline limit.
    static let bigJPEG: Data = {
        var b: [UInt8] = [0xFF, 0xD8]
        for _ in 0..<5 { b += [0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0x20, count: 65533) }
        b += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]
        b += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF, 0xD9]
        return Data(b)
    }()

    func journal() throws -> (Journal, small: Photo, big: Photo) {
        let j = try Journal.inMemory()
        let small = try j.storePhoto(pngBytes, name: "pixel.png"), big = try j.storePhoto(Self.bigJPEG, name: "big.jpg")
        #expect(Self.bigJPEG.count > EventMapping.inlinePhotoLimit)
        _ = try j.logEvent(
            EventDraft(
                title: "Walk", start: instant(2026, 11, 20, 10, 0, "Europe/Lisbon"), timeZone: "Europe/Lisbon",
                photoHashes: [small.hash, big.hash]))
        _ = try j.logEvent(EventDraft(title: "Call", start: instant(2026, 11, 21, 10, 0, "Europe/Lisbon"), timeZone: "Europe/Lisbon"))
        return (j, small, big)
    }

    @Test("export ics carries small photos inline, says what it left out, and imports back without doubling")
    func inlineInTheCalendar() throws {
        let (j, _, _) = try journal()
        let result = try j.exportCalendar()
        let text = String(decoding: result.data, as: UTF8.self)
        #expect(text.components(separatedBy: "\r\nATTACH;ENCODING=BASE64;VALUE=BINARY;FMTTYPE=image/png:").count == 2)
        #expect(!text.contains("image/jpeg"))
        #expect(result.warnings.contains { $0.hasPrefix("1 photo larger than 256 KiB left out of the calendar") })
        let back = try Journal.inMemory()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("walk.ics")
        try result.data.write(to: file)
        _ = try back.importFile(at: file)
        let walk = try #require(try back.events().first { $0.title == "Walk" })
        #expect(try walk.photos.map { try back.photo(hash: $0.hash).data } == [pngBytes])
        let again = String(decoding: try back.exportCalendar().data, as: UTF8.self)
        #expect(again.components(separatedBy: "\r\nATTACH").count == 2)
    }

    @Test("python icalendar reads the photo back byte for byte", .enabled(if: OutsideJudge.shouldRun(importing: "icalendar")))
    func icalendarReadsThePhoto() throws {
        let (j, _, _) = try journal()
        let out = try OutsideJudge.python(
            script: """
                import sys, base64, icalendar
                cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
                for e in cal.walk('VEVENT'):
                    assert not getattr(e, 'errors', None), e.errors
                    a = e.get('ATTACH')
                    if a is None:
                        print(str(e['SUMMARY']) + '|none')
                        continue
                    assert a.params['FMTTYPE'] == 'image/png', a.params
                    print(str(e['SUMMARY']) + '|' + base64.b64decode(a.to_ical()).hex())
                """, stdin: try j.exportCalendar().data)
        #expect(out.split(separator: "\n").sorted() == ["Call|none", "Walk|" + pngBytes.map { String(format: "%02x", $0) }.joined()])
    }

    @Test(
        "export vdir writes large photos beside the calendar, referred to by file URI; khal and icalendar accept it",
        .enabled(if: OutsideJudge.shouldRun(tool: "khal")))
    func vdirWithPhotos() throws {
        let (j, small, big) = try journal()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kith-attach-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try j.exportVdir(to: dir)
        let photo = dir.appendingPathComponent("photos/\(big.hash).jpg")
        #expect(try Data(contentsOf: photo) == Self.bigJPEG)
        let walk = try #require(try j.events().first { $0.title == "Walk" })
        let ics = try String(contentsOf: dir.appendingPathComponent("calendar/\(Journal.fileName(walk.uid)).ics"), encoding: .utf8)
        let unfolded = ics.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("ATTACH;FMTTYPE=image/jpeg:" + photo.standardizedFileURL.absoluteString + "\r\n"))
        #expect(unfolded.contains("ATTACH;ENCODING=BASE64;VALUE=BINARY;FMTTYPE=image/png:" + Data([UInt8](pngBytes)).base64EncodedString() + "\r\n"))
        _ = small

        let conf = dir.appendingPathComponent("khal.conf")
        try OutsideJudge.khalConfig(calendar: dir.path + "/calendar", database: dir.path + "/khal.db").write(to: conf, atomically: true, encoding: .utf8)
        let out = try OutsideJudge.run(
            try #require(OutsideJudge.tool("khal")),
            ["-c", conf.path, "list", "-df", "", "-f", "{title}", "1900-01-01", "2200-01-01"])
        #expect(out.out.split(separator: "\n").sorted() == ["Call", "Walk"])
        #expect(!out.err.contains("rror"))
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path + "/calendar") {
            let checked = try OutsideJudge.python(
                script: """
                    import sys, icalendar
                    cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
                    for e in cal.walk('VEVENT'):
                        assert not getattr(e, 'errors', None), e.errors
                    print('ok')
                    """, stdin: try Data(contentsOf: dir.appendingPathComponent("calendar/" + name)))
            #expect(checked == "ok\n")
        }
        // A second export changes nothing; without the event the photo goes.
        #expect(try j.exportVdir(to: dir).written == 0)
        try j.removeEvent(id: walk.id)
        _ = try j.exportVdir(to: dir)
        #expect(!FileManager.default.fileExists(atPath: photo.path))
    }
}
