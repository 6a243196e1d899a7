// The one way KithServe writes HTML: a writer whose text and attribute values are escaped by
// the writer itself. Pages never concatenate markup. Raw markup goes in only through
// `kithConstant(_:)`, which takes a `StaticString` (text fixed at compile time, so it cannot
// carry anything from the journal or the request); `grep -rn kithConstant` lists every use.
// Forms only through `form(...)`, which always writes the CSRF field first (`Tag` has no form).

/// The elements pages may write (no `form`: see ``HTMLWriter/form(action:token:multipart:_:)``;
/// no `script` or `style`: the only script and style sheet are Kith's own files, linked).
enum Tag: String {
    case a, abbr, article, aside, b, body, button, caption, dd, details, div, dl, dt, em, fieldset, figure, figcaption
    case footer, h1, h2, h3, head, header, html, i, label, legend, li, main, meter, nav, ol, optgroup, option, p
    case section, select, small, span, strong, summary, table, tbody, td, textarea, th, thead, time, title, tr, ul
}

/// Elements with no content and no end tag.
enum VoidTag: String {
    case br, hr, img, input, link, meta
}

/// An attribute: its name fixed in the source, its value escaped when written.
struct Attribute {
    let name: StaticString
    /// Nil for a boolean attribute (`checked`, `selected`).
    let value: String?

    init(_ name: StaticString, _ value: String?) {
        self.name = name
        self.value = value
    }

    static func cls(_ value: String) -> Attribute { Attribute("class", value) }
    static func id(_ value: String) -> Attribute { Attribute("id", value) }
    static func name(_ value: String) -> Attribute { Attribute("name", value) }
    static func value(_ value: String) -> Attribute { Attribute("value", value) }
    static func type(_ value: String) -> Attribute { Attribute("type", value) }
    static func title(_ value: String) -> Attribute { Attribute("title", value) }
    static func href(_ link: Link) -> Attribute { Attribute("href", link.path) }
    static func src(_ link: Link) -> Attribute { Attribute("src", link.path) }
    static func flag(_ name: StaticString) -> Attribute { Attribute(name, nil) }
}

/// A link inside Kith's own site: a path built from route parts, so no user text can make it
/// a `javascript:` (or any other scheme's) URL. Parts are percent-encoded.
struct Link: Sendable, Equatable {
    let path: String

    /// `/` followed by the parts, each percent-encoded (`Link("person", 12)` is `/person/12`).
    init(_ parts: any CustomStringConvertible...) {
        path = "/" + parts.map { Link.encode($0.description) }.joined(separator: "/")
    }

    private init(raw: String) { path = raw }

    /// This link with a query (`?k=v&…`), keys and values percent-encoded.
    func query(_ items: [(String, String)]) -> Link {
        guard !items.isEmpty else { return self }
        return Link(raw: path + "?" + items.map { Link.encode($0.0) + "=" + Link.encode($0.1) }.joined(separator: "&"))
    }

    static let root = Link(raw: "/")

    /// Percent-encodes everything but unreserved characters (RFC 3986).
    static func encode(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b & 15)]))
            }
        }
        return out
    }
}

/// Writes an HTML document: elements, escaped text and attributes, and forms that carry the
/// CSRF token.
struct HTMLWriter {
    private(set) var output: String = ""

    init(capacity: Int = 16 * 1024) {
        output.reserveCapacity(capacity)
    }

    /// Text content, escaped (`&`, `<`, `>`, `"`, `'`).
    mutating func text(_ s: String) {
        HTMLWriter.escape(s, into: &output)
    }

    /// Markup written as is: only Kith's own constants (a `StaticString` is fixed at compile
    /// time). The single raw entry point; `grep -rn kithConstant Sources` lists every use.
    mutating func kithConstant(_ s: StaticString) {
        output += s.description
    }

    /// `<tag attributes>…</tag>` with the content written by `body`.
    mutating func element(_ tag: Tag, _ attributes: [Attribute] = [], _ body: (inout HTMLWriter) throws -> Void) rethrows {
        open(tag.rawValue, attributes)
        try body(&self)
        output += "</"
        output += tag.rawValue
        output += ">"
    }

    /// `<tag attributes>text</tag>`, the text escaped.
    mutating func element(_ tag: Tag, _ attributes: [Attribute] = [], text: String) {
        open(tag.rawValue, attributes)
        HTMLWriter.escape(text, into: &output)
        output += "</"
        output += tag.rawValue
        output += ">"
    }

    /// An element with no content (`<img …>`, `<input …>`).
    mutating func void(_ tag: VoidTag, _ attributes: [Attribute] = []) {
        open(tag.rawValue, attributes)
    }

    /// A POST form to one of Kith's routes, its first field the session's CSRF token (the
    /// only way to write a form). `multipart` for file uploads.
    mutating func form(action: Link, token: CSRFToken, multipart: Bool = false, _ attributes: [Attribute] = [], _ body: (inout HTMLWriter) throws -> Void)
        rethrows
    {
        var all = [Attribute("method", "post"), Attribute("action", action.path)]
        if multipart { all.append(Attribute("enctype", "multipart/form-data")) }
        open("form", all + attributes)
        void(.input, [.type("hidden"), .name(CSRFToken.fieldName), .value(token.value)])
        try body(&self)
        output += "</form>"
    }

    private mutating func open(_ name: String, _ attributes: [Attribute]) {
        output += "<"
        output += name
        for a in attributes {
            output += " "
            output += a.name.description
            if let v = a.value {
                output += "=\""
                HTMLWriter.escape(v, into: &output)
                output += "\""
            }
        }
        output += ">"
    }

    /// Appends `s` with the five characters that matter in text and quoted attribute values
    /// replaced by entities.
    static func escape(_ s: String, into out: inout String) {
        var clean = true
        for b in s.utf8 where b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 {
            clean = false
            break
        }
        if clean {
            out += s
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    /// `s` escaped, as a new string.
    static func escaped(_ s: String) -> String {
        var out = ""
        escape(s, into: &out)
        return out
    }
}
