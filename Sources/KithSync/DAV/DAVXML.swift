// The XML of WebDAV (RFC 4918), CardDAV (RFC 6352), CalDAV (RFC 4791), collection sync
// (RFC 6578) and extended MKCOL (RFC 5689): the request bodies Kith sends, and a reader of
// the 207 multistatus answers on SecureXML (no DTD, no entities). Elements are matched by
// namespace and local name, never by prefix: servers choose their own prefixes.
import Foundation
import SecureXML

/// The namespaces DAV answers use.
public enum DAVNamespace {
    /// WebDAV.
    public static let dav = "DAV:"
    /// CardDAV.
    public static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    /// CalDAV.
    public static let calDAV = "urn:ietf:params:xml:ns:caldav"
    /// Apple's calendarserver extensions (`getctag`).
    public static let calendarServer = "http://calendarserver.org/ns/"
}

/// Request bodies. Property names are written with the prefixes `d:`, `card:`, `cal:` and `cs:`.
enum DAVRequestBody {
    static let declarations =
        "xmlns:d=\"DAV:\" xmlns:card=\"urn:ietf:params:xml:ns:carddav\" xmlns:cal=\"urn:ietf:params:xml:ns:caldav\" xmlns:cs=\"http://calendarserver.org/ns/\""

    static func document(_ text: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + text).utf8)
    }

    static func props(_ names: [String]) -> String {
        "<d:prop>" + names.map { "<\($0)/>" }.joined() + "</d:prop>"
    }

    /// PROPFIND for `names` (`"d:getetag"`, `"card:addressbook-home-set"`).
    static func propfind(_ names: [String]) -> [UInt8] {
        document("<d:propfind \(declarations)>\(props(names))</d:propfind>")
    }

    /// RFC 6578 sync-collection from `token` ("" for the initial listing).
    static func syncCollection(token: String?) -> [UInt8] {
        let tokenElement = token.map { "<d:sync-token>\(XMLEscaping.escape($0))</d:sync-token>" } ?? "<d:sync-token/>"
        return document("<d:sync-collection \(declarations)>\(tokenElement)<d:sync-level>1</d:sync-level>\(props(["d:getetag"]))</d:sync-collection>")
    }

    /// addressbook-multiget or calendar-multiget of `hrefs`, asking ETags and bodies.
    static func multiget(_ kind: DAVCollectionKind, hrefs: [String]) -> [UInt8] {
        let (report, data) = kind == .addressBook ? ("card:addressbook-multiget", "card:address-data") : ("cal:calendar-multiget", "cal:calendar-data")
        let list = hrefs.map { "<d:href>\(XMLEscaping.escape($0))</d:href>" }.joined()
        return document("<\(report) \(declarations)>\(props(["d:getetag", data]))\(list)</\(report)>")
    }

    /// Extended MKCOL (RFC 5689) for an address book named `displayName`.
    static func mkcolAddressBook(displayName: String) -> [UInt8] {
        document(
            "<d:mkcol \(declarations)><d:set><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>"
                + "<d:displayname>\(XMLEscaping.escape(displayName))</d:displayname></d:prop></d:set></d:mkcol>")
    }

    /// MKCALENDAR (RFC 4791) for a calendar of VEVENTs named `displayName`.
    static func mkcalendar(displayName: String) -> [UInt8] {
        document(
            "<cal:mkcalendar \(declarations)><d:set><d:prop><d:displayname>\(XMLEscaping.escape(displayName))</d:displayname>"
                + "<cal:supported-calendar-component-set><cal:comp name=\"VEVENT\"/></cal:supported-calendar-component-set>"
                + "</d:prop></d:set></cal:mkcalendar>")
    }
}

/// One `DAV:response` of a multistatus.
struct DAVResponseEntry: Sendable {
    /// The canonical path of the (first) href.
    var href: String
    /// The response-level status (`HTTP/1.1 404 Not Found` → 404), if any.
    var status: Int?
    /// Properties found (status 200 propstats), by namespace and local name.
    var found: [SecureXMLElement]
    /// The `DAV:error` element, if any.
    var error: SecureXMLElement?

    /// The found property `name` in `namespace`.
    func prop(_ name: String, _ namespace: String = DAVNamespace.dav) -> SecureXMLElement? {
        found.first { $0.localName == name && $0.namespaceURI == namespace }
    }

    /// The trimmed text of a found property, nil when absent or empty.
    func text(_ name: String, _ namespace: String = DAVNamespace.dav) -> String? {
        guard let value = prop(name, namespace)?.text.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// The canonical path in `<name><d:href>…</d:href></name>` (current-user-principal, home sets).
    func hrefProp(_ name: String, _ namespace: String, base: URL) -> String? {
        guard let href = prop(name, namespace)?.child("href", namespace: DAVNamespace.dav)?.text else { return nil }
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : DAVHref.path(trimmed, against: base)
    }

    /// The local names in `DAV:resourcetype` (`collection`, `addressbook`, `calendar`).
    var resourceTypes: Set<String> {
        Set(prop("resourcetype")?.children.map(\.localName) ?? [])
    }
}

/// A 207 multistatus answer.
struct DAVMultistatus: Sendable {
    var responses: [DAVResponseEntry]
    /// The top-level `DAV:sync-token` (sync-collection answers).
    var syncToken: String?

    /// Reads a multistatus body; hrefs are resolved against `base`.
    static func parse(_ body: [UInt8], base: URL, url: String) throws(RemoteError) -> DAVMultistatus {
        let root: SecureXMLElement
        do {
            root = try SecureXMLParser.parse(Data(body))
        } catch {
            throw .malformed(url: url, reason: "the multistatus is not readable XML (\(error.description))")
        }
        guard root.localName == "multistatus", root.namespaceURI == DAVNamespace.dav else {
            throw .malformed(url: url, reason: "expected a DAV:multistatus, got <\(root.localName)> at line \(root.line)")
        }
        var responses: [DAVResponseEntry] = []
        responses.reserveCapacity(root.children.count)
        for response in root.children("response", namespace: DAVNamespace.dav) {
            guard let href = response.child("href", namespace: DAVNamespace.dav)?.text.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty
            else {
                throw .malformed(url: url, reason: "a DAV:response without DAV:href at line \(response.line)")
            }
            var found: [SecureXMLElement] = []
            for propstat in response.children("propstat", namespace: DAVNamespace.dav) {
                let status = statusCode(propstat.child("status", namespace: DAVNamespace.dav)?.text) ?? 200
                guard (200..<300).contains(status), let prop = propstat.child("prop", namespace: DAVNamespace.dav) else { continue }
                found.append(contentsOf: prop.children)
            }
            responses.append(
                DAVResponseEntry(
                    href: DAVHref.path(href, against: base),
                    status: statusCode(response.child("status", namespace: DAVNamespace.dav)?.text),
                    found: found, error: response.child("error", namespace: DAVNamespace.dav)))
        }
        let token = root.child("sync-token", namespace: DAVNamespace.dav)?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return DAVMultistatus(responses: responses, syncToken: token?.isEmpty == false ? token : nil)
    }

    /// `HTTP/1.1 404 Not Found` → 404.
    static func statusCode(_ line: String?) -> Int? {
        guard let line else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        return Int(parts[1])
    }
}

/// Whether an error answer's body names `DAV:valid-sync-token` (RFC 6578 §3.2: a token the
/// server no longer knows).
func namesInvalidSyncToken(_ body: [UInt8]) -> Bool {
    guard let root = try? SecureXMLParser.parse(Data(body)) else { return false }
    if root.localName == "valid-sync-token" { return true }
    return root.children.contains { $0.localName == "valid-sync-token" }
}
