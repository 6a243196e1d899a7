import Foundation
import Testing

@testable import KithSync

/// Hrefs and multistatus answers as the two servers really spell them (copied from their
/// answers on 2026-11-27), read without a network.
@Suite struct DAVXMLTests {
    let base = URL(string: "http://127.0.0.1:5232/kith/book/")!

    @Test("An href spelled raw, percent-encoded, relative or absolute is one canonical path")
    func canonicalHrefs() {
        let forms = [
            "/kith/book/a%40b%20c%C3%A9.vcf", "/kith/book/a@b c\u{E9}.vcf", "a@b%20c\u{E9}.vcf",
            "http://127.0.0.1:5232/kith/book/a%40b c%c3%a9.vcf", "./a@b c\u{E9}.vcf",
        ]
        let paths = Set(forms.map { DAVHref.path($0, against: base) })
        #expect(paths == ["/kith/book/a@b%20c%C3%A9.vcf"])
        // A slash inside a name stays inside it.
        #expect(DAVHref.path("/kith/book/a%2Fb.vcf", against: base) == "/kith/book/a%2Fb.vcf")
        #expect(DAVHref.resolve("/x/../kith/", against: base).absoluteString == "http://127.0.0.1:5232/kith/")
        #expect(DAVHref.encodeSegment("jo/é.vcf") == "jo%2F%C3%A9.vcf")
    }

    @Test("Radicale's and Xandikos's multistatus: prefixes differ, the reading does not")
    func multistatusPrefixes() throws {
        let radicale = """
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:"><sync-token>http://radicale.org/ns/sync/4f01</sync-token><response><href>/kith/book/a%40b.vcf</href>\
            <propstat><prop><getetag>"f529"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>\
            <response><href>/kith/book/gone.vcf</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>
            """
        let xandikos = """
            <ns0:multistatus xmlns:ns0="DAV:"><ns0:response><ns0:href>/kith/book/a@b.vcf</ns0:href><ns0:propstat>\
            <ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>"f529"</ns0:getetag></ns0:prop></ns0:propstat></ns0:response>\
            <ns0:response><ns0:href>/kith/book/gone.vcf</ns0:href><ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:response>\
            <ns0:sync-token>4f01</ns0:sync-token></ns0:multistatus>
            """
        for text in [radicale, xandikos] {
            let m = try DAVMultistatus.parse(Array(text.utf8), base: base, url: base.absoluteString)
            #expect(m.responses.map(\.href) == ["/kith/book/a@b.vcf", "/kith/book/gone.vcf"])
            #expect(m.responses[0].text("getetag") == "\"f529\"")
            #expect(m.responses[1].status == 404)
            #expect(m.syncToken?.hasSuffix("4f01") == true)
        }
    }

    @Test("A body that is not a multistatus is .malformed, naming what came instead")
    func notMultistatus() {
        #expect(throws: RemoteError.malformed(url: "u", reason: "expected a DAV:multistatus, got <html> at line 1")) {
            try DAVMultistatus.parse(Array("<html><body>proxy error</body></html>".utf8), base: base, url: "u")
        }
        #expect(namesInvalidSyncToken(Array("<error xmlns=\"DAV:\"><valid-sync-token/></error>".utf8)))
        #expect(!namesInvalidSyncToken(Array("Forbidden".utf8)))
    }

    @Test("Bodies from a multiget get their CRLF line ends back")
    func contentLinesCRLF() {
        let body = DAVCollection.contentLines("\nBEGIN:VCARD\nFN:A\r\nEND:VCARD\n")
        #expect(String(decoding: body, as: UTF8.self) == "BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n")
    }
}
