import ContentLines
import Foundation
import Testing
import VCardFormat

@Suite("VCardWriter")
struct VCardWriterTests {
    static let vendorFixtures = [
        "apple-contacts.vcf", "google-contacts.vcf", "outlook-2.1.vcf", "android-2.1.vcf",
        "feature-phone-shift-jis.vcf", "thunderbird-4.0.vcf", "ios.vcf", "canonical-3.0.vcf",
        "canonical-4.0.vcf", "rfc6351-xcard.xml", "rfc7095-jcard.json",
    ]

    @Test(arguments: ["canonical-3.0.vcf", "canonical-4.0.vcf"])
    func canonicalFixturesComeBackByteForByte(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let r = try VCard.read(bytes)
        var w = VCardWriter(version: r.cards[0].version)
        for c in r.cards { w.write(c) }
        #expect(w.warnings.isEmpty)
        #expect(w.string == String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: vendorFixtures)
    func sameVersionRoundTripKeepsEveryProperty(name: String) throws {
        let r = try Fixture.read(name)
        for target in [VCard.Version.v3_0, .v4_0] {
            // Read → write in target → read gives cards that write again identically, and the
            // second read equals the first (same properties, values, parameters, groups).
            let (first, _) = VCardWriter.write(r.cards, version: target)
            let again = try VCard.read(Array(first.utf8))
            #expect(again.warnings.isEmpty, "\(name) → \(target.rawValue): \(again.warnings)")
            let (second, _) = VCardWriter.write(again.cards, version: target)
            #expect(first == second, "\(name) → \(target.rawValue) is not stable")
            #expect(again.cards.count == r.cards.count)
            for (a, b) in zip(r.cards, again.cards) {
                #expect(a.formattedName == b.formattedName)
                #expect(a.name == nil ? (b.name == nil || target == .v3_0) : a.name == b.name)
                #expect(a.emails.map(\.value) == b.emails.map(\.value))
                #expect(a.emails.map(\.preference) == b.emails.map(\.preference))
                #expect(a.phones.map(\.value) == b.phones.map(\.value))
                #expect(a.phones.map(\.types) == b.phones.map(\.types))
                #expect(a.addresses == b.addresses)
                #expect(a.birthday == b.birthday)
                #expect(a.anniversary == b.anniversary)
                #expect(a.photos == b.photos)
                #expect(a.notes == b.notes)
                #expect(a.categories == b.categories)
                #expect(a.organization == b.organization)
                #expect(a.gender == b.gender)
                #expect(
                    a.properties.count == b.properties.count - (a.property("FN") == nil ? 1 : 0) - (target == .v3_0 && a.property("N") == nil ? 1 : 0)
                        + (a.property("PROFILE") != nil && target == .v4_0 ? 1 : 0))
            }
            if r.cards[0].version == target {
                for (a, b) in zip(r.cards, again.cards) where a.property("FN") != nil && (target == .v4_0 || a.property("N") != nil) {
                    #expect(a.sameContent(as: b), "\(name) \(target.rawValue) same-version round trip changed a card")
                }
            }
        }
    }

    @Test func anniversaryGenderAndRFC6715BecomeXPropertiesIn30AndComeBack() throws {
        let r = try Fixture.read("canonical-4.0.vcf")
        let (text, warnings) = VCardWriter.write(r.cards, version: .v3_0)
        #expect(text.contains("\r\nX-ANNIVERSARY:1835-07-08\r\n"))
        #expect(text.contains("\r\nX-GENDER:F\r\n"))
        #expect(text.contains("\r\nX-INTEREST;LEVEL=high:mathematics\r\n"))
        #expect(text.contains("\r\nBDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10\r\n"))
        #expect(text.contains("\r\nEMAIL;TYPE=home,pref:ada@example.org\r\n"))
        #expect(text.contains("\r\nX-ADDRESSBOOKSERVER-KIND:individual\r\n"))
        #expect(Set(warnings.compactMap(\.property)) == ["GENDER", "INTEREST", "HOBBY", "EXPERTISE", "RELATED"])
        #expect(warnings.allSatisfy { $0.code == .convertedForVersion })
        let back = try VCard.read(Array(text.utf8)).cards[0]
        #expect(back.anniversary == VCard.PartialDate(year: 1835, month: 7, day: 8))
        #expect(back.gender?.sex == "F")
        #expect(back.interests.map(\.value) == ["mathematics"])
        #expect(back.birthday == VCard.PartialDate(year: nil, month: 12, day: 10))
        let (four, _) = VCardWriter.write([back], version: .v4_0)
        #expect(try VCard.read(Array(four.utf8)).cards[0].sameContent(as: r.cards[0]))
    }

    @Test func groupCardUsesAppleNamesIn30() throws {
        var group = VCard()
        group.formattedName = "Book club"
        group.kind = "group"
        group.members = ["urn:uuid:a", "urn:uuid:b"]
        let (three, warnings) = VCardWriter.write([group], version: .v3_0)
        #expect(warnings.isEmpty)
        #expect(three.contains("X-ADDRESSBOOKSERVER-KIND:group\r\n"))
        #expect(three.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:b\r\n"))
        let back = try VCard.read(Array(three.utf8)).cards[0]
        #expect(back.kind == "group")
        #expect(back.members == ["urn:uuid:a", "urn:uuid:b"])
        #expect(back.property("N")?.value == ";;;;")  // 3.0 requires N
        let (four, _) = VCardWriter.write([back], version: .v4_0)
        var again = try VCard.read(Array(four.utf8)).cards[0]
        again.properties.removeAll { $0.name == "N" }
        #expect(again.sameContent(as: group))
    }

    @Test func photosConvertBetweenVersionForms() throws {
        let apple = try Fixture.read("apple-contacts.vcf").cards[0]
        let (four, _) = VCardWriter.write([apple], version: .v4_0)
        #expect(four.contains("PHOTO:data:image/png;base64,iVBOR"))
        #expect(four.contains("item3.URL;PREF=1:https://www.example.com/johnny\r\n"))
        let (converted, _) = apple.converted(to: .v4_0)
        #expect(converted.version == .v4_0)
        #expect(converted.property("X-ABDATE")?.group == "item4")
        #expect(converted.birthday == apple.birthday)
        let outlook = try Fixture.read("outlook-2.1.vcf").cards[0]
        let (three, _) = VCardWriter.write([outlook], version: .v3_0)
        #expect(three.contains("PHOTO;ENCODING=b;TYPE=PNG:iVBOR"))
        let back = try VCard.read(Array(three.utf8)).cards[0]
        #expect(back.photos == outlook.photos)
        let google = try Fixture.read("google-contacts.vcf").cards[0]
        let (g4, _) = VCardWriter.write([google], version: .v4_0)
        #expect(g4.contains("PHOTO:https://lh3.googleusercontent.com/"))
        let (g3, _) = VCardWriter.write([try VCard.read(Array(g4.utf8)).cards[0]], version: .v3_0)
        #expect(g3.contains("PHOTO;VALUE=uri:https://lh3.googleusercontent.com/"))
    }

    @Test func version21TextIsReescapedAndLabelReported() throws {
        let outlook = try Fixture.read("outlook-2.1.vcf").cards[0]
        let (text, warnings) = VCardWriter.write([outlook], version: .v4_0)
        #expect(text.contains("NOTE:Kaffee kostet €5\\,50\\, Tee auch\\nZweite Zeile\r\n"))
        #expect(text.contains("X-LABEL;TYPE=WORK;PREF=1:"))
        #expect(warnings.contains { $0.property == "LABEL" && $0.code == .convertedForVersion })
        #expect(!text.contains("QUOTED-PRINTABLE"))
        #expect(!text.contains("CHARSET"))
    }

    @Test func version21EightBitEncodingIsNotCarriedOver() throws {
        var bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;ENCODING=8BIT;CHARSET=ISO-8859-1:Bj".utf8)
        bytes += [0xF6, 0x72, 0x6E] + Array("\r\nEND:VCARD\r\n".utf8)
        let r = try VCard.read(bytes)
        #expect(r.cards[0].formattedName == "Björn")
        let (text, _) = VCardWriter.write(r.cards, version: .v3_0)
        #expect(text.contains("\r\nFN:Björn\r\n"))
    }

    @Test func missingFNIsMadeFromNAndWarned() throws {
        let r = try VCard.read(Array("BEGIN:VCARD\nVERSION:3.0\nN:Curie;Marie;;;\nEND:VCARD\n".utf8))
        #expect(r.warnings.map(\.code) == [.missingProperty])
        let (text, warnings) = VCardWriter.write(r.cards, version: .v4_0)
        #expect(text.contains("\r\nFN:Marie Curie\r\n"))
        #expect(warnings.map(\.code) == [.missingProperty])
    }

    @Test func cardBuiltInCodeWritesEveryTypedProperty() throws {
        var c = VCard()
        c.formattedName = "Grace Hopper"
        c.name = VCard.StructuredName(familyNames: ["Hopper"], givenNames: ["Grace"], honorificPrefixes: ["Rear Admiral"])
        c.nicknames = ["Amazing Grace"]
        c.emails = [VCard.TypedValue("grace@navy.example", types: ["work"], preference: 1)]
        c.phones = [VCard.TypedValue("+1 555 0100", types: ["cell"])]
        c.addresses = [VCard.Address(street: "1 Navy Way; Suite 2, Room 3", locality: "Arlington", country: "USA", types: ["work"])]
        c.birthday = VCard.PartialDate(year: 1906, month: 12, day: 9)
        c.anniversary = VCard.PartialDate(year: nil, month: 6, day: 15)
        c.organization = ["US Navy", "Computing"]
        c.titles = ["Rear Admiral"]
        c.notes = ["Found a moth, in a relay"]
        c.categories = ["Pioneers", "Navy"]
        c.uid = "urn:uuid:hopper"
        c.photos = [.inline(data: [1, 2, 3, 250], mediaType: "image/jpeg")]
        c.gender = VCard.Gender(sex: "F")
        c.geo = VCard.Geo(latitude: 38.88, longitude: -77.1)
        c.hobbies = [VCard.TypedValue("knitting")]
        for version in [VCard.Version.v3_0, .v4_0] {
            let (text, _) = VCardWriter.write([c], version: version)
            let back = try VCard.read(Array(text.utf8))
            #expect(back.warnings.isEmpty)
            let b = back.cards[0]
            #expect(b.formattedName == c.formattedName)
            #expect(b.name == c.name)
            #expect(b.nicknames == c.nicknames)
            #expect(b.emails == c.emails)
            #expect(b.phones == c.phones)
            #expect(b.addresses == c.addresses)
            #expect(b.birthday == c.birthday)
            #expect(b.anniversary == c.anniversary)
            #expect(b.organization == c.organization)
            #expect(b.notes == c.notes)
            #expect(b.categories == c.categories)
            #expect(b.uid == c.uid)
            #expect(b.photos == c.photos)
            #expect(b.gender == c.gender)
            #expect(b.geo == c.geo)
            #expect(b.hobbies.map(\.value) == ["knitting"])
        }
        // A 3.0 card set through typed accessors stores 3.0 forms.
        var old = VCard(version: .v3_0)
        old.birthday = VCard.PartialDate(year: nil, month: 2, day: 29)
        old.anniversary = VCard.PartialDate(year: 2001, month: 2, day: 3)
        #expect(old.property("BDAY")?.value == "1604-02-29")
        #expect(old.property("X-ANNIVERSARY")?.value == "2001-02-03")
    }

    @Test(arguments: vendorFixtures)
    func jCardAndXCardRoundTrip(name: String) throws {
        let cards = try Fixture.read(name).cards
        let (four, _) = VCardWriter.write(cards, version: .v4_0)
        let expected = try VCard.read(Array(four.utf8)).cards
        for (syntax, text) in [("jCard", VCard.jCard(cards).text), ("xCard", VCard.xCard(cards).text)] {
            let back = try VCard.read(Array(text.utf8))
            #expect(back.cards.count == expected.count, "\(syntax)")
            for (a, b) in zip(expected, back.cards) {
                #expect(a.properties.count == b.properties.count, "\(syntax) \(name)")
                for (p, q) in zip(a.properties, b.properties) {
                    // jCard and xCard carry VALUE as the value type, lowercased, and omit the default.
                    func params(_ l: ContentLine) -> Set<ContentLine.Parameter> { Set(l.parameters.filter { $0.name != "VALUE" }) }
                    #expect(
                        p.name == q.name && p.group == q.group && p.value == q.value
                            && params(p) == params(q), "\(syntax) \(name): \(p) vs \(q)")
                    if let v = q.firstParameter("VALUE") { #expect(p.firstParameter("VALUE")?.lowercased() == v) }
                }
            }
        }
    }
}
