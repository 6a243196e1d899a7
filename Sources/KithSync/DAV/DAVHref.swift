// Hrefs as servers send them, made comparable: a server may answer with an absolute URL, an
// absolute path or a relative one, and may spell `@`, a space or `é` literally or
// percent-encoded (one server differently in a PROPFIND and a REPORT). Every href Kith keeps
// is the canonical absolute path: each segment percent-decoded, then encoded again with one
// fixed set of characters left as they are, so equal resources have equal strings.
import Foundation

/// Href and URL helpers (canonical paths, resolution, same-origin checks).
public enum DAVHref {
    /// Bytes a canonical segment keeps as they are: RFC 3986 unreserved characters and the
    /// sub-delimiters and `:@` allowed in a path segment, except `;`: Radicale reads `a;b.vcf`
    /// in a multiget href as the path `a` with a parameter. Everything else is `%XX`.
    private static let kept: Set<UInt8> = {
        var set = Set<UInt8>()
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { set.insert(c) }
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { set.insert(c) }
        for c in UInt8(ascii: "0")...UInt8(ascii: "9") { set.insert(c) }
        for c in "-._~!$&'()*+,=:@".utf8 { set.insert(c) }
        return set
    }()

    /// The canonical form of a path (`/a%20b/c@d.vcf`): segments decoded and encoded again;
    /// `.` and `..` segments resolved; the trailing slash kept.
    public static func canonicalPath(_ path: String) -> String {
        var segments: [String] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (i, part) in parts.enumerated() {
            if i == 0 && part.isEmpty { continue }
            switch part {
            case ".": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default:
                if part.isEmpty && i != parts.count - 1 { continue }
                segments.append(encodeSegment(decode(String(part))))
            }
        }
        return "/" + segments.joined(separator: "/")
    }

    /// `segment`'s bytes, percent-encoded for one path segment (a `/` becomes `%2F`).
    public static func encodeSegment(_ segment: [UInt8]) -> String {
        var out = ""
        out.reserveCapacity(segment.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in segment {
            if kept.contains(b) {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b & 15)]))
            }
        }
        return out
    }

    /// `name` (a resource name such as `jo@example.com.vcf`) as one encoded path segment.
    public static func encodeSegment(_ name: String) -> String { encodeSegment(Array(name.utf8)) }

    /// Percent-decodes `text`; a `%` not followed by two hex digits stays as it is.
    public static func decode(_ text: String) -> [UInt8] {
        let b = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "%"), i + 2 < b.count, let h = hexValue(b[i + 1]), let l = hexValue(b[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return out
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `scheme://host[:port]` of `url`.
    public static func origin(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        var host = url.host ?? ""
        if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
        if let port = url.port { return "\(scheme)://\(host):\(port)" }
        return "\(scheme)://\(host)"
    }

    /// Whether `a` and `b` have the same scheme, host and port.
    public static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ u: URL) -> Int { u.port ?? (u.scheme?.lowercased() == "https" ? 443 : 80) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
    }

    /// The path of `url` as sent (percent-encoded), `/` when empty.
    public static func rawPath(_ url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return path.isEmpty ? "/" : path
    }

    /// The canonical path of `href` (absolute URL, absolute path or relative) against `base`.
    public static func path(_ href: String, against base: URL) -> String {
        var text = href.trimmingCharacters(in: .whitespacesAndNewlines)
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            let afterScheme = text[text.range(of: "://")!.upperBound...]
            if let slash = afterScheme.firstIndex(of: "/") {
                return canonicalPath(String(afterScheme[slash...]))
            }
            return "/"
        }
        if text.hasPrefix("/") { return canonicalPath(text) }
        var dir = rawPath(base)
        if !dir.hasSuffix("/") {
            if let slash = dir.lastIndex(of: "/") { dir = String(dir[...slash]) } else { dir = "/" }
        }
        return canonicalPath(dir + text)
    }

    /// The absolute URL of `href` against `base` (the origin of an absolute href is kept).
    public static func resolve(_ href: String, against base: URL) -> URL {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        var origin = Self.origin(base)
        if lower.hasPrefix("http://") || lower.hasPrefix("https://"),
            let absolute = URL(string: trimmed.components(separatedBy: "/").prefix(3).joined(separator: "/"))
        {
            origin = Self.origin(absolute)
        }
        return URL(string: origin + path(trimmed, against: base)) ?? base
    }

    /// Whether two canonical paths name the same collection (a trailing `/` is not a difference).
    static func sameCollection(_ a: String, _ b: String) -> Bool {
        func strip(_ s: String) -> Substring { s.hasSuffix("/") ? s.dropLast() : Substring(s) }
        return strip(a) == strip(b)
    }
}
