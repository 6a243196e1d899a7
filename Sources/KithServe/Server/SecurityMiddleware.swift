import HTTPTypes
import Hummingbird
import NIOCore

/// Runs before every route and shapes every response:
///
/// - the Host header must name this server: `127.0.0.1:PORT` or `localhost:PORT` (or, with
///   `--listen`, an IP address and the port), else 403 — a page on another site whose name
///   was rebound to 127.0.0.1 (DNS rebinding) is refused;
/// - with an access token (`--listen`), every request needs it: `?token=` once, which sets
///   a cookie, else 403;
/// - each browser gets a session cookie (HttpOnly, SameSite=Strict) whose value is the CSRF
///   token; a POST whose form field (or `X-Kith-CSRF` header) does not match a session this
///   server issued is refused with 403, as is a POST whose Origin is another site;
/// - every response (errors too) carries `X-Content-Type-Options: nosniff`, a strict
///   Content-Security-Policy (only Kith's own style sheet, script and images), no referrer to other sites,
///   no framing, and is not cached unless the route says so.
struct SecurityMiddleware: RouterMiddleware {
    typealias Context = KithContext

    let options: KithServer.Options
    let state: ServerState

    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'"

    var sessionCookie: String { "kith-session-\(state.port)" }
    var accessCookie: String { "kith-access-\(state.port)" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await checked(request, context: context, next: next)
        Self.secure(&response.headers)
        return response
    }

    /// The headers every response carries.
    static func secure(_ headers: inout HTTPFields) {
        headers[.xContentTypeOptions] = "nosniff"
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        // same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` with
        // a form's POST, which the Origin check above must refuse (every form would fail).
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "same-origin"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }

    private func checked(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard hostIsAllowed(request.head.authority) else {
            return ErrorPage.response(.forbidden, "This address is not the one kith serve printed (the Host header names another site).")
        }
        let cookies = request.cookies
        var setCookies: [String] = []

        // The access token (--listen): once in the query, then as a cookie.
        if let token = options.accessToken {
            if let given = request.uri.queryParameters.get("token"), Secret.equal(given, token) {
                var response = Response(status: .seeOther)
                response.headers[.location] = request.uri.path
                response.headers[.setCookie] = cookie(accessCookie, token)
                return response
            }
            guard let held = cookies[accessCookie]?.value, Secret.equal(held, token) else {
                return ErrorPage.response(.forbidden, "This server needs its access token: open the address kith serve printed, with its ?token=.")
            }
        }

        // The session and its CSRF token.
        var context = context
        if let held = cookies[sessionCookie]?.value, state.sessions.isValid(held) {
            context.csrf = CSRFToken(value: held)
        } else {
            let token = state.sessions.issue()
            context.csrf = CSRFToken(value: token)
            setCookies.append(cookie(sessionCookie, token))
        }

        var request = request
        if request.method != .get && request.method != .head {
            if let origin = request.headers[.origin], !originIsAllowed(origin, host: request.head.authority) {
                return ErrorPage.response(.forbidden, "This form was sent from another site.")
            }
            // A new session has no form of ours yet: any token it sent is not one we issued.
            guard setCookies.isEmpty else {
                return ErrorPage.response(.forbidden, "This form has expired (kith serve was restarted?): reload the page and send it again.")
            }
            let sent: String?
            if let header = request.headers[HTTPField.Name("X-Kith-CSRF")!] {
                sent = header
            } else {
                let body: ByteBuffer
                do {
                    body = try await request.collectBody(upTo: context.maxUploadSize)
                } catch let error as HTTPError where error.status == .contentTooLarge {
                    return ErrorPage.response(.contentTooLarge, "This upload is too large.")
                }
                sent = Self.formToken(in: body, contentType: request.headers[.contentType] ?? "", expected: context.csrf.value)
            }
            guard let sent, Secret.equal(sent, context.csrf.value) else {
                return ErrorPage.response(.forbidden, "This form has no valid security token: reload the page and send it again.")
            }
        }

        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = ErrorPage.response(for: error)
        }
        for c in setCookies { response.headers.append(HTTPField(name: .setCookie, value: c)) }
        return response
    }

    private func cookie(_ name: String, _ value: String) -> String {
        "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict"
    }

    /// The CSRF field of a form body: a urlencoded field, or a multipart part named `csrf`
    /// whose content is exactly `expected` (found as the bytes the browser writes).
    static func formToken(in body: ByteBuffer, contentType: String, expected: String) -> String? {
        let bytes = body.readableBytesView
        let type = contentType.lowercased()
        if type.hasPrefix("application/x-www-form-urlencoded") {
            return FormBody(bytes)[CSRFToken.fieldName]
        }
        if type.hasPrefix("multipart/form-data") {
            let needle = Array("name=\"\(CSRFToken.fieldName)\"\r\n\r\n\(expected)\r\n".utf8)
            return Self.contains(bytes, needle) ? expected : nil
        }
        return nil
    }

    private static func contains(_ haystack: ByteBufferView, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let h = Array(haystack)
        let first = needle[0]
        var i = 0
        while i <= h.count - needle.count {
            if h[i] == first && h[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    /// `host:port` must be this server: loopback by name or number; with --listen, also an
    /// IP address (never another name, which is what DNS rebinding needs).
    func hostIsAllowed(_ authority: String?) -> Bool {
        guard let authority else { return false }
        let port = state.port
        let host: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]"), authority[authority.index(after: close)...] == ":\(port)" else { return false }
            host = authority[authority.index(after: authority.startIndex)..<close]
        } else {
            guard let colon = authority.lastIndex(of: ":"), authority[authority.index(after: colon)...] == "\(port)" else { return false }
            host = authority[..<colon]
        }
        let name = host.lowercased()
        if name == "localhost" || name == "127.0.0.1" || name == "::1" { return true }
        guard options.accessToken != nil else { return false }
        return Self.isIPAddress(name)
    }

    func originIsAllowed(_ origin: String, host: String?) -> Bool {
        guard let host else { return false }
        return origin == "http://" + host
    }

    static func isIPAddress(_ s: String) -> Bool {
        if s.contains(":") { return s.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { p in !p.isEmpty && p.count <= 3 && p.allSatisfy(\.isASCII) && UInt8(p) != nil }
    }
}
