import Foundation
import OutsideJudges
import Testing

/// Any file in, a valid file out (issue 17): folders with files that cannot be read,
/// hostile calendars and cards, every fixture of the project, judged by python-icalendar,
/// vobject, khal and khard, and exported again byte for byte after a second import.
@Suite struct HostileFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let goodCard = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana Lima\r\nEMAIL:ana@example.com\r\nEND:VCARD\r\n"
    static let goodCalendar =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:c-1\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240110T120000Z\r\nSUMMARY:Tea\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    func folder(_ kith: KithRunner, _ files: [String: String]) throws -> URL {
        let dir = kith.folder.appendingPathComponent("in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    @Test func keepGoingImportsEveryFileItCanAndListsTheOthers() throws {
        let kith = try KithRunner()
        let dir = try folder(kith, ["a.vcf": Self.goodCard, "b.txt": "just some notes\n", "c.ics": Self.goodCalendar])
        let r = try kith.fails("import", dir.path, "--keep-going")
        #expect(r.status == 1)
        #expect(r.stdout.contains("a.vcf (vCard 3.0): 1 added"))
        #expect(r.stdout.contains("c.ics (iCalendar): 1 added"))
        #expect(r.stdout.contains("1 file could not be imported:\n  ! b.txt: line 1: this is not a vCard"))
        #expect(r.stderr.hasPrefix("kith: 1 of 3 files could not be imported; the others were ("))
        #expect(try kith.ok("events").contains("Tea"))
        // In JSON, the file that could not be read is an entry of its own.
        let json = try kith.fails("import", dir.path, "--keep-going", "--json")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(list.map { $0["file"] as? String } == ["a.vcf", "c.ics", "b.txt"])
        #expect(list.last?["format"] as? String == "unreadable")
        #expect(((list.last?["failures"] as? [[String: Any]])?.first?["reason"] as? String)?.hasPrefix("this is not a vCard") == true)
    }

    @Test func withoutKeepGoingTheFirstBadFileStopsAndSaysWhatWasImported() throws {
        let kith = try KithRunner()
        let dir = try folder(kith, ["a.vcf": Self.goodCard, "b.txt": "just some notes\n", "c.ics": Self.goodCalendar])
        let r = try kith.fails("import", dir.path)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("kith: b.txt, line 1: this is not a vCard"))
        #expect(r.stderr.hasSuffix("; the 1 file before it stays imported)\n"))
        #expect(try kith.ok("person", "list").contains("Ana Lima"))
        #expect(!(try kith.ok("events").contains("Tea")))
    }

    /// Calendars and cards as hostile as real ones get: invalid names, broken folds,
    /// unknown and custom zones, duplicate and missing UIDs, bare components, control
    /// characters, an empty file.
    static let hostile: [String: String] = [
        "h-names.ics": """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Hostile//EN\r
        BEGIN:VEVENT\r
        UID:h-1\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:20240110T120000Z\r
        SUMMARY:Names\u{1}\r
        X-BAD/SLASH:value\r
        X-NOTE:broken fold at \r
        the end of a line: here\r
        X-CTRL:a\u{7}b\r
        X-PARAM;X-Q="a\u{2}b";X-OK=1:v\r
        DESCRIPTION:tab\there and bell\u{7}\r
        LOCATION:Room\u{1b}[1m 4\r
        END:VEVENT\r
        END:VCALENDAR\r

        """,
        "h-zones.ics": """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VTIMEZONE\r
        TZID:My Custom Zone\r
        BEGIN:STANDARD\r
        DTSTART:19700101T000000\r
        TZOFFSETFROM:+0530\r
        TZOFFSETTO:+0530\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:z-1\r
        DTSTAMP:20240101T000000Z\r
        DTSTART;TZID=My Custom Zone:20240110T120000\r
        X-ORIGINAL;TZID=My Custom Zone:20240109T120000\r
        SUMMARY:Custom zone\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:z-2\r
        DTSTAMP:20240101T000000Z\r
        DTSTART;TZID=Mars/Olympus_Mons:20240111T120000\r
        X-ALSO;TZID=Mars/Olympus_Mons:20240111T130000\r
        SUMMARY:Unknown zone\r
        END:VEVENT\r
        END:VCALENDAR\r

        """,
        "h-uids.ics": """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        UID:same\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:20240112T120000Z\r
        SUMMARY:First\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:same\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:20240113T120000Z\r
        SUMMARY:Second\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:20240114T120000Z\r
        SUMMARY:No UID\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        DTSTART:20240114T120000Z\r
        SUMMARY:No UID\r
        END:VEVENT\r
        END:VCALENDAR\r

        """,
        "h-bare-event.ics": "BEGIN:VEVENT\r\nUID:bare-1\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240115T120000Z\r\nSUMMARY:Bare\r\nEND:VEVENT\r\n",
        "h-bare-todo.ics": "BEGIN:VTODO\r\nUID:todo-1\r\nSUMMARY:Only a to-do\r\nEND:VTODO\r\n",
        "h-empty.ics": "",
        "h-cards.vcf": """
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Hostile Card\r
        UID:hostile-card-1\r
        X-BAD/SLASH:value\r
        X-NOTE:broken fold at \r
        the end of a line: here\r
        X-CTRL:a\u{7}b\r
        item1.X-ABLABEL;X-Q="a\u{2}b":label\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Bare\u{7} Two\r
        NOTE:a bell\u{7} and an escape\u{1b}[1m\r
        TEL;TYPE=CELL\u{3}:+1 555 0100\r
        END:VCARD\r

        """,
    ]

    /// The fixtures of the project: Import/, every Tests/*/Fixtures file and the fuzz corpora.
    static func fixtures() throws -> [(name: String, url: URL)] {
        var out: [(String, URL)] = []
        let fm = FileManager.default
        for f in try fm.contentsOfDirectory(atPath: root.appendingPathComponent("Import").path) where !f.hasPrefix(".") {
            out.append(("import-" + f, root.appendingPathComponent("Import/" + f)))
        }
        for suite in try fm.contentsOfDirectory(atPath: root.appendingPathComponent("Tests").path) {
            let dir = root.appendingPathComponent("Tests/\(suite)/Fixtures")
            guard let walker = fm.enumerator(at: dir, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                guard !["py", "sqlite", "md"].contains(url.pathExtension) else { continue }
                let rel = url.path.dropFirst(dir.path.count + 1).replacingOccurrences(of: "/", with: "-")
                out.append(("\(suite)-\(rel)", url))
            }
        }
        return out
    }

    @Test(
        .enabled(
            if: OutsideJudge.shouldRun(importing: "icalendar") && OutsideJudge.shouldRun(importing: "vobject")
                && OutsideJudge.shouldRun(tool: "khal") && OutsideJudge.shouldRun(tool: "khard")))
    func everyFixtureAndHostileFileComesInAndGoesOutValidAndTheSame() throws {
        let kith = try KithRunner()
        let input = try folder(kith, Self.hostile)
        for (name, url) in try Self.fixtures() {
            try FileManager.default.copyItem(at: url, to: input.appendingPathComponent(name))
        }
        let imported = try kith.run(["import", input.path, "--keep-going"])
        #expect(imported.status == 0 || imported.status == 1, "\(imported.stderr)")
        #expect(imported.stdout.contains("h-empty.ics (empty)"))
        let out = kith.folder.appendingPathComponent("out")
        let ics = out.appendingPathComponent("all.ics").path, vcf = out.appendingPathComponent("all.vcf").path
        let vcf3 = out.appendingPathComponent("all-3.0.vcf").path, vdir = out.appendingPathComponent("vdir").path
        try kith.ok("export", "ics", "-o", ics)
        try kith.ok("export", "vcard", "-o", vcf)
        try kith.ok("export", "vcard", "-o", vcf3, "--version", "3.0")
        try kith.ok("export", "vdir", vdir)
        let fm = FileManager.default
        let eventFiles = try fm.contentsOfDirectory(atPath: vdir + "/calendar").map { vdir + "/calendar/" + $0 }
        let cardFiles = try fm.contentsOfDirectory(atPath: vdir + "/contacts").map { vdir + "/contacts/" + $0 }
        #expect(eventFiles.count > 20 && cardFiles.count > 20)
        // No control character but CR and LF in anything written.
        for path in [ics, vcf, vcf3] + eventFiles + cardFiles {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(!bytes.contains { ($0 < 32 && $0 != 9 && $0 != 10 && $0 != 13) || $0 == 127 }, "\(path)")
        }

        // python-icalendar: no errors on any component of any calendar written.
        let icalErrors = try OutsideJudge.python(
            script: """
                import sys, icalendar
                bad = 0
                for path in sys.stdin.read().split('\\n'):
                    if not path: continue
                    cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
                    for c in cal.walk():
                        if getattr(c, 'errors', None):
                            bad += 1
                            print(path, c.name, c.errors)
                print('bad', bad)
                """, stdin: Data(([ics] + eventFiles).joined(separator: "\n").utf8))
        #expect(icalErrors == "bad 0\n")
        // vobject: every calendar and card file reads, every component.
        let vobjectOut = try OutsideJudge.python(
            script: """
                import sys, vobject
                n = 0
                for path in sys.stdin.read().split('\\n'):
                    if not path: continue
                    for c in vobject.readComponents(open(path, encoding='utf-8').read()):
                        for child in c.getChildren():
                            pass
                        n += 1
                print('read', n)
                """, stdin: Data(([ics, vcf, vcf3] + eventFiles + cardFiles).joined(separator: "\n").utf8))
        #expect(vobjectOut.hasPrefix("read "))
        // khal lists every event file, khard every card.
        let khalConf = out.appendingPathComponent("khal.conf")
        try OutsideJudge.khalConfig(calendar: vdir + "/calendar", database: out.path + "/khal.db").write(to: khalConf, atomically: true, encoding: .utf8)
        let khal = try OutsideJudge.run(
            try #require(OutsideJudge.tool("khal")),
            ["-c", khalConf.path, "list", "-df", "", "-f", "{uid}", "1900-01-01", "2200-01-01"])
        #expect(khal.status == 0)
        #expect(!khal.err.lowercased().contains("error") && !khal.err.lowercased().contains("warning"), "\(khal.err)")
        #expect(Set(khal.out.split(separator: "\n")).count == eventFiles.count)
        let khardConf = out.appendingPathComponent("khard.conf")
        try """
        [addressbooks]
        [[kith]]
        path = \(vdir)/contacts
        [general]
        editor = /bin/false
        merge_editor = /bin/false

        """.write(to: khardConf, atomically: true, encoding: .utf8)
        let khard = try OutsideJudge.run(try #require(OutsideJudge.tool("khard")), ["-c", khardConf.path, "list", "--parsable"])
        #expect(khard.status == 0)
        #expect(khard.out.split(separator: "\n").count == cardFiles.count, "\(khard.err)")

        // Into a fresh journal and out again: the same bytes.
        let fresh = try KithRunner()
        try fresh.ok("import", vcf, ics)
        let again = fresh.folder.appendingPathComponent("again")
        try fresh.ok("export", "ics", "-o", again.appendingPathComponent("all.ics").path)
        try fresh.ok("export", "vcard", "-o", again.appendingPathComponent("all.vcf").path)
        #expect(try Data(contentsOf: again.appendingPathComponent("all.ics")) == Data(contentsOf: URL(fileURLWithPath: ics)))
        #expect(try Data(contentsOf: again.appendingPathComponent("all.vcf")) == Data(contentsOf: URL(fileURLWithPath: vcf)))
    }
}
