import Foundation
import GRDB
import Testing

@testable import Kith

/// Typed names are looked up through the folded names the journal stores (`name-keys`).
/// Names changed by something other than Kith (another tool, an older Kith) have no stored
/// key: they are still found, listed in order, and matched exactly as before.
@Suite("Stored name keys")
struct NameKeyTests {
    func storedKeys(_ j: Journal) throws -> [String?] {
        try j.dbQueue.read { db in try String?.fetchAll(db, sql: "SELECT nameKey FROM person ORDER BY id") }
    }

    @Test("adding and editing people keeps their stored keys", arguments: JournalKind.allCases)
    func keysFollowKithEdits(_ kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        let ana = try j.addPerson(PersonDraft(displayName: "  Ána   LIMA ", nicknames: ["Nina"]))
        #expect(try storedKeys(j) == ["ana lima"])
        try j.editPerson(id: ana.id) {
            $0.displayName = "Ana Souza"; $0.nicknames = ["Nini"]
        }
        #expect(try storedKeys(j) == ["ana souza"])
        #expect(try j.resolvePerson("ANA SOUZA").id == ana.id)
        #expect(try j.resolvePerson("nini").id == ana.id)
        // A change of case only keeps the same key.
        try j.editPerson(id: ana.id) { $0.displayName = "ana souza" }
        #expect(try storedKeys(j) == ["ana souza"])
    }

    @Test("a card imported again under a new name stores the new key", arguments: JournalKind.allCases)
    func keysFollowImports(_ kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        func card(_ fn: String, rev: String) -> Data {
            Data("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:1\r\nFN:\(fn)\r\nNICKNAME:Zé\r\nREV:\(rev)\r\nEND:VCARD\r\n".utf8)
        }
        _ = try j.importData(card("José Álvarez", rev: "20240101T000000Z"), fileName: "a.vcf")
        #expect(try storedKeys(j) == ["jose alvarez"])
        _ = try j.importData(card("José Álvarez Ruiz", rev: "20250101T000000Z"), fileName: "a.vcf")
        #expect(try storedKeys(j) == ["jose alvarez ruiz"])
        #expect(try j.resolvePerson("JOSE ALVAREZ RUIZ").displayName == "José Álvarez Ruiz")
        #expect(try j.resolvePerson("ze").displayName == "José Álvarez Ruiz")
    }

    @Test("people renamed or added outside Kith are still found and sorted", arguments: JournalKind.allCases)
    func namesWithoutKeys(_ kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        let ana = try j.addPerson(PersonDraft(displayName: "Ana Lima"))
        let ben = try j.addPerson(PersonDraft(displayName: "Ben Okafor"))
        try j.dbQueue.write { db in
            try db.execute(sql: "UPDATE person SET displayName = 'Benedikt Müller' WHERE id = ?", arguments: [ben.id])
            try db.execute(sql: "INSERT INTO person (uid, displayName, createdAt, updatedAt) VALUES ('outside-1', 'Zoë Adams', 0, 0)")
            try db.execute(sql: "INSERT INTO person (uid, displayName, createdAt, updatedAt) VALUES ('outside-2', 'Ánanda Rao', 0, 0)")
            try db.execute(sql: "INSERT INTO personNickname (personId, position, value) VALUES (?, 0, 'Benni')", arguments: [ben.id])
        }
        #expect(try storedKeys(j) == ["ana lima", nil, nil, nil])
        #expect(try j.resolvePerson("benedikt muller").id == ben.id)
        #expect(try j.resolvePerson("ZOE ADAMS").displayName == "Zoë Adams")
        #expect(try j.resolvePerson("benni").id == ben.id)
        #expect(try j.resolvePerson("Ben").id == ben.id)
        #expect(throws: JournalError.ambiguousPerson(name: "an", candidates: ["Ana Lima", "Ánanda Rao"])) {
            try j.resolvePerson("an")
        }
        #expect(try j.people().map(\.displayName) == ["Ana Lima", "Ánanda Rao", "Benedikt Müller", "Zoë Adams"])
        #expect(try j.resolvePerson("Ana Lima").id == ana.id)
        // Kith's next edit of the person stores the key again.
        try j.editPerson(id: ben.id) { $0.note = "met at the gym" }
        #expect(try storedKeys(j)[1] == "benedikt muller")
    }

    @Test("a name typed in another Unicode form finds the same person", arguments: JournalKind.allCases)
    func canonicallyEquivalentNames(_ kind: JournalKind) throws {
        let t = try kind.make()
        let j = t.journal
        // Hangul keeps its letters when folded: the stored key and the typed one must
        // compare equal in SQL whichever form each was written in.
        let kim = try j.addPerson(PersonDraft(displayName: "김민준"))
        let decomposed = "김민준".decomposedStringWithCanonicalMapping
        #expect(Array(decomposed.utf8) != Array("김민준".utf8))
        #expect(try j.resolvePerson(decomposed).id == kim.id)
        let other = try j.addPerson(PersonDraft(displayName: decomposed + " 2"))
        #expect(try j.resolvePerson("김민준 2").id == other.id)
    }

    @Test("many people: exact names resolve through the index, near ones still through the fallbacks")
    func manyPeople() throws {
        let j = try Journal.inMemory()
        var ids: [Int64] = []
        for i in 0..<300 {
            ids.append(try j.addPerson(PersonDraft(displayName: "Person \(i) Ñandú")).id)
        }
        #expect(try j.resolvePerson("person 123 nandu").id == ids[123])
        #expect(try j.resolvePerson("Person 29 Nandu").id == ids[29])
        #expect(try j.resolvePerson("person 299").id == ids[299])
        let names = try j.people().map(\.displayName)
        #expect(names == names.sorted { NameMatcher.fold($0) < NameMatcher.fold($1) })
        #expect(names.count == 300)
    }
}
