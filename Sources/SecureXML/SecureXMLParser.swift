import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Serialises XML parsing: libxml2 under FoundationXML keeps global state and is not
/// thread-safe on Linux.
private let parseLock = NSLock()

/// Reads XML into a ``SecureXMLElement`` tree with no DTD, no external entities and no
/// network: a document declaring `<!DOCTYPE` or `<!ENTITY` is refused before parsing.
public enum SecureXMLParser {
    /// Why a document could not be read.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong.
        public enum Reason: String, Hashable, Sendable {
            /// The document has a DOCTYPE or ENTITY declaration.
            case doctypeRefused = "doctype-refused"
            /// The document is not well-formed XML.
            case malformed
            /// The document has no root element.
            case empty
            /// The document is not UTF-8: it declares another encoding or has bytes that are not UTF-8.
            case notUTF8 = "not-utf8"
        }
        /// What went wrong.
        public var reason: Reason
        /// The 1-based line, or 0 when unknown.
        public var line: Int
        /// A sentence for a person, saying what to do.
        public var message: String

        public var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    /// Parses `data` (UTF-8 or with an XML encoding declaration) into its root element.
    /// - Throws: ``Error`` with `.doctypeRefused` for DTDs and entity declarations,
    ///   `.malformed` with the line for XML that is not well-formed, `.empty` for no root.
    /// - Complexity: O(n).
    public static func parse(_ data: Data) throws(Error) -> SecureXMLElement {
        if let line = declarationLine(data) {
            throw Error(
                reason: .doctypeRefused, line: line,
                message:
                    "The XML document declares a DOCTYPE or ENTITY; these are refused for safety (no DTDs, no entities). Remove the declaration and try again.")
        }
        // FoundationXML traps on names that are not UTF-8, and libxml2 hands them over: check first.
        if let encoding = declaredEncoding(data), !["UTF-8", "UTF8", "US-ASCII", "ASCII"].contains(encoding.uppercased()) {
            throw Error(
                reason: .notUTF8, line: 1,
                message: "The XML declares encoding \"\(encoding)\"; xCard and xCal are read in UTF-8 only. Save the file as UTF-8 and try again.")
        }
        if let line = firstInvalidUTF8Line(data) {
            throw Error(
                reason: .notUTF8, line: line,
                message: "The XML is not valid UTF-8 near line \(line) (a byte that is not UTF-8, or UTF-16 text); save the file as UTF-8 and try again.")
        }
        // FoundationXML calls strlen on the NULL data of `<?name?>`: refuse those first.
        if let line = emptyProcessingInstructionLine(data) {
            throw Error(
                reason: .malformed, line: line,
                message: "The XML has a processing instruction with no content (<?name?>) near line \(line); remove it and try again.")
        }
        parseLock.lock()
        defer { parseLock.unlock() }
        // FoundationXML hands `XMLParser(data:)` to libxml2 in one chunk, and libxml2 (without
        // XML_PARSE_HUGE) fails a chunk over ~10 MB after reading it all: a DAV listing of
        // 100,000 items (Xandikos: 40 MB) would be "not well-formed". From a stream it reads
        // in pieces, with no such limit; small documents keep the one-chunk path.
        let parser = data.count > 4 << 20 ? XMLParser(stream: InputStream(data: data)) : XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        let delegate = TreeBuilder()
        parser.delegate = delegate
        let ok = parser.parse()
        if delegate.sawDeclaration {
            throw Error(
                reason: .doctypeRefused, line: delegate.declarationLine,
                message: "The XML document declares a DOCTYPE or ENTITY; these are refused for safety.")
        }
        if delegate.tooDeep {
            throw Error(
                reason: .malformed, line: parser.lineNumber,
                message:
                    "The XML nests elements more than \(TreeBuilder.maximumDepth) deep near line \(parser.lineNumber); no xCard or xCal is that deep, so the file is refused."
            )
        }
        if !ok || parser.parserError != nil || !delegate.stack.isEmpty || (delegate.root == nil && delegate.sawElement) {
            let line = max(parser.lineNumber, delegate.stack.last?.line ?? 0)
            let cause = parser.parserError.map { String(describing: $0) } ?? "unknown error"
            throw Error(
                reason: .malformed, line: line,
                message: "The XML is not well-formed near line \(line) (\(cause)); fix the file or export it again.")
        }
        guard let root = delegate.root else {
            throw Error(reason: .empty, line: 0, message: "The XML document has no root element.")
        }
        return root
    }

    /// Parses a string.
    public static func parse(_ string: String) throws(Error) -> SecureXMLElement {
        try parse(Data(string.utf8))
    }

    /// The line of the first `<!DOCTYPE` or `<!ENTITY`, or nil.
    private static func declarationLine(_ data: Data) -> Int? {
        let doctype = Array("<!DOCTYPE".utf8), entity = Array("<!ENTITY".utf8)
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let b = raw.bindMemory(to: UInt8.self)
            var line = 1
            var i = 0
            while i < b.count {
                let c = b[i]
                if c == 0x0A { line += 1 }
                if c == 0x3C, i + 1 < b.count, b[i + 1] == 0x21 {
                    if matches(b, i, doctype) || matches(b, i, entity) { return line }
                }
                i += 1
            }
            return nil
        }
    }

    /// The line of the first `<?target?>` with nothing but spaces after its target, or nil.
    private static func emptyProcessingInstructionLine(_ data: Data) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let b = raw.bindMemory(to: UInt8.self)
            var line = 1
            var i = 0
            while i < b.count {
                if b[i] == 0x0A { line += 1 }
                guard b[i] == 0x3C, i + 1 < b.count, b[i + 1] == 0x3F else { i += 1; continue }
                var k = i + 2
                // The target runs to a space or the closing `?>`.
                while k < b.count, b[k] != 0x20, b[k] != 0x09, b[k] != 0x0A, b[k] != 0x0D,
                    !(b[k] == 0x3F && k + 1 < b.count && b[k + 1] == 0x3E)
                { k += 1 }
                while k < b.count, b[k] == 0x20 || b[k] == 0x09 || b[k] == 0x0A || b[k] == 0x0D { k += 1 }
                if k + 1 < b.count, b[k] == 0x3F, b[k + 1] == 0x3E { return line }
                i += 2
            }
            return nil
        }
    }

    /// The `encoding` of the `<?xml … ?>` declaration, or nil when there is none.
    private static func declaredEncoding(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(200))
        var i = (head.count >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF) ? 3 : 0
        while i < head.count, head[i] == 0x20 || head[i] == 0x09 || head[i] == 0x0A || head[i] == 0x0D { i += 1 }
        guard head[i...].starts(with: Array("<?xml".utf8)),
            let end = head[i...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let declaration = String(decoding: head[i..<end], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// The 1-based line of the first byte sequence that is not UTF-8, or nil when all is UTF-8.
    /// - Complexity: O(n).
    private static func firstInvalidUTF8Line(_ data: Data) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let b = raw.bindMemory(to: UInt8.self)
            let n = b.count
            var i = 0
            var line = 1
            while i < n {
                let c = b[i]
                if c < 0x80 {
                    if c == 0x0A { line += 1 }
                    i += 1
                    continue
                }
                let length: Int
                var low: UInt8 = 0x80, high: UInt8 = 0xBF
                switch c {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return line
                }
                guard i + length <= n else { return line }
                let second = b[i + 1]
                if second < low || second > high { return line }
                var k = 2
                while k < length {
                    if b[i + k] & 0xC0 != 0x80 { return line }
                    k += 1
                }
                i += length
            }
            return nil
        }
    }

    private static func matches(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ needle: [UInt8]) -> Bool {
        guard at + needle.count <= b.count else { return false }
        for k in 0..<needle.count {
            var c = b[at + k]
            if c >= 0x61 && c <= 0x7A { c -= 0x20 }
            if c != needle[k] { return false }
        }
        return true
    }
}

/// Builds the element tree from parser events.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [SecureXMLElement] = []
    var root: SecureXMLElement?
    var sawDeclaration = false
    var sawElement = false
    var declarationLine = 0
    var tooDeep = false
    /// Deeper documents are refused (xCard and xCal need fewer than ten levels).
    static let maximumDepth = 256

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        sawElement = true
        if stack.count >= Self.maximumDepth {
            tooDeep = true
            parser.abortParsing()
            return
        }
        let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
        var attributes: [SecureXMLElement.Attribute] = []
        for (k, v) in attributeDict.sorted(by: { $0.key < $1.key }) where !k.hasPrefix("xmlns") {
            let name = k.split(separator: ":").last.map(String.init) ?? k
            attributes.append(.init(namespaceURI: nil, localName: name, value: v))
        }
        let ns = (namespaceURI?.isEmpty ?? true) ? nil : namespaceURI
        stack.append(SecureXMLElement(namespaceURI: ns, localName: local, attributes: attributes, line: parser.lineNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        refuse(parser)
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        refuse(parser)
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        refuse(parser)
        return nil
    }

    private func refuse(_ parser: XMLParser) {
        if !sawDeclaration { declarationLine = parser.lineNumber }
        sawDeclaration = true
        parser.abortParsing()
    }
}
