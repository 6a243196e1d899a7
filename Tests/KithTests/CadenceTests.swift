import Foundation
import Testing

@testable import Kith

@Suite("Cadence and due")
struct CadenceTests {
    /// Logs an event with these people at noon UTC on a day.
    @discardableResult
    func meet(_ j: Journal, _ people: [Person], on text: String, title: String = "Coffee") throws -> Event {
        let d = day(text)
        return try j.logEvent(
            EventDraft(title: title, start: instant(d.year, d.month, d.day, 12, 0, "UTC"), timeZone: "UTC", personIDs: people.map(\.id)))
    }

    func relation(_ j: Journal, _ path: String) throws -> Int64 { try j.category(kind: .relation, path: path).id }

    func dueNames(_ j: Journal, _ asOf: String, in path: String? = nil) throws -> [String] {
        try j.due(asOf: day(asOf), in: path.map { try relation(j, $0) }).map(\.person.displayName)
    }

    @Test("cadences read and print as 2w, 3m, none; bad ones are refused")
    func parsing() {
        #expect(Cadence("2w") == .every(2, .weeks))
        #expect(Cadence(" 3M ") == .every(3, .months))
        #expect(Cadence("10d")?.phrase == "every 10 days")
        #expect(Cadence("1y")?.phrase == "every year")
        #expect(Cadence("none") == .never && Cadence.never.description == "none")
        #expect(Cadence("6m")?.description == "6m")
        for bad in ["", "w", "0w", "-1w", "2x", "1.5m", "99999d", "inherit", "2 weeks"] { #expect(Cadence(bad) == nil, "\(bad)") }
    }

    @Test("months and years keep the day or take the month's last: Jan 31 + 1m is Feb 28 or 29")
    func monthEnds() {
        #expect(Cadence.every(1, .months).after(day("2026-01-31")) == day("2026-02-28"))
        #expect(Cadence.every(1, .months).after(day("2028-01-31")) == day("2028-02-29"))
        #expect(Cadence.every(3, .months).after(day("2026-11-30")) == day("2027-02-28"))
        #expect(Cadence.every(1, .years).after(day("2028-02-29")) == day("2029-02-28"))
        #expect(Cadence.every(2, .weeks).after(day("2026-12-25")) == day("2027-01-08"))
        #expect(Cadence.never.after(day("2026-01-01")) == nil)
    }

    @Test("a person inherits from the sub category, then the main one; own settings, none and inherit", arguments: JournalKind.allCases)
    func inheritance(kind: JournalKind) throws {
        let j = try kind.make().journal
        let since = day("2026-01-01")
        let mum = try j.person("Mum", in: "Family/Parents")
        let sis = try j.person("Sis", in: "Family/Siblings")
        let bo = try j.person("Bo", in: "Friends/College")
        let cy = try j.person("Cy", in: "Friends")
        let nobody = try j.person("Nobody")
        #expect(try j.cadence(ofPerson: mum.id) == nil)
        try j.setCadence(Cadence("2w"), forCategory: relation(j, "Family"), since: since)
        try j.setCadence(Cadence("1m"), forCategory: relation(j, "Friends"), since: since)
        try j.setCadence(Cadence("3m"), forCategory: relation(j, "Friends/College"), since: since)
        try j.checkInvariants()
        let family = try j.category(kind: .relation, path: "Family")
        // Added today, after the cadence was set: due from today, the day they joined.
        let today = LocalDate.today(), later = LocalDate.today().adding(days: 31)
        #expect(try j.cadence(ofPerson: mum.id) == PersonCadence(cadence: .every(2, .weeks), source: .category(family), since: today))
        #expect(try j.cadence(ofPerson: bo.id)?.cadence == .every(3, .months))
        #expect(try j.cadence(ofPerson: bo.id)?.source == .category(j.category(kind: .relation, path: "Friends/College")))
        #expect(try j.cadence(ofPerson: cy.id)?.cadence == .every(1, .months))
        #expect(try j.cadence(ofPerson: nobody.id) == nil)
        #expect(try j.cadence(ofCategory: relation(j, "Family/Parents")) == nil)
        #expect(try j.cadence(ofCategory: relation(j, "Friends/College")) == .every(3, .months))
        // Own settings override; none stops the main category's; inherit brings it back.
        try j.setCadence(Cadence("1w"), forPerson: sis.id, since: since)
        #expect(try j.cadence(ofPerson: sis.id)?.source == .person)
        try j.setCadence(.never, forCategory: relation(j, "Family/Parents"), since: since)
        #expect(try j.cadence(ofPerson: mum.id)?.cadence == .never)
        #expect(try j.nextDue(ofPerson: mum.id, asOf: day("2027-01-01")) == nil)
        // Never seen: due from the day the cadence was set, most overdue relative to the cadence first.
        #expect(try dueNames(j, later.description) == ["Sis", "Cy", "Bo"])
        #expect(try j.due(asOf: later).map(\.daysOverdue).dropFirst() == [31, 31])
        #expect(try dueNames(j, later.description, in: "Friends") == ["Cy", "Bo"])
        // Sis's own cadence was set on its day, before she was added.
        #expect(try dueNames(j, today.adding(days: -1).description) == ["Sis"])
        try j.setCadence(nil, forCategory: relation(j, "Family/Parents"))
        try j.setCadence(nil, forPerson: sis.id)
        #expect(try j.cadence(ofPerson: mum.id)?.cadence == .every(2, .weeks))
        #expect(try j.cadence(ofPerson: sis.id)?.source == .category(family))
        try j.setCadence(nil, forCategory: relation(j, "Family"))
        #expect(try j.cadence(ofPerson: mum.id) == nil)
        #expect(try dueNames(j, later.description) == ["Cy", "Bo"])
        try j.checkInvariants()
        // Only relation categories take one.
        #expect(throws: JournalError.self) { try j.setCadence(Cadence("1w"), forCategory: j.type("Call"), since: since) }
    }

    @Test("the clock resets on a logged, edited or removed event; a planned one counts once its day came", arguments: JournalKind.allCases)
    func resetByEvents(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana", in: "Family")
        let bea = try j.person("Bea", in: "Family")
        try j.setCadence(Cadence("2w"), forCategory: relation(j, "Family"), since: day("2026-01-01"))
        try meet(j, [ana], on: "2026-03-01")
        try meet(j, [bea], on: "2026-02-20")
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-03-10"))?.dueDate == day("2026-03-15"))
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-03-10"))?.daysOverdue == -5)
        #expect(try dueNames(j, "2026-03-14") == ["Bea"])
        #expect(try dueNames(j, "2026-03-15") == ["Bea", "Ana"])
        // A later event resets it; an event in the future only once its day has passed.
        let later = try meet(j, [ana], on: "2026-03-20")
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-03-18"))?.dueDate == day("2026-03-15"))
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-03-20"))?.dueDate == day("2026-04-03"))
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-03-20"))?.lastSeen == day("2026-03-20"))
        // Edited to a later day, then with Bea too.
        try j.editEvent(id: later.id) { d in
            d.start = instant(2026, 4, 1, 12, 0, "UTC")
            d.personIDs = [ana.id, bea.id]
        }
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-05-01"))?.dueDate == day("2026-04-15"))
        #expect(try j.nextDue(ofPerson: bea.id, asOf: day("2026-05-01"))?.lastSeen == day("2026-04-01"))
        // Removing the last event brings the old due date back; undo brings the event back.
        try j.removeEvent(id: later.id)
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-05-01"))?.dueDate == day("2026-03-15"))
        #expect(try j.nextDue(ofPerson: bea.id, asOf: day("2026-05-01"))?.lastSeen == day("2026-02-20"))
        try j.undoLast()
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-05-01"))?.dueDate == day("2026-04-15"))
    }

    @Test("an imported calendar event with them resets the clock; re-importing it moved moves it", arguments: JournalKind.allCases)
    func resetByImport(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana Lima", in: "Friends")
        try j.setCadence(Cadence("1m"), forCategory: relation(j, "Friends"), since: day("2026-01-01"))
        func ics(_ start: String) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:lunch-1\r\nDTSTART:\(start)\r\nSUMMARY:Lunch\r\n"
                + "ATTENDEE;CN=Ana Lima:mailto:ana@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        }
        try j.importText(ics("20260131T120000Z"), name: "cal.ics")
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-02-01"))?.lastSeen == day("2026-01-31"))
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-02-01"))?.dueDate == day("2026-02-28"))
        try j.importText(ics("20260310T120000Z"), name: "cal.ics")
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-03-10"))?.dueDate == day("2026-04-10"))
    }

    @Test("the event's local day counts: 23:30 in Taipei is that day there, not the UTC one", arguments: JournalKind.allCases)
    func localDayNearMidnight(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        try j.setCadence(Cadence("1w"), forPerson: ana.id, since: day("2026-01-01"))
        // 00:30 on 21 November in Taipei is 16:30 UTC on the 20th.
        try j.logEvent(
            EventDraft(title: "Late snack", start: instant(2026, 11, 21, 0, 30, "Asia/Taipei"), timeZone: "Asia/Taipei", personIDs: [ana.id]))
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-11-20"))?.lastSeen == nil)
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-11-21"))?.lastSeen == day("2026-11-21"))
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-11-21"))?.dueDate == day("2026-11-28"))
        // 23:30 on 1 December in Los Angeles is 07:30 UTC on the 2nd.
        try j.logEvent(
            EventDraft(title: "Call", start: instant(2026, 12, 1, 23, 30, "America/Los_Angeles"), timeZone: "America/Los_Angeles", personIDs: [ana.id]))
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-12-01"))?.lastSeen == day("2026-12-01"))
        try j.checkInvariants()
    }

    @Test("most overdue relative to the cadence comes first", arguments: JournalKind.allCases)
    func relativeOrder(kind: JournalKind) throws {
        let j = try kind.make().journal
        let weekly = try j.person("Weekly")
        let yearly = try j.person("Yearly")
        try j.setCadence(Cadence("1w"), forPerson: weekly.id, since: day("2025-01-01"))
        try j.setCadence(Cadence("1y"), forPerson: yearly.id, since: day("2025-01-01"))
        try meet(j, [weekly], on: "2026-06-01")
        try meet(j, [yearly], on: "2025-05-25")
        // Both a week late on 2026-06-15 (due 06-08 and 05-25: yearly is three weeks late).
        let rows = try j.due(asOf: day("2026-06-15"))
        #expect(rows.map(\.person.displayName) == ["Weekly", "Yearly"])
        #expect(rows.map(\.daysOverdue) == [7, 21])
        #expect(rows[0].lateness == 1)
        #expect(try j.due(asOf: day("2026-06-07")).map(\.person.displayName) == ["Yearly"])
        #expect(try j.due(asOf: day("2026-06-01"), through: day("2026-06-08")).map(\.person.displayName) == ["Yearly", "Weekly"])
    }

    @Test("a snooze moves the due date until an event on a later day; it and cadences undo", arguments: JournalKind.allCases)
    func snoozing(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana", in: "Family")
        let bo = try j.person("Bo")
        try j.setCadence(Cadence("2w"), forCategory: relation(j, "Family"), since: day("2026-01-01"))
        try meet(j, [ana], on: "2026-03-01")
        // Overdue on 03-20: a week from that day.
        let moved = try j.snooze(personID: ana.id, by: .every(1, .weeks), asOf: day("2026-03-20"))
        try j.checkInvariants()
        #expect(moved?.dueDate == day("2026-03-27") && moved?.snoozedUntil == day("2026-03-27"))
        #expect(try dueNames(j, "2026-03-26").isEmpty)
        #expect(try dueNames(j, "2026-03-27") == ["Ana"])
        // Snoozed again before due: a week from the due date.
        #expect(try j.snooze(personID: ana.id, by: .every(1, .weeks), asOf: day("2026-03-21"))?.dueDate == day("2026-04-03"))
        #expect(try j.undoHistory().first?.description == "snooze Ana (#\(ana.id)) until 2026-04-03")
        try j.undoLast()
        #expect(try j.nextDue(ofPerson: ana.id, asOf: day("2026-03-21"))?.dueDate == day("2026-03-27"))
        // An event on a later day clears it.
        try meet(j, [ana], on: "2026-03-22")
        try j.checkInvariants()
        let after = try j.nextDue(ofPerson: ana.id, asOf: day("2026-03-22"))
        #expect(after?.dueDate == day("2026-04-05") && after?.snoozedUntil == nil)
        // Until a day; nil removes it; no cadence, or a day not after, is refused.
        #expect(try j.snooze(personID: ana.id, until: day("2026-05-01"), asOf: day("2026-04-06"))?.dueDate == day("2026-05-01"))
        #expect(try j.snooze(personID: ana.id, until: nil, asOf: day("2026-04-06"))?.dueDate == day("2026-04-05"))
        #expect(throws: JournalError.self) { try j.snooze(personID: bo.id, by: .every(1, .weeks), asOf: day("2026-04-06")) }
        #expect(throws: JournalError.self) { try j.snooze(personID: ana.id, until: day("2026-04-06"), asOf: day("2026-04-06")) }
        // Cadence changes undo like any edit.
        try j.setCadence(Cadence("3d"), forPerson: ana.id)
        #expect(try j.undoHistory().first?.description == "set cadence of Ana (#\(ana.id)) to every 3 days")
        try j.undoLast()
        #expect(try j.cadence(ofPerson: ana.id)?.cadence == .every(2, .weeks))
        try j.setCadence(.never, forCategory: relation(j, "Family"))
        try j.undoLast()
        #expect(try j.cadence(ofCategory: relation(j, "Family")) == .every(2, .weeks))
        try j.checkInvariants()
    }

    @Test("someone who joins a category later is due from the day they joined; merging keeps the clock", arguments: JournalKind.allCases)
    func joiningAndMerging(kind: JournalKind) throws {
        let j = try kind.make().journal
        try j.setCadence(Cadence("1m"), forCategory: relation(j, "Friends"), since: day("2020-01-01"))
        let cy = try j.person("Cy")
        try j.editPerson(id: cy.id) { $0.relationID = try relation(j, "Friends") }
        #expect(try j.cadence(ofPerson: cy.id)?.since == LocalDate.today())
        // Setting the same cadence again keeps its first day.
        try j.setCadence(Cadence("1w"), forPerson: cy.id, since: day("2021-01-01"))
        try j.setCadence(Cadence("1w"), forPerson: cy.id, since: day("2022-01-01"))
        #expect(try j.cadence(ofPerson: cy.id)?.since == day("2021-01-01"))
        try j.setCadence(nil, forPerson: cy.id)
        let old = try j.person("Old", in: "Friends")
        #expect(try j.cadence(ofPerson: old.id)?.since == LocalDate.today())
        try j.editPerson(id: old.id) { $0.note = "no move" }
        #expect(try j.cadence(ofPerson: old.id)?.since == LocalDate.today())
        // Merging: the kept person's clock takes the other's events.
        let dup = try j.person("Cy again")
        try meet(j, [dup], on: "2020-06-01")
        try j.mergePeople(keeping: cy.id, removing: dup.id)
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: cy.id, asOf: day("2020-07-15"))?.lastSeen == day("2020-06-01"))
        try j.undoLast()
        try j.checkInvariants()
        #expect(try j.nextDue(ofPerson: cy.id, asOf: day("2020-07-15"))?.lastSeen == nil)
    }
}

extension CadenceTests {
    @Test("the JSON backup keeps cadences, join days and snoozes; a restore is due the same", arguments: JournalKind.allCases)
    func backupRoundTrip(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana", in: "Family")
        let bo = try j.person("Bo", in: "Friends/College")
        try j.setCadence(Cadence("2w"), forCategory: relation(j, "Family"), since: day("2026-01-01"))
        try j.setCadence(.never, forCategory: relation(j, "Friends"), since: day("2026-01-02"))
        try j.setCadence(Cadence("1y"), forPerson: bo.id, since: day("2026-01-03"))
        try meet(j, [ana, bo], on: "2026-03-01")
        try j.snooze(personID: ana.id, until: day("2026-04-01"), asOf: day("2026-03-20"))
        let first = try j.exportJSON()
        let fresh = try kind.make().journal
        _ = try fresh.importData(first.data, fileName: "backup.json", options: testOptions())
        try fresh.checkInvariants()
        #expect(try fresh.exportJSON().data == first.data)
        for (name, asOf) in [("Ana", "2026-03-25"), ("Bo", "2027-06-01")] {
            let before = try j.nextDue(ofPerson: j.resolvePersonID(name), asOf: day(asOf))
            let after = try fresh.nextDue(ofPerson: fresh.resolvePersonID(name), asOf: day(asOf))
            #expect(before?.dueDate == after?.dueDate && before?.snoozedUntil == after?.snoozedUntil && before?.cadence.since == after?.cadence.since)
        }
        #expect(try fresh.cadence(ofCategory: relation(fresh, "Friends")) == .never)
    }
}
