import Foundation
import HTTPTypes
import Hummingbird
import Kith
import NIOCore
import Testing

@testable import KithServe

@Suite("kith serve refuses what it must")
struct SecurityTests {
    @Test("every response carries nosniff and a strict CSP; the session cookie is HttpOnly and SameSite=Strict")
    func headers() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            for path in ["/", "/no/such/page", "/static/kith.css"] {
                let page = try await browser.get(path)
                #expect(page.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                let csp = page.headers[.contentSecurityPolicy] ?? ""
                #expect(csp.contains("default-src 'none'") && csp.contains("script-src 'self'") && !csp.contains("unsafe"), "\(path): \(csp)")
            }
            let fresh = Browser(port: browser.port)
            defer { fresh.close() }
            let first = try await fresh.get("/")
            let cookie = first.headers[values: .setCookie].first { $0.hasPrefix("kith-session-") } ?? ""
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
        }
    }

    @Test("a Host that is not this server's loopback address and port is refused with 403 (DNS rebinding)")
    func badHost() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            let port = browser.port
            for host in ["evil.example:\(port)", "evil.example", "127.0.0.1:\(port + 1)", "127.0.0.1", "10.0.0.5:\(port)", "localhost.evil.example:\(port)"] {
                let page = try await browser.get("/", host: host)
                #expect(page.status == .forbidden, "\(host)")
                #expect(!page.text.contains("Ana Lima"), "\(host)")
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)"] {
                #expect(try await browser.get("/people", host: host).status == .ok, "\(host)")
            }
        }
    }

    @Test("a POST without the session's CSRF token, or with a wrong one, is refused with 403")
    func csrf() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            // No session at all.
            #expect(try await browser.post("/settings", [("theme", "dark")]).status == .forbidden)
            // A session (from a GET), but no token, a wrong one, one made up as a cookie.
            let page = try await browser.get("/")
            #expect(page.status == .ok)
            #expect(try await browser.post("/settings", [("theme", "dark")]).status == .forbidden)
            #expect(try await browser.post("/settings", [("csrf", String(repeating: "0", count: 64))]).status == .forbidden)
            let held = browser.cookies.first { $0.key.hasPrefix("kith-session-") }!
            browser.cookies[held.key] = String(repeating: "a", count: 64)
            #expect(try await browser.post("/settings", [("csrf", String(repeating: "a", count: 64))]).status == .forbidden)
            browser.cookies[held.key] = held.value
            // The right token from another site's page.
            var origin = HTTPFields()
            origin[.origin] = "http://evil.example"
            #expect(try await browser.post("/settings", [("csrf", held.value)], headers: origin).status == .forbidden)
            // The right token passes the check (no POST route here yet: 404, not 403).
            #expect(try await browser.post("/no-such-form", [("csrf", held.value)]).status == .notFound)
            #expect(try served.journal.setting(.theme) == "auto")
        }
    }

    @Test("with an access token (--listen), a request without it is refused; ?token= once sets a cookie")
    func accessToken() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let token = KithServer.makeAccessToken()
        try await served.serve(accessToken: token) { browser in
            #expect(try await browser.get("/").status == .forbidden)
            #expect(try await browser.get("/?token=" + String(repeating: "1", count: 64)).status == .forbidden)
            let welcome = try await browser.get("/people?token=" + token)
            #expect(welcome.status == .seeOther)
            #expect(welcome.headers[.location] == "/people")
            let page = try await browser.get("/people")
            #expect(page.status == .ok)
            #expect(page.text.contains("Ana Lima"))
            // An IP address reaches it with the token; a name still does not.
            #expect(try await browser.get("/", host: "192.168.1.20:\(browser.port)").status == .ok)
            #expect(try await browser.get("/", host: "evil.example:\(browser.port)").status == .forbidden)
        }
    }

    @Test("text and attribute values are escaped by the writer")
    func writerEscapes() {
        var w = HTMLWriter()
        w.element(.a, [.title(ServedJournal.hostileName), .href(Link("person", "a b/\"<"))], text: ServedJournal.hostileTitle)
        #expect(w.output == "<a title=\"x&quot; onmouseover=&quot;alert(1)\" href=\"/person/a%20b%2F%22%3C\">&lt;script&gt;alert(1)&lt;/script&gt;</a>")
        #expect(FormBody(query: "a=1+2&b=%3Cx%3E&c&a=3").all("a") == ["1 2", "3"])
        #expect(FormBody(query: "b=%3Cx%3E%2")["b"] == "<x>%2")
    }
}
