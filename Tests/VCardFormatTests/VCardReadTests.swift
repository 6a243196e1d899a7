import ContentLines
import Foundation
import Testing
import VCardFormat

@Suite("VCard reading real exports")
struct VCardReadTests {
    @Test("ADR fields: split at semicolons, escapes undone, 3.0/4.0 lists joined, 2.1 commas kept", arguments: VCard.Version.allCases)
    func addressFields(version: VCard.Version) throws {
        // The value as written, and the seven fields each version reads from it.
        let cases: [(String, [String])] = [
            (";;Rua Augusta 1;Lisboa;;1100-048;Portugal", ["", "", "Rua Augusta 1", "Lisboa", "", "1100-048", "Portugal"]),
            ("", ["", "", "", "", "", "", ""]),
            (";;;;;;", ["", "", "", "", "", "", ""]),
            ("PO 7;Apt 2;Strøget 127;København", ["PO 7", "Apt 2", "Strøget 127", "København", "", "", ""]),
            (";;a;b;c;d;e;extra", ["", "", "a", "b", "c", "d", "e"]),
            (";;Main St\\; 2;Springfield", ["", "", "Main St; 2", "Springfield", "", "", ""]),
            (";;1 Rue X,Bât. B;Paris", ["", "", "1 Rue X,Bât. B", "Paris", "", "", ""]),
            (";;Line\\nTwo;Town", ["", "", "Line\nTwo", "Town", "", "", ""]),
        ]
        for (value, fields) in cases {
            let text = "BEGIN:VCARD\r\nVERSION:\(version.rawValue)\r\nFN:A\r\nADR;TYPE=home:\(value)\r\nEND:VCARD\r\n"
            var raw: [VCard] = []
            _ = try VCard.readText(Array(text.utf8)) { raw.append($0) }
            let built = VCard(version: version, properties: raw[0].properties)
            for card in [raw[0], built] {
                let a = try #require(card.addresses.first)
                #expect([a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country] == fields, "\(version.rawValue) \(value)")
            }
        }
    }

    @Test func appleContactsGroupsLabelsYearlessBirthdayAndPhoto() throws {
        let r = try Fixture.read("apple-contacts.vcf")
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.cards.count == 2)
        let c = r.cards[0]
        #expect(c.version == .v3_0)
        #expect(c.formattedName == "Dr. Johnny Appleseed")
        #expect(c.name?.familyNames == ["Appleseed"])
        #expect(c.name?.honorificPrefixes == ["Dr."])
        #expect(c.emails.map(\.value) == ["johnny@example.com", "j.appleseed@apple.example"])
        #expect(c.emails[0].label == "Other")
        #expect(c.emails[0].group == "item1")
        #expect(c.emails[0].preference == 1)
        #expect(c.emails[0].types == ["internet"])
        #expect(c.phones.map(\.value) == ["(408) 555-0100", "+1 408 555 0199"])
        #expect(c.birthday == VCard.PartialDate(year: nil, month: 4, day: 12))
        #expect(c.urls.first?.value == "https://www.example.com/johnny")
        #expect(c.urls.first?.label == "HomePage")
        #expect(c.addresses.first?.locality == "Cupertino")
        #expect(c.addresses.first?.label == nil)
        #expect(c.organization == ["Apple Inc.", "Engineering"])
        #expect(c.notes == ["Met at WWDC\nLikes apples, pears"])
        #expect(c.categories == ["Friends", "Work"])
        guard case .inline(let data, let type)? = c.photos.first else { Issue.record("no inline photo"); return }
        #expect(type == "image/png")
        #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        // Unknown and grouped properties are kept verbatim.
        #expect(c.property("X-ABDATE")?.group == "item4")
        #expect(c.properties(named: "X-ABLABEL").count == 4)
        #expect(c.property("X-SOCIALPROFILE")?.parameter("TYPE") == ["twitter"])
        #expect(r.cards[1].formattedName == "Acme Corp")
        #expect(c.anniversary == VCard.PartialDate(year: 2010, month: 6, day: 19))
        #expect(c.related.map(\.value) == ["Jane Appleseed"])
        #expect(c.related.first?.types == ["spouse"])
    }

    @Test func googleContactsURIPhotoAndYearlessDashes() throws {
        let r = try Fixture.read("google-contacts.vcf")
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.cards.count == 2)
        let c = r.cards[0]
        guard case .uri(let uri, _)? = c.photos.first else { Issue.record("no URI photo"); return }
        #expect(uri.hasPrefix("https://lh3.googleusercontent.com/contacts/"))
        #expect(uri.hasSuffix("9j0"))
        #expect(c.birthday == VCard.PartialDate(year: 1990, month: 5, day: 20))
        #expect(c.nicknames == ["JD"])
        #expect(c.notes == ["Two lines\nsecond line"])
        #expect(r.cards[1].birthday == VCard.PartialDate(year: nil, month: 5, day: 20))
    }

    @Test func outlookQuotedPrintableWindows1252() throws {
        let r = try Fixture.read("outlook-2.1.vcf")
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let c = try #require(r.cards.first)
        #expect(c.version == .v2_1)
        #expect(c.formattedName == "Jürgen Müller")
        #expect(c.name?.givenNames == ["Jürgen"])
        #expect(c.titles == ["Einkäufer"])
        #expect(c.addresses.first?.street == "Hauptstraße 1")
        #expect(c.addresses.first?.types == ["work"])
        #expect(c.addresses.first?.preference == 1)
        #expect(c.property("LABEL").map { TextEscaping.unescape($0.value) } == "Hauptstraße 1\nBerlin 10115\nDeutschland")
        #expect(c.notes == ["Kaffee kostet €5,50, Tee auch\nZweite Zeile"])
        #expect(c.phones.map(\.types) == [["work", "voice"], ["cell", "voice"]])
        #expect(c.emails.first?.preference == 1)
        guard case .inline(let data, let type)? = c.photos.first else { Issue.record("no photo"); return }
        #expect(type == "image/png")
        #expect(data.count > 20)
        #expect(c.birthday == VCard.PartialDate(year: 1970, month: 1, day: 1))
    }

    @Test func androidQuotedPrintableSoftBreaksAndNonASCII() throws {
        let r = try Fixture.read("android-2.1.vcf")
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.cards.map(\.formattedName) == ["山田 太郎", "Мария Иванова"])
        #expect(r.cards[0].notes == ["これは長いメモです。二行目もあります。"])
        #expect(r.cards[0].name?.familyNames == ["山田"])
        #expect(r.cards[1].addresses.first?.street == "ул. Ленина, 1")
        #expect(r.cards[1].phones.first?.preference == 1)
        #expect(r.cards[0].property("X-ANDROID-CUSTOM") != nil)
        let comma = try VCard.read(Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Smith, Jr.;John\r\nEND:VCARD\r\n".utf8)).cards[0]
        #expect(comma.name?.familyNames == ["Smith, Jr."])
    }

    @Test func featurePhoneAsianCharsets() throws {
        let r = try Fixture.read("feature-phone-shift-jis.vcf")
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.cards.map(\.formattedName) == ["鈴木花子", "陳大文", "王小明"])
        #expect(r.cards[0].name?.givenNames == ["花子"])
    }

    @Test func thunderbird40BlankLinesFoldedURLAndLF() throws {
        let r = try Fixture.read("thunderbird-4.0.vcf")
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.cards.count == 2)
        let c = r.cards[0]
        #expect(c.version == .v4_0)
        #expect(
            c.urls.first?.value == "https://example.fr/a-very-long-url-that-is-folded-by-the-writer-because-it-is-longer-than-seventy-five-octets/index.html")
        #expect(c.anniversary == VCard.PartialDate(year: nil, month: 9, day: 15))
        #expect(c.birthday == VCard.PartialDate(year: 1988, month: 7, day: 4))
        #expect(c.gender == VCard.Gender(sex: "F"))
        #expect(c.emails.first?.preference == 1)
        #expect(c.notes == ["Ligne un\nLigne deux, avec virgule"])
        #expect(r.cards[1].line == 19)
    }

    @Test func iOSWithByteOrderMark() throws {
        let r = try Fixture.read("ios.vcf")
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let c = try #require(r.cards.first)
        #expect(c.formattedName == "Anh Nguyễn")
        #expect(c.phones.map(\.label) == [nil, "Office main"])
        #expect(c.birthday == VCard.PartialDate(year: nil, month: 11, day: 2))
        #expect(c.photos.count == 1)
    }

    @Test func xCardFromRFC6351() throws {
        let r = try Fixture.read("rfc6351-xcard.xml")
        let c = try #require(r.cards.first)
        #expect(c.formattedName == "J. Doe")
        #expect(c.name?.givenNames == ["J."])
        #expect(c.emails.first?.value == "jdoe@example.com")
        #expect(c.emails.first?.preference == 1)
        #expect(c.phones.first?.value == "+1-555-555-1234")
        #expect(c.phones.first?.types == ["work", "voice"])
        #expect(c.birthday == VCard.PartialDate(year: nil, month: 4, day: 12))
        #expect(c.organization == ["Example Corp", "R&D"])
        #expect(c.property("X-FILE")?.value == "alien.jpg")
        #expect(c.property("X-ABLABEL")?.group == "item1")
        #expect(
            c.property("XML").map { TextEscaping.unescape($0.value) }
                == "<a xmlns=\"http://www.w3.org/1999/xhtml\" href=\"http://www.example.com\">My web page!</a>")
        #expect(c.property("A") == nil)
        #expect(c.properties[0].line == 4)
    }

    @Test func jCardFromRFC7095() throws {
        let r = try Fixture.read("rfc7095-jcard.json")
        let c = try #require(r.cards.first)
        #expect(c.formattedName == "Simon Perreault")
        #expect(c.name?.honorificSuffixes == ["ing. jr", "M.Sc."])
        #expect(c.birthday == VCard.PartialDate(year: nil, month: 2, day: 3))
        #expect(c.property("BDAY")?.value == "--0203")  // text vCard 4.0 form
        #expect(VCard.jCard([c]).text.contains("[\"bday\",{},\"date-and-or-time\",\"--02-03\"]"))
        #expect(c.phones.first?.value == "+1-418-656-9254;ext=102")
        #expect(c.phones.first?.preference == 1)
        #expect(c.addresses.first?.street == "2875 Laurier")
        #expect(c.geo == VCard.Geo(latitude: 46.772673, longitude: -71.282945))
        #expect(c.categories == ["climbing", "running"])
        #expect(c.property("TZ")?.parameter("VALUE") == ["utc-offset"])
    }

    @Test func streamingReadGivesCardsOneByOne() throws {
        var text = ""
        for i in 0..<500 { text += "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:P\(i)\r\nEND:VCARD\r\n" }
        var count = 0
        let warnings = try VCard.readText(Array(text.utf8)) { card in
            #expect(card.formattedName == "P\(count)")
            count += 1
        }
        #expect(count == 500)
        #expect(warnings.isEmpty)
    }
}
