import Foundation
import Testing

@testable import SecureXML

@Suite("SecureXMLParser")
struct SecureXMLParserTests {
    @Test func readsNamespacesAttributesTextAndLines() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0">
              <vcard>
                <fn><text>Jos&amp; &lt;M&gt; <![CDATA[<x>]]></text></fn>
                <tel><parameters><type><text>work</text></type></parameters><uri a="1">tel:+1</uri></tel>
              </vcard>
            </vcards>
            """
        let root = try SecureXMLParser.parse(xml)
        #expect(root.localName == "vcards")
        #expect(root.namespaceURI == "urn:ietf:params:xml:ns:vcard-4.0")
        let card = try #require(root.child("vcard"))
        #expect(card.line == 3)
        #expect(card.child("fn")?.child("text")?.text == "Jos& <M> <x>")
        let uri = card.child("tel")?.child("uri")
        #expect(uri?.text == "tel:+1")
        #expect(uri?.attribute("a") == "1")
        #expect(uri?.namespaceURI == "urn:ietf:params:xml:ns:vcard-4.0")
    }

    @Test func prefixedNamespaces() throws {
        let root = try SecureXMLParser.parse("<v:vcards xmlns:v=\"urn:x\"><v:fn>A</v:fn></v:vcards>")
        #expect(root.localName == "vcards")
        #expect(root.child("fn", namespace: "urn:x")?.text == "A")
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>",
        "<?xml version=\"1.0\"?>\n\n<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;\">]><x>&lol2;</x>",
        "<x/>\n<!doctype html>",
    ])
    func refusesDoctypeAndEntities(xml: String) {
        #expect {
            _ = try SecureXMLParser.parse(xml)
        } throws: { error in
            guard let e = error as? SecureXMLParser.Error else { return false }
            return e.reason == .doctypeRefused && e.line >= 1 && e.message.contains("DOCTYPE")
        }
    }

    @Test func malformedXMLNamesTheLine() {
        #expect {
            _ = try SecureXMLParser.parse("<a>\n<b>\n</a>")
        } throws: { error in
            (error as? SecureXMLParser.Error)?.reason == .malformed
        }
    }

    @Test func writerEscapesAndNests() throws {
        var w = XMLTextWriter()
        w.start("vcards", attributes: [("xmlns", "urn:ietf:params:xml:ns:vcard-4.0")])
        w.start("vcard")
        w.element("text", text: "a < b & \"c\"")
        w.start("empty")
        w.end()
        let doc = w.finish()
        #expect(doc.contains("<text>a &lt; b &amp; \"c\"</text>"))
        #expect(doc.contains("<empty/>"))
        let root = try SecureXMLParser.parse(doc)
        #expect(root.child("vcard")?.child("text")?.text == "a < b & \"c\"")
    }
}
