import Foundation
import Testing

@testable import Kith

/// The journal's side of sync (issue 20), with no server: bodies go from one journal to
/// another through `syncBody` and `applyRemote`, as the engine would carry them.
@Suite("Sync store")
struct SyncStoreTests {
    /// A journal with something of everything sync carries.
    static func richJournal(_ kind: JournalKind = .onDisk) throws -> TestJournal {
        let t = try kind.make()
        let j = t.journal
        try j.addCategory(kind: .relation, path: "Friends/Climbing crew", icon: "🧗", color: "#123456")
        try j.addCategory(kind: .eventType, path: "Outdoors", icon: "🌲", color: "#2E7D32")
        try j.addCategory(kind: .eventType, path: "Outdoors/Bouldering", icon: "🪨", color: "#795548")
        try j.addCategory(kind: .mood, path: "Stoked", icon: "🤩", color: "#FF00AA", score: 2)
        let photo = try j.storePhoto(pngBytes, name: "crag.png")
        let ana = try j.addPerson(
            PersonDraft(
                displayName: "Ana Lima", name: PersonName(family: "Lima", given: "Ana"), nicknames: ["Aninha"],
                birthday: PartialDate("1990-04-12"), emails: [LabeledValue("ana@example.org", label: "home")],
                phones: [LabeledValue("+351 912 345 678", label: "cell")], organization: "Lisbon Climbing Club", title: "Route setter",
                note: "Met at the gym.", relationID: try j.category(kind: .relation, path: "Friends/Climbing crew").id, photoHash: photo.hash))
        let ben = try j.person("Bén Ørsted / Ünïcode", in: "Friends")
        try j.addTrait(personID: ana.id, path: "Interests/Hobbies", text: "sourdough")
        try j.logEvent(
            EventDraft(
                title: "Sintra bouldering", start: instant(2026, 11, 20, 9, 30, "Europe/Lisbon"), timeZone: "Europe/Lisbon",
                end: instant(2026, 11, 20, 16, 0, "Europe/Lisbon"), typeID: try j.type("Outdoors/Bouldering"), moodID: try j.mood("Stoked"),
                place: PlaceDraft(name: "Peninha", address: "Serra de Sintra", latitude: 38.7686, longitude: -9.4601),
                personIDs: [ana.id, ben.id], note: "First V5 for Ben.", photoHashes: [photo.hash],
                traits: [
                    TraitDraft(path: "Interests/Climbing", text: "projects a V6", personID: ana.id),
                    TraitDraft(path: "Interests/Climbing", text: "afraid of heights, still came", personID: ben.id),
                ]))
        try j.logEvent(
            EventDraft(
                title: "Birthday dinner", start: instant(2026, 11, 22, 0, 0, "Europe/Lisbon"), timeZone: "Europe/Lisbon", allDay: true,
                allDayDates: day("2026-11-22")...day("2026-11-22"), personIDs: [ana.id]))
        return t
    }

    /// Everything of `from` into `to` through bodies, as a first sync would carry it.
    /// - Returns: how many items went.
    @discardableResult
    static func carry(_ from: Journal, _ to: Journal, account: String = "server") throws -> Int {
        var n = 0
        for kind in [SyncKind.contacts, .events] {
            for item in try from.syncState(account: account, kind: kind).created {
                let body = try #require(try from.syncBody(account: account, kind: kind, uid: item.uid))
                try from.recordPushed(account: account, kind: kind, uid: item.uid, href: "/c/" + body.name, etag: "\"1\"", body: body.body, stamp: body.stamp)
                let applied = try to.applyRemote(account: account, kind: kind, href: "/c/" + body.name, etag: "\"1\"", body: body.body)
                #expect(applied.conflicts.isEmpty && !applied.needsPush)
                n += 1
            }
        }
        return n
    }

    static func account(_ j: Journal) throws {
        try j.addSyncAccount(SyncAccount(name: "server", url: "http://127.0.0.1:1/"))
        try j.setSyncCollection(account: "server", kind: .contacts, url: "http://127.0.0.1:1/c/")
        try j.setSyncCollection(account: "server", kind: .events, url: "http://127.0.0.1:1/e/")
    }

    @Test("the change-stamp triggers exist only while a sync collection does")
    func triggersOnlyWhileSyncing() throws {
        let j = try JournalKind.onDisk.make().journal
        func triggers() throws -> Int {
            try j.dbQueue.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\'") ?? -1
            }
        }
        // A journal that never syncs carries none: SQLite would parse them at every open.
        #expect(try triggers() == 0)
        let ana = try j.addPerson(PersonDraft(displayName: "Ana Lima"))
        try j.addSyncAccount(SyncAccount(name: "server", url: "http://127.0.0.1:1/"))
        try j.setSyncCollection(account: "server", kind: .contacts, url: "http://127.0.0.1:1/c/")
        #expect(try triggers() > 30)
        func stamp() throws -> Int64 { try j.dbQueue.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM syncChange") ?? 0 } }
        let before = try stamp()
        _ = try j.editPerson(id: ana.id) { $0.note = "changed" }
        #expect(try stamp() > before)
        #expect(try j.removeSyncAccount(named: "server"))
        #expect(try triggers() == 0)
    }

    @Test("a second journal gets the whole journal back from the bodies")
    func roundTrip() throws {
        let a = try Self.richJournal(), b = try JournalKind.onDisk.make()
        try Self.account(a.journal)
        try Self.account(b.journal)
        #expect(try Self.carry(a.journal, b.journal) == 4)
        let (ja, jb) = (a.journal, b.journal)
        for p in try ja.people() {
            let x = try ja.person(id: p.id)
            let y = try #require(try jb.person(uid: x.uid))
            #expect(y.fields == x.fields)
            #expect(y.relation?.path == x.relation?.path && y.relation?.color == x.relation?.color && y.relation?.icon == x.relation?.icon)
            #expect(try jb.personPage(id: y.id, asOf: day("2026-11-27")).traits.count == ja.personPage(id: x.id, asOf: day("2026-11-27")).traits.count)
        }
        for e in try ja.events() {
            let y = try #require(try jb.event(uid: e.uid))
            #expect(y.title == e.title && y.start == e.start && y.end == e.end && y.allDay == e.allDay && y.startDay == e.startDay)
            #expect(y.type?.path == e.type?.path && y.type?.color == e.type?.color && y.type?.icon == e.type?.icon)
            #expect(y.mood?.name == e.mood?.name && y.mood?.score == e.mood?.score && y.mood?.color == e.mood?.color)
            #expect(y.place?.name == e.place?.name && y.place?.address == e.place?.address && y.place?.latitude == e.place?.latitude)
            #expect(y.people.map(\.displayName) == e.people.map(\.displayName))
            #expect(y.note == e.note && y.photos.map(\.hash) == e.photos.map(\.hash))
            #expect(
                y.traits.map { [$0.category.path, $0.text, $0.person?.displayName ?? ""] }
                    == e.traits.map { [$0.category.path, $0.text, $0.person?.displayName ?? ""] })
        }
        // Nothing is left to push on either side, and b's bodies are a's.
        for kind in [SyncKind.contacts, .events] {
            let sa = try ja.syncState(account: "server", kind: kind), sb = try jb.syncState(account: "server", kind: kind)
            #expect(sa.changed.isEmpty && sa.created.isEmpty && sa.deleted.isEmpty)
            #expect(sb.changed.isEmpty && sb.created.isEmpty && sb.deleted.isEmpty)
            #expect(sb.status.count == sa.status.count && sa.status.count > 0)
        }
        try jb.checkInvariants()
    }

    @Test("every write path marks what it changes, and nothing changed lists nothing")
    func changeStamps() throws {
        let a = try Self.richJournal(), b = try JournalKind.inMemory.make()
        let j = a.journal
        try Self.account(j)
        try Self.account(b.journal)
        try Self.carry(j, b.journal)
        func changed(_ kind: SyncKind) throws -> [String] {
            let s = try j.syncState(account: "server", kind: kind)
            return (s.changed + s.created).map(\.uid).sorted() + s.deleted.map { "gone:" + $0.uid }
        }
        func settle() throws {
            for kind in [SyncKind.contacts, .events] {
                let s = try j.syncState(account: "server", kind: kind)
                for item in s.changed + s.created {
                    let body = try #require(try j.syncBody(account: "server", kind: kind, uid: item.uid))
                    try j.recordPushed(account: "server", kind: kind, uid: item.uid, href: "/x/" + body.name, etag: "\"2\"", body: body.body, stamp: body.stamp)
                }
                for gone in s.deleted { try j.forgetSyncStatus(account: "server", kind: kind, uid: gone.uid) }
                try j.setSyncToken(account: "server", kind: kind, token: "t", checked: s.checked)
                // Read without the rows, the state still counts them (the empty-side guard's measure).
                let all = try j.syncState(account: "server", kind: kind), lean = try j.syncState(account: "server", kind: kind, includeStatus: false)
                #expect(lean.status.isEmpty && lean.statusCount == all.status.count && all.statusCount == all.status.count)
            }
            #expect(try changed(.contacts).isEmpty && changed(.events).isEmpty)
        }
        try settle()
        let ana = try #require(try j.people().first { $0.displayName == "Ana Lima" })
        let anaUID = try j.person(id: ana.id).uid
        let sintra = try #require(try j.events().first { $0.title == "Sintra bouldering" })
        let dinner = try #require(try j.events().first { $0.title == "Birthday dinner" })
        // A nickname, then a trait.
        try j.editPerson(id: ana.id) { $0.nicknames.append("Nana") }
        #expect(try changed(.contacts) == [anaUID] && changed(.events).isEmpty)
        try settle()
        try j.addTrait(personID: ana.id, path: "Interests", text: "tea")
        #expect(try changed(.contacts) == [anaUID])
        try settle()
        // The place moves: its events change.
        try j.editPlace(named: "Peninha", coordinates: (38.77, -9.46))
        #expect(try changed(.events) == [sintra.uid])
        try settle()
        // The type's main category is renamed: the events under it change.
        try j.editCategory(id: try j.category(kind: .eventType, path: "Outdoors").id, CategoryChanges(name: "Outside"))
        #expect(try changed(.events) == [sintra.uid])
        try settle()
        // The mood is recoloured.
        try j.editCategory(id: try j.mood("Stoked"), CategoryChanges(color: "#00FF00"))
        #expect(try changed(.events) == [sintra.uid])
        try settle()
        // The relation category is recoloured: its people change.
        try j.editCategory(id: try j.category(kind: .relation, path: "Friends/Climbing crew").id, CategoryChanges(color: "#654321"))
        #expect(try changed(.contacts) == [anaUID])
        try settle()
        // A person renamed: their events carry the name.
        try j.editPerson(id: ana.id) { $0.displayName = "Ana M. Lima" }
        #expect(try changed(.events) == [sintra.uid, dinner.uid].sorted() && changed(.contacts) == [anaUID])
        try settle()
        // A photo on an event.
        try j.editEvent(id: dinner.id) { $0.photoHashes = [] }
        #expect(try changed(.events) == [dinner.uid])
        try settle()
        // Removed, then undone.
        try j.removeEvent(id: dinner.id)
        #expect(try changed(.events) == ["gone:" + dinner.uid])
        _ = try j.undoLast()
        #expect(try changed(.events) == [dinner.uid])
        try settle()
        // A cadence is in no card: it changes nothing to push.
        try j.setCadence(Cadence("2w"), forPerson: ana.id)
        #expect(try changed(.contacts).isEmpty)
        #expect(try j.syncState(account: "server", kind: .contacts).status.count == 2)
    }

    @Test("edits from another client merge field by field; a field both changed keeps the loser in the note")
    func threeWayMerge() throws {
        let a = try Self.richJournal(), b = try JournalKind.onDisk.make()
        let j = a.journal
        try Self.account(j)
        try Self.account(b.journal)
        try Self.carry(j, b.journal)
        let sintra = try #require(try j.events().first { $0.title == "Sintra bouldering" })
        let body = try #require(try j.syncBody(account: "server", kind: .events, uid: sintra.uid))
        var text = String(decoding: body.body, as: UTF8.self)
        // Another client moves the event an hour later and renames it; the journal edits the note.
        text = text.replacingOccurrences(of: "SUMMARY:Sintra bouldering", with: "SUMMARY:Sintra bouldering day")
        text = text.replacingOccurrences(of: "DTSTART;TZID=Europe/Lisbon:20261120T093000", with: "DTSTART;TZID=Europe/Lisbon:20261120T103000")
        #expect(text.contains("SUMMARY:Sintra bouldering day") && text.contains("T103000"))
        try j.editEvent(id: sintra.id) { $0.note = "First V5 for Ben. Ana flashed it." }
        var r = try j.applyRemote(account: "server", kind: .events, href: "/c/" + body.name, etag: "\"2\"", body: Array(text.utf8))
        #expect(r.action == .updated && r.conflicts.isEmpty && r.needsPush)
        var e = try j.event(id: sintra.id)
        #expect(e.title == "Sintra bouldering day" && e.note == "First V5 for Ben. Ana flashed it.")
        #expect(e.start == instant(2026, 11, 20, 10, 30, "Europe/Lisbon"))
        #expect(e.people.count == 2 && e.traits.count == 2 && e.photos.count == 1)
        #expect(try j.syncState(account: "server", kind: .events).changed.map(\.uid) == [sintra.uid])
        // Both change the title; the server's edit is newer.
        let base = text
        try j.editEvent(id: sintra.id) { $0.title = "Sintra, local title" }
        text = base.replacingOccurrences(of: "SUMMARY:Sintra bouldering day", with: "SUMMARY:Sintra, server title")
        text = text.components(separatedBy: "\r\n").map { line in
            line.hasPrefix("LAST-MODIFIED:") ? "LAST-MODIFIED:20991231T000000Z" : line.hasPrefix("DTSTAMP:") ? "DTSTAMP:20991231T000000Z" : line
        }.joined(separator: "\r\n")
        r = try j.applyRemote(account: "server", kind: .events, href: "/c/" + body.name, etag: "\"3\"", body: Array(text.utf8))
        #expect(r.conflicts.map(\.field) == ["title"])
        #expect(r.conflicts.first?.kept == "Sintra, server title" && r.conflicts.first?.lost == "Sintra, local title")
        e = try j.event(id: sintra.id)
        #expect(e.title == "Sintra, server title")
        #expect(e.note.contains("Sync conflict") && e.note.contains("Sintra, local title"))
        #expect(try j.syncConflicts(account: "server").count == 1)
        // A card: the server changes the phone, the journal the job title.
        let ana = try #require(try j.people().first { $0.displayName == "Ana Lima" })
        let card = try #require(try j.syncBody(account: "server", kind: .contacts, uid: try j.person(id: ana.id).uid))
        let cardText = String(decoding: card.body, as: UTF8.self).replacingOccurrences(of: "+351 912 345 678", with: "+351 900 000 000")
        #expect(cardText.contains("+351 900 000 000"))
        try j.editPerson(id: ana.id) { $0.title = "Head setter" }
        r = try j.applyRemote(account: "server", kind: .contacts, href: "/c/" + card.name, etag: "\"2\"", body: Array(cardText.utf8))
        #expect(r.conflicts.isEmpty && r.needsPush)
        let p = try j.person(id: ana.id)
        #expect(p.phones.map(\.value) == ["+351 900 000 000"] && p.title == "Head setter" && p.nicknames == ["Aninha"])
        try j.checkInvariants()
    }

    @Test("description, location and attendees edited in another client come back")
    func otherClientsFields() throws {
        let a = try Self.richJournal()
        let j = a.journal
        try Self.account(j)
        let state = try j.syncState(account: "server", kind: .events)
        for item in state.created {
            let body = try #require(try j.syncBody(account: "server", kind: .events, uid: item.uid))
            #expect(try j.syncMatches(account: "server", kind: .events, uid: item.uid, body: body.body))
            try j.recordPushed(account: "server", kind: .events, uid: item.uid, href: "/c/" + body.name, etag: "\"1\"", body: body.body, stamp: body.stamp)
        }
        let sintra = try #require(try j.events().first { $0.title == "Sintra bouldering" })
        let body = try #require(try j.syncBody(account: "server", kind: .events, uid: sintra.uid))
        // What khal would write: the description and location replaced, Ana's attendee line gone
        // (Kith's X- lines left as they were).
        let lines = String(decoding: body.body, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        let edited = lines.compactMap { line -> String? in
            if line.hasPrefix("DESCRIPTION:") { return "DESCRIPTION:Windy. Edited in khal." }
            if line.hasPrefix("LOCATION:") { return "LOCATION:Cabo da Roca" }
            if line.hasPrefix("ATTENDEE;CN=\"Ana Lima\"") { return nil }
            return line
        }.joined(separator: "\r\n")
        #expect(!(try j.syncMatches(account: "server", kind: .events, uid: sintra.uid, body: Array(edited.utf8))))
        let r = try j.applyRemote(account: "server", kind: .events, href: "/c/" + body.name, etag: "\"2\"", body: Array(edited.utf8))
        #expect(r.action == .updated && r.conflicts.isEmpty)
        let e = try j.event(id: sintra.id)
        #expect(e.note == "Windy. Edited in khal.")
        #expect(e.place?.name == "Cabo da Roca")
        #expect(e.people.map(\.displayName) == ["Bén Ørsted / Ünïcode"])
        #expect(e.traits.map(\.text) == ["afraid of heights, still came"])
        try j.checkInvariants()
    }

    @Test("a push whose status row was lost to a crash is no conflict")
    func crashAfterPut() throws {
        let a = try Self.richJournal()
        let j = a.journal
        try Self.account(j)
        let state = try j.syncState(account: "server", kind: .events)
        for item in state.created {
            // The PUT reached the server; the row was never written.
            let body = try #require(try j.syncBody(account: "server", kind: .events, uid: item.uid))
            let r = try j.applyRemote(account: "server", kind: .events, href: "/c/" + body.name, etag: "\"9\"", body: body.body)
            #expect(r.action == .unchanged && r.conflicts.isEmpty && !r.needsPush)
        }
        let after = try j.syncState(account: "server", kind: .events)
        #expect(after.created.isEmpty && after.changed.isEmpty && after.status.count == state.created.count)
    }

    @Test("a deletion on the server removes the item; accounts come and go")
    func deletionsAndAccounts() throws {
        let a = try Self.richJournal(), b = try JournalKind.onDisk.make()
        try Self.account(a.journal)
        try Self.account(b.journal)
        try Self.carry(a.journal, b.journal)
        let dinner = try #require(try b.journal.events().first { $0.title == "Birthday dinner" })
        #expect(try b.journal.applyRemoteDeletion(account: "server", kind: .events, uid: dinner.uid))
        #expect(try b.journal.event(uid: dinner.uid) == nil)
        let s = try b.journal.syncState(account: "server", kind: .events)
        #expect(s.deleted.isEmpty && s.status.count == 1)
        #expect(throws: JournalError.self) { try b.journal.addSyncAccount(SyncAccount(name: "server", url: "http://x/")) }
        #expect(try b.journal.syncAccounts().map(\.name) == ["server"])
        #expect(try b.journal.syncAccount(named: "server")?.calendarURL == "http://127.0.0.1:1/e/")
        #expect(try b.journal.removeSyncAccount(named: "server"))
        #expect(try b.journal.syncAccounts().isEmpty)
        try b.journal.checkInvariants()
    }

    @Test("undoing a pulled change puts the item back and marks it to push; the backup leaves sync out")
    func undoAndBackup() throws {
        let a = try Self.richJournal(), b = try JournalKind.onDisk.make()
        try Self.account(a.journal)
        try Self.account(b.journal)
        try Self.carry(a.journal, b.journal)
        let jb = b.journal
        let dinner = try #require(try a.journal.events().first { $0.title == "Birthday dinner" })
        let renamed = try a.journal.editEvent(id: dinner.id) { $0.title = "Birthday dinner at Ana's" }
        let body = try #require(try a.journal.syncBody(account: "server", kind: .events, uid: renamed.uid))
        _ = try jb.applyRemote(account: "server", kind: .events, href: "/c/" + body.name, etag: "\"2\"", body: body.body)
        #expect(try jb.event(uid: dinner.uid)?.title == "Birthday dinner at Ana's")
        #expect(try jb.syncState(account: "server", kind: .events).changed.isEmpty)
        // Undo takes the pull back: the old title, which the next sync sends.
        let undone = try #require(try jb.undoLast())
        #expect(undone.description.hasPrefix("sync server: update event"))
        #expect(try jb.event(uid: dinner.uid)?.title == "Birthday dinner")
        #expect(try jb.syncState(account: "server", kind: .events).changed.map(\.uid) == [dinner.uid])
        try jb.checkInvariants()
        // A journal restored from the JSON backup has the people and events, and no account:
        // it syncs afresh, matching by UID.
        let fresh = try JournalKind.onDisk.make()
        _ = try fresh.journal.importData(try jb.exportJSON().data, fileName: "backup.json")
        #expect(try fresh.journal.syncAccounts().isEmpty)
        #expect(try fresh.journal.events().count == 2 && fresh.journal.people().count == 2)
    }

    @Test("resource names come from the UID, the same each time")
    func resourceNames() {
        #expect(Journal.syncResourceName(uid: "ABC-123_x.y", kind: .contacts) == "ABC-123_x.y.vcf")
        let odd = Journal.syncResourceName(uid: "a/b@c d é", kind: .events)
        #expect(odd.hasSuffix(".ics") && odd.count == 64 + 4 && odd == Journal.syncResourceName(uid: "a/b@c d é", kind: .events))
        #expect(Journal.syncResourceName(uid: "..", kind: .events) != "...ics")
    }
}
