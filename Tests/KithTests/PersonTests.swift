import Foundation
import Testing

@testable import Kith

@Suite("People")
struct PersonTests {
    @Test("a person keeps every contact field, and edits change only what they touch", arguments: JournalKind.allCases)
    func fields(kind: JournalKind) throws {
        let j = try kind.make().journal
        var d = PersonDraft(
            displayName: "Ana Lima", name: PersonName(family: "Lima", given: "Ana"), nicknames: ["Aninha"],
            birthday: PartialDate("--04-12"), anniversary: PartialDate("2015-06-20"),
            emails: [LabeledValue("ana@example.org", label: "home"), LabeledValue("ana@work.example", label: "work")],
            phones: [LabeledValue("+351 912 345 678", label: "cell")],
            addresses: [PostalAddress(label: "home", street: "Rua A 1", locality: "Lisboa", country: "Portugal")],
            organization: "Acme", title: "Engineer", urls: [LabeledValue("https://ana.example")], note: "Met at uni")
        d.relationID = try j.category(kind: .relation, path: "Friends/College").id
        d.vcardLines = ["X-CUSTOM;TYPE=foo:bar", "IMPP:xmpp:ana@example.org"]
        let p = try j.addPerson(d)
        #expect(!p.uid.isEmpty)
        #expect(p.birthday?.description == "--04-12")
        #expect(p.birthday?.year == nil)
        #expect(p.anniversary?.year == 2015)
        #expect(p.emails.map(\.value) == ["ana@example.org", "ana@work.example"])
        #expect(p.addresses.first?.locality == "Lisboa")
        #expect(p.vcardLines == d.vcardLines)
        #expect(p.relation?.path == "Friends/College")
        let edited = try j.editPerson(id: p.id) {
            $0.title = "Lead"; $0.phones.append(LabeledValue("+1 555", label: "work"))
        }
        #expect(edited.title == "Lead")
        #expect(edited.phones.count == 2)
        #expect(edited.emails == p.emails)
        #expect(edited.uid == p.uid)
        #expect(try j.person(uid: p.uid)?.id == p.id)
        #expect(throws: JournalError.duplicatePersonUID(p.uid)) { try j.addPerson(PersonDraft(displayName: "Other", uid: p.uid)) }
        #expect(throws: JournalError.self) { try j.addPerson(PersonDraft(displayName: "  ")) }
        #expect(throws: JournalError.self) {
            try j.addPerson(PersonDraft(displayName: "X", relationID: try j.type("Chat")))
        }
    }

    @Test("a person added without a UID gets a random version-4 UUID, as other tools write them")
    func newUIDsAreVersion4UUIDs() throws {
        let j = try Journal.inMemory()
        var seen: Set<String> = []
        for k in 0..<500 {
            let uid = try j.addPerson(PersonDraft(displayName: "Person \(k)")).uid
            let parsed = try #require(UUID(uuidString: uid), "\(uid)")
            #expect(parsed.uuidString == uid)  // uppercase, with its hyphens
            let chars = Array(uid)
            #expect(chars[14] == "4" && "89AB".contains(chars[19]), "\(uid)")
            seen.insert(uid)
        }
        #expect(seen.count == 500)
    }

    @Test("names resolve by exact name, nickname, unique prefix, close match", arguments: JournalKind.allCases)
    func resolution(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana Lima", nicknames: ["Nina"])
        let anabel = try j.person("Anabel Souza")
        let ben = try j.person("Benedikt Müller")
        let jose = try j.person("José Álvarez")
        #expect(try j.resolvePerson("ana lima").id == ana.id)
        #expect(try j.resolvePerson("NINA").id == ana.id)
        #expect(try j.resolvePerson("Bene").id == ben.id)
        #expect(try j.resolvePerson("muller").id == ben.id)
        #expect(try j.resolvePerson("jose").id == jose.id)
        #expect(try j.resolvePerson("Anabl Souza").id == anabel.id)
        #expect(try j.resolvePerson("Benedickt Mueller").id == ben.id)
        #expect(throws: JournalError.ambiguousPerson(name: "Ana", candidates: ["Ana Lima", "Anabel Souza"])) {
            try j.resolvePerson("Ana")
        }
        #expect {
            try j.resolvePerson("Zed")
        } throws: { error in
            guard case JournalError.unknownPerson(let name, _) = error else { return false }
            return name == "Zed" && "\(error)".contains("Zed")
        }
        #expect {
            try j.resolvePerson("Benediktus Mullerson")
        } throws: { error in
            guard case JournalError.unknownPerson(_, let suggestions) = error else { return false }
            return suggestions.contains("Benedikt Müller")
        }
    }

    @Test("people list filters by category subtree and sorts by last seen", arguments: JournalKind.allCases)
    func listAndSort(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana", in: "Friends/College")
        let ben = try j.person("Ben", in: "Friends")
        let cleo = try j.person("Cleo", in: "Family/Parents")
        _ = try j.person("Dan", in: "Friends/Close")
        try j.logEvent(EventDraft(title: "x", start: instant(2026, 1, 10, 10, 0, "UTC"), timeZone: "UTC", personIDs: [ana.id]))
        try j.logEvent(EventDraft(title: "y", start: instant(2025, 6, 10, 10, 0, "UTC"), timeZone: "UTC", personIDs: [ben.id]))
        try j.logEvent(EventDraft(title: "z", start: instant(2026, 2, 10, 10, 0, "UTC"), timeZone: "UTC", personIDs: [cleo.id]))
        let friends = try j.category(kind: .relation, path: "Friends").id
        #expect(try j.people(in: friends).map(\.displayName) == ["Ana", "Ben", "Dan"])
        let bySeen = try j.people(sort: .lastSeen, asOf: day("2026-03-01"))
        #expect(bySeen.map(\.displayName) == ["Dan", "Ben", "Ana", "Cleo"])
        #expect(bySeen[1].lastSeen == day("2025-06-10"))
        #expect(try j.people(sort: .lastSeen, asOf: day("2026-01-31")).first { $0.id == cleo.id }?.lastSeen == nil)
    }

    @Test("removing a person keeps their events, with the other people", arguments: JournalKind.allCases)
    func removeDetaches(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben")
        let e = try j.logEvent(
            EventDraft(
                title: "Dinner", start: instant(2026, 4, 4, 20, 0, "UTC"), timeZone: "UTC",
                personIDs: [ana.id, ben.id],
                traits: [
                    TraitDraft(path: "Interests", text: "jazz", personID: ben.id),
                    TraitDraft(path: "Interests", text: "tea", personID: ana.id),
                ]))
        let solo = try j.logEvent(EventDraft(title: "Call", start: instant(2026, 4, 5, 20, 0, "UTC"), timeZone: "UTC", personIDs: [ana.id]))
        try j.removePerson(id: ana.id)
        try j.checkInvariants()
        #expect(try j.event(id: e.id).people.map(\.displayName) == ["Ben"])
        #expect(try j.event(id: solo.id).people.isEmpty)
        #expect(try j.traits(search: "jazz").map(\.person.displayName) == ["Ben"])
        #expect(try j.traits(search: "tea").isEmpty)
        #expect(try j.month(year: 2026, month: 4).first?.personIDs == [ben.id])
        #expect(throws: JournalError.personNotFound(id: ana.id)) { try j.person(id: ana.id) }
    }

    @Test("merging two people moves events, traits, details and photo; the index stays right", arguments: JournalKind.allCases)
    func merge(kind: JournalKind) throws {
        let j = try kind.make().journal
        let photo = try j.storePhoto(pngBytes, name: "ana.png")
        let a = try j.addPerson(PersonDraft(displayName: "Ana Lima", emails: [LabeledValue("ana@example.org")]))
        let b = try j.addPerson(
            PersonDraft(
                displayName: "Ana L.", birthday: PartialDate("1990-04-12"),
                emails: [LabeledValue("ANA@example.org"), LabeledValue("ana@work.example")],
                photoHash: photo.hash))
        let ben = try j.person("Ben")
        let shared = try j.logEvent(
            EventDraft(
                title: "Both", start: instant(2026, 5, 5, 10, 0, "UTC"), timeZone: "UTC",
                personIDs: [a.id, b.id, ben.id]))
        try j.logEvent(
            EventDraft(
                title: "Only B", start: instant(2026, 5, 6, 10, 0, "UTC"), timeZone: "UTC", personIDs: [b.id],
                traits: [TraitDraft(path: "Interests/Climbing", text: "bouldering")]))
        let merged = try j.mergePeople(keeping: a.id, removing: b.id)
        try j.checkInvariants()
        #expect(merged.emails.map(\.value) == ["ana@example.org", "ana@work.example"])
        #expect(merged.nicknames == ["Ana L."])
        #expect(merged.birthday == PartialDate("1990-04-12"))
        #expect(merged.photoHash == photo.hash)
        #expect(try j.event(id: shared.id).people.map(\.id) == [a.id, ben.id])
        let page = try j.personPage(id: a.id, asOf: day("2026-05-31"))
        #expect(page.events.map(\.title) == ["Only B", "Both"])
        #expect(page.traits.first?.traits.first?.text == "bouldering")
        #expect(try j.month(year: 2026, month: 5).map(\.personIDs) == [[a.id, ben.id], [a.id]])
        #expect(throws: JournalError.mergeWithSelf) { try j.mergePeople(keeping: a.id, removing: a.id) }
        // Removing the person removes their photo, which nothing else uses.
        try j.removePerson(id: a.id)
        #expect(throws: JournalError.photoNotFound(hash: photo.hash)) { try j.photo(hash: photo.hash) }
        try j.checkInvariants()
    }
}

@Suite("People: matching and duplicates")
struct PersonMatchingTests {
    @Test(
        "people are found by email and by phone digits; likely duplicates are listed once with reasons",
        arguments: JournalKind.allCases)
    func matching(kind: JournalKind) throws {
        let j = try kind.make().journal
        let a = try j.addPerson(
            PersonDraft(
                displayName: "Ana Lima", birthday: PartialDate("1990-04-12"),
                emails: [LabeledValue("Ana@Example.org")], phones: [LabeledValue("+351 912-345-678")]))
        let b = try j.addPerson(PersonDraft(displayName: "ana lima"))
        let c = try j.addPerson(
            PersonDraft(
                displayName: "Ana Lyma", birthday: PartialDate("1990-04-12"),
                phones: [LabeledValue("351912345678")]))
        let d = try j.addPerson(PersonDraft(displayName: "Ben", emails: [LabeledValue("ana@example.org")]))
        _ = try j.person("Cleo")
        #expect(try j.personIDs(email: "ANA@example.org") == [a.id, d.id])
        #expect(try j.personIDs(phone: "(351) 912 345 678") == [a.id, c.id])
        #expect(try j.personIDs(phone: "12") == [])
        let pairs = try j.likelyDuplicates()
        #expect(pairs.map { [$0.first.id, $0.second.id] } == [[a.id, b.id], [a.id, c.id], [a.id, d.id]])
        #expect(pairs[0].reasons == ["same name"])
        #expect(Set(pairs[1].reasons) == ["similar name and same birthday", "same phone"])
        #expect(pairs[2].reasons == ["same email"])
    }
}
