// One conversation with a CardDAV/CalDAV server: an AsyncHTTPClient created for it and shut
// down by `close()` (never a global client: nothing starts an event loop outside a sync),
// Basic authentication with a password the caller hands over (kept only in the header value,
// never logged or put in an error), connect and read time limits, an optional CA file as the
// only trust roots (a home server with its own certificate), and a limit on response bodies.
// Every failure is a `RemoteError` naming the URL.
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// Time limits of a ``DAVSession``.
public struct DAVTimeouts: Sendable, Hashable {
    /// How long to wait for a TCP (and TLS) connection.
    public var connect: Duration
    /// How long to wait for each part of an answer; also the limit on a whole request.
    public var read: Duration

    /// Limits for `connect` and `read`.
    public init(connect: Duration, read: Duration) {
        self.connect = connect
        self.read = read
    }

    /// 10 s to connect, 120 s to answer: Radicale takes over 80 s to list 5,000 items it has
    /// not parsed before (it parses each once), so a first listing needs more than a minute.
    public static let standard = DAVTimeouts(connect: .seconds(10), read: .seconds(120))
}

/// An HTTP answer, its body read whole (up to the session's limit).
public struct DAVResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields, names lowercased, in order (a name may repeat).
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]
    /// The URL answered (after redirects).
    public var url: String

    /// The first value of header `name` (case-insensitive), or nil.
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }

    /// 200-299.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// A session with one DAV server. Create it for a sync, use it, then `close()` it (or use
/// ``DAVSession/with(baseURL:user:password:caFile:timeouts:bodyLimit:_:)``, which does).
public final class DAVSession: Sendable {
    /// The URL the user gave (a server root, a principal or a collection), made absolute.
    public let baseURL: URL
    /// The user name sent with Basic authentication, if any.
    public let user: String?
    /// The largest response body read, in bytes; a larger one is a `.malformed` error.
    public let bodyLimit: Int
    /// The time limits.
    public let timeouts: DAVTimeouts

    let client: HTTPClient
    /// `Basic base64(user:password)`; never logged, never in an error.
    private let authorization: String?

    /// Opens a session (no connection is made until the first request).
    /// - Parameters:
    ///   - baseURL: `http(s)://host[:port]/path`.
    ///   - user: the user name; with `password`, sent as Basic authentication.
    ///   - password: the password (from the caller's password command or environment).
    ///   - caFile: a PEM file of certificates to trust instead of the system's roots.
    ///   - timeouts: connect and read limits.
    ///   - bodyLimit: the largest response body accepted (default 256 MiB).
    /// - Throws: `RemoteError.malformed` for a URL that is not http(s), `.unreachable` for a
    ///   CA file that cannot be read.
    public init(
        baseURL: String, user: String? = nil, password: String? = nil, caFile: String? = nil,
        timeouts: DAVTimeouts = .standard, bodyLimit: Int = 256 << 20
    ) throws(RemoteError) {
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else {
            throw .malformed(url: baseURL, reason: "not an http:// or https:// URL")
        }
        self.baseURL = url
        self.user = user
        self.bodyLimit = bodyLimit
        self.timeouts = timeouts
        if let password {
            let pair = "\(user ?? ""):\(password)"
            authorization = "Basic " + Data(pair.utf8).base64EncodedString()
        } else if let user {
            authorization = "Basic " + Data("\(user):".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile {
            do {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
            } catch {
                throw .unreachable(url: baseURL, reason: "cannot read the CA file \(caFile) (\(error))")
            }
        }
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .init(timeouts.connect), read: .init(timeouts.read)))
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Runs `body` with a new session and closes it afterwards, whether `body` throws or not.
    public static func with<T: Sendable>(
        baseURL: String, user: String? = nil, password: String? = nil, caFile: String? = nil,
        timeouts: DAVTimeouts = .standard, bodyLimit: Int = 256 << 20,
        _ body: (DAVSession) async throws -> T
    ) async throws -> T {
        let session = try DAVSession(baseURL: baseURL, user: user, password: password, caFile: caFile, timeouts: timeouts, bodyLimit: bodyLimit)
        do {
            let result = try await body(session)
            await session.close()
            return result
        } catch {
            await session.close()
            throw error
        }
    }

    /// Shuts the HTTP client down (waits for its connections to close). Call it once.
    public func close() async {
        try? await client.shutdown()
    }

    /// Resolves `href` (absolute URL, absolute path or relative path) against `base`.
    public func absolute(_ href: String, relativeTo base: URL? = nil) -> URL {
        DAVHref.resolve(href, against: base ?? baseURL)
    }

    /// Sends one request and reads the whole answer. Follows up to five redirects to the
    /// same method; credentials go only to the origin of `baseURL`.
    /// - Throws: `.unreachable` when no answer came (refused, timed out), `.malformed`
    ///   when the body exceeds ``bodyLimit``. A status code is never an error here.
    public func send(
        _ method: String, _ url: URL, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) async throws(RemoteError) -> DAVResponse {
        var target = url
        for _ in 0...5 {
            let response = try await sendOnce(method, target, headers: headers, body: body)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("location") else {
                return response
            }
            target = DAVHref.resolve(location, against: target)
        }
        throw .status(310, method: method, url: url.absoluteString, reason: "more than five redirects")
    }

    private func sendOnce(_ method: String, _ url: URL, headers: [(String, String)], body: [UInt8]?) async throws(RemoteError) -> DAVResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "User-Agent", value: "kith")
        if let authorization, DAVHref.sameOrigin(url, baseURL) {
            request.headers.add(name: "Authorization", value: authorization)
        }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let deadline = NIODeadline.now() + .init(timeouts.read) + .init(timeouts.connect)
        do {
            let response = try await client.execute(request, deadline: deadline)
            let buffer: ByteBuffer
            do {
                buffer = try await response.body.collect(upTo: bodyLimit)
            } catch is NIOTooManyBytesError {
                throw RemoteError.malformed(url: url.absoluteString, reason: "the answer is larger than \(bodyLimit) bytes")
            }
            var fields: [(name: String, value: String)] = []
            for field in response.headers { fields.append((field.name.lowercased(), field.value)) }
            return DAVResponse(status: Int(response.status.code), headers: fields, body: Array(buffer.readableBytesView), url: url.absoluteString)
        } catch let error as RemoteError {
            throw error
        } catch {
            throw .unreachable(url: url.absoluteString, reason: Self.describe(error, timeouts: timeouts))
        }
    }

    /// A short reason for a transport failure (no credentials in it).
    static func describe(_ error: any Error, timeouts: DAVTimeouts) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return "no connection within \(seconds(timeouts.connect))"
            case .readTimeout, .deadlineExceeded: return "no answer within \(seconds(timeouts.read))"
            case .remoteConnectionClosed: return "the server closed the connection"
            default: return "\(error)"
            }
        }
        let text = "\(error)"
        if text.contains("connectionRefused") || text.contains("Connection refused") || text.contains("ECONNREFUSED") {
            return "connection refused (is the server running on that port?)"
        }
        if let ssl = error as? NIOSSLError { return "TLS failed: \(ssl)" }
        return text
    }

    /// `120 s`, `0.8 s`.
    static func seconds(_ d: Duration) -> String {
        let s = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        return s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
    }

    /// Maps a non-2xx answer to the `RemoteError` the engine acts on; returns a 2xx unchanged.
    @discardableResult
    func check(_ response: DAVResponse, method: String, href: String? = nil) throws(RemoteError) -> DAVResponse {
        if response.isSuccess { return response }
        // Only a write carries an ETag condition: a 412 elsewhere, or a 404 to a PUT (the
        // collection is not there), is the server's plain answer.
        let conditional = method == "PUT" || method == "DELETE"
        switch response.status {
        case 401: throw .unauthorized(url: response.url)
        case 403: throw .unauthorized(url: response.url)
        case 404 where method != "PUT", 410 where method != "PUT": throw .notFound(href: response.url)
        case 412 where conditional: throw .preconditionFailed(href: href ?? response.url)
        default: throw .status(response.status, method: method, url: response.url, reason: Self.reason(response))
        }
    }

    /// The first non-empty line of a body, cut to 200 characters (what the server said).
    static func reason(_ response: DAVResponse) -> String {
        let text = String(decoding: response.body.prefix(4096), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
        return String(line.prefix(200))
    }
}
