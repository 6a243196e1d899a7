import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Kith
import NIOCore
import Testing

@testable import KithServe

/// A real journal in a temp folder, with people, events, a photo and traits, served by a
/// real `KithServer` on a free port of 127.0.0.1.
struct ServedJournal {
    let journal: Journal
    let folder: URL
    var ana: Person
    var hostile: Person
    var family: Category
    var mood: Category
    var type: Category
    var event: Event
    var hostileEvent: Event
    var photo: Photo
    let today = LocalDate.today()

    static let hostileTitle = "<script>alert(1)</script>"
    static let hostileName = "x\" onmouseover=\"alert(1)"

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        journal = try Journal(path: folder.appendingPathComponent("journal.sqlite").path)
        _ = try journal.addCategory(kind: .relation, path: "Kin", icon: "🌳", color: "#22aa66")
        family = try journal.addCategory(kind: .relation, path: "Kin/Cousins", icon: "🌿", color: "#33bb77")
        mood = try journal.categories(kind: .mood).first { ($0.score ?? 0) > 0 }!
        type = try journal.categories(kind: .eventType).first!
        photo = try journal.storePhoto(onePixelPNG, name: "pixel.png")
        let soon = today.adding(days: 3)
        ana = try journal.addPerson(
            PersonDraft(
                displayName: "Ana Lima", birthday: PartialDate(year: 1990, month: soon.month, day: soon.day), relationID: family.id,
                photoHash: photo.hash))
        hostile = try journal.addPerson(PersonDraft(displayName: Self.hostileName, relationID: family.id))
        let trait = try journal.categories(kind: .trait).first!
        let noon = today.adding(days: -2).startInstant(in: .gmt).addingTimeInterval(12 * 3600)
        event = try journal.logEvent(
            EventDraft(
                title: "Lunch at the market", start: noon, timeZone: "UTC", typeID: type.id, moodID: mood.id,
                place: PlaceDraft(name: "Mercado"), personIDs: [ana.id], note: "She brought figs.", photoHashes: [photo.hash],
                traits: [TraitDraft(path: trait.path, text: "loves figs", personID: ana.id)]))
        hostileEvent = try journal.logEvent(
            EventDraft(title: Self.hostileTitle, start: noon.addingTimeInterval(3600), timeZone: "UTC", moodID: mood.id, personIDs: [hostile.id, ana.id]))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Serves the journal and runs `body` with a client of the server.
    func serve<T: Sendable>(accessToken: String? = nil, _ body: @Sendable (Browser) async throws -> T) async throws -> T {
        let server = KithServer(journal: journal, options: KithServer.Options(host: "127.0.0.1", port: 0, accessToken: accessToken))
        let app = server.makeApplication()
        return try await app.test(.live) { client in
            let browser = Browser(port: client.port!)
            defer { browser.close() }
            return try await body(browser)
        }
    }
}

/// What a test sees of a response.
struct Page: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: ByteBuffer
    var text: String { String(buffer: body) }
}

/// A client that keeps cookies, sending a chosen Host header.
// @unchecked Sendable: its cookies are used by one test task at a time.
final class Browser: @unchecked Sendable {
    let port: Int
    let client: TestClient
    var cookies: [String: String] = [:]

    init(port: Int) {
        self.port = port
        client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(30)))
        client.connect()
    }

    func close() {
        let client = self.client
        Task { try? await client.shutdown() }
    }

    var host: String { "127.0.0.1:\(port)" }

    func request(
        _ path: String, method: HTTPRequest.Method = .get, host: String? = nil, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        keepCookies: Bool = true
    ) async throws -> Page {
        var headers = headers
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        let response = try await client.execute(TestClient.Request(path, method: method, authority: host ?? self.host, headers: headers, body: body))
        if keepCookies {
            for value in response.headers[values: .setCookie] {
                let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
            }
        }
        return Page(status: response.status, headers: response.headers, body: response.body ?? ByteBuffer())
    }

    func get(_ path: String, host: String? = nil) async throws -> Page { try await request(path, host: host) }

    /// A urlencoded POST.
    func post(_ path: String, _ fields: [(String, String)], headers: HTTPFields = [:]) async throws -> Page {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        let text = fields.map { Link.encode($0.0) + "=" + Link.encode($0.1) }.joined(separator: "&")
        return try await request(path, method: .post, headers: headers, body: ByteBuffer(string: text))
    }

    /// The CSRF token of the first form field named `csrf` on a page, as a browser would send it.
    static func formToken(_ html: String) -> String? {
        guard let r = html.range(of: "name=\"csrf\" value=\"") else { return nil }
        return String(html[r.upperBound...].prefix { $0 != "\"" })
    }
}

/// A whole 1×1 PNG (69 bytes).
let onePixelPNG = Data([
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02,
    0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01,
    0x00, 0xC9, 0xFE, 0x92, 0xEF, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
])
