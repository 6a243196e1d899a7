import ContentLines
import Foundation
import Testing
import VCardFormat

@testable import Kith

/// The short cuts the contact import takes for speed give what the long way gave.
@Suite("Import short cuts")
struct ImportFastPathTests {
    /// Cards in every dialect, with the EMAIL and TEL forms the 3.0→4.0 and 2.1→4.0
    /// conversions rewrite: TYPE=pref, TYPE=internet, bare 2.1 types, escapes, `tel:`.
    static let dialectCards = """
        BEGIN:VCARD
        VERSION:2.1
        N:Lima;Ana;;;
        FN:Ana Lima
        TEL;CELL;PREF:+351 912 345 678
        TEL;HOME;VOICE:0151 2345678
        EMAIL;INTERNET;PREF:ana@example.org
        EMAIL;WORK:ana,lima;x@example.org
        EMAIL;HOME:back\\slash@example.org
        item1.EMAIL;INTERNET:grouped@example.org
        item1.X-ABLabel:School
        NOTE:a, b; c
        ADR;HOME:;;Rua Nova, 5;Lisboa;;1000-001;Portugal
        ADR;WORK:;;Av. Central 9;Porto;;4000;PT
        URL:http://ana.example/a,b
        END:VCARD
        BEGIN:VCARD
        VERSION:2.1
        N:Sousa, Jr.;Pedro;;Dr.;
        FN:Pedro Sousa
        ADR;HOME:;;Rua 1;Braga;;4700;PT
        URL:http://pedro.example/\\x
        URL:http://pedro.example/y
        NOTE;ENCODING=QUOTED-PRINTABLE:line one=0D=0Aline two
        TITLE:Eng.
        TITLE:Second
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:Costa;Rui;;;
        FN:Rui Costa
        EMAIL;type=INTERNET;type=HOME;type=pref:rui@example.org
        EMAIL;TYPE=internet,work:rui.costa@work.example
        TEL;type=CELL;type=VOICE;type=pref:+44 7700 900123
        TEL;VALUE=uri;TYPE=home:tel:+1-555-0100
        TEL:555\\,0199
        item2.TEL:+49 30 1234567
        item2.X-ABLabel:_$!<Other>!$_
        URL;type=pref:https\\://rui.example
        BDAY:1985-04-12
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:Sem;Nome;;;
        EMAIL;TYPE=INTERNET:nofn@example.org
        TEL;TYPE=CELL:+351 999 888 777
        END:VCARD
        BEGIN:VCARD
        VERSION:4.0
        FN:Mira Sol
        EMAIL;TYPE=home;PREF=1:mira@example.org
        TEL;VALUE=uri;TYPE=cell:tel:+33-1-23-45-67-89
        END:VCARD

        """.replacingOccurrences(of: "\n", with: "\r\n")

    /// Every card of the sample files and of `dialectCards`.
    static func allCards() throws -> [VCard] {
        var cards = try VCard.read(Array(dialectCards.utf8)).cards
        for name in ["android-contacts-2.1.vcf", "apple-contacts-3.0.vcf", "friends-4.0.vcf"] {
            let bytes = [UInt8](try Data(contentsOf: sampleFolder.appendingPathComponent(name)))
            cards += try VCard.read(bytes).cards
        }
        // A larger book on request (Scripts/bench.sh's bench-data/contacts.vcf: 10,000 cards).
        if let path = ProcessInfo.processInfo.environment["KITH_EQUIVALENCE_VCF"] {
            cards += try VCard.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))).cards
        }
        return cards
    }

    @Test("lines left as written give the values and labels the converted card gives; other lines are converted as before")
    func lines4MatchesConversion() throws {
        let cards = try Self.allCards()
        #expect(cards.count > 10)
        for card in cards {
            var ignored: [FormatWarning] = []
            let full = VCard(version: .v4_0, properties: card.properties(for: .v4_0, warnings: &ignored))
            let fast = VCard(version: .v4_0, properties: ContactMapping.lines4(of: card))
            let label = { (v: VCard.TypedValue) in "\(v.value)|\(ContactMapping.label(v))" }
            #expect(fast.emails.map(label) == full.emails.map(label), "card at line \(card.line)")
            #expect(fast.phones.map(label) == full.phones.map(label), "card at line \(card.line)")
            #expect(fast.urls.map(label) == full.urls.map(label), "card at line \(card.line)")
            #expect(fast.addresses == full.addresses, "card at line \(card.line)")
            #expect(
                fast.name == full.name && fast.notes == full.notes && fast.formattedName == full.formattedName,
                "card at line \(card.line)")
            let plain: Set<String> = ["EMAIL", "TEL", "URL", "N", "ADR", "NOTE"]
            let others = { (c: VCard) in c.properties.filter { !plain.contains($0.name) } }
            #expect(others(fast) == others(full), "card at line \(card.line)")
            #expect(fast.properties.count == full.properties.count, "card at line \(card.line)")
        }
    }

    @Test("what the import takes from each card is what it took from the whole card in 4.0 form")
    func contactMatchesWholeConversion() throws {
        for card in try Self.allCards() {
            var ignored: [FormatWarning] = []
            let converted = VCard(version: .v4_0, properties: card.properties(for: .v4_0, warnings: &ignored), line: card.line)
            var w1: [ImportWarning] = [], w2: [ImportWarning] = []
            let a = try ContactMapping.contact(from: card, warnings: &w1).get()
            let b = try ContactMapping.contact(from: converted, warnings: &w2).get()
            #expect(a.fields == b.fields, "card at line \(card.line)")
            #expect(a.uid == b.uid && a.rev == b.rev && a.photo == b.photo && a.categories == b.categories)
            #expect(a.traits.map { "\($0.path)|\($0.text)" } == b.traits.map { "\($0.path)|\($0.text)" })
            #expect(w1 == w2)
        }
    }

    @Test("name and birthday find the right one of several people born the same day, in one file and the next")
    func sameBirthdayManyNames() throws {
        func card(_ uid: String?, _ name: String) -> String {
            "BEGIN:VCARD\r\nVERSION:4.0\r\n" + (uid.map { "UID:\($0)\r\n" } ?? "") + "FN:\(name)\r\nBDAY:19900412\r\nEND:VCARD\r\n"
        }
        let j = try Journal.inMemory()
        let first = try j.importText(
            card("u1", "Ana Lima") + card("u2", "Rui Costa") + card("u3", "Mira Sol")
                + card(nil, "RUI COSTA"), name: "a.vcf")
        // The fourth card is the second person (same folded name, same birthday).
        #expect(first.added.count == 3)
        #expect(first.items[3].reason.hasPrefix("same name and birthday"))
        let ruiID = try #require(try j.person(uid: "u2")).id
        #expect(first.items[3].id == ruiID)
        let second = try j.importText(card(nil, "Mira  Sol") + card(nil, "Zoë Nova"), name: "b.vcf")
        #expect(second.items[0].id == (try j.person(uid: "u3"))?.id)
        #expect(second.items[0].reason.hasPrefix("same name and birthday"))
        #expect(second.items[1].action == .added)
    }

    @Test("a person with many contact details and kept lines keeps them all, in order, through import and edit")
    func manyDetailsInOrder() throws {
        var card = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:many\r\nFN:Many Ways\r\n"
        for i in 0..<19 { card += "EMAIL;TYPE=work:m\(i)@example.org\r\n" }
        for i in 0..<9 { card += "TEL;TYPE=cell:+351 912 000 \(100 + i)\r\n" }
        for i in 0..<3 { card += "URL:https://example.org/\(i)\r\n" }
        for i in 0..<17 { card += "X-KEPT-\(i):value \(i)\r\n" }
        card += "END:VCARD\r\n"
        let j = try Journal.inMemory()
        let r = try j.importText(card, name: "many.vcf")
        #expect(r.added.count == 1)
        let p = try #require(try j.person(uid: "urn:uuid:many"))
        #expect(p.emails.map(\.value) == (0..<19).map { "m\($0)@example.org" })
        #expect(p.emails.allSatisfy { $0.label == "work" })
        #expect(p.phones.map(\.value) == (0..<9).map { "+351 912 000 \(100 + $0)" })
        #expect(p.urls.map(\.value) == (0..<3).map { "https://example.org/\($0)" })
        #expect(p.vcardLines == (0..<17).map { "X-KEPT-\($0):value \($0)" })
        // Found again by any of them, and unchanged on a second import.
        #expect(try j.personIDs(email: "M18@example.org") == [p.id])
        let again = try j.importText(card, name: "many.vcf")
        #expect(again.unchanged.count == 1 && again.added.isEmpty && again.updated.isEmpty)
        // An edit through the journal rewrites them the same way.
        let edited = try j.editPerson(id: p.id) { d in
            d.emails.removeFirst(); d.vcardLines.append("X-NEW:1")
        }
        #expect(edited.emails.count == 18 && edited.emails.first?.value == "m1@example.org")
        #expect(edited.vcardLines.count == 18 && edited.vcardLines.last == "X-NEW:1")
    }
    @Test("rows written 64 at a time give what one at a time gave, with a card that changes one from earlier in the file")
    func batchedRowsMatchSingleRows() throws {
        func card(_ k: Int, extra: String = "") -> String {
            var c = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u-\(k)\r\nFN:Person \(k)\r\nN:\(k);Person;;;\r\n"
            for e in 0...(k % 3) { c += "EMAIL;TYPE=INTERNET:p\(k).\(e)@example.org\r\n" }
            c += "TEL;TYPE=CELL:+351 912 \(String(format: "%06d", k))\r\n"
            c += "ADR;TYPE=HOME:;;Rua \(k);Lisboa;;1000;PT\r\nNOTE:note \(k)\r\n"
            if k % 2 == 0 { c += "X-KEPT-A:a\(k)\r\nX-KEPT-B:b\(k)\r\n" }
            if k % 3 == 0 { c += "INTEREST:chess\r\nCATEGORIES:VIP\r\n" }
            return c + extra + "END:VCARD\r\n"
        }
        // 150 cards (two full batches and part of a third), then the tenth again with a
        // new address and note: its rows must be in the tables when it is read back.
        var book = (0..<150).map { card($0) }.joined()
        book += card(10, extra: "EMAIL:new10@example.org\r\n").replacingOccurrences(of: "NOTE:note 10", with: "NOTE:changed")
        let batched = try Journal.inMemory(), single = try Journal.inMemory()
        let a = try batched.importText(book, name: "book.vcf")
        let b = try single.importText(book, name: "book.vcf", options: testOptions(keepGoing: true))
        #expect(a.added.count == 150 && a.updated.count == 1)
        #expect(a.items.map(\.action) == b.items.map(\.action))
        #expect(a.items.map(\.reason) == b.items.map(\.reason))
        let pa = try batched.everyone(), pb = try single.everyone()
        #expect(pa.count == 150 && pa.keys.sorted() == pb.keys.sorted())
        for (name, p) in pa {
            let q = try #require(pb[name])
            #expect(p.fields == q.fields, "\(name)")
            #expect(p.uid == q.uid)
            #expect(try batched.traitLines(p.id) == single.traitLines(q.id), "\(name)")
        }
        let ten = try #require(pa["Person 10"])
        #expect(ten.emails.map(\.value).contains("new10@example.org"))
        #expect(ten.note == "changed")
        #expect(try batched.personIDs(email: "p149.2@example.org") == [try #require(pa["Person 149"]).id])
        // Imported again, only the card given twice changes: every snapshot was written.
        let again = try batched.importText(book, name: "book.vcf")
        #expect(again.added.isEmpty && again.unchanged.count == 149)
    }
    @Test("a book imported into a journal without people builds its name, e-mail and birthday indexes after the rows")
    func bulkCardImportIndexes() throws {
        let j = try Journal.inMemory()
        let names = { (j: Journal) in
            try j.dbQueue.read { db in
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT name || ':' || sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('person', 'personContact') AND sql IS NOT NULL ORDER BY name"
                )
            }
        }
        let before = try names(j)
        #expect(before.contains { $0.hasPrefix("personContact_email:") } && before.contains { $0.hasPrefix("person_birthday_day:") })
        // Over Journal.bulkImportThreshold, with a card that matches one from earlier in the
        // file while the indexes are away.
        var book = ""
        for k in 0..<5_000 {
            book += "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:b-\(k)\r\nFN:Bulk Person \(k)\r\nEMAIL:bulk\(k)@example.org\r\n"
            book += "BDAY:1990\(String(format: "%02d%02d", 1 + k % 12, 1 + k % 28))\r\nEND:VCARD\r\n"
        }
        book += "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:b-7\r\nFN:Bulk Person 7\r\nEMAIL:seven@example.org\r\nEND:VCARD\r\n"
        let report = try j.importText(book, name: "bulk.vcf")
        #expect(report.count(.added) == 5_000 && report.count(.updated) == 1)
        #expect(try names(j) == before)
        try j.checkInvariants()
        // What the indexes serve: e-mail lookups, names, birthdays.
        #expect(try j.personIDs(email: "BULK4999@example.org").count == 1)
        #expect(try j.resolvePerson("Bulk Person 4321").emails.map(\.value) == ["bulk4321@example.org"])
        #expect(try j.resolvePerson("Bulk Person 7").emails.map(\.value).contains("seven@example.org"))
        let march = try j.upcoming(from: LocalDate(year: 2027, month: 3, day: 5)!, days: 1)
        #expect(march.filter { $0.kind == .birthday }.count == (0..<5_000).filter { 1 + $0 % 12 == 3 && 1 + $0 % 28 == 5 }.count)
        // A book that fails half way leaves no one behind, and the indexes as they were.
        let other = try Journal.inMemory()
        let broken = book.replacingOccurrences(of: "FN:Bulk Person 4000\r\nEMAIL:bulk4000@example.org\r\n", with: "NOTE:no name\r\n")
        #expect(throws: Journal.ImportError.self) { try other.importText(broken, name: "broken.vcf") }
        #expect(try other.people().isEmpty)
        #expect(try names(other) == before)
    }
}
