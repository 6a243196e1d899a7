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

    /// A DAV listing of 100,000 items is tens of MB on one line (Xandikos: 40 MB); libxml2 fails
    /// one chunk over ~10 MB, so big documents are read from a stream; one malformed or cut short
    /// at the end is still refused.
    @Test func documentsOverTenMegabytesParse() throws {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<multistatus xmlns=\"DAV:\">"
        let count = 60_000
        for i in 0..<count {
            xml += "<response><href>/user/calendars/kith/item-\(i).ics</href><propstat><prop><getetag>\"etag-\(i)-abcdefabcdefabcdefabcdefabcdef\"</getetag>"
            xml += "<resourcetype/></prop><status>HTTP/1.1 200 OK</status></propstat></response>"
        }
        #expect(xml.utf8.count > 10_000_000)
        let root = try SecureXMLParser.parse(Data((xml + "</multistatus>").utf8))
        #expect(root.children.count == count)
        #expect(root.children.last?.child("href", namespace: "DAV:")?.text == "/user/calendars/kith/item-\(count - 1).ics")
        // A wrong end tag, and a document cut short (the stream parser itself accepts that one).
        for end in ["</multistatu>", ""] {
            #expect {
                _ = try SecureXMLParser.parse(Data((xml + end).utf8))
            } throws: { error in
                (error as? SecureXMLParser.Error)?.reason == .malformed
            }
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
