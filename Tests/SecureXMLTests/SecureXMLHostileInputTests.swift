import Foundation
import SecureXML
import Testing

/// Documents built to attack an XML reader: entities, DTDs, encodings, depth and size.
@Suite("SecureXMLParser hostile input")
struct SecureXMLHostileInputTests {
    /// A file whose contents must never show up in what the parser returns or says.
    static func secretFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kith-xxe-\(UUID().uuidString).txt")
        try Data("KITH-SECRET-7f3a".utf8).write(to: url)
        return url
    }

    @Test func externalEntityIsRefusedAndTheFileNeverRead() throws {
        let secret = try Self.secretFile()
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE vcards [<!ENTITY x SYSTEM "\(secret.absoluteString)">]>
            <vcards><vcard><fn><text>&x;</text></fn></vcard></vcards>
            """
        #expect {
            _ = try SecureXMLParser.parse(xml)
        } throws: { error in
            guard let e = error as? SecureXMLParser.Error else { return false }
            return e.reason == .doctypeRefused && e.line == 2 && !e.description.contains("KITH-SECRET")
        }
    }

    @Test func externalEntityWithoutDoctypeKeywordIsStillRefused() throws {
        // An ENTITY declaration outside a DOCTYPE is not XML, but the scan refuses it before libxml2 sees it.
        let xml = "<!ENTITY x SYSTEM \"http://127.0.0.1:9/\">\n<x>&x;</x>"
        #expect(throws: SecureXMLParser.Error.self) { _ = try SecureXMLParser.parse(xml) }
    }

    @Test func networkDTDIsRefused() {
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE x SYSTEM \"http://127.0.0.1:9/evil.dtd\">\n<x/>"
        #expect {
            _ = try SecureXMLParser.parse(xml)
        } throws: { error in
            (error as? SecureXMLParser.Error)?.reason == .doctypeRefused
        }
    }

    @Test func billionLaughsIsRefusedAtOnce() {
        var entities = "<!ENTITY lol0 \"lol\">"
        for i in 1...9 {
            entities += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">"
        }
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\(entities)]>\n<lolz>&lol9;</lolz>"
        let start = Date()
        #expect {
            _ = try SecureXMLParser.parse(xml)
        } throws: { error in
            guard let e = error as? SecureXMLParser.Error else { return false }
            return e.reason == .doctypeRefused && e.message.contains("refused for safety")
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func undeclaredEntityIsRefusedNotResolved() {
        #expect(throws: SecureXMLParser.Error.self) { _ = try SecureXMLParser.parse("<x>&undeclared;</x>") }
    }

    @Test func xIncludeIsAnOrdinaryElementAndNothingIsFetched() throws {
        let secret = try Self.secretFile()
        defer { try? FileManager.default.removeItem(at: secret) }
        let root = try SecureXMLParser.parse(
            "<x xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"\(secret.absoluteString)\" parse=\"text\"/></x>")
        #expect(root.children.map(\.localName) == ["include"])
        #expect(!root.children[0].text.contains("KITH-SECRET"))
    }

    static let notUTF8: [([UInt8], Int)] = [
        ([0x3C, 0x78, 0x3E, 0xFF, 0x3C, 0x2F, 0x78, 0x3E], 1),  // <x>\xFF</x>
        (Array("<x>\n<a".utf8) + [0xDC] + Array("b/></x>".utf8), 2),  // bad byte in a name
        (Array("<x>\n\n<y>caf".utf8) + [0xE9] + Array("</y></x>".utf8), 3),  // Latin-1 é
    ]

    @Test(arguments: notUTF8)
    func invalidUTF8IsRefusedWithItsLine(bytes: [UInt8], line: Int) {
        #expect {
            _ = try SecureXMLParser.parse(Data(bytes))
        } throws: { error in
            guard let e = error as? SecureXMLParser.Error else { return false }
            return e.reason == .notUTF8 && e.line == line && e.message.contains("UTF-8")
        }
    }

    @Test func otherDeclaredEncodingIsRefusedWithAClearMessage() {
        let xml = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><x>caf\u{E9}</x>".utf8)
        #expect {
            _ = try SecureXMLParser.parse(xml)
        } throws: { error in
            guard let e = error as? SecureXMLParser.Error else { return false }
            return e.reason == .notUTF8 && e.message.contains("ISO-8859-1")
        }
    }

    @Test func nulByteIsMalformed() {
        #expect(throws: SecureXMLParser.Error.self) { _ = try SecureXMLParser.parse(Data([0x3C, 0x78, 0x3E, 0x00, 0x3C, 0x2F, 0x78, 0x3E])) }
    }

    @Test func hundredThousandNestedElementsAreRefusedWithoutStackOverflow() {
        let depth = 100_000
        let xml = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let start = Date()
        #expect {
            _ = try SecureXMLParser.parse(xml)
        } throws: { error in
            guard let e = error as? SecureXMLParser.Error else { return false }
            return e.reason == .malformed && e.message.contains("deep")
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }
}

/// Found by FuzzXML: FoundationXML read the NULL data of an empty processing instruction.
@Suite("SecureXMLParser processing instructions")
struct SecureXMLProcessingInstructionTests {
    @Test(arguments: ["<?xml?>\n<x/>", "<x>\n<?target?></x>", "<x>\n<?t   ?></x>", "<?xml?>\n<vcards :mlns=\"urn:iUTF-8\"?>"])
    func emptyProcessingInstructionIsRefused(xml: String) {
        #expect {
            _ = try SecureXMLParser.parse(xml)
        } throws: { error in
            guard let e = error as? SecureXMLParser.Error else { return false }
            return e.reason == .malformed && e.message.contains("processing instruction")
        }
    }

    @Test func processingInstructionWithContentIsRead() throws {
        let root = try SecureXMLParser.parse("<?xml version=\"1.0\"?>\n<?xml-stylesheet href=\"a.css\"?><x>1</x>")
        #expect(root.localName == "x" && root.text == "1")
    }
}
