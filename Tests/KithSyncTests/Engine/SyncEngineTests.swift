import Foundation
import Kith
import Testing

@testable import KithSync

/// The engine against in-memory sides: what a user would see on the server and in the
/// journal after each sync (the end-to-end tests repeat the main paths on real servers).
@Suite struct SyncEngineTests {
    let remote = MemoryRemote()
    let replica = MemoryReplica()

    @discardableResult
    func sync(_ engine: SyncEngine = SyncEngine()) async throws -> CollectionReport {
        try await engine.sync(kind: .contacts, token: replica.token, remote: remote, replica: replica)
    }

    func serverCard(_ uid: String) -> MemoryCard? {
        remote.bodies.values.compactMap { MemoryCard(body: Array($0.utf8)) }.first { $0.uid == uid }
    }

    @Test func firstSyncUploadsThenNothingMoves() async throws {
        replica.add("ada", ["FN": "Ada Lovelace", "TEL": "+44 1"])
        replica.add("alan", ["FN": "Alan Turing"])
        let first = try await sync()
        #expect(first.pushed == 2)
        #expect(remote.hrefs == ["/kith/contacts/ada.vcf", "/kith/contacts/alan.vcf"])
        #expect(serverCard("ada")?.fields["TEL"] == "+44 1")
        let before = remote.requests.count
        replica.rowsRead = 0
        let second = try await sync()
        #expect(!second.changedAnything)
        #expect(second.incremental)
        // One request: the collection's token, the same as last time, so no REPORT and
        // nothing to fetch; and not one status row read.
        #expect(Array(remote.requests[before...]) == ["token"])
        #expect(replica.rowsRead == 0)
        #expect(replica.probe == true)
    }

    @Test func aLongSyncTellsHowFarItIs() async throws {
        for n in 0..<30 { replica.add("p\(n)", ["FN": "Person \(n)"]) }
        final class Seen: @unchecked Sendable {
            // @unchecked: the engine calls the closure from one task at a time.
            var steps: [SyncProgress] = []
        }
        let seen = Seen()
        var engine = SyncEngine()
        engine.progress = { seen.steps.append($0) }
        try await sync(engine)
        #expect(seen.steps.map(\.done) == Array(0...30))
        #expect(seen.steps.allSatisfy { $0.total == 30 && $0.kind == .contacts })
        // Nothing to do: nothing to tell.
        seen.steps = []
        try await sync(engine)
        #expect(seen.steps.isEmpty)
    }

    @Test func aServerWithoutATokenProbeIsAskedForTheDeltaOnly() async throws {
        remote.offersTokenProbe = false
        replica.add("ada", ["FN": "Ada"])
        try await sync()
        // The first sync with a token finds the probe empty and learns not to send it.
        let before = remote.requests.count
        #expect(!(try await sync()).changedAnything)
        #expect(Array(remote.requests[before...]) == ["token", "changes"])
        #expect(replica.probe == false)
        // A change on the server still comes back, whether or not the probe is tried.
        remote.put(name: "ada.vcf", body: "BEGIN:VCARD\r\nUID:ada\r\nFN:Ada King\r\nEND:VCARD\r\n")
        #expect((try await sync()).pulled == 1)
        #expect(replica.cards["ada"]?.fields["FN"] == "Ada King")
    }

    @Test func aDeltaReadsOnlyTheRowsItNames() async throws {
        for n in 0..<50 { replica.add("p\(n)", ["FN": "Person \(n)"]) }
        try await sync()
        // One edit on the server, one in the journal, one deletion on the server.
        remote.put(name: "p3.vcf", body: "BEGIN:VCARD\r\nUID:p3\r\nFN:Person Three\r\nEND:VCARD\r\n")
        replica.cards["p7"]!.fields["NOTE"] = "moved to Leeds"
        remote.remove(href: remote.hrefs.first { $0.hasSuffix("/p9.vcf") }!)
        replica.rowsRead = 0
        let report = try await sync()
        #expect(report.incremental && report.pulled == 1 && report.pushed == 1 && report.deletedLocally == 1)
        #expect(replica.rowsRead == 3)
        #expect(replica.cards["p3"]?.fields["FN"] == "Person Three" && replica.cards["p9"] == nil)
        #expect(serverCard("p7")?.fields["NOTE"] == "moved to Leeds")
        // A token the server no longer knows: a complete comparison, all rows, no duplicate.
        replica.token = "999999"
        replica.rowsRead = 0
        let full = try await sync()
        #expect(!full.incremental && !full.changedAnything && replica.rowsRead == 49)
        #expect(remote.hrefs.count == 49)
    }

    @Test func editsAndDeletionsTravelBothWays() async throws {
        replica.add("ada", ["FN": "Ada"])
        replica.add("alan", ["FN": "Alan"])
        replica.add("grace", ["FN": "Grace"])
        try await sync()
        // Another client adds one card, edits one and deletes one; the journal edits another.
        remote.put(name: "new.vcf", body: "BEGIN:VCARD\r\nUID:kate\r\nFN:Kate\r\nEND:VCARD\r\n")
        let ada = remote.hrefs.first { $0.hasSuffix("ada.vcf") }!
        remote.put(name: "ada.vcf", body: "BEGIN:VCARD\r\nUID:ada\r\nFN:Ada King\r\nEND:VCARD\r\n")
        remote.remove(href: remote.hrefs.first { $0.hasSuffix("alan.vcf") }!)
        replica.cards["grace"]!.fields["NOTE"] = "admiral"
        let report = try await sync()
        #expect(report.pulled == 2 && report.deletedLocally == 1 && report.pushed == 1)
        #expect(replica.cards["kate"]?.fields["FN"] == "Kate")
        #expect(replica.cards["ada"]?.fields["FN"] == "Ada King")
        #expect(replica.cards["alan"] == nil)
        #expect(serverCard("grace")?.fields["NOTE"] == "admiral")
        #expect(remote.bodies[ada] != nil)
        // The journal deletes one; the server gets the deletion.
        replica.cards["kate"] = nil
        let third = try await sync()
        #expect(third.deletedRemotely == 1)
        #expect(serverCard("kate") == nil)
        #expect(replica.rows["kate"] == nil)
        // Both sides in agreement: the next sync does nothing.
        #expect(!(try await sync()).changedAnything)
    }

    @Test func bothSidesChangedMergeFieldByField() async throws {
        replica.add("ada", ["FN": "Ada", "TEL": "1", "NOTE": "met at the lab"])
        try await sync()
        remote.put(name: "ada.vcf", body: "BEGIN:VCARD\r\nUID:ada\r\nFN:Ada\r\nTEL:2\r\nNOTE:server note\r\nEND:VCARD\r\n")
        replica.cards["ada"]!.fields["EMAIL"] = "ada@example.org"
        replica.cards["ada"]!.fields["NOTE"] = "journal note"
        let report = try await sync()
        #expect(report.merged == 1)
        // Fields changed on one side only are both kept, on both sides.
        let merged = try #require(serverCard("ada"))
        #expect(merged.fields["TEL"] == "2" && merged.fields["EMAIL"] == "ada@example.org")
        #expect(replica.cards["ada"] == merged)
        // The field both changed: one value kept, the other reported with it.
        #expect(report.conflicts.map(\.field) == ["NOTE"])
        #expect(report.conflicts.first?.kept == merged.fields["NOTE"])
        #expect(report.conflicts.first?.lost == "journal note")
        #expect(!(try await sync()).changedAnything)
    }

    @Test func theSameEditOnBothSidesIsNoConflict() async throws {
        replica.add("ada", ["FN": "Ada"])
        try await sync()
        remote.put(name: "ada.vcf", body: "BEGIN:VCARD\r\nUID:ada\r\nFN:Ada King\r\nEND:VCARD\r\n")
        replica.cards["ada"]!.fields["FN"] = "Ada King"
        let report = try await sync()
        #expect(report.adopted == 1 && report.merged == 0 && report.conflicts.isEmpty)
        #expect(report.plan.map(\.action) == [.adopt])
    }

    @Test func aCrashAfterThePutIsAdoptedNotDuplicated() async throws {
        replica.add("ada", ["FN": "Ada"])
        struct Crash: Error {}
        replica.beforeWrite = { if $0 == "record" { throw Crash() } }
        await #expect(throws: Crash.self) { try await sync() }
        #expect(remote.hrefs.count == 1 && replica.rows.isEmpty && replica.token == nil)
        replica.beforeWrite = nil
        let report = try await sync()
        // The listing shows the resource with the journal's UID and the same content: only the row.
        #expect(report.adopted == 1 && report.pushed == 0 && report.conflicts.isEmpty)
        #expect(remote.hrefs == ["/kith/contacts/ada.vcf"])
        #expect(replica.rows["ada"] != nil)
        #expect(!(try await sync()).changedAnything)
    }

    @Test func aCreateMeetingANewServerItemMergesIt() async throws {
        replica.add("ada", ["FN": "Ada", "EMAIL": "ada@example.org"])
        // Between the listing and the PUT another client creates the same UID at that name.
        var once = true
        remote.beforeWrite = { [remote] _, _ in
            guard once else { return }
            once = false
            remote.put(name: "ada.vcf", body: "BEGIN:VCARD\r\nUID:ada\r\nFN:Ada\r\nTEL:5\r\nEND:VCARD\r\n")
        }
        let report = try await sync()
        #expect(report.replanned == 1 && report.merged == 1)
        #expect(remote.hrefs == ["/kith/contacts/ada.vcf"])
        let card = try #require(serverCard("ada"))
        #expect(card.fields["TEL"] == "5" && card.fields["EMAIL"] == "ada@example.org")
    }

    @Test func aServerEditDuringTheSyncIsReadAgainNotLost() async throws {
        replica.add("ada", ["FN": "Ada", "TEL": "1"])
        try await sync()
        replica.cards["ada"]!.fields["EMAIL"] = "ada@example.org"
        // Between the listing and the PUT another client changes the phone.
        var once = true
        remote.beforeWrite = { [remote] _, _ in
            guard once else { return }
            once = false
            remote.put(name: "ada.vcf", body: "BEGIN:VCARD\r\nUID:ada\r\nFN:Ada\r\nTEL:2\r\nEND:VCARD\r\n")
        }
        let report = try await sync()
        #expect(report.replanned == 1 && report.merged == 1)
        let card = try #require(serverCard("ada"))
        #expect(card.fields["TEL"] == "2" && card.fields["EMAIL"] == "ada@example.org")
        #expect(replica.cards["ada"] == card)
    }

    @Test func theEmptySideGuardRefusesUnlessForced() async throws {
        replica.add("ada", ["FN": "Ada"])
        replica.add("alan", ["FN": "Alan"])
        try await sync()
        remote.removeAll()
        let refused = try await sync()
        #expect(refused.refused == .remoteEmptied(items: 2))
        #expect(replica.cards.count == 2 && replica.rows.count == 2)
        let forced = try await sync(SyncEngine(force: true))
        #expect(forced.deletedLocally == 2 && replica.cards.isEmpty)

        // The other way: a wiped journal does not empty the server.
        replica.add("grace", ["FN": "Grace"])
        try await sync()
        replica.cards = [:]
        let refusedLocal = try await sync()
        #expect(refusedLocal.refused == .localEmptied(items: 1))
        #expect(serverCard("grace") != nil)
    }

    @Test func aDryRunPlansAndWritesNothing() async throws {
        replica.add("ada", ["FN": "Ada"])
        remote.put(name: "kate.vcf", body: "BEGIN:VCARD\r\nUID:kate\r\nFN:Kate\r\nEND:VCARD\r\n")
        let report = try await sync(SyncEngine(dryRun: true))
        #expect(report.plan.map(\.action) == [.pushCreate, .pullCreate])
        #expect(report.pushed == 1 && report.pulled == 1)
        #expect(remote.hrefs == ["/kith/contacts/kate.vcf"])
        #expect(replica.cards.keys.sorted() == ["ada"] && replica.rows.isEmpty && replica.tokenSaves == 0)
    }

    @Test func aRenamedResourceIsMatchedByUID() async throws {
        replica.add("ada", ["FN": "Ada"])
        try await sync()
        let body = remote.bodies["/kith/contacts/ada.vcf"]!
        remote.remove(href: "/kith/contacts/ada.vcf")
        remote.put(name: "0f3e.vcf", body: body)
        let report = try await sync()
        #expect(!report.changedAnything)
        #expect(replica.cards["ada"] != nil)
        #expect(replica.rows["ada"]?.status.href == "/kith/contacts/0f3e.vcf")
        // A later edit goes to the new name, with no duplicate.
        replica.cards["ada"]!.fields["TEL"] = "3"
        try await sync()
        #expect(remote.hrefs == ["/kith/contacts/0f3e.vcf"])
        #expect(serverCard("ada")?.fields["TEL"] == "3")
    }

    @Test func withoutSyncCollectionAWholeListingFindsDeletions() async throws {
        remote.offersSyncCollection = false
        replica.add("ada", ["FN": "Ada"])
        replica.add("alan", ["FN": "Alan"])
        try await sync()
        remote.remove(href: "/kith/contacts/alan.vcf")
        let report = try await sync()
        #expect(!report.incremental && report.deletedLocally == 1)
        #expect(replica.cards.keys.sorted() == ["ada"])
    }

    @Test func awkwardUIDsGetSafeNamesAndComeBack() async throws {
        let uids = ["a/b@example.org", "with space", "Zoë-ünï", "plain-1.2_3"]
        for uid in uids { replica.add(uid, ["FN": uid]) }
        let report = try await sync()
        #expect(report.pushed == 4)
        #expect(remote.hrefs.contains("/kith/contacts/plain-1.2_3.vcf"))
        for href in remote.hrefs where !href.hasSuffix("plain-1.2_3.vcf") {
            let name = href.split(separator: "/").last!
            #expect(name.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "@") })
        }
        // A second journal gets every one of them back.
        let other = MemoryReplica()
        let pulled = try await SyncEngine().sync(kind: .contacts, token: nil, remote: remote, replica: other)
        #expect(pulled.pulled == 4)
        #expect(other.cards.keys.sorted() == uids.sorted())
    }

    @Test func aDuplicateUIDOnTheServerIsSkippedNotFatal() async throws {
        remote.put(name: "one.vcf", body: "BEGIN:VCARD\r\nUID:dup\r\nFN:One\r\nEND:VCARD\r\n")
        remote.put(name: "two.vcf", body: "BEGIN:VCARD\r\nUID:dup\r\nFN:Two\r\nEND:VCARD\r\n")
        remote.put(name: "none.vcf", body: "BEGIN:VCARD\r\nFN:No UID\r\nEND:VCARD\r\n")
        let report = try await sync()
        #expect(report.pulled == 1)
        #expect(report.skipped.sorted() == ["/kith/contacts/none.vcf", "/kith/contacts/two.vcf"])
    }

    @Test func aCancelledSyncSavesNoToken() async throws {
        replica.add("ada", ["FN": "Ada"])
        let cancellation = Cancellation()
        cancellation.cancel()
        await #expect(throws: JournalError.cancelled) { try await sync(SyncEngine(cancellation: cancellation)) }
        #expect(remote.hrefs.isEmpty && replica.tokenSaves == 0)
    }

    @Test func uidsAreReadFromTheItemNotTheTimeZone() {
        let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VTIMEZONE\r
            TZID:Europe/Paris\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            BEGIN:VALARM\r
            UID:alarm-1\r
            END:VALARM\r
            UID:event-with-a-very-long-uid-folded-over-two-lines-because-it-is-l\r
             onger-than-75-octets\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        #expect(ItemIdentity.uid(of: Array(ics.utf8)) == "event-with-a-very-long-uid-folded-over-two-lines-because-it-is-longer-than-75-octets")
    }
}
