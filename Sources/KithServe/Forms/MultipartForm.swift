/// A `multipart/form-data` body (RFC 7578): the fields and files of a form with
/// `enctype="multipart/form-data"`, read with limits.
///
/// Each part has a name and, for a file, a file name and a media type, from its
/// `Content-Disposition` and `Content-Type` headers. A body, a part or a header larger than
/// its ``Limits`` throws ``MultipartError/tooLarge(_:)`` (the route answers 413); anything
/// that is not a well-formed body throws ``MultipartError/malformed(_:)`` (400).
struct MultipartForm: Sendable {
    /// One part: a field's value or an uploaded file.
    struct Part: Sendable, Equatable {
        /// The form field's name (`name="…"`).
        var name: String
        /// The file's name as the browser sent it (`filename="…"`); nil for a plain field.
        var filename: String?
        /// The part's `Content-Type` (lowercased, without parameters); nil when absent.
        var contentType: String?
        var body: [UInt8]

        /// The body as text (invalid UTF-8 repaired).
        var text: String { String(decoding: body, as: UTF8.self) }
        /// Whether this is a file input's part (it has a `filename`).
        var isFile: Bool { filename != nil }
    }

    /// How much is read before refusing.
    struct Limits: Sendable {
        /// The whole body.
        var bodyBytes: Int
        /// How many parts.
        var parts: Int
        /// The headers of one part.
        var headerBytes: Int
        /// One plain field's value.
        var fieldBytes: Int
        /// One file.
        var fileBytes: Int

        /// Enough for a form with several photos, each at most `fileBytes`.
        static let standard = Limits(
            bodyBytes: 64 * 1024 * 1024, parts: 256, headerBytes: 16 * 1024, fieldBytes: 1024 * 1024,
            fileBytes: 20 * 1024 * 1024)
    }

    /// Every part, in the order sent.
    let parts: [Part]

    /// The first plain field named `name`, as text.
    subscript(_ name: String) -> String? { parts.first { $0.name == name && !$0.isFile }?.text }

    /// Every plain field named `name`, in order, as text.
    func all(_ name: String) -> [String] { parts.filter { $0.name == name && !$0.isFile }.map(\.text) }

    /// The files chosen in the file input `name`: parts with a file name, skipping the empty
    /// part a browser sends when nothing was chosen.
    func files(_ name: String) -> [Part] {
        parts.filter { $0.name == name && $0.isFile && !($0.filename == "" && $0.body.isEmpty) }
    }

    /// The boundary of a `multipart/form-data` content type, or nil when `contentType` is
    /// another type or has no usable boundary (1 to 70 characters, RFC 2046).
    static func boundary(contentType: String) -> String? {
        let fields = HeaderValue(contentType)
        guard fields.value.lowercased() == "multipart/form-data", let b = fields.parameters["boundary"],
            (1...70).contains(b.utf8.count), !b.utf8.contains(where: { $0 == 13 || $0 == 10 })
        else { return nil }
        return b
    }

    /// Reads `body`, whose parts are separated by `boundary`.
    /// - Throws: ``MultipartError``.
    /// - Complexity: O(n) in the size of the body for ordinary boundaries.
    init(body: [UInt8], boundary: String, limits: Limits = .standard) throws(MultipartError) {
        guard body.count <= limits.bodyBytes else { throw .tooLarge("the form (over \(limits.bodyBytes) bytes)") }
        let dash = UInt8(ascii: "-"), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        // The first delimiter may start the body; every later one follows a CRLF.
        let delimiter = [dash, dash] + Array(boundary.utf8)
        let finder = Finder(pattern: [cr, lf] + delimiter)
        var position: Int
        if body.count >= delimiter.count, body[0..<delimiter.count].elementsEqual(delimiter) {
            position = delimiter.count
        } else {
            guard let found = finder.find(in: body, from: 0) else { throw .malformed("no boundary line") }
            position = found + 2 + delimiter.count
        }
        var parts: [Part] = []
        while true {
            // After a delimiter: "--" closes the body; else optional spaces, then CRLF.
            if position + 1 < body.count, body[position] == dash, body[position + 1] == dash { break }
            while position < body.count, body[position] == UInt8(ascii: " ") || body[position] == UInt8(ascii: "\t") {
                position += 1
            }
            guard position + 1 < body.count, body[position] == cr, body[position + 1] == lf else {
                throw .malformed("a boundary line is not followed by a line break")
            }
            position += 2
            guard parts.count < limits.parts else { throw .tooLarge("the form (over \(limits.parts) parts)") }
            // Headers, up to an empty line (a part without headers has no name).
            if position + 1 < body.count, body[position] == cr, body[position + 1] == lf { throw .malformed("a part has no name") }
            guard let headerEnd = Self.emptyLine(in: body, from: position, within: limits.headerBytes) else {
                if body.count - position > limits.headerBytes { throw .tooLarge("a part's headers") }
                throw .malformed("a part's headers do not end")
            }
            var part = try Self.part(headers: body[position..<headerEnd])
            let start = headerEnd + 4
            guard let end = finder.find(in: body, from: start - 2) else { throw .malformed("the last part is not closed") }
            guard end >= start else { throw .malformed("a part's headers do not end") }
            let size = end - start
            if part.isFile {
                guard size <= limits.fileBytes else { throw .tooLarge("the file \"\(part.filename ?? "")\" (over \(limits.fileBytes) bytes)") }
            } else {
                guard size <= limits.fieldBytes else { throw .tooLarge("the field \"\(part.name)\" (over \(limits.fieldBytes) bytes)") }
            }
            part.body = Array(body[start..<end])
            parts.append(part)
            position = end + 2 + delimiter.count
        }
        self.parts = parts
    }

    /// Where the CRLF CRLF ending headers that start at `from` begins, looking no further
    /// than `within` bytes; nil if none.
    private static func emptyLine(in body: [UInt8], from: Int, within: Int) -> Int? {
        var i = from
        let last = min(body.count - 4, from + within)
        while i <= last {
            if body[i] == 13, body[i + 1] == 10, body[i + 2] == 13, body[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// A name or file name as browsers write it (HTML's form encoding): `"` as `%22`, CR and
    /// LF as `%0D` and `%0A`; other `%` sequences are left as they are.
    private static func unescapeQuotes(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return text.replacingAll("%22", with: "\"").replacingAll("%0D", with: "\r").replacingAll("%0A", with: "\n")
    }

    /// A part's name, file name and type from its header lines.
    private static func part(headers bytes: ArraySlice<UInt8>) throws(MultipartError) -> Part {
        var name: String?
        var filename: String?
        var contentType: String?
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("a part's header has no colon") }
            let field = line[..<colon].trimmingSpaces().lowercased()
            let value = HeaderValue(String(line[line.index(after: colon)...]))
            switch field {
            case "content-disposition":
                guard value.value.lowercased() == "form-data" else { throw .malformed("a part is not form-data") }
                name = value.parameters["name"].map(Self.unescapeQuotes)
                if let extended = value.parameters["filename*"], let decoded = HeaderValue.extendedValue(extended) {
                    filename = decoded
                } else {
                    filename = value.parameters["filename"].map(Self.unescapeQuotes)
                }
            case "content-type":
                contentType = value.value.lowercased()
            default:
                continue
            }
        }
        guard let name else { throw .malformed("a part has no name") }
        return Part(name: name, filename: filename, contentType: contentType, body: [])
    }
}

/// Why a multipart body was refused.
enum MultipartError: Error, Equatable, CustomStringConvertible {
    /// Larger than the limits allow: what was too large (413).
    case tooLarge(String)
    /// Not a well-formed `multipart/form-data` body (400).
    case malformed(String)

    var description: String {
        switch self {
        case .tooLarge(let what): return "\(what) is too large"
        case .malformed(let why): return "the form could not be read: \(why)"
        }
    }
}

/// A header value with parameters: `form-data; name="photo"; filename="a.jpg"`.
struct HeaderValue {
    /// What comes before the first `;`, trimmed.
    var value: String
    /// Parameters by lowercased name; quoted values unquoted (`\"` and `\\` unescaped).
    var parameters: [String: String] = [:]

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func skipSpaces() { while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 } }
        func token(until stops: Set<Unicode.Scalar>) -> String {
            var s = String.UnicodeScalarView()
            while i < scalars.count, !stops.contains(scalars[i]) {
                s.append(scalars[i])
                i += 1
            }
            return String(s).trimmingSpaces()
        }
        skipSpaces()
        value = token(until: [";"])
        while i < scalars.count {
            i += 1  // the ';'
            skipSpaces()
            let key = token(until: ["=", ";"]).lowercased()
            guard i < scalars.count, scalars[i] == "=" else { continue }
            i += 1
            skipSpaces()
            var v = String.UnicodeScalarView()
            if i < scalars.count, scalars[i] == "\"" {
                i += 1
                while i < scalars.count, scalars[i] != "\"" {
                    // A backslash escapes `"` and `\` only: Windows paths in file names stay whole.
                    if scalars[i] == "\\", i + 1 < scalars.count, scalars[i + 1] == "\"" || scalars[i + 1] == "\\" { i += 1 }
                    v.append(scalars[i])
                    i += 1
                }
                i += 1
                _ = token(until: [";"])
            } else {
                v = token(until: [";"]).unicodeScalars
            }
            if !key.isEmpty, parameters[key] == nil { parameters[key] = String(v) }
        }
    }

    /// An RFC 8187 extended value (`UTF-8''na%C3%AFve.jpg`), decoded; nil unless UTF-8.
    static func extendedValue(_ text: String) -> String? {
        let pieces = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].lowercased() == "utf-8" else { return nil }
        var out: [UInt8] = []
        var bytes = Array(pieces[2].utf8)[...]
        while let b = bytes.popFirst() {
            if b == UInt8(ascii: "%"), bytes.count >= 2, let h = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
                out.append(h)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(b)
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}

/// Finds a byte pattern (Boyer-Moore-Horspool: skips by the table of the last byte).
private struct Finder {
    let pattern: [UInt8]
    var skip = [Int](repeating: 0, count: 256)

    init(pattern: [UInt8]) {
        self.pattern = pattern
        for i in 0..<256 { skip[i] = pattern.count }
        for (i, b) in pattern.dropLast().enumerated() { skip[Int(b)] = pattern.count - 1 - i }
    }

    /// The first index at or after `from` where the pattern starts, or nil.
    func find(in text: [UInt8], from: Int) -> Int? {
        let m = pattern.count
        var i = max(from, 0)
        guard m > 0 else { return i }
        while i + m <= text.count {
            var j = m - 1
            while text[i + j] == pattern[j] {
                if j == 0 { return i }
                j -= 1
            }
            i += skip[Int(text[i + m - 1])]
        }
        return nil
    }
}

extension String {
    /// Every `target` replaced by `replacement` (without Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
