import Foundation
import Testing

@testable import KithServe

/// The multipart reader on bodies real clients sent (captured from Chromium submitting a form,
/// `curl -F`, and Python's urllib3), and on broken and oversized ones.
@Suite struct MultipartFormTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return [UInt8](try Data(contentsOf: url))
    }

    static var png: [UInt8] { (try? fixture("dot.png")) ?? [] }

    @Test func chromiumFormWithFilesCheckboxesAndAnEmptyFileInput() throws {
        let body = try Self.fixture("chromium.multipart")
        let boundary = try #require(MultipartForm.boundary(contentType: "multipart/form-data; boundary=----WebKitFormBoundaryTplo3FfUAAuzGAdi"))
        let form = try MultipartForm(body: body, boundary: boundary)
        #expect(form["csrf"] == "tok123")
        #expect(form["title"] == "Dîner \"chez\" Zoë 🍷 <b>")
        // The textarea's lines keep their CRLFs; a line starting with "--" is not a boundary.
        #expect(form["note"] == "line one\r\nline two\r\n\r\n--not a boundary")
        #expect(form.all("person") == ["1", "2"])
        let photos = form.files("photo")
        #expect(photos.map(\.filename) == ["dot.png", "quo\"te\\back.png"])
        #expect(photos.allSatisfy { $0.contentType == "image/png" && $0.body == Self.png })
        // Nothing chosen in the second file input: the browser's empty part is not a file.
        #expect(form.files("empty").isEmpty)
        #expect(form["photo"] == nil)
    }

    @Test func curlForm() throws {
        let form = try MultipartForm(
            body: try Self.fixture("curl.multipart"),
            boundary: try #require(MultipartForm.boundary(contentType: "multipart/form-data; boundary=------------------------ab0145a5dafdaab8")))
        #expect(form["title"] == "Lunch")
        #expect(form.files("photo").map(\.filename) == ["dot.png", "naïve.png"])
        #expect(form.files("photo").allSatisfy { $0.body == Self.png })
    }

    @Test func urllib3Form() throws {
        let form = try MultipartForm(
            body: try Self.fixture("urllib3.multipart"),
            boundary: try #require(MultipartForm.boundary(contentType: "multipart/form-data; boundary=b35e4a69bb6d90cc4a7b080414c2bfaf")))
        #expect(form.parts.map(\.name) == ["csrf", "title", "photo"])
        #expect(form["title"] == "Tea ☕")
        #expect(form.files("photo").first?.body == Self.png)
    }

    @Test(arguments: [
        ("multipart/form-data; boundary=abc", "abc"),
        ("Multipart/Form-Data; charset=utf-8; boundary=\"a b;c\"", "a b;c"),
        ("multipart/form-data;boundary=x", "x"),
    ])
    func boundaryFromContentType(contentType: String, boundary: String) {
        #expect(MultipartForm.boundary(contentType: contentType) == boundary)
    }

    @Test(arguments: [
        "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=",
        "multipart/mixed; boundary=abc", "multipart/form-data; boundary=" + String(repeating: "x", count: 71),
    ])
    func noBoundary(contentType: String) {
        #expect(MultipartForm.boundary(contentType: contentType) == nil)
    }

    /// A body written the way browsers do.
    static func body(_ parts: [(headers: String, body: [UInt8])], boundary: String = "XyZ", closed: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        for p in parts {
            out += Array("--\(boundary)\r\n\(p.headers)\r\n\r\n".utf8) + p.body + Array("\r\n".utf8)
        }
        if closed { out += Array("--\(boundary)--\r\n".utf8) }
        return out
    }

    @Test func extendedFileNameAndQuotedParameters() throws {
        let body = Self.body([
            (
                "Content-Disposition: form-data; name=\"photo\"; filename=\"fallback.jpg\"; filename*=UTF-8''na%C3%AFve%20caf%C3%A9.jpg\r\nContent-Type: Image/JPEG; x=1",
                [1, 2, 3]
            ),
            ("content-disposition: FORM-DATA; name=note", Array("semi;colon".utf8)),
        ])
        let form = try MultipartForm(body: body, boundary: "XyZ")
        #expect(form.files("photo").first?.filename == "naïve café.jpg")
        #expect(form.files("photo").first?.contentType == "image/jpeg")
        #expect(form["note"] == "semi;colon")
    }

    @Test func emptyFormAndPreamble() throws {
        #expect(try MultipartForm(body: Array("--XyZ--\r\n".utf8), boundary: "XyZ").parts.isEmpty)
        let withPreamble = Array("ignored preamble\r\n".utf8) + Self.body([("Content-Disposition: form-data; name=\"a\"", Array("1".utf8))])
        #expect(try MultipartForm(body: withPreamble, boundary: "XyZ")["a"] == "1")
    }

    @Test(arguments: [
        ("no boundary at all", Array("hello".utf8)),
        ("unclosed", Array("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue".utf8)),
        ("no name", Array("--XyZ\r\nContent-Disposition: form-data\r\n\r\nv\r\n--XyZ--".utf8)),
        ("no headers", Array("--XyZ\r\n\r\nv\r\n--XyZ--".utf8)),
        ("not form-data", Array("--XyZ\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nv\r\n--XyZ--".utf8)),
        ("header without colon", Array("--XyZ\r\nContent-Disposition form-data\r\n\r\nv\r\n--XyZ--".utf8)),
        ("garbage after boundary", Array("--XyZjunk\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--XyZ--".utf8)),
        ("headers never end", Array("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n".utf8)),
    ])
    func malformedBodiesAreRefused(label: String, body: [UInt8]) {
        #expect(throws: MultipartError.self, "\(label)") {
            try MultipartForm(body: body, boundary: "XyZ")
        }
        do {
            _ = try MultipartForm(body: body, boundary: "XyZ")
        } catch {
            guard case .malformed = error else {
                Issue.record("\(label): \(error) is not malformed")
                return
            }
        }
    }

    @Test func limitsAreEnforced() throws {
        let file = [UInt8](repeating: 0x41, count: 2000)
        let body = Self.body([
            ("Content-Disposition: form-data; name=\"title\"", Array("hi".utf8)),
            ("Content-Disposition: form-data; name=\"photo\"; filename=\"big.jpg\"", file),
        ])
        var limits = MultipartForm.Limits.standard
        #expect(try MultipartForm(body: body, boundary: "XyZ", limits: limits).files("photo").first?.body.count == 2000)

        func expectTooLarge(_ l: MultipartForm.Limits, _ what: String) {
            do {
                _ = try MultipartForm(body: body, boundary: "XyZ", limits: l)
                Issue.record("\(what): accepted")
            } catch {
                guard case .tooLarge(let message) = error else {
                    Issue.record("\(what): \(error)")
                    return
                }
                #expect(message.contains(what), "\(message)")
            }
        }
        limits.fileBytes = 1999
        expectTooLarge(limits, "big.jpg")
        limits = .standard
        limits.bodyBytes = body.count - 1
        expectTooLarge(limits, "the form")
        limits = .standard
        limits.parts = 1
        expectTooLarge(limits, "parts")
        limits = .standard
        limits.fieldBytes = 1
        expectTooLarge(limits, "title")
        limits = .standard
        limits.headerBytes = 10
        expectTooLarge(limits, "headers")
    }

    /// A body made of many "\r\n--" lines that are not the boundary is still read in one pass.
    @Test func nearBoundariesInAFileAreKept() throws {
        var file: [UInt8] = []
        for _ in 0..<20_000 { file += Array("\r\n--XyY\r\n--Xy".utf8) }
        let body = Self.body([("Content-Disposition: form-data; name=\"photo\"; filename=\"a\"", file)])
        let clock = ContinuousClock()
        var form: MultipartForm?
        let elapsed = try clock.measure { form = try MultipartForm(body: body, boundary: "XyZ") }
        #expect(form?.files("photo").first?.body == file)
        #expect(elapsed < .seconds(2))
    }
}
