import Foundation
import Testing

@testable import Kith

@Suite("Events")
struct EventTests {
    @Test("an event holds people, type, mood, place, note, photos and traits", arguments: JournalKind.allCases)
    func logAndShow(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana Lima"), ben = try j.person("Ben")
        let photo = try j.storePhoto(pngBytes, name: "walk.png")
        let e = try j.logEvent(
            EventDraft(
                title: "Coffee and a long walk", start: instant(2026, 11, 20, 15, 30, "Asia/Taipei"), timeZone: "Asia/Taipei",
                end: instant(2026, 11, 20, 17, 0, "Asia/Taipei"), typeID: try j.type("Chat"), moodID: try j.mood("good"),
                place: PlaceDraft(name: "Blue Bottle, Taipei", latitude: 25.033, longitude: 121.5654),
                personIDs: [ana.id, ben.id], note: "She is moving to Lisbon in spring.", photoHashes: [photo.hash],
                traits: [TraitDraft(path: "Interests/Climbing", text: "started bouldering in May", personID: ana.id)]))
        let shown = try j.event(id: e.id)
        #expect(shown.title == "Coffee and a long walk")
        #expect(shown.people.map(\.displayName) == ["Ana Lima", "Ben"])
        #expect(shown.type?.name == "Chat")
        #expect(shown.mood?.score == 1 && shown.mood?.icon.isEmpty == false)
        #expect(shown.place?.latitude == 25.033)
        #expect(shown.photos == [photo])
        #expect(shown.photos.first?.mediaType == "image/png")
        #expect(shown.traits.map(\.text) == ["started bouldering in May"])
        #expect(shown.traits.first?.category.path == "Interests/Climbing")
        #expect(shown.traits.first?.person == PersonRef(id: ana.id, displayName: "Ana Lima"))
        #expect(shown.startDay == day("2026-11-20"))
        #expect(!shown.uid.isEmpty)
        #expect(try j.event(uid: shown.uid)?.id == e.id)
        #expect(shown.icalLines.isEmpty)
        let kept = try j.editEvent(id: e.id) { $0.icalLines = ["X-GOOGLE-CONFERENCE:https://meet.example/abc", "CLASS:PRIVATE"] }
        #expect(try j.event(id: kept.id).icalLines == ["X-GOOGLE-CONFERENCE:https://meet.example/abc", "CLASS:PRIVATE"])
        #expect(kept.traits == shown.traits && kept.photos == shown.photos && kept.people == shown.people)
        #expect(try j.photo(hash: photo.hash).data == pngBytes)
        try j.checkInvariants()
    }

    // Replaces "traits attach to every person of the event": issue 16 makes a trait about
    // the one person it names, never every person of the event.
    @Test("a trait is about the one person it names, with the event as its source", arguments: JournalKind.allCases)
    func traitAboutOnePerson(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben"), cleo = try j.person("Cleo")
        let e = try j.logEvent(
            EventDraft(
                title: "Climbing gym", start: instant(2026, 6, 1, 18, 0, "Europe/Lisbon"),
                timeZone: "Europe/Lisbon", place: PlaceDraft(name: "Gym"), personIDs: [ana.id, ben.id],
                traits: [TraitDraft(path: "Interests", text: "likes climbing", personID: ana.id)]))
        let page = try j.personPage(id: ana.id, asOf: day("2026-06-30"))
        let t = try #require(page.traits.first?.traits.first)
        #expect(t.text == "likes climbing")
        #expect(t.source?.id == e.id)
        #expect(t.source?.day == day("2026-06-01"))
        #expect(t.source?.place == "Gym")
        #expect(t.person.id == ana.id)
        #expect(try j.personPage(id: ben.id).traits.isEmpty)
        #expect(try j.personPage(id: cleo.id).traits.isEmpty)
        #expect(e.traits.map(\.person?.id) == [ana.id])
        // Who likes climbing? Ana only.
        let who = try j.traits(search: "CLIMBING")
        #expect(who.map(\.person.displayName) == ["Ana"])
        #expect(who.first?.traits.first?.source?.title == "Climbing gym")
        // Adding Cleo and dropping Ben leaves the trait with Ana, under the same id.
        let edited = try j.editEvent(id: e.id) { $0.personIDs = [ana.id, cleo.id] }
        #expect(edited.traits.map(\.id) == e.traits.map(\.id))
        #expect(try j.traits(search: "climbing").map(\.person.displayName) == ["Ana"])
        // Ana cannot leave the event while it holds what was learned about her there.
        #expect(throws: JournalError.traitPersonNotInEvent(text: "likes climbing", person: "Ana", people: ["Cleo"])) {
            try j.editEvent(id: e.id) { $0.personIDs = [cleo.id] }
        }
        // A trait kind filter; a missing main kind is refused.
        let interests = try j.category(kind: .trait, path: "Interests").id
        #expect(try j.traits(kind: interests).count == 1)
        #expect(try j.traits(kind: try j.category(kind: .trait, path: "Features").id).isEmpty)
        #expect(throws: JournalError.self) {
            try j.logEvent(
                EventDraft(
                    title: "x", start: Date(), timeZone: "UTC", personIDs: [ana.id],
                    traits: [TraitDraft(path: "Hobbiez/Chess", text: "plays")]))
        }
        try j.checkInvariants()
    }

    @Test(
        "a trait without a person is the only person's; with several people it is refused, naming them",
        arguments: JournalKind.allCases)
    func traitWithoutPerson(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana Lima"), ben = try j.person("Ben")
        let solo = try j.logEvent(
            EventDraft(
                title: "Call", start: instant(2026, 2, 1, 9, 0, "UTC"), timeZone: "UTC", personIDs: [ben.id],
                traits: [TraitDraft(path: "Features", text: "deep voice")]))
        #expect(solo.traits.map(\.person?.id) == [ben.id])
        #expect(throws: JournalError.traitPersonMissing(text: "tall", people: ["Ana Lima", "Ben"])) {
            try j.logEvent(
                EventDraft(
                    title: "Lunch", start: instant(2026, 2, 2, 12, 0, "UTC"), timeZone: "UTC",
                    personIDs: [ana.id, ben.id], traits: [TraitDraft(path: "Features", text: "tall")]))
        }
        #expect(try j.events().count == 1)
        // A trait about someone who is not in the event is refused too.
        #expect(throws: JournalError.traitPersonNotInEvent(text: "tall", person: "Ana Lima", people: ["Ben"])) {
            try j.logEvent(
                EventDraft(
                    title: "Lunch", start: instant(2026, 2, 2, 12, 0, "UTC"), timeZone: "UTC",
                    personIDs: [ben.id], traits: [TraitDraft(path: "Features", text: "tall", personID: ana.id)]))
        }
        try j.checkInvariants()
    }

    @Test("the timeline filters by dates, person, type subtree, mood, place and text", arguments: JournalKind.allCases)
    func timelineFilters(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben")
        let climbing = try j.addCategory(kind: .eventType, path: "Activity/Climbing")
        let tz = "Europe/Lisbon"
        try j.logEvent(
            EventDraft(
                title: "Bouldering", start: instant(2026, 1, 3, 10, 0, tz), timeZone: tz, typeID: climbing.id,
                moodID: try j.mood("great"), place: PlaceDraft(name: "Gym Alcântara"), personIDs: [ana.id]))
        try j.logEvent(
            EventDraft(
                title: "Lunch", start: instant(2026, 1, 10, 13, 0, tz), timeZone: tz, typeID: try j.type("Meal"),
                moodID: try j.mood("okay"), place: PlaceDraft(name: "gym alcântara"), personIDs: [ben.id],
                note: "Talked about 50% discounts"))
        try j.logEvent(
            EventDraft(
                title: "Call", start: instant(2026, 2, 1, 20, 0, tz), timeZone: tz, typeID: try j.type("Call"),
                personIDs: [ana.id, ben.id]))
        func titles(_ f: EventFilter) throws -> [String] { try j.events(f).map(\.title) }
        #expect(try titles(EventFilter()) == ["Call", "Lunch", "Bouldering"])
        #expect(try titles(EventFilter(newestFirst: false)) == ["Bouldering", "Lunch", "Call"])
        #expect(try titles(EventFilter(from: day("2026-01-04"), to: day("2026-01-31"))) == ["Lunch"])
        #expect(try titles(EventFilter(personID: ana.id)) == ["Call", "Bouldering"])
        #expect(try titles(EventFilter(typeID: try j.type("Activity"))) == ["Bouldering"])
        #expect(try titles(EventFilter(moodID: try j.mood("okay"))) == ["Lunch"])
        #expect(try titles(EventFilter(place: "GYM")) == ["Bouldering", "Lunch"].reversed())
        #expect(try titles(EventFilter(search: "50%")) == ["Lunch"])
        #expect(try titles(EventFilter(search: "lunch discounts")) == ["Lunch"])
        #expect(try titles(EventFilter(search: "5_%")) == [])
        #expect(try titles(EventFilter(search: "LÜNCH")) == ["Lunch"])
        #expect(try titles(EventFilter(place: "alcantara")) == ["Lunch", "Bouldering"])
        #expect(try titles(EventFilter(limit: 1)) == ["Call"])
        #expect(try j.places().count == 1, "places are reused by name, case-insensitively")
    }

    @Test("a long timeline (read table by table) holds the same events as reading each one", arguments: JournalKind.allCases)
    func longTimeline(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana Lima"), ben = try j.person("Ben")
        let photo = try j.storePhoto(pngBytes, name: "walk.png")
        let chat = try j.type("Chat"), good = try j.mood("good")
        // 1,200 events: enough for the one-pass-per-table path; people, photos, traits,
        // places and kept lines on some of them, in several orders.
        var drafts: [EventDraft] = []
        for i in 0..<1200 {
            var d = EventDraft(
                title: "Event \(i)", start: instant(2020 + i % 5, 1 + i % 12, 1 + i % 28, i % 24, 0, "Europe/Lisbon"),
                timeZone: i % 3 == 0 ? "Asia/Taipei" : "Europe/Lisbon")
            if i % 2 == 0 { d.personIDs = i % 4 == 0 ? [ben.id, ana.id] : [ana.id] }
            if i % 5 == 0 { d.place = PlaceDraft(name: "Place \(i % 7)") }
            if i % 7 == 0 { d.typeID = chat; d.moodID = good }
            if i % 11 == 0, !d.personIDs.isEmpty {
                d.traits = [
                    TraitDraft(path: "Interests/Climbing", text: "climbs \(i)", personID: ana.id),
                    TraitDraft(path: "Interests", text: "reads", personID: ana.id),
                ]
            }
            if i % 13 == 0 { d.photoHashes = [photo.hash] }
            if i % 3 == 1 { d.icalLines = ["X-A:\(i)", "CLASS:PRIVATE"] }
            drafts.append(d)
        }
        try j.logEvents(drafts)
        for filter in [
            EventFilter(), EventFilter(newestFirst: false), EventFilter(from: day("2022-03-01")),
            EventFilter(from: day("2023-01-01"), to: day("2023-02-01")), EventFilter(limit: 1100), EventFilter(limit: 3),
        ] {
            let listed = try j.events(filter)
            let oneByOne = try listed.map { try j.event(id: $0.id) }
            #expect(listed == oneByOne)
            let withoutLines = try j.events(filter, icalLines: false)
            #expect(withoutLines.map(\.id) == listed.map(\.id))
            #expect(withoutLines.filter { !$0.icalLines.isEmpty }.isEmpty)
            let stripped = listed.map { e in
                var e = e; e.icalLines = []; return e
            }
            #expect(withoutLines == stripped)
        }
        let all = try j.events()
        #expect(all.count == 1200)
        #expect(all.first { $0.title == "Event 0" }?.traits.map(\.text) == ["climbs 0", "reads"])
        #expect(all.first { $0.title == "Event 4" }?.people.map(\.displayName) == ["Ben", "Ana Lima"])
        #expect(all.first { $0.title == "Event 1" }?.icalLines == ["X-A:1", "CLASS:PRIVATE"])
    }

    @Test("bad input is refused with a clear error and nothing is written", arguments: JournalKind.allCases)
    func refusals(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        let start = instant(2026, 1, 1, 10, 0, "UTC")
        #expect(throws: JournalError.invalidTimeZone("Mars/Olympus")) {
            try j.logEvent(EventDraft(title: "x", start: start, timeZone: "Mars/Olympus", personIDs: [ana.id]))
        }
        #expect(throws: JournalError.self) {
            try j.logEvent(EventDraft(title: "x", start: start, timeZone: "UTC", end: start.addingTimeInterval(-60), personIDs: [ana.id]))
        }
        #expect(throws: JournalError.invalidCoordinates(latitude: 91, longitude: 0)) {
            try j.logEvent(EventDraft(title: "x", start: start, timeZone: "UTC", place: PlaceDraft(name: "P", latitude: 91, longitude: 0)))
        }
        #expect(throws: JournalError.personNotFound(id: 999)) {
            try j.logEvent(EventDraft(title: "x", start: start, timeZone: "UTC", personIDs: [ana.id, 999]))
        }
        #expect(throws: JournalError.self) {
            try j.logEvent(EventDraft(title: "x", start: start, timeZone: "UTC", moodID: try j.type("Chat")))
        }
        #expect(throws: JournalError.notAnImage(file: "notes.txt")) { try j.storePhoto(Data("hello".utf8), name: "notes.txt") }
        #expect(throws: JournalError.eventNotFound(id: 42)) { try j.removeEvent(id: 42) }
        #expect(try j.events().isEmpty)
        #expect(try j.places().isEmpty)
        try j.checkInvariants()
    }

    @Test("photos are stored once by content and go when nothing uses them", arguments: JournalKind.allCases)
    func photos(kind: JournalKind) throws {
        let j = try kind.make().journal
        let a = try j.storePhoto(pngBytes, name: "a.png")
        let b = try j.storePhoto(pngBytes, name: "copy.png")
        #expect(a == b)
        #expect(a.hash.count == 64)
        let e = try j.logEvent(EventDraft(title: "x", start: Date(), timeZone: "UTC", photoHashes: [a.hash]))
        try j.removeEvent(id: e.id)
        #expect(throws: JournalError.photoNotFound(hash: a.hash)) { try j.photo(hash: a.hash) }
    }

    @Test("image types are recognised by their magic bytes")
    func sniffing() {
        #expect(Photo.mediaType(of: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])) == "image/jpeg")
        #expect(Photo.mediaType(of: pngBytes) == "image/png")
        #expect(Photo.mediaType(of: Data("GIF89a....".utf8)) == "image/gif")
        #expect(Photo.mediaType(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == "image/webp")
        #expect(Photo.mediaType(of: Data([0, 0, 0, 0x18]) + Data("ftypheic".utf8)) == "image/heic")
        #expect(Photo.mediaType(of: Data([0, 0, 0, 0x18]) + Data("ftypmif1".utf8)) == "image/heif")
        #expect(Photo.mediaType(of: Data([0, 0, 0, 0x18]) + Data("ftypisom".utf8)) == nil)
        #expect(Photo.mediaType(of: Data("%PDF-1.7".utf8)) == nil)
        #expect(Photo.mediaType(of: Data()) == nil)
    }

    @Test("SHA-256 matches the standard test vectors")
    func sha256() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite("Person page and traits")
struct PersonPageTests {
    @Test("traits are grouped by category in tree order, newest first, each with its source event", arguments: JournalKind.allCases)
    func grouping(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        let tz = "Europe/Lisbon"
        let first = try j.logEvent(
            EventDraft(
                title: "First coffee", start: instant(2026, 1, 1, 10, 0, tz), timeZone: tz,
                place: PlaceDraft(name: "Café A"), personIDs: [ana.id],
                traits: [
                    TraitDraft(path: "Features", text: "tall"),
                    TraitDraft(path: "Interests", text: "chess"),
                ]))
        let later = try j.logEvent(
            EventDraft(
                title: "Climb", start: instant(2026, 5, 1, 10, 0, tz), timeZone: tz, personIDs: [ana.id],
                traits: [TraitDraft(path: "interests/Climbing", text: "bouldering")]))
        let page = try j.personPage(id: ana.id, asOf: day("2026-06-01"))
        #expect(page.traits.map(\.category.path) == ["Interests", "Interests/Climbing", "Features"])
        #expect(page.traits.first { $0.category.path == "Interests" }?.traits.first?.source?.id == first.id)
        #expect(page.traits.first { $0.category.path == "Interests/Climbing" }?.traits.first?.source?.id == later.id)
        #expect(page.lastSeen == day("2026-05-01"))
        // Traits of several events in one category: newest first.
        try j.logEvent(
            EventDraft(
                title: "Game night", start: instant(2026, 3, 1, 20, 0, tz), timeZone: tz, personIDs: [ana.id],
                traits: [TraitDraft(path: "Interests", text: "board games")]))
        let texts = try j.personPage(id: ana.id).traits.first { $0.category.path == "Interests" }?.traits.map(\.text)
        #expect(texts == ["board games", "chess"])
        // Removing the event removes what was learned in it.
        try j.removeEvent(id: first.id)
        #expect(try j.personPage(id: ana.id).traits.contains { $0.category.path == "Features" } == false)
        #expect(try j.traits(search: "chess").isEmpty)
        #expect(try j.traits(search: "CAFE").isEmpty)
        try j.checkInvariants()
    }

    @Test("trait search ignores case and accents and matches the kind's name", arguments: JournalKind.allCases)
    func search(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana"), ben = try j.person("Ben")
        try j.logEvent(
            EventDraft(
                title: "x", start: instant(2026, 1, 1, 10, 0, "UTC"), timeZone: "UTC", personIDs: [ben.id],
                traits: [TraitDraft(path: "Interests", text: "Café culture")]))
        try j.logEvent(
            EventDraft(
                title: "y", start: instant(2026, 1, 2, 10, 0, "UTC"), timeZone: "UTC", personIDs: [ana.id],
                traits: [TraitDraft(path: "Interests/Climbing", text: "started in May")]))
        #expect(try j.traits(search: "cafe").map(\.person.displayName) == ["Ben"])
        #expect(try j.traits(search: "climbing").map(\.person.displayName) == ["Ana"])
        #expect(try j.traits(search: "climbing may").first?.traits.first?.source?.day == day("2026-01-02"))
        #expect(try j.traits().map(\.person.displayName) == ["Ana", "Ben"])
        #expect(throws: JournalError.self) { try j.traits(kind: try j.type("Chat")) }
    }
}
