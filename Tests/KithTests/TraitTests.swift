import Foundation
import GRDB
import Testing

@testable import Kith

/// Traits are about one person (issue 16): added without an event, edited, removed, moved
/// only within their event, kept as they were in older journals and backups.
@Suite("Traits")
struct TraitTests {
    @Test("a trait is added without an event, edited and removed by its id", arguments: JournalKind.allCases)
    func addEditRemove(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana Lima"), ben = try j.person("Ben")
        let added = try j.addTrait(personID: ana.id, path: "Interests/Chess", text: "  plays on Sundays ")
        #expect(added.text == "plays on Sundays")
        #expect(added.category.path == "Interests/Chess")
        #expect(added.source == nil && added.person.id == ana.id)
        #expect(try j.personPage(id: ana.id).traits.flatMap(\.traits).map(\.id) == [added.id])
        #expect(try j.traits(search: "sundays").first?.traits.map(\.id) == [added.id])

        let edited = try j.editTrait(id: added.id, text: "plays on Saturdays", path: "Interests")
        #expect(edited.id == added.id && edited.text == "plays on Saturdays" && edited.category.path == "Interests")
        let moved = try j.editTrait(id: added.id, personID: ben.id)
        #expect(moved.person.id == ben.id && moved.text == "plays on Saturdays")
        #expect(try j.personPage(id: ana.id).traits.isEmpty)
        #expect(try j.personPage(id: ben.id).traits.flatMap(\.traits).map(\.text) == ["plays on Saturdays"])

        #expect(throws: JournalError.invalidValue(field: "trait", reason: "its text is empty")) {
            try j.editTrait(id: added.id, text: "  ")
        }
        #expect(throws: JournalError.self) { try j.addTrait(personID: ana.id, path: "Hobbiez", text: "x") }
        #expect(throws: JournalError.personNotFound(id: 999)) { try j.addTrait(personID: 999, path: "Interests", text: "x") }

        let removed = try j.removeTrait(id: added.id)
        #expect(removed.text == "plays on Saturdays")
        #expect(try j.traits().isEmpty)
        #expect(throws: JournalError.traitNotFound(id: added.id)) { try j.removeTrait(id: added.id) }
        #expect(throws: JournalError.traitNotFound(id: added.id)) { try j.editTrait(id: added.id, text: "x") }
        try j.checkInvariants()
    }

    @Test("a trait of an event moves only to someone else who was there", arguments: JournalKind.allCases)
    func editWithinEvent(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana Lima"), ben = try j.person("Ben"), cleo = try j.person("Cleo")
        let e = try j.logEvent(
            EventDraft(
                title: "Board games", start: instant(2026, 3, 3, 20, 0, "UTC"), timeZone: "UTC",
                personIDs: [ana.id, ben.id],
                traits: [TraitDraft(path: "Features", text: "wears red glasses", personID: ana.id)]))
        let id = try #require(e.traits.first?.id)
        #expect(throws: JournalError.traitPersonNotInEvent(text: "wears red glasses", person: "Cleo", people: ["Ana Lima", "Ben"])) {
            try j.editTrait(id: id, personID: cleo.id)
        }
        let moved = try j.editTrait(id: id, personID: ben.id)
        #expect(moved.source?.id == e.id && moved.person.id == ben.id)
        #expect(try j.event(id: e.id).traits.map(\.person?.displayName) == ["Ben"])
        try j.checkInvariants()
        // Removing one trait of an event leaves the event and its other traits.
        try j.editEvent(id: e.id) { $0.traits.append(TraitDraft(path: "Interests", text: "go", personID: ana.id)) }
        try j.removeTrait(id: id)
        #expect(try j.event(id: e.id).traits.map(\.text) == ["go"])
        try j.checkInvariants()
    }

    @Test("an event's people are matched by exact name, nickname, prefix, then close match", arguments: JournalKind.allCases)
    func matchAmongPeople(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana Lima", nicknames: ["Annie"]), anabel = try j.person("Anabel Ruiz"), chen = try j.person("Chen")
        let outsider = try j.person("Zoe")
        let people = [ana.id, anabel.id, chen.id]
        func match(_ typed: String) throws -> String {
            try j.matchPerson(typed, among: people).map { "\($0.id) \($0.exact ? "exact" : "loose")" } ?? "none"
        }
        #expect(try match("ana lima") == "\(ana.id) exact")
        #expect(try match("Annie") == "\(ana.id) exact")
        #expect(try match("Lima") == "\(ana.id) loose")
        #expect(try match("Che") == "\(chen.id) loose")
        #expect(try match("Anabell Ruiz") == "\(anabel.id) loose")
        #expect(try match("Zoe") == "none")
        #expect(try match("Interests") == "none")
        #expect(throws: JournalError.ambiguousPerson(name: "Ana", candidates: ["Ana Lima", "Anabel Ruiz"])) {
            try j.matchPerson("Ana", among: people)
        }
        _ = outsider
    }

    @Test("a journal from before keeps every trait row: one per person, with ids, through edits")
    func oldJournalKeepsTraits() throws {
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/journal-v1", withExtension: "sqlite"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-traits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        let rowsBefore = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT id, personId, categoryId, text, eventId, position, createdAt FROM trait ORDER BY id")
        }
        #expect(rowsBefore.count == 3)
        let j = try Journal(path: path)
        let rows = {
            try j.dbQueue.read { db in
                try Row.fetchAll(db, sql: "SELECT id, personId, categoryId, text, eventId, position, createdAt FROM trait ORDER BY id")
            }
        }
        #expect(try rows() == rowsBefore)
        try j.checkInvariants()
        // The coffee event had its trait written for both of its people: it shows both rows.
        let coffee = try #require(try j.events(EventFilter(search: "Coffee")).first)
        #expect(coffee.traits.map(\.text) == ["started bouldering", "started bouldering"])
        #expect(Set(coffee.traits.compactMap(\.person?.displayName)) == ["Ana Lima", "Ben Okafor"])
        // Editing the event leaves them as they are.
        try j.editEvent(id: coffee.id) { $0.title = "Coffee and a longer walk" }
        #expect(try rows() == rowsBefore)
        try j.checkInvariants()
        // Each row can now be edited or removed alone.
        let ben = try j.resolvePerson("Ben")
        let bens = try #require(coffee.traits.first { $0.person?.id == ben.id })
        try j.removeTrait(id: bens.id)
        #expect(try j.personPage(id: ben.id).traits.flatMap(\.traits).map(\.text) == ["No coffee after 3pm"])
        #expect(try j.personPage(id: try j.resolvePerson("Ana").id).traits.flatMap(\.traits).map(\.text) == ["started bouldering"])
    }

    @Test("a JSON backup keeps whom each trait is about; an older backup without it gives the trait to each person")
    func backupKeepsPerson() throws {
        let j = try Journal.inMemory()
        let ana = try j.person("Ana Lima"), ben = try j.person("Ben")
        try j.logEvent(
            EventDraft(
                title: "Hike", start: instant(2026, 4, 4, 9, 0, "UTC"), timeZone: "UTC", personIDs: [ana.id, ben.id],
                traits: [TraitDraft(path: "Interests/Hiking", text: "likes long trails", personID: ben.id)]))
        let data = try j.exportJSON().data
        let fresh = try Journal.inMemory()
        _ = try fresh.importData(data, fileName: "backup.json")
        #expect(try fresh.traits(search: "trails").map(\.person.displayName) == ["Ben"])
        #expect(try fresh.exportJSON().data == data)
        // The same document as an older Kith wrote it: no "person" on event traits.
        var doc = try JSONDecoder().decode(JournalDocument.self, from: data)
        for i in doc.events.indices { for k in doc.events[i].traits.indices { doc.events[i].traits[k].person = nil } }
        let old = try Journal.inMemory()
        _ = try old.importData(try JSONEncoder().encode(doc), fileName: "old-backup.json")
        #expect(try old.traits(search: "trails").map(\.person.displayName) == ["Ana Lima", "Ben"])
        try old.checkInvariants()
    }
}
