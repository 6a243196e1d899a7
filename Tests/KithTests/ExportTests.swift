import Foundation
import ICalendarFormat
import OutsideJudges
import Testing
import VCardFormat

@testable import Kith

@Suite("Export")
struct ExportTests {
    /// A journal holding every sample file.
    func sampleJournal() throws -> Journal {
        let j = try Journal.inMemory()
        for f in ImportTests.contactFiles + ["catching-up.ics"] { try j.importSample(f) }
        return j
    }

    func text(_ r: ExportResult) -> String { String(decoding: r.data, as: UTF8.self) }

    @Test("vCard 4.0 export gives back kept properties, category paths, traits and photos")
    func vcard4() throws {
        let j = try sampleJournal()
        let r = try j.exportVCards()
        #expect(r.count == 11)
        let cards = try VCard.read(r.data).cards
        #expect(cards.count == 11)
        func card(_ name: String) throws -> VCard { try #require(cards.first { $0.formattedName == name }) }
        #expect(try card("Ana Lima").properties(named: "X-ANDROID-CUSTOM").first?.value.contains("Aninha") == true)
        #expect(try card("Chen Wei").properties(named: "X-ABRELATEDNAMES").first?.value == "Lin Mei")
        #expect(try card("Chen Wei").categories == ["Friends/College"])
        #expect(try card("Chen Wei").organization == ["Lumen Labs", "Research"])
        #expect(try card("Chen Wei").uid == "5C3E1B52-0D51-4C7A-9E36-2B5F0B2E7C11")
        #expect(try card("Chen Wei").photos.count == 1)
        #expect(try card("Chen Wei").urls.first?.label == "HomePage")
        // The custom label's group does not collide with the kept `item1.X-ABADR`.
        #expect(try card("Chen Wei").urls.first?.group?.lowercased() != "item1")
        #expect(try card("Farah Haddad").gender?.sex == "F")
        #expect(try card("Farah Haddad").properties(named: "LANG").count == 2)
        #expect(try card("Jonas Lima").properties(named: "X-DISCORD").first?.value == "jonas#4411")
        let emil = try card("Emil Sandberg")
        #expect(emil.interests.map(\.value) == ["Bouldering"])
        #expect(emil.properties(named: "INTEREST").first?.firstParameter("LEVEL") == "high")
        #expect(emil.hobbies.map(\.value) == ["Film photography"])
        #expect(emil.expertise.map(\.value) == ["Swedish folk music"])
        #expect(emil.birthday?.basicFormat == "--0412")
        #expect(emil.anniversary?.basicFormat == "20150620")
        #expect(try card("Zoë Müller").photos.count == 1)
        #expect(try card("Hugo Martin").categories == ["Imported/colleagues.xcard"])
    }

    @Test("vCard 3.0 export writes traits as NOTE lines")
    func vcard3() throws {
        let j = try sampleJournal()
        let r = try j.exportVCards(VCardExportOptions(version: .v3_0, relationPath: "Friends"))
        let cards = try VCard.read(r.data).cards
        #expect(Set(cards.compactMap(\.formattedName)) == ["Chen Wei", "Dara O'Neill", "Emil Sandberg"])
        #expect(cards.allSatisfy { $0.version == .v3_0 })
        let emil = try #require(cards.first { $0.formattedName == "Emil Sandberg" })
        #expect(emil.notes.contains("Interests: Bouldering"))
        #expect(emil.notes.contains("Interests/Hobbies: Film photography"))
        #expect(emil.properties(named: "INTEREST").isEmpty)
    }

    @Test("exported vCards import into an empty journal as the same people, and back into the same journal as no change")
    func vcardRoundTrip() throws {
        let j = try sampleJournal()
        let exported = try j.exportVCards()
        let again = try j.importData(exported.data, fileName: "export.vcf", options: testOptions())
        #expect(again.added.isEmpty)
        #expect(again.updated.isEmpty)

        let fresh = try Journal.inMemory()
        let r = try fresh.importData(exported.data, fileName: "export.vcf", options: testOptions())
        #expect(r.failures.isEmpty && r.added.count == 11)
        let a = try j.everyone(), b = try fresh.everyone()
        #expect(a.keys.sorted() == b.keys.sorted())
        for (name, p) in a {
            let q = try #require(b[name])
            #expect(q.uid == p.uid)
            #expect(q.emails == p.emails && q.phones == p.phones && q.urls == p.urls && q.addresses == p.addresses)
            #expect(q.birthday == p.birthday && q.anniversary == p.anniversary && q.note == p.note)
            #expect(q.relation?.path == p.relation?.path)
            #expect(q.photoHash == p.photoHash)
            #expect(Set(q.vcardLines) == Set(p.vcardLines))
            #expect(try fresh.traitLines(q.id) == j.traitLines(p.id))
        }
    }

    @Test("exported .ics reads back with the same instants, zones, UIDs and people")
    func icsReadsBack() throws {
        let j = try sampleJournal()
        let r = try j.exportCalendar()
        #expect(r.count == 7)
        let cal = try ICalendarReader().read(r.data)
        #expect(cal.warnings.isEmpty)
        let resolver = cal.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        let events = try j.events(EventFilter(newestFirst: false))
        #expect(cal.events.count == events.count)
        for e in events {
            let v = try #require(cal.events.first { $0.uid == e.uid })
            #expect(resolver.date(for: try #require(v.dtStart)) == e.start)
            #expect(v.effectiveEnd(resolver: resolver) == e.end)
            #expect(v.summary == e.title)
            if !e.allDay { #expect(v.dtStart?.tzid == (["UTC", "GMT"].contains(e.timeZone) ? nil : e.timeZone)) }
        }
        let dimsum = try #require(cal.events.first { $0.uid == "20261024-dimsum@kith.example" })
        #expect(Set(dimsum.attendees.compactMap(\.email)) == ["chen.wei@example.com", "ana.lima@example.com"])
        #expect(dimsum.categories == ["Meal"])
        #expect(dimsum.geo?.latitude == 25.033964)
        let review = try #require(cal.events.first { $0.uid == "20261119-design-review@kith.example" })
        #expect(review.property("X-KITH-SAMPLE")?.value == "kept verbatim")
        #expect(cal.timeZones.compactMap { $0.property("TZID")?.value }.sorted() == ["Asia/Taipei", "Europe/Lisbon"])
    }

    @Test("kept lines of every kind come back as they were; Kith's CATEGORIES and COLOR replace kept ones; every export path writes the same bytes")
    func icsKeptLinesAndPaths() throws {
        let j = try sampleJournal()
        let ana = try j.resolvePerson("Ana Lima")
        let chen = try j.resolvePerson("Chen Wei")
        let anaMail = try #require(try j.person(id: ana.id).emails.first?.value)
        var d = EventDraft(
            title: "Kept lines; of every kind", start: Date(timeIntervalSince1970: 1_800_000_000), timeZone: "America/Sao_Paulo",
            end: Date(timeIntervalSince1970: 1_800_003_600))
        d.personIDs = [ana.id, chen.id]
        d.note = "Line one\r\nline two, with \\ and ;"
        d.icalLines = [
            "X-PLAIN;X-A=b,c:value with: colons, commas; semicolons",
            "X-QUOTED;X-CN=\"Lima, Ana\";X-B=plain:v",
            "ATTENDEE;CN=\"Ana Lima\";PARTSTAT=ACCEPTED:MAILTO:\(anaMail.uppercased())",
            "X-CARET;X-C=\"say ^'hi^'\":v",
            "x-lower;x-p=1:lower-case names",
            "X-SPACE;X-D=\"a b\":v",
            // A zone no event time uses: the VTIMEZONEs must still cover it.
            "DUE;TZID=America/Chicago:20400101T090000",
        ]
        let kept = try j.logEvent(d)
        var typed = EventDraft(title: "Kept categories", start: Date(timeIntervalSince1970: 1_700_000_000), timeZone: "Europe/Lisbon")
        typed.icalLines = ["X-BEFORE:1", "CATEGORIES:Kept", "COLOR:red", "categories:Again"]
        typed.typeID = try j.category(kind: .eventType, path: "Meal").id
        try j.logEvent(typed)
        var moody = EventDraft(title: "Kept colour", start: Date(timeIntervalSince1970: 1_700_100_000), timeZone: "UTC")
        moody.icalLines = ["CATEGORIES:Kept", "COLOR:red"]
        moody.moodID = try j.category(kind: .mood, path: "great").id
        try j.logEvent(moody)
        var plain = EventDraft(title: "Only kept", start: Date(timeIntervalSince1970: 1_700_200_000), timeZone: "UTC")
        plain.icalLines = ["CATEGORIES:Kept,Too", "COLOR:red"]
        try j.logEvent(plain)

        let data = try j.exportCalendar().data
        let text = String(decoding: data, as: UTF8.self)
        let cal = try ICalendarReader().read(data)
        #expect(cal.warnings.isEmpty)
        #expect(text.contains("TZID:America/Chicago"))
        // Storage order: the order events came into the journal.
        let stored = try j.events(EventFilter(newestFirst: false)).sorted { $0.id < $1.id }.map(\.uid)
        #expect(cal.events.compactMap(\.uid) == stored)

        let v = try #require(cal.events.first { $0.summary == "Kept lines; of every kind" })
        #expect(v.property("X-PLAIN")?.value == "value with: colons, commas; semicolons")
        #expect(v.property("X-PLAIN")?.parameters.first?.values == ["b", "c"])
        #expect(v.property("X-QUOTED")?.parameter("X-CN") == "Lima, Ana")
        #expect(v.property("X-CARET")?.parameter("X-C") == "say \"hi\"")
        #expect(v.property("X-LOWER")?.value == "lower-case names")
        #expect(v.property("X-SPACE")?.parameter("X-D") == "a b")
        #expect(v.property("DUE")?.parameter("TZID") == "America/Chicago")
        // Ana is a kept attendee already (whatever the case of her address): only Chen is added.
        #expect(
            v.attendees.compactMap { $0.email?.lowercased() }.sorted()
                == [anaMail.lowercased(), try #require(try j.person(id: chen.id).emails.first?.value).lowercased()].sorted())
        #expect(v.properties("X-KITH-PERSON").count == 2)
        // (CRLF is one line break in iCalendar text.)
        #expect(v.property("X-KITH-NOTE")?.text == d.note.replacingOccurrences(of: "\r\n", with: "\n"))

        let t = try #require(cal.events.first { $0.summary == "Kept categories" })
        #expect(t.categories == ["Meal"])
        #expect(t.color == "red")
        #expect(text.contains("X-BEFORE:1\r\nCATEGORIES:Meal\r\nCOLOR:red\r\n"))
        let m = try #require(cal.events.first { $0.summary == "Kept colour" })
        #expect(m.categories == ["great"])
        #expect(m.color == "mediumseagreen")
        #expect(m.properties("COLOR").count == 1)
        let p = try #require(cal.events.first { $0.summary == "Only kept" })
        #expect(p.categories == ["Kept", "Too"])
        #expect(p.color == "red")

        // The one-event file (a vdir's) holds the very VEVENT of the calendar.
        let one = String(decoding: try j.exportCalendar(eventID: kept.id), as: UTF8.self)
        func vevent(_ s: String, _ uid: String) throws -> Substring {
            let start = try #require(s.range(of: "BEGIN:VEVENT\r\nUID:" + uid + "\r\n"))
            let end = try #require(s.range(of: "END:VEVENT\r\n", range: start.upperBound..<s.endIndex))
            return s[start.lowerBound..<end.upperBound]
        }
        #expect(try vevent(one, kept.uid) == vevent(text, kept.uid))
        #expect(one.contains("TZID:America/Chicago") && one.contains("TZID:America/Sao_Paulo") && !one.contains("TZID:Asia/Taipei"))
        #expect(throws: JournalError.self) { try j.exportCalendar(eventID: 987_654) }

        // In memory, streamed to a sink, and to a file: the same bytes.
        var streamed = Data()
        _ = try j.exportCalendar(CalendarExportOptions()) { streamed.append(contentsOf: $0) }
        #expect(streamed == data)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kith-stream-\(UUID().uuidString).ics")
        defer { try? FileManager.default.removeItem(at: file) }
        let summary = try j.exportCalendar(toFile: file.path)
        #expect(try Data(contentsOf: file) == data)
        #expect(summary.count == 11 && summary.byteCount == data.count)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a narrow export (one person among many events) writes the same VEVENTs as the whole calendar")
    func icsNarrowExportMatchesWhole() throws {
        let j = try sampleJournal()
        let ana = try j.resolvePerson("Ana Lima")
        var drafts: [EventDraft] = []
        for i in 0..<60 {
            var d = EventDraft(title: "Filler \(i)", start: Date(timeIntervalSince1970: 1_900_000_000 + Double(i) * 3600), timeZone: "Europe/Lisbon")
            d.icalLines = ["X-FILLER:\(i)"]
            if i == 20 || i == 45 {
                d.title = "With Ana \(i)"
                d.personIDs = [ana.id]
                d.icalLines = ["X-ONE:\(i)", "STATUS:CONFIRMED"]
            }
            drafts.append(d)
        }
        _ = try j.logEvents(drafts)
        let whole = String(decoding: try j.exportCalendar().data, as: UTF8.self)
        let only = String(decoding: try j.exportCalendar(CalendarExportOptions(from: LocalDate("2030-01-01"), personID: ana.id)).data, as: UTF8.self)
        func vevents(_ s: String) -> [String] {
            s.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst().map { $0.components(separatedBy: "END:VEVENT\r\n")[0] }
        }
        let narrow = vevents(only)
        #expect(narrow.count == 2)
        #expect(narrow.allSatisfy { $0.contains("X-KITH-PERSON") && $0.contains("STATUS:CONFIRMED") && !$0.contains("X-FILLER") })
        let all = Set(vevents(whole))
        #expect(narrow.allSatisfy { all.contains($0) })
    }

    @Test("a time in the hour the clocks repeat goes out in UTC and reads back as the same instant")
    func repeatedHour() throws {
        let j = try Journal.inMemory()
        // 2008-10-26 in Lisbon: 01:00-01:59 twice, first at +01:00 (00:11:35Z), then at +00:00 (01:11:35Z).
        let firstPass = Date(timeIntervalSince1970: 1_224_979_895), secondPass = firstPass.addingTimeInterval(3600)
        let a = try j.logEvent(EventDraft(title: "Before the clocks go back", start: firstPass, timeZone: "Europe/Lisbon"))
        let b = try j.logEvent(EventDraft(title: "After the clocks go back", start: secondPass, timeZone: "Europe/Lisbon"))
        let data = try j.exportCalendar().data
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("DTSTART;TZID=Europe/Lisbon:20081026T011135\r\n"))
        #expect(text.contains("DTSTART;X-KITH-TZID=Europe/Lisbon:20081026T011135Z\r\n"))
        let cal = try ICalendarReader().read(data)
        let resolver = cal.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        for e in [a, b] {
            let v = try #require(cal.events.first { $0.uid == e.uid })
            #expect(resolver.date(for: try #require(v.dtStart)) == e.start)
        }
        // Into the journal it came from: the same instants, nothing changes.
        #expect(try j.importData(data, fileName: "kith.ics", options: testOptions()).unchanged.count == 2)
    }

    @Test("mood, people and note survive an .ics round trip into a fresh journal")
    func icsRoundTrip() throws {
        let j = try sampleJournal()
        let first = try #require(try j.events(EventFilter(newestFirst: false)).first)
        let great = try j.category(kind: .mood, path: "great")
        try j.editEvent(id: first.id) { $0.moodID = great.id }
        let data = try j.exportCalendar().data
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("CATEGORIES:Meal,great"))
        #expect(text.contains("COLOR:mediumseagreen"))
        #expect(text.contains("Mood: great"))

        let fresh = try Journal.inMemory()
        for f in ImportTests.contactFiles { try fresh.importSample(f) }
        let r = try fresh.importData(data, fileName: "kith.ics", options: testOptions())
        #expect(r.failures.isEmpty && r.added.count == 7)
        let back = try #require(try fresh.event(uid: first.uid))
        #expect(back.mood?.name == "great")
        #expect(back.note == first.note)
        #expect(Set(back.people.map(\.displayName)) == Set(first.people.map(\.displayName)))
        #expect(back.start == first.start && back.timeZone == first.timeZone)
        // And into the journal it came from: nothing changes.
        let same = try j.importData(data, fileName: "kith.ics", options: testOptions())
        #expect(same.unchanged.count == 7)
    }

    @Test("birthdays add yearly all-day events; filters narrow the export")
    func birthdaysAndFilters() throws {
        let j = try sampleJournal()
        let r = try j.exportCalendar(CalendarExportOptions(birthdays: true))
        let cal = try ICalendarReader().read(r.data)
        let bdays = cal.events.filter { $0.uid?.hasPrefix("kith-birthday-") == true }
        #expect(bdays.count == 6)
        let emil = try #require(bdays.first { $0.summary == "Emil Sandberg's birthday" })
        #expect(emil.dtStart?.isDate == true && emil.dtStart?.month == 4 && emil.dtStart?.day == 12)
        #expect(emil.recurrenceRule != nil)
        #expect(cal.events.contains { $0.summary == "Emil Sandberg's anniversary" })

        let ana = try j.resolvePerson("Ana Lima")
        let only = try j.exportCalendar(CalendarExportOptions(from: LocalDate("2026-11-01"), to: LocalDate("2026-11-30"), personID: ana.id))
        let onlyCal = try ICalendarReader().read(only.data)
        #expect(onlyCal.events.map { $0.summary ?? "" } == ["Bouldering night", "Bouldering night", "Bouldering night"])
    }

    @Test("yearly events name their kind in the UID and CATEGORIES")
    func yearlyKinds() throws {
        let j = try sampleJournal()
        let cal = try ICalendarReader().read(try j.exportCalendar(CalendarExportOptions(birthdays: true)).data)
        let birthday = try #require(cal.events.first { $0.summary == "Emil Sandberg's birthday" })
        #expect(birthday.uid?.hasPrefix("kith-birthday-") == true)
        #expect(birthday.categories == ["Birthday"])
        let anniversary = try #require(cal.events.first { $0.summary == "Emil Sandberg's anniversary" })
        #expect(anniversary.uid?.hasPrefix("kith-anniversary-") == true)
        #expect(anniversary.categories == ["Anniversary"])
        #expect(EventMapping.YearlyKind.birthday.category == "Birthday")
    }

    @Test("vdir export writes a file per person and event and rewrites only what changed")
    func vdir() throws {
        let j = try sampleJournal()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-vdir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try j.exportVdir(to: folder)
        #expect(first.written == 18 && first.unchanged == 0)
        let second = try j.exportVdir(to: folder)
        #expect(second.written == 0 && second.unchanged == 18)
        let jonas = try j.resolvePerson("Jonas Lima")
        try j.removePerson(id: jonas.id)
        let third = try j.exportVdir(to: folder)
        #expect(third.removed == 1 && third.written == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("contacts/urn_uuid_c0ffee00-1234-4abc-9def-0123456789ab.vcf").path))
    }

    // MARK: Python judges

    @Test("vobject reads the exported vCards with the same names and e-mails", .enabled(if: OutsideJudge.shouldRun(importing: "vobject")))
    func vobjectJudge() throws {
        let j = try sampleJournal()
        for version in VCardExportVersion.allCases {
            let data = try j.exportVCards(VCardExportOptions(version: version)).data
            let out = try OutsideJudge.python(
                script: """
                    import sys, vobject
                    for c in vobject.readComponents(sys.stdin.read()):
                        mails = sorted(e.value for e in c.contents.get('email', []))
                        print(c.fn.value + '|' + ','.join(mails))
                    """, stdin: data)
            var expected: [String] = []
            for (name, p) in try j.everyone() { expected.append(name + "|" + p.emails.map(\.value).sorted().joined(separator: ",")) }
            #expect(out.split(separator: "\n").map(String.init).sorted() == expected.sorted())
        }
    }

    @Test("python icalendar reads the exported .ics with the same UTC instants", .enabled(if: OutsideJudge.shouldRun(importing: "icalendar")))
    func icalendarJudge() throws {
        let j = try sampleJournal()
        let data = try j.exportCalendar().data
        let out = try OutsideJudge.python(
            script: """
                import sys, datetime, icalendar
                cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
                for e in cal.walk('VEVENT'):
                    assert not getattr(e, 'errors', None), e.errors
                    s = e['DTSTART'].dt
                    if isinstance(s, datetime.datetime):
                        print(str(e['UID']) + '|' + str(int(s.timestamp())))
                    else:
                        print(str(e['UID']) + '|' + s.isoformat())
                """, stdin: data)
        var expected: [String] = []
        for e in try j.events() {
            expected.append(e.uid + "|" + (e.allDay ? e.startDay.description : String(Int(e.start.timeIntervalSince1970))))
        }
        #expect(out.split(separator: "\n").map(String.init).sorted() == expected.sorted())
    }
}

/// khard and khal, from the judge's virtual environment, reading an exported vdir.
@Suite("vdir judges")
struct VdirJudgeTests {
    func exported() throws -> (Journal, URL) {
        let j = try Journal.inMemory()
        for f in ImportTests.contactFiles + ["catching-up.ics"] { try j.importSample(f) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kith-judge-\(UUID().uuidString)")
        _ = try j.exportVdir(to: dir)
        return (j, dir)
    }

    @Test("khard lists every exported person with their UID and name", .enabled(if: OutsideJudge.shouldRun(tool: "khard")))
    func khard() throws {
        let (j, dir) = try exported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let conf = dir.appendingPathComponent("khard.conf")
        try """
        [addressbooks]
        [[kith]]
        path = \(dir.path)/contacts
        [general]
        editor = /bin/false
        merge_editor = /bin/false
        [contact table]
        display = formatted_name

        """.write(to: conf, atomically: true, encoding: .utf8)
        let out = try OutsideJudge.run(try #require(OutsideJudge.tool("khard")), ["-c", conf.path, "list", "--parsable"]).out
        let rows = out.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: "|") }.sorted()
        let expected = try j.everyone().values.map { "\($0.uid)|\($0.displayName)" }.sorted()
        #expect(rows == expected)
    }

    @Test("khal lists every exported event at the same UTC time", .enabled(if: OutsideJudge.shouldRun(tool: "khal")))
    func khal() throws {
        let (j, dir) = try exported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let conf = dir.appendingPathComponent("khal.conf")
        try OutsideJudge.khalConfig(calendar: dir.path + "/calendar", database: dir.path + "/khal.db")
            .write(to: conf, atomically: true, encoding: .utf8)
        let out = try OutsideJudge.run(
            try #require(OutsideJudge.tool("khal")),
            ["-c", conf.path, "list", "-df", "", "-f", "{uid}|{start}|{title}", "1900-01-01", "2200-01-01"]
        ).out
        let rows = out.split(separator: "\n").map(String.init).sorted()
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let expected = try j.events().map { e -> String in
            let c = utc.dateComponents([.year, .month, .day, .hour, .minute], from: e.start)
            let when =
                e.allDay
                ? e.startDay.description
                : String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
            return "\(e.uid)|\(when)|\(e.title)"
        }.sorted()
        #expect(rows == expected)
    }
}
