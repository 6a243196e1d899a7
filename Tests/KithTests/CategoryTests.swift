import Foundation
import Testing

@testable import Kith

@Suite("Categories")
struct CategoryTests {
    @Test("renaming and recolouring an event type shows on events logged before", arguments: JournalKind.allCases)
    func renameVisibleFromOldEvents(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        let meal = try j.type("Meal")
        let e = try j.logEvent(
            EventDraft(
                title: "Lunch", start: instant(2026, 1, 5, 12, 0, "Europe/Lisbon"),
                timeZone: "Europe/Lisbon", typeID: meal, moodID: try j.mood("good"), personIDs: [ana.id]))
        try j.editCategory(id: meal, CategoryChanges(name: "Food", icon: "🍜", color: "#123456"))
        try j.editCategory(id: try j.mood("good"), CategoryChanges(color: "#00FF00"))
        let again = try j.event(id: e.id)
        #expect(again.type?.name == "Food")
        #expect(again.type?.icon == "🍜")
        #expect(again.type?.color == "#123456")
        #expect(again.mood?.color == "#00FF00")
        #expect(try j.events().first?.type?.path == "Food")
        try j.checkInvariants()
    }

    @Test("paths resolve case- and diacritic-insensitively, a unique subcategory alone too", arguments: JournalKind.allCases)
    func resolvePaths(kind: JournalKind) throws {
        let j = try kind.make().journal
        #expect(try j.category(kind: .relation, path: "friends/college").path == "Friends/College")
        #expect(try j.category(kind: .relation, path: "College").path == "Friends/College")
        try j.addCategory(kind: .relation, path: "Café Crew", color: "#AABBCC")
        #expect(try j.category(kind: .relation, path: "cafe crew").name == "Café Crew")
        #expect {
            try j.category(kind: .relation, path: "Frends")
        } throws: { error in
            guard case JournalError.unknownCategory(_, _, let suggestions) = error else { return false }
            return suggestions.contains("Friends")
        }
    }

    @Test("several paths resolved in one read give what each lookup alone gives, errors included", arguments: JournalKind.allCases)
    func resolveSeveralPaths(kind: JournalKind) throws {
        let j = try kind.make().journal
        let requests: [(kind: Category.Kind, path: String)] = [
            (.eventType, "meal"), (.mood, "Good"), (.relation, "College"), (.relation, "Frends"), (.mood, "nosuch"), (.eventType, "meal"),
        ]
        let results = try j.categories(resolving: requests)
        #expect(results.count == requests.count)
        for (request, result) in zip(requests, results) {
            switch result {
            case .success(let c): #expect(c == (try j.category(kind: request.kind, path: request.path)))
            case .failure(let error):
                #expect(throws: (error as? JournalError)!) { try j.category(kind: request.kind, path: request.path) }
            }
        }
        #expect(try j.categories(resolving: []).isEmpty)
    }

    @Test(
        "the category cache lists each kind and finds ids as the journal reads them, and forgets on invalidate()",
        arguments: JournalKind.allCases)
    func cacheReadsAsTheJournal(kind: JournalKind) throws {
        let j = try kind.make().journal
        try j.addCategory(kind: .eventType, path: "Meal/Brunch")
        try j.addCategory(kind: .relation, path: "Aardvarks")
        try j.write { db in
            let cache = CategoryCache()
            #expect(try cache.categories(db, kind: nil) == Journal.fetchCategories(db, kind: nil))
            for k in Category.Kind.allCases {
                #expect(try cache.categories(db, kind: k) == Journal.fetchCategories(db, kind: k))
                for c in try Journal.fetchCategories(db, kind: k) {
                    #expect(try cache.category(db, id: c.id) == Journal.fetchCategory(db, id: c.id))
                }
            }
            #expect(throws: JournalError.categoryNotFound(id: 999_999)) { try cache.category(db, id: 999_999) }
            let added = try Journal.insertCategory(db, kind: .trait, path: "Interests/Knots", icon: nil, color: nil, score: nil)
            cache.invalidate()
            #expect(try cache.category(db, id: added.id) == added)
            #expect(try cache.categories(db, kind: .trait) == Journal.fetchCategories(db, kind: .trait))
        }
    }

    @Test("colours must be #RRGGBB, names unique among siblings, and only two levels", arguments: JournalKind.allCases)
    func validation(kind: JournalKind) throws {
        let j = try kind.make().journal
        #expect(throws: JournalError.invalidColor("red")) { try j.addCategory(kind: .eventType, path: "Hike", color: "red") }
        #expect(throws: JournalError.invalidColor("#12345G")) { try j.addCategory(kind: .eventType, path: "Hike", color: "#12345G") }
        #expect(throws: JournalError.categoryExists(kind: .relation, path: "Friends/College")) {
            try j.addCategory(kind: .relation, path: "Friends/college")
        }
        #expect(throws: JournalError.categoryTreeTooDeep(path: "Friends/College/Rowing")) {
            try j.addCategory(kind: .relation, path: "Friends/College/Rowing")
        }
        let sub = try j.addCategory(kind: .eventType, path: "Activity/Climbing", icon: "🧗")
        #expect(sub.path == "Activity/Climbing")
        #expect(sub.color == (try j.category(kind: .eventType, path: "Activity").color))
        // A main category with children cannot move under another one.
        let friends = try j.category(kind: .relation, path: "Friends").id
        let family = try j.category(kind: .relation, path: "Family").id
        #expect(throws: JournalError.self) { try j.editCategory(id: friends, CategoryChanges(parentID: .some(family))) }
        // A childless main category can.
        let acq = try j.category(kind: .relation, path: "Acquaintances").id
        #expect(try j.editCategory(id: acq, CategoryChanges(parentID: .some(friends))).path == "Friends/Acquaintances")
        #expect(
            try j.categoryTree(kind: .relation).first { $0.category.name == "Friends" }?.children.map(\.name)
                == ["Close", "College", "Acquaintances"])
    }

    @Test("removing a used category is refused; with a category to reassign to it works", arguments: JournalKind.allCases)
    func removeUsed(kind: JournalKind) throws {
        let j = try kind.make().journal
        let college = try j.category(kind: .relation, path: "Friends/College").id
        let close = try j.category(kind: .relation, path: "Friends/Close").id
        let ana = try j.person("Ana", in: "Friends/College")
        let call = try j.type("Call")
        try j.logEvent(EventDraft(title: "Call", start: instant(2026, 2, 1, 9, 0, "UTC"), timeZone: "UTC", typeID: call, personIDs: [ana.id]))
        #expect {
            try j.removeCategory(id: college)
        } throws: { error in
            guard case JournalError.categoryInUse(_, let path, let usage) = error else { return false }
            return path == "Friends/College" && usage.contains("1 person")
        }
        #expect(throws: JournalError.self) { try j.removeCategory(id: call) }
        #expect(throws: JournalError.self) { try j.removeCategory(id: college, reassignTo: try j.type("Chat")) }
        try j.removeCategory(id: college, reassignTo: close)
        #expect(try j.person(id: ana.id).relation?.path == "Friends/Close")
        try j.removeCategory(id: call, reassignTo: try j.type("Chat"))
        #expect(try j.events().first?.type?.name == "Chat")
        // An unused one goes at once.
        try j.removeCategory(id: try j.type("Party"))
        #expect(try j.categories(kind: .eventType).contains { $0.name == "Party" } == false)
        // A main category with subcategories needs somewhere for them to go.
        let family = try j.category(kind: .relation, path: "Family").id
        #expect(throws: JournalError.self) { try j.removeCategory(id: family) }
        try j.removeCategory(id: family, reassignTo: try j.category(kind: .relation, path: "Acquaintances").id)
        #expect(try j.category(kind: .relation, path: "Acquaintances/Parents").name == "Parents")
        try j.checkInvariants()
    }

    @Test("removing a mood with reassign, or changing its score, keeps the day index right", arguments: JournalKind.allCases)
    func moodRemovalReindexes(kind: JournalKind) throws {
        let j = try kind.make().journal
        let ana = try j.person("Ana")
        try j.logEvent(EventDraft(title: "A", start: instant(2026, 3, 3, 10, 0, "UTC"), timeZone: "UTC", moodID: try j.mood("awful"), personIDs: [ana.id]))
        try j.logEvent(EventDraft(title: "B", start: instant(2026, 3, 3, 18, 0, "UTC"), timeZone: "UTC", moodID: try j.mood("great"), personIDs: [ana.id]))
        #expect(try j.month(year: 2026, month: 3).first?.moodAverage == 0)
        try j.editCategory(id: try j.mood("awful"), CategoryChanges(score: 0))
        try j.checkInvariants()
        #expect(try j.month(year: 2026, month: 3).first?.moodAverage == 1)
        try j.removeCategory(id: try j.mood("awful"), reassignTo: try j.mood("great"))
        try j.checkInvariants()
        let d = try j.month(year: 2026, month: 3).first
        #expect(d?.moodAverage == 2)
        #expect(d?.dominantMood?.name == "great")
    }
}
