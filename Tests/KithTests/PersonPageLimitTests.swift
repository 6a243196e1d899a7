import Foundation
import Testing

@testable import Kith

@Suite("Person page reads for kith serve")
struct PersonPageLimitTests {
    @Test("a page read with an event limit holds the newest events and counts them all")
    func eventLimit() throws {
        let t = try JournalKind.onDisk.make()
        let j = t.journal
        let ana = try j.addPerson(PersonDraft(displayName: "Ana Lima"))
        let start = LocalDate(year: 2026, month: 1, day: 1)!.startInstant(in: .gmt)
        for i in 0..<7 {
            _ = try j.logEvent(EventDraft(title: "Walk \(i)", start: start.addingTimeInterval(Double(i) * 86_400), timeZone: "UTC", personIDs: [ana.id]))
        }
        let asOf = LocalDate(year: 2026, month: 2, day: 1)!
        let all = try j.personPage(id: ana.id, asOf: asOf)
        #expect(all.events.count == 7 && all.eventCount == 7)
        let some = try j.personPage(id: ana.id, asOf: asOf, eventLimit: 3)
        #expect(some.events.map(\.title) == ["Walk 6", "Walk 5", "Walk 4"])
        #expect(some.eventCount == 7)
        #expect(some.meetingsPerMonth == all.meetingsPerMonth && some.lastSeen == all.lastSeen)
        #expect(try j.personPage(id: ana.id, asOf: asOf, eventLimit: 10).eventCount == 7)
    }

    @Test("people counts by relation category, without their subcategories")
    func counts() throws {
        let j = try JournalKind.inMemory.make().journal
        let kin = try j.addCategory(kind: .relation, path: "Kin")
        let cousins = try j.addCategory(kind: .relation, path: "Kin/Cousins")
        _ = try j.addPerson(PersonDraft(displayName: "A", relationID: kin.id))
        _ = try j.addPerson(PersonDraft(displayName: "B", relationID: cousins.id))
        _ = try j.addPerson(PersonDraft(displayName: "C", relationID: cousins.id))
        _ = try j.addPerson(PersonDraft(displayName: "D"))
        let counts = try j.peopleCounts()
        #expect(counts[kin.id] == 1 && counts[cousins.id] == 2 && counts[nil] == 1)
    }
}
