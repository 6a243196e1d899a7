import Foundation
import Testing

@testable import Kith

/// Issue 16: import never merges on a loose match, every card and event is reported,
/// places do not move, typed names win, contact details are checked and merges keep the
/// fuller value.
@Suite("People right: matching, reports, places, names, merges")
struct PeopleRightTests {
    static func card(_ name: String, _ lines: String...) -> String {
        "BEGIN:VCARD\nVERSION:3.0\nFN:\(name)\n" + lines.map { $0 + "\n" }.joined() + "END:VCARD\n"
    }

    @Test(
        "a card whose phone is the end of someone else's is a new person and a possible duplicate",
        arguments: JournalKind.allCases)
    func phoneSuffixIsANewPerson(kind: JournalKind) throws {
        let t = try kind.make(), j = t.journal
        let ana = try j.addPerson(PersonDraft(displayName: "Ana Lima", phones: [LabeledValue("+351 912 345 678")]))
        let r = try j.importText(Self.card("Rui Costa", "TEL:912 345 678"), name: "a.vcf")
        #expect(r.added.count == 1 && r.updated.isEmpty)
        let item = try #require(r.items.first)
        #expect(item.duplicateOf == ana.id)
        #expect(item.reason.contains("possible duplicate of Ana Lima (#\(ana.id)): phone 912 345 678 and theirs end alike"))
        #expect(r.possibleDuplicateCount == 1 && r.explained.map(\.name) == ["Rui Costa"])
        #expect(try j.person(id: ana.id).displayName == "Ana Lima")
        #expect(try j.people().count == 2)
        let pairs = try j.likelyDuplicates()
        #expect(pairs.map { [$0.first.id, $0.second.id] } == [[ana.id, try #require(item.id)]])
        #expect(pairs.first?.reasons == ["similar phone"])
    }

    @Test("the same name with the same number written otherwise is the same person; another name is not")
    func wholePhoneAndName() throws {
        let j = try Journal.inMemory()
        let ana = try j.addPerson(PersonDraft(displayName: "Ana Lima", phones: [LabeledValue("+351 912 345 678")]))
        let same = try j.importText(Self.card("ANA LIMA", "TEL:+351-912-345-678", "TITLE:Nurse"), name: "a.vcf")
        #expect(same.updated.map(\.id) == [ana.id])
        #expect(same.updated.first?.reason.hasPrefix("same phone") == true)
        let other = try j.importText(Self.card("Carla Lima", "TEL:+351 912 345 678"), name: "b.vcf")
        #expect(other.added.count == 1 && other.added.first?.duplicateOf == ana.id)
        #expect(other.added.first?.reason.contains("same phone +351 912 345 678, another name") == true)
        #expect(try j.person(id: ana.id).title == "Nurse")
        #expect(try j.likelyDuplicates().first?.reasons == ["same phone"])
    }

    @Test("a card's number that only ends like one the person has is kept beside it, not dropped")
    func suffixPhoneKeptOnUpdate() throws {
        let j = try Journal.inMemory()
        let ana = try j.addPerson(
            PersonDraft(
                displayName: "Ana Lima", emails: [LabeledValue("ana@example.org")],
                phones: [LabeledValue("+49 151 23456789")]))
        let r = try j.importText(Self.card("Ana Lima", "EMAIL:ana@example.org", "TEL:0151 23456789", "TEL:+49-151-2345-6789"), name: "a.vcf")
        #expect(r.updated.map(\.id) == [ana.id])
        #expect(try j.person(id: ana.id).phones.map(\.value) == ["+49 151 23456789", "0151 23456789"])
    }

    @Test("a shared UID still makes a card that person, whatever its name")
    func uidWins() throws {
        let j = try Journal.inMemory()
        try j.importText(Self.card("Ana Lima", "UID:u-1", "EMAIL:ana@example.org"), name: "a.vcf")
        let r = try j.importText(Self.card("Ana Lima-Souza", "UID:u-1", "EMAIL:ana@example.org"), name: "a.vcf")
        #expect(r.updated.count == 1 && r.added.isEmpty)
        #expect(try j.people().map(\.displayName) == ["Ana Lima-Souza"])
    }

    // MARK: Reports

    @Test("without details, the report still keeps why for the first 20 updated or skipped, and counts the rest")
    func explainedWithoutDetails() throws {
        let j = try Journal.inMemory()
        let cards = (0..<25).map { Self.card("P\($0)", "UID:p-\($0)", "REV:20260101T000000Z") }.joined()
        try j.importText(cards, name: "p.vcf")
        var options = testOptions()
        options.keepsDetails = false
        // The same file again: unchanged; with other notes under the same REV: skipped.
        let same = try j.importText(cards, name: "p.vcf", options: options)
        #expect(same.count(.unchanged) == 25 && same.explainedCount == 0 && same.explained.isEmpty)
        let again = try j.importText(cards.replacingOccurrences(of: "REV:", with: "NOTE:new\nREV:"), name: "p.vcf", options: options)
        #expect(again.items.isEmpty)
        #expect(again.count(.skipped) == 25 && again.explainedCount == 25 && again.explained.count == ImportReport.explainedLimit)
        #expect(again.explained.first?.reason == "same UID; the card's REV is not newer than the last import")
        let changed = cards.replacingOccurrences(of: "REV:20260101T000000Z", with: "REV:20260201T000000Z")
        let third = try j.importText(changed, name: "p.vcf", options: options)
        #expect(third.count(.updated) == 25 && third.explained.first?.reason == "same UID; REV updated")
        let fourth = try j.importText(changed, name: "p.vcf", options: options)
        #expect(fourth.count(.unchanged) == 25 && fourth.explainedCount == 0)
    }

    @Test("a task, a journal entry, a recurring event with no occurrence in range and a cancelled one are reported as skipped")
    func calendarItemsAllShowUp() throws {
        let j = try Journal.inMemory()
        let ics = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//t//t//EN
            BEGIN:VEVENT
            UID:e1
            DTSTAMP:20260101T000000Z
            DTSTART:20260110T100000Z
            SUMMARY:Lunch
            END:VEVENT
            BEGIN:VTODO
            UID:t1
            DTSTAMP:20260101T000000Z
            SUMMARY:Call Ana
            END:VTODO
            BEGIN:VJOURNAL
            UID:j1
            DTSTAMP:20260101T000000Z
            SUMMARY:Thoughts
            END:VJOURNAL
            BEGIN:VEVENT
            UID:r1
            DTSTAMP:20260101T000000Z
            DTSTART:20300105T100000Z
            RRULE:FREQ=WEEKLY;COUNT=3
            SUMMARY:Future club
            END:VEVENT
            BEGIN:VEVENT
            UID:w1
            DTSTAMP:20260101T000000Z
            DTSTART:20260105T100000Z
            RRULE:FREQ=WEEKLY;COUNT=2
            SUMMARY:Weekly
            END:VEVENT
            BEGIN:VEVENT
            UID:w1
            DTSTAMP:20260101T000000Z
            RECURRENCE-ID:20260112T100000Z
            DTSTART:20260112T100000Z
            STATUS:CANCELLED
            SUMMARY:Weekly
            END:VEVENT
            END:VCALENDAR

            """
        let r = try j.importText(ics, name: "c.ics")
        #expect(r.count(.added) == 2 && r.count(.skipped) == 4)
        #expect(r.skipped.map(\.name) == ["Call Ana", "Thoughts", "Future club", "Weekly"])
        #expect(r.skipped[3].reason == "a cancelled occurrence (2026-01-12T10:00:00Z) of a recurring event")
        #expect(r.skipped[0].reason == "a task (VTODO), not an event")
        #expect(r.skipped[2].reason.hasPrefix("a recurring event with no occurrence up to 2026-11-22"))
    }

    @Test("an event re-imported with a change the user's own edit outweighs is skipped, with why")
    func userEditOutweighs() throws {
        let j = try Journal.inMemory()
        let ics = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:e1\nDTSTART:20260110T100000Z\nSUMMARY:Lunch\nEND:VEVENT\nEND:VCALENDAR\n"
        try j.importText(ics, name: "c.ics")
        let e = try #require(try j.event(uid: "e1"))
        try j.editEvent(id: e.id) { $0.title = "Lunch with Ana" }
        let same = try j.importText(ics, name: "c.ics")
        #expect(same.count(.unchanged) == 1)
        let changed = try j.importText(ics.replacingOccurrences(of: "SUMMARY:Lunch", with: "SUMMARY:Team lunch"), name: "c.ics")
        #expect(changed.count(.skipped) == 1 && changed.skipped.first?.reason == "same UID; kept your edits to: title")
        #expect(try j.event(uid: "e1")?.title == "Lunch with Ana")
    }

    // MARK: Places

    @Test(
        "logging at a known place with other coordinates moves no earlier event; editing the place does, and counts them",
        arguments: JournalKind.allCases)
    func placesStayPut(kind: JournalKind) throws {
        let t = try kind.make(), j = t.journal
        let start = instant(2026, 11, 20, 10, 0, "Asia/Taipei")
        let first = try j.logEvent(
            EventDraft(
                title: "Coffee", start: start, timeZone: "Asia/Taipei",
                place: PlaceDraft(name: "Blue Bottle", latitude: 25.033, longitude: 121.5654)))
        let second = try j.logEvent(
            EventDraft(
                title: "Tea", start: start.addingTimeInterval(3600), timeZone: "Asia/Taipei",
                place: PlaceDraft(name: "blue bottle", address: "Xinyi Rd", latitude: 48.85, longitude: 2.35)))
        #expect(try j.event(id: first.id).place?.latitude == 25.033)
        #expect(second.place?.id == first.place?.id && second.place?.longitude == 121.5654)
        // What it lacked is filled in.
        #expect(try j.place(named: "Blue Bottle")?.address == "Xinyi Rd")
        let summaries = try j.placeSummaries()
        #expect(summaries.map(\.place.name) == ["Blue Bottle"] && summaries.map(\.eventCount) == [2])

        let (moved, count) = try j.editPlace(named: "BLUE BOTTLE", newName: "Blue Bottle Xinyi", coordinates: (25.04, 121.56))
        #expect(count == 2 && moved.name == "Blue Bottle Xinyi")
        #expect(try j.event(id: first.id).place?.latitude == 25.04)
        #expect(try j.event(id: second.id).place?.name == "Blue Bottle Xinyi")
        try j.logEvent(EventDraft(title: "Other", start: start, timeZone: "Asia/Taipei", place: PlaceDraft(name: "Home")))
        #expect(throws: JournalError.self) { try j.editPlace(named: "Home", newName: "blue bottle xinyi") }
        #expect(throws: JournalError.self) { try j.editPlace(named: "Nowhere", address: "x") }
        #expect(try j.editPlace(named: "Home", address: "Main St 1").eventCount == 1)
        try j.checkInvariants()
    }

    // MARK: Names

    @Test("a name typed exactly wins over names that fold alike, prefixes and close matches")
    func exactlyTypedNameWins() throws {
        let j = try Journal.inMemory()
        let upper = try j.person("Ana Lima")
        let lower = try j.person("ana lima")
        let accent = try j.person("Ána Lima")
        try j.person("Ana Limas")
        #expect(try j.resolvePersonID("Ana Lima") == upper.id)
        #expect(try j.resolvePersonID("ana lima") == lower.id)
        #expect(try j.resolvePersonID("Ána Lima") == accent.id)
        #expect(throws: JournalError.self) { try j.resolvePersonID("ANA LIMA") }
        #expect(try j.personIDs(named: "ANA  lima") == [upper.id, lower.id, accent.id])
        #expect(try j.personIDs(named: "Ana") == [])
        let nick1 = try j.person("Benjamin", nicknames: ["Ben"])
        try j.person("Benedict", nicknames: ["ben"])
        #expect(try j.resolvePersonID("Ben") == nick1.id)
    }

    // MARK: Contact details

    @Test(
        "malformed e-mails and phones are told apart from good ones",
        arguments: [
            ("ana@example.org", true), ("ana.lima+x@mail.example.co.uk", true), ("ana@gmail", false), ("ana.example.org", false),
            ("ana@@example.org", false), ("ana @example.org", false), ("@example.org", false), ("ana@example..org", false),
        ])
    func emails(email: String, good: Bool) {
        #expect((ContactCheck.emailProblem(email) == nil) == good, "\(email)")
    }

    @Test(
        "phone numbers",
        arguments: [
            ("+351 912 345 678", true), ("(02) 1234-5678", true), ("0151/2345678", true), ("+1 555 0100 x12", true), ("112", true),
            ("12", false), ("call me", false), ("555-CALL-NOW", false), ("1234567890123456", false), ("91+2345", false),
        ])
    func phones(phone: String, good: Bool) {
        #expect((ContactCheck.phoneProblem(phone) == nil) == good, "\(phone)")
    }

    @Test("a draft loses an e-mail, a phone or a nickname, compared as a person would")
    func removals() {
        var d = PersonDraft(
            displayName: "Ana", nicknames: ["Aninha", "Nana"], emails: [LabeledValue("Ana@Example.org")],
            phones: [LabeledValue("+351 912 345 678"), LabeledValue("912 345 678")])
        let email = d.removeEmail("ana@example.ORG")
        #expect(email && d.emails.isEmpty)
        let phone = d.removePhone("+351912345678")
        #expect(phone && d.phones.map(\.value) == ["912 345 678"])
        let suffix = d.removePhone("345 678")
        #expect(!suffix)
        let nick = d.removeNickname("aninha")
        #expect(nick && d.nicknames == ["Nana"])
        let name = d.removeNickname("Ana")
        #expect(!name)
    }

    // MARK: Merges

    @Test("a merge keeps the fuller value of each field", arguments: JournalKind.allCases)
    func mergeKeepsFuller(kind: JournalKind) throws {
        let t = try kind.make(), j = t.journal
        let a = try j.addPerson(
            PersonDraft(
                displayName: "Ana", birthday: PartialDate("--04-12"), phones: [LabeledValue("+351 912 345 678")],
                organization: "Acme", title: "Nurse"))
        let b = try j.addPerson(
            PersonDraft(
                displayName: "Ana Lima", name: PersonName(family: "Lima", given: "Ana"),
                birthday: PartialDate("1990-04-12"), anniversary: PartialDate("2015-06-01"),
                phones: [LabeledValue("+351912345678", label: "cell"), LabeledValue("+44 7700 900123")],
                organization: "Acme Health", title: "Head nurse"))
        let m = try j.mergePeople(keeping: a.id, removing: b.id)
        #expect(m.id == a.id)
        #expect(m.displayName == "Ana Lima" && m.nicknames == ["Ana"])
        #expect(m.birthday == PartialDate("1990-04-12") && m.anniversary == PartialDate("2015-06-01"))
        #expect(m.organization == "Acme Health" && m.title == "Head nurse")
        #expect(m.name.family == "Lima" && m.name.given == "Ana")
        #expect(m.phones.map(\.value) == ["+351 912 345 678", "+44 7700 900123"] && m.phones.first?.label == "cell")
        #expect(try j.resolvePersonID("Ana") == a.id && j.resolvePersonID("Ana Lima") == a.id)
        // A year the kept person has is not replaced by another day.
        let c = try j.addPerson(PersonDraft(displayName: "Cleo", birthday: PartialDate("1980-01-02")))
        let d = try j.addPerson(PersonDraft(displayName: "Cleo B", birthday: PartialDate("1981-03-04")))
        #expect(try j.mergePeople(keeping: c.id, removing: d.id).birthday == PartialDate("1980-01-02"))
        try j.checkInvariants()
    }
}
