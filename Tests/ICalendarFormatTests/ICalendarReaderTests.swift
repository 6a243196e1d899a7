import Foundation
import Testing

@testable import ICalendarFormat

@Suite struct ICalendarReaderTests {
    @Test func readsAGoogleExportWithARecurringEventAndItsExceptions() throws {
        let cal = try Fixture.read("google.ics")
        #expect(cal.warnings.isEmpty, "\(cal.warnings)")
        #expect(cal.properties.first { $0.name == "X-WR-CALNAME" }?.value == "ana.lima@gmail.com")
        #expect(cal.events.count == 4)
        let sync = cal.events[0]
        #expect(sync.summary == "Monday sync")
        #expect(sync.descriptionText == "Weekly sync.\nJoin with Google Meet: https://meet.google.com/abc-defg-hij\n\nAgenda: plans, notes; more")
        #expect(sync.location == "Blue Bottle, 54 Mint Plaza, San Francisco")
        #expect(sync.attendees.map(\.commonName) == ["Ben Chen", "ana.lima@gmail.com"])
        #expect(sync.attendees.first?.participationStatus == "ACCEPTED")
        #expect(sync.attendees.first?.email == "ben@example.com")
        #expect(sync.organizer?.commonName == "Ana Lima")
        #expect(sync.sequence == 2 && sync.status == "CONFIRMED")
        #expect(sync.recurrenceRule?.byDay == [.init(.monday)])
        #expect(sync.alarms.first?.property("TRIGGER")?.value == "-P0DT0H10M0S")
        #expect(sync.property("X-GOOGLE-CONFERENCE")?.value == "https://meet.google.com/abc-defg-hij")

        let occ = cal.occurrences(from: utc(2026, 3, 1), to: utc(2026, 5, 1))
            .filter { $0.event.uid == "7kukuqrfedlm2f9t0vr42q2h5k@google.com" }
        #expect(
            occ.map { isoUTC($0.occurrence.startDate) } == [
                "2026-03-02T14:00:00Z", "2026-03-09T13:00:00Z", "2026-03-24T18:00:00Z", "2026-03-30T13:00:00Z", "2026-04-06T13:00:00Z",
            ], "EXDATE on 16 March removes one; the 23 March one moved to Tuesday; DST starts 8 March")
        #expect(occ[2].occurrence.isOverride && occ[2].event.summary == "Monday sync (moved to Tuesday)")
        #expect(occ[2].occurrence.recurrenceID.description == "20260323T090000")
    }

    @Test func allDayEventsWithAndWithoutDTEND() throws {
        let google = try Fixture.read("google.ics", zone: "Europe/Lisbon")
        let trip = try #require(google.events.first { $0.uid == "0a1b2c3d4e5f@google.com" })
        #expect(trip.isAllDay)
        let r = google.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "Europe/Lisbon")!)
        #expect(trip.effectiveEnd(resolver: r).map(isoUTC) == "2026-04-05T23:00:00Z")
        let apple = try Fixture.read("apple.ics")
        let off = try #require(apple.events.first { $0.uid == "allday-no-end@apple" })
        #expect(off.dtEnd == nil && off.isAllDay)
        let utcResolver = apple.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        #expect(off.effectiveEnd(resolver: utcResolver).map(isoUTC) == "2026-11-22T00:00:00Z", "no DTEND: one day")
        let o = off.occurrences(from: utc(2026, 11, 21, 12), to: utc(2026, 11, 21, 13), resolver: utcResolver)
        #expect(o.count == 1)
    }

    @Test func readsAnAppleExportWithFoldedUnicodeAndStructuredLocation() throws {
        let cal = try Fixture.read("apple.ics")
        #expect(cal.warnings.isEmpty, "\(cal.warnings)")
        let run = cal.events[0]
        #expect(run.summary == "Sunday run 🏃 with Jonas")
        let loc = try #require(run.property("X-APPLE-STRUCTURED-LOCATION"))
        #expect(loc.parameter("X-ADDRESS") == "Tempelhofer Damm, 12101 Berlin, Germany")
        #expect(loc.value == "geo:52.473,13.4036")
        #expect(run.color == "tomato" && run.url == "https://example.com/run")
        let occ = run.occurrences(from: utc(2026, 1, 1), to: utc(2027, 1, 1), resolver: cal.timeZoneResolver())
        #expect(occ.map { isoUTC($0.startDate) } == ["2026-03-29T08:00:00Z", "2026-04-05T08:00:00Z", "2026-04-12T08:00:00Z"])
        let day = try #require(cal.events.first { $0.uid == "allday-no-end@apple" })
        #expect(day.images.first?.uri == "https://example.com/badge.png" && day.images.first?.mediaType == "image/png")
        #expect(day.conferences.first?.parameters.contains(ICalParameter("FEATURE", "VIDEO")) == true)
    }

    @Test func birthdaysOn29FebruaryRepeatSensibly() throws {
        let cal = try Fixture.read("apple.ics")
        let bday = try #require(cal.events.first { $0.uid == "birthday-ana@apple" })
        #expect(bday.categories == ["Birthday", "Friends"])
        let r = cal.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        let strict = bday.occurrences(from: utc(2026, 1, 1), to: utc(2029, 1, 1), resolver: r)
        #expect(strict.map { $0.start.description } == ["20280229"])
        let kind = bday.occurrences(from: utc(2026, 1, 1), to: utc(2029, 1, 1), resolver: r, leapDay: .february28)
        #expect(kind.map { $0.start.description } == ["20260228", "20270228", "20280229"])
    }

    @Test func readsOutlookWithWindowsZoneNames() throws {
        let cal = try Fixture.read("outlook.ics")
        #expect(cal.warnings.isEmpty, "\(cal.warnings)")
        let r = cal.timeZoneResolver()
        let review = cal.events[0]
        #expect(review.uid?.hasPrefix("040000008200E00074C5B7101A82E008") == true && review.uid?.hasSuffix("8F90") == true)
        #expect(review.summary == "Quarterly review" && review.classification == "PUBLIC")
        #expect(review.property("SUMMARY")?.parameter("LANGUAGE") == "en-US")
        #expect(
            review.occurrences(from: utc(2026, 1, 1), to: utc(2027, 1, 1), resolver: r).map { isoUTC($0.startDate) }
                == ["2026-03-26T08:00:00Z", "2026-04-23T07:00:00Z", "2026-05-28T07:00:00Z", "2026-06-25T07:00:00Z"])
        let seattle = try #require(cal.events.first { $0.uid == "outlook-pst-1" })
        #expect(r.source(for: "Pacific Standard Time") == .windows)
        #expect(seattle.dtStart.map { isoUTC(r.date(for: $0)) } == "2026-03-08T16:00:00Z")
        let taipei = try #require(cal.events.first { $0.uid == "outlook-taipei-1" })
        #expect(taipei.dtStart.map { isoUTC(r.date(for: $0)) } == "2026-03-10T11:00:00Z")
    }

    @Test func readsThunderbirdTodosJournalsAndUnknownComponents() throws {
        let cal = try Fixture.read("thunderbird.ics")
        #expect(cal.warnings.isEmpty, "\(cal.warnings)")
        #expect(cal.todos.first?.due?.description == "20260301")
        #expect(cal.journals.first?.descriptionText == "Ben likes green tea.")
        let unknown = try #require(cal.components.first { $0.name == "X-MOZ-SOMETHING" })
        #expect(unknown.property("X-FOO")?.value == "bar")
        let tea = cal.events[0]
        let occ = tea.occurrences(from: utc(2026, 1, 1), to: utc(2026, 2, 1), resolver: cal.timeZoneResolver())
        #expect(
            occ.map { isoUTC($0.startDate) } == [
                "2026-01-10T00:00:00Z", "2026-01-11T00:00:00Z", "2026-01-12T00:00:00Z", "2026-01-13T00:00:00Z",
                "2026-01-14T00:00:00Z", "2026-01-20T00:00:00Z",
            ])
        #expect(occ.allSatisfy { $0.endDate.timeIntervalSince($0.startDate) == 1800 })
    }

    @Test func readsSeveralZonesInOneFileAcrossDSTEdges() throws {
        let cal = try Fixture.read("meetup.ics")
        #expect(cal.warnings.isEmpty, "\(cal.warnings)")
        let r = cal.timeZoneResolver()
        let times = cal.events.map { e in (isoUTC(r.date(for: e.dtStart!)), isoUTC(e.effectiveEnd(resolver: r)!)) }
        #expect(times.map(\.0) == ["2026-03-14T01:30:00Z", "2026-03-08T06:30:00Z", "2026-03-29T00:30:00Z"])
        #expect(
            times.map(\.1) == ["2026-03-14T04:30:00Z", "2026-03-08T07:30:00Z", "2026-03-29T01:30:00Z"],
            "01:30 to 03:30 across spring-forward lasts one hour")
        #expect(cal.events[0].geo == ICalGeo(latitude: 25.033, longitude: 121.5654))
    }

    @Test func aFileWithoutEndStillYieldsItsEvents() throws {
        let cal = try Fixture.read("broken-no-end.ics")
        #expect(cal.events.map(\.uid) == ["ok-1", "cut-off"])
        #expect(cal.warnings.contains { $0.code == .missingEnd && $0.message.contains("VEVENT") })
        #expect(cal.warnings.contains { $0.code == .missingEnd && $0.message.contains("END:VCALENDAR") })
    }

    @Test func badValuesGiveWarningsWithLineAndProperty() throws {
        let cal = try Fixture.read("broken-values.ics")
        #expect(cal.events.count == 3)
        let date = try #require(cal.warnings.first { $0.code == .invalidDate })
        #expect(date.line == 6 && date.property == "DTSTART")
        #expect(cal.events[0].dtStart == nil)
        let zone = try #require(cal.warnings.first { $0.code == .unknownTimeZone })
        #expect(zone.line == 11 && zone.property == "DTSTART" && zone.message.contains("Mars/Olympus_Mons"))
        let rule = try #require(cal.warnings.first { $0.code == .invalidRecurrenceRule })
        #expect(rule.line == 17 && rule.message.contains("SOMETIMES"))
        #expect(cal.warnings.contains { $0.code == .malformedLine && $0.line == 20 })
        // The unknown zone falls back to floating (UTC here), and nothing crashes.
        let r = cal.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        #expect(isoUTC(r.date(for: cal.events[1].dtStart!)) == "2026-01-01T10:00:00Z")
        #expect(cal.events[2].occurrences(from: utc(2025, 1, 1), to: utc(2027, 1, 1), resolver: r).count == 1)
    }

    @Test func strictReadingRefusesWhatLenientReadingRepairs() throws {
        let data = try Fixture.data("broken-values.ics")
        do {
            _ = try ICalendarReader(strict: true).read(data, file: "broken-values.ics")
            Issue.record("strict reading accepted a bad date")
        } catch let e as ICalendar.ReadError {
            #expect(e.line == 6 && e.description.contains("broken-values.ics") && e.description.contains("invalid-date"))
        }
        #expect(try ICalendarReader(strict: true).read(try Fixture.data("google.ics")).events.count == 4)
    }

    @Test func aOneMegabyteLineIsReadWhole() throws {
        let big = String(repeating: "0123456789abcdef", count: 65_536)
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:big\r\nDTSTART:20260101T000000Z\r\nDESCRIPTION:\(big)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let cal = try ICalendarReader().read(text)
        #expect(cal.events.first?.descriptionText?.utf8.count == 1_048_576)
        #expect(cal.warnings.map(\.code) == [.overlongLine])
        // Written back, it is folded and reads the same.
        let out = ICalendarWriter().string(cal)
        #expect(out.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(try ICalendarReader().read(out).events == cal.events)
    }

    @Test(arguments: ["", "hello world", "BEGIN:VCARD\r\nFN:Ana\r\nEND:VCARD\r\n", "\u{FEFF}"])
    func inputWithNoCalendarIsAnError(_ text: String) {
        #expect(throws: ICalendar.ReadError.self) { try ICalendarReader().read(text) }
        do { _ = try ICalendarReader().read(text, file: "x.ics") } catch let e as ICalendar.ReadError {
            #expect(e.reason == .notICalendar && e.description.contains("x.ics"))
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func lowercaseNamesBareLFAndBOMAreAccepted() throws {
        let text =
            "\u{FEFF}begin:vcalendar\nversion:2.0\nbegin:vevent\nuid:a\ndtstart;tzid=Europe/Berlin:20260701T100000\nsummary:Lower\nend:vevent\nend:vcalendar\n"
        let cal = try ICalendarReader().read(text)
        #expect(cal.warnings.isEmpty)
        #expect(cal.events.first?.summary == "Lower")
        #expect(cal.events.first?.dtStart?.tzid == "Europe/Berlin")
        let mac = try ICalendarReader().read(text.replacingOccurrences(of: "\n", with: "\r"))
        #expect(mac.events.first?.summary == "Lower" && mac.warnings.isEmpty, "CR-only line ends")
    }

    @Test func quotedParametersAndColonsInValues() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:q\r\nATTENDEE;CN=\"Lima, Ana: PhD\";DELEGATED-FROM=\"mailto:a@x\",\"mailto:b@x\":mailto:ana@x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let e = try #require(try ICalendarReader().read(text).events.first)
        #expect(e.attendees.first?.commonName == "Lima, Ana: PhD")
        #expect(e.property("ATTENDEE")?.parameters.first { $0.name == "DELEGATED-FROM" }?.values == ["mailto:a@x", "mailto:b@x"])
        #expect(e.attendees.first?.uri == "mailto:ana@x")
    }

    @Test func streamsComponentsOneAtATime() throws {
        let data = try Fixture.data("google.ics")
        var names: [String] = []
        var instants: [String] = []
        let summary = try ICalendarReader().stream(data) { c, resolver in
            names.append(c.name)
            if let s = c.dtStart { instants.append(isoUTC(resolver.date(for: s))) }
        }
        #expect(names == ["VTIMEZONE", "VEVENT", "VEVENT", "VEVENT", "VEVENT"])
        #expect(instants.first == "2026-03-02T14:00:00Z")
        #expect(summary.componentCount == 5 && summary.warnings.isEmpty)
        #expect(summary.properties.contains { $0.name == "METHOD" && $0.value == "PUBLISH" })
    }

    @Test func readsManyEventsQuickly() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n"
        for i in 0..<20_000 {
            text +=
                "BEGIN:VEVENT\r\nUID:\(i)@bench\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;TZID=Europe/Berlin:20260\(i % 9 + 1)12T100000\r\nDTEND;TZID=Europe/Berlin:20260\(i % 9 + 1)12T110000\r\nSUMMARY:Event number \(i)\r\nDESCRIPTION:Some text\\, with escapes\\nand a line\r\nLOCATION:Somewhere\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let clock = ContinuousClock()
        var count = 0
        let t = try clock.measure { count = try ICalendarReader().read(text).events.count }
        #expect(count == 20_000)
        #expect(t < .seconds(5), "debug build read 20,000 events in \(t)")
    }
}
