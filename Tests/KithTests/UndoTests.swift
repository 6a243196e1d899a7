import Foundation
import GRDB
import Testing

@testable import Kith

/// Ids are never given twice, and removes, merges and edits can be undone, leaving the
/// journal (its JSON export, its ids, its day index) as it was before them.
@Suite("Undo and lasting ids")
struct UndoTests {
    /// A journal with two people, two events on the same day (with a place, a mood, a photo
    /// and a trait), and one more on another day.
    func sample(_ kind: JournalKind) throws -> TestJournal {
        let t = try kind.make()
        let j = t.journal
        let ana = try j.addPerson(
            PersonDraft(
                displayName: "Ana Lima", nicknames: ["Annie"], emails: [LabeledValue("ana@example.com", label: "home")],
                relationID: try j.category(kind: .relation, path: "Friends/College").id))
        let ben = try j.person("Ben Okafor", in: "Friends")
        let photo = try j.storePhoto(pngBytes, name: "walk.png")
        try j.logEvent(
            EventDraft(
                title: "Coffee", start: instant(2026, 11, 20, 15, 30, "Asia/Taipei"), timeZone: "Asia/Taipei",
                end: instant(2026, 11, 20, 17, 0, "Asia/Taipei"), typeID: try j.type("Chat"), moodID: try j.mood("good"),
                place: PlaceDraft(name: "Blue Bottle", latitude: 25.033, longitude: 121.5654),
                personIDs: [ana.id, ben.id], note: "long walk", photoHashes: [photo.hash],
                traits: [TraitDraft(path: "Interests/Climbing", text: "bouldering", personID: ana.id)]))
        try j.logEvent(
            EventDraft(
                title: "Dinner", start: instant(2026, 11, 20, 19, 0, "Asia/Taipei"), timeZone: "Asia/Taipei",
                moodID: try j.mood("great"), personIDs: [ben.id]))
        try j.logEvent(
            EventDraft(
                title: "Call", start: instant(2026, 11, 22, 9, 0, "Asia/Taipei"), timeZone: "Asia/Taipei",
                moodID: try j.mood("bad"), personIDs: [ana.id]))
        return t
    }

    func json(_ j: Journal) throws -> Data { try j.exportJSON().data }

    /// Every id of the tables users see, to show an undo gives the same ids back.
    func ids(_ j: Journal) throws -> [String: [Int64]] {
        try j.dbQueue.read { db in
            var out: [String: [Int64]] = [:]
            for table in ["category", "person", "place", "event", "trait"] {
                out[table] = try Int64.fetchAll(db, sql: "SELECT id FROM \(table) ORDER BY id")
            }
            return out
        }
    }

    func sound(_ j: Journal) throws {
        try j.checkInvariants()
        #expect(try j.integrityCheck() == [])
    }

    // MARK: Lasting ids

    @Test(
        "removing the newest event, person or category and adding another never gives its id again",
        arguments: JournalKind.allCases)
    func idsAreNeverReused(kind: JournalKind) throws {
        let j = try sample(kind).journal
        let newest = try #require(try j.events().map(\.id).max())
        try j.removeEvent(id: newest)
        let next = try j.logEvent(EventDraft(title: "Walk", start: Date(), timeZone: "UTC"))
        #expect(next.id > newest)
        #expect(try j.events().filter { $0.id == newest }.isEmpty)

        let person = try j.person("Chen Wei")
        try j.removePerson(id: person.id)
        #expect(try j.person("Dara").id > person.id)

        let category = try j.addCategory(kind: .eventType, path: "Hike")
        try j.removeCategory(id: category.id)
        #expect(try j.addCategory(kind: .eventType, path: "Swim").id > category.id)
    }

    @Test("places and traits have lasting ids too: every table whose ids users see is AUTOINCREMENT")
    func everyVisibleTableIsAutoincrement() throws {
        let j = try sample(.inMemory).journal
        let schema = try j.dbQueue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT sql FROM sqlite_master WHERE type = 'table' AND name IN ('category', 'person', 'place', 'event', 'trait')
                    """)
        }
        #expect(schema.count == 5)
        for sql in schema { #expect(sql.contains("id INTEGER PRIMARY KEY AUTOINCREMENT"), "\(sql.prefix(40))") }
        // A trait dropped by an edit and learned again gets a new id.
        let coffee = try #require(try j.events().first { $0.title == "Coffee" })
        let before = try #require(try ids(j)["trait"]?.max())
        _ = try j.editEvent(id: coffee.id) { $0.traits = [] }
        _ = try j.editEvent(id: coffee.id) { $0.traits = [TraitDraft(path: "Interests", text: "tea", personID: try j.resolvePerson("Ben Okafor").id)] }
        #expect(try #require(try ids(j)["trait"]?.max()) > before)
    }

    @Test("a v1 journal migrates with every id unchanged, and then never reuses its newest ids")
    func v1JournalKeepsItsIds() throws {
        let (folder, path) = try MigrationTests().copyOfV1Fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        func rows(_ db: Database) throws -> [String: [Row]] {
            var out: [String: [Row]] = [:]
            out["category"] = try Row.fetchAll(db, sql: "SELECT id, kind, name, parentId FROM category ORDER BY id")
            out["person"] = try Row.fetchAll(db, sql: "SELECT id, uid, displayName, relationId FROM person ORDER BY id")
            out["place"] = try Row.fetchAll(db, sql: "SELECT id, name FROM place ORDER BY id")
            out["event"] = try Row.fetchAll(db, sql: "SELECT id, uid, title, placeId, moodId FROM event ORDER BY id")
            out["trait"] = try Row.fetchAll(db, sql: "SELECT id, personId, categoryId, text, eventId FROM trait ORDER BY id")
            out["eventPerson"] = try Row.fetchAll(db, sql: "SELECT eventId, personId FROM eventPerson ORDER BY eventId, personId")
            return out
        }
        let before = try DatabaseQueue(path: path).read(rows)
        let journal = try Journal(path: path)
        let after = try journal.dbQueue.read(rows)
        #expect(after == before)
        #expect(before["event"]?.count == 4 && before["trait"]?.count == 3)
        try sound(journal)
        let foreignKeys = try journal.dbQueue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
        #expect(foreignKeys.isEmpty)
        // The indexes and triggers of the rebuilt tables are back.
        let objects = try journal.dbQueue.read { db in
            try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL"))
        }
        for name in [
            "category_unique_name", "category_two_levels_insert", "category_two_levels_update", "person_nameKey",
            "person_nameKey_stale", "person_relation", "place_name", "event_start", "event_mood", "trait_person", "trait_event",
        ] {
            #expect(objects.contains(name), "\(name) missing after the migration")
        }
        let newest = try #require(before["event"]?.last?["id"] as Int64?)
        try journal.removeEvent(id: newest)
        #expect(try journal.logEvent(EventDraft(title: "New", start: Date(), timeZone: "UTC")).id > newest)
        let newestPerson = try #require(before["person"]?.last?["id"] as Int64?)
        try journal.removePerson(id: newestPerson)
        #expect(try journal.person("Someone").id > newestPerson)
        try sound(journal)
    }

    // MARK: Undo

    @Test(
        "undoing a remove gives back the same journal: JSON export byte for byte, the same ids, a sound day index",
        arguments: JournalKind.allCases)
    func undoRemoves(kind: JournalKind) throws {
        let j = try sample(kind).journal
        let ana = try j.resolvePerson("Ana Lima")
        let coffee = try #require(try j.events().first { $0.title == "Coffee" })
        let cases: [(String, () throws -> Void)] = [
            ("remove person Ana Lima (#\(ana.id))", { try j.removePerson(id: ana.id) }),
            ("remove event #\(coffee.id) Coffee", { try j.removeEvent(id: coffee.id) }),
        ]
        for (description, change) in cases {
            let json = try json(j), ids = try ids(j)
            try change()
            #expect(try self.json(j) != json)
            try sound(j)
            let undone = try j.undoLast()
            #expect(undone?.description == description)
            #expect(try self.json(j) == json)
            #expect(try self.ids(j) == ids)
            try sound(j)
        }
        // The restored person is found by name again (the folded keys were put back).
        #expect(try j.resolvePerson("annie").id == ana.id)
        #expect(try j.undoLast() == nil)
    }

    @Test("removing or editing a trait and editing a place are undone", arguments: JournalKind.allCases)
    func undoTraitsAndPlaces(kind: JournalKind) throws {
        let j = try sample(kind).journal
        let trait = try #require(try j.traits(search: "bouldering").first?.traits.first)
        let cases: [(String, () throws -> Void)] = [
            ("remove trait #\(trait.id) of Ana Lima", { try j.removeTrait(id: trait.id) }),
            ("edit trait #\(trait.id) of Ana Lima", { try j.editTrait(id: trait.id, text: "lead climbing") }),
            ("edit place Blue Bottle", { _ = try j.editPlace(named: "Blue Bottle", coordinates: (48.85, 2.35)) }),
        ]
        for (description, change) in cases {
            let json = try json(j), ids = try ids(j)
            try change()
            #expect(try self.json(j) != json)
            let undone = try j.undoLast()
            #expect(undone?.description == description)
            #expect(try self.json(j) == json)
            #expect(try self.ids(j) == ids)
            try sound(j)
        }
    }

    @Test(
        "merges, edits of events, people and categories, and category removal with reassignment are undone",
        arguments: JournalKind.allCases)
    func undoMergesAndEdits(kind: JournalKind) throws {
        let j = try sample(kind).journal
        let ana = try j.resolvePerson("Ana Lima"), ben = try j.resolvePerson("Ben Okafor")
        let coffee = try #require(try j.events().first { $0.title == "Coffee" })
        let good = try j.category(kind: .mood, path: "good")
        let college = try j.category(kind: .relation, path: "Friends/College")
        let close = try j.category(kind: .relation, path: "Friends/Close")
        let chat = try j.category(kind: .eventType, path: "Chat")
        let cases: [(String, () throws -> Void)] = [
            ("merge Ben Okafor (#\(ben.id)) into Ana Lima (#\(ana.id))", { _ = try j.mergePeople(keeping: ana.id, removing: ben.id) }),
            (
                "edit event #\(coffee.id) Coffee",
                {
                    _ = try j.editEvent(id: coffee.id) {
                        $0.title = "Tea"; $0.start = instant(2026, 11, 25, 8, 0, "Asia/Taipei"); $0.end = nil
                        $0.moodID = nil; $0.personIDs = [ben.id]; $0.place = PlaceDraft(name: "Somewhere new")
                        $0.traits = []
                    }
                }
            ),
            (
                "edit person Ana Lima (#\(ana.id))",
                {
                    _ = try j.editPerson(id: ana.id) {
                        $0.displayName = "Ana Souza"; $0.nicknames = []; $0.emails = []
                    }
                }
            ),
            ("edit mood good", { _ = try j.editCategory(id: good.id, CategoryChanges(name: "fine", color: "#000000", score: 2)) }),
            ("edit event type Chat", { _ = try j.editCategory(id: chat.id, CategoryChanges(name: "Talk", icon: "T")) }),
            (
                "remove relation category Friends/College (moved to Friends/Close)",
                {
                    try j.removeCategory(id: college.id, reassignTo: close.id)
                }
            ),
            (
                "remove mood good (moved to great)",
                {
                    try j.removeCategory(id: good.id, reassignTo: try j.category(kind: .mood, path: "great").id)
                }
            ),
        ]
        for (description, change) in cases {
            let json = try json(j), ids = try ids(j)
            let days = try j.days(from: day("2026-11-01"), to: day("2026-11-30"))
            try change()
            #expect(try self.json(j) != json, "\(description) changed nothing")
            try sound(j)
            #expect(try j.undoLast()?.description == description)
            #expect(try self.json(j) == json, "\(description)")
            #expect(try self.ids(j) == ids)
            #expect(try j.days(from: day("2026-11-01"), to: day("2026-11-30")) == days)
            try sound(j)
        }
    }

    @Test("undo goes back one change at a time, newest first; a change after an undo starts a new one")
    func undoOrder() throws {
        let j = try sample(.onDisk).journal
        let ana = try j.resolvePerson("Ana Lima"), ben = try j.resolvePerson("Ben Okafor")
        let original = try json(j)
        _ = try j.editPerson(id: ana.id) { $0.note = "one" }
        let afterFirst = try json(j)
        try j.removePerson(id: ben.id)
        #expect(try j.undoHistory().map(\.description) == ["remove person Ben Okafor (#\(ben.id))", "edit person Ana Lima (#\(ana.id))"])
        #expect(try j.undoLast()?.description == "remove person Ben Okafor (#\(ben.id))")
        #expect(try json(j) == afterFirst)
        // A new change after an undo is its own step; the undone one is not redone.
        _ = try j.editPerson(id: ana.id) { $0.note = "two" }
        #expect(try j.undoLast()?.description == "edit person Ana Lima (#\(ana.id))")
        #expect(try json(j) == afterFirst)
        #expect(try j.undoLast()?.description == "edit person Ana Lima (#\(ana.id))")
        #expect(try json(j) == original)
        #expect(try j.undoLast() == nil)
        try sound(j)
    }

    @Test("an undo after events logged since keeps the day index right for them")
    func undoAfterLaterEventsOnTheSameDay() throws {
        let j = try sample(.onDisk).journal
        let ben = try j.resolvePerson("Ben Okafor")
        try j.removePerson(id: ben.id)
        // Logged on a day the removal changed, and not undoable itself.
        let later = try j.logEvent(
            EventDraft(
                title: "Late tea", start: instant(2026, 11, 20, 22, 0, "Asia/Taipei"), timeZone: "Asia/Taipei",
                moodID: try j.mood("awful"), personIDs: [try j.resolvePerson("Ana Lima").id]))
        #expect(try j.undoLast()?.description == "remove person Ben Okafor (#\(ben.id))")
        try sound(j)
        let day20 = try #require(try j.days(from: day("2026-11-20"), to: day("2026-11-20")).first)
        #expect(day20.eventCount == 3)
        #expect(try j.event(id: later.id).title == "Late tea")
        #expect(try j.event(id: later.id).people.count == 1)
    }

    @Test("an undo a later change is in the way of fails clearly, changes nothing, and lets the next undo go on")
    func undoBlockedByALaterChange() throws {
        let j = try sample(.onDisk).journal
        let ana = try j.person(id: try j.resolvePerson("Ana Lima").id)
        let chat = try j.category(kind: .eventType, path: "Chat")
        _ = try j.editCategory(id: chat.id, CategoryChanges(name: "Talk"))
        try j.removePerson(id: ana.id)
        // Someone with her UID comes back another way (an import, say), before the undo.
        try j.addPerson(PersonDraft(displayName: "Ana from a card", uid: ana.uid))
        let json = try json(j)
        #expect(
            throws: JournalError.cannotUndo(
                change: "remove person Ana Lima (#\(ana.id))",
                reason: "UNIQUE constraint failed: person.uid")
        ) { try j.undoLast() }
        #expect(try self.json(j) == json)
        try sound(j)
        #expect(try j.undoLast()?.description == "edit event type Chat")
        #expect(try j.category(id: chat.id).name == "Chat")
        try sound(j)
    }

    @Test("changes that change nothing, logging and failed changes leave nothing to undo")
    func nothingToUndo() throws {
        let j = try sample(.inMemory).journal
        #expect(try j.undoLast() == nil)
        #expect(throws: JournalError.self) { try j.removePerson(id: 999) }
        #expect(throws: JournalError.self) { try j.editEvent(id: 1) { $0.title = " " } }
        #expect(try j.undoHistory().isEmpty)
        #expect(try j.undoLast() == nil)
        // No trigger outlives its change: later writes record nothing.
        try j.logEvent(EventDraft(title: "Walk", start: Date(), timeZone: "UTC"))
        #expect(try j.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM undoStep") } == 0)
        #expect(try j.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_temp_master") } == 0)
    }

    @Test("the journal remembers the last 50 undoable changes")
    func historyIsBounded() throws {
        let j = try sample(.inMemory).journal
        let ana = try j.resolvePerson("Ana Lima")
        for i in 0..<(Journal.undoHistoryLimit + 5) { _ = try j.editPerson(id: ana.id) { $0.note = "note \(i)" } }
        #expect(try j.undoHistory().count == Journal.undoHistoryLimit)
        for _ in 0..<Journal.undoHistoryLimit { #expect(try j.undoLast() != nil) }
        #expect(try j.undoLast() == nil)
        #expect(try j.person(id: ana.id).note == "note 4")
    }

    // MARK: Cancellation

    @Test("a cancelled import, export or backup changes nothing and leaves no file")
    func cancelledWorkLeavesNothing() throws {
        let t = try sample(.onDisk)
        let j = t.journal, folder = try #require(t.folder)
        let before = try json(j)
        let stop = Cancellation()
        stop.cancel()
        let cards = folder.appendingPathComponent("cards.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoe\r\nEND:VCARD\r\n".utf8).write(to: cards)
        var options = ImportOptions()
        options.cancellation = stop
        #expect(throws: JournalError.cancelled) { try j.importFile(at: cards, options: options) }
        #expect(try json(j) == before)

        var ics = CalendarExportOptions()
        ics.cancellation = stop
        let out = folder.appendingPathComponent("out/calendar.ics").path
        #expect(throws: JournalError.cancelled) { try j.exportCalendar(ics, toFile: out) }
        #expect(throws: JournalError.cancelled) { try j.exportJSON(cancellation: stop) }
        var vcf = VCardExportOptions()
        vcf.cancellation = stop
        #expect(throws: JournalError.cancelled) { try j.exportVCards(vcf) }
        #expect(throws: JournalError.cancelled) { try j.backup(to: folder.appendingPathComponent("copy.sqlite").path, cancellation: stop) }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        #expect(left.isEmpty)
        // Not cancelled: the same calls work.
        #expect(try j.exportCalendar(CalendarExportOptions(), toFile: out).count == 3)
        #expect(try j.importFile(at: cards).count(.added) == 1)
    }
}
