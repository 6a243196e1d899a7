import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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
            throw Error(reason: .doctypeRefused, line: line,
                        message: "The XML document declares a DOCTYPE or ENTITY; these are refused for safety (no DTDs, no entities). Remove the declaration and try again.")
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        let delegate = TreeBuilder()
        parser.delegate = delegate
        let ok = parser.parse()
        if delegate.sawDeclaration {
            throw Error(reason: .doctypeRefused, line: delegate.declarationLine,
                        message: "The XML document declares a DOCTYPE or ENTITY; these are refused for safety.")
        }
        if !ok || parser.parserError != nil || !delegate.stack.isEmpty || (delegate.root == nil && delegate.sawElement) {
            let line = max(parser.lineNumber, delegate.stack.last?.line ?? 0)
            let cause = parser.parserError.map { String(describing: $0) } ?? "unknown error"
            throw Error(reason: .malformed, line: line,
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

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        sawElement = true
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
