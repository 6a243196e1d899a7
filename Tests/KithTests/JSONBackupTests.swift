import Foundation
import Testing

@testable import Kith

@Suite("JSON backup")
struct JSONBackupTests {
    /// A journal with every sample, a renamed and recoloured category, a removed default,
    /// an event with mood, photo and traits, and a trait not tied to an event.
    func richJournal() throws -> Journal {
        let j = try Journal.inMemory()
        for f in ImportTests.contactFiles + ["catching-up.ics"] { try j.importSample(f) }
        let close = try j.category(kind: .relation, path: "Friends/Close")
        try j.editCategory(id: close.id, CategoryChanges(name: "Inner circle", color: "#123456"))
        try j.removeCategory(id: try j.category(kind: .eventType, path: "Message").id)
        let ana = try j.resolvePerson("Ana Lima"), ben = try j.resolvePerson("Ben Okafor")
        let photo = try j.storePhoto(pngBytes, name: "x.png")
        var d = EventDraft(
            title: "Hike", start: Date(timeIntervalSince1970: 1_790_000_000), timeZone: "Europe/Lisbon",
            end: Date(timeIntervalSince1970: 1_790_007_200))
        d.personIDs = [ana.id, ben.id]
        d.moodID = try j.category(kind: .mood, path: "great").id
        d.place = PlaceDraft(name: "Sintra", address: "Portugal", latitude: 38.8, longitude: -9.39)
        d.photoHashes = [photo.hash]
        d.traits = [TraitDraft(path: "Interests/Hiking", text: "likes long trails", personID: ben.id)]
        d.note = "Windy."
        try j.logEvent(d)
        return j
    }

    @Test("export json, import into an empty journal, export json: the same document")
    func roundTrip() throws {
        let j = try richJournal()
        let first = try j.exportJSON()
        let fresh = try Journal.inMemory()
        let r = try fresh.importData(first.data, fileName: "backup.json", options: testOptions())
        #expect(r.format == "Kith JSON")
        #expect(r.failures.isEmpty && r.added.count == 11 + 8)
        let second = try fresh.exportJSON()
        #expect(String(decoding: second.data, as: UTF8.self) == String(decoding: first.data, as: UTF8.self))
        try fresh.checkInvariants()
        #expect(try fresh.category(kind: .relation, path: "Friends/Inner circle").color == "#123456")
    }

    @Test("importing a backup into the journal it came from adds nothing")
    func intoSameJournal() throws {
        let j = try richJournal()
        let data = try j.exportJSON().data
        let r = try j.importData(data, fileName: "backup.json", options: testOptions())
        #expect(r.added.isEmpty && r.skipped.count == 19)
        #expect(try j.exportJSON().data == data)
    }

    @Test("a JSON file that is no journal document is refused")
    func notADocument() throws {
        let j = try Journal.inMemory()
        #expect {
            try j.importText("{\"hello\": 1}", name: "x.json")
        } throws: { error in
            (error as? Journal.ImportError)?.reason.contains("not a Kith journal document") == true
        }
    }
}
