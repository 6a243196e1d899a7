import ContentLines
import Foundation
import SecureXML

extension VCard {
    /// The xCard namespace.
    public static let xCardNamespace = "urn:ietf:params:xml:ns:vcard-4.0"

    /// Writes `cards` as xCard (RFC 6351) in vCard 4.0 terms.
    /// - Returns: the XML text and what converting to 4.0 changed.
    public static func xCard(_ cards: [VCard]) -> (text: String, warnings: [FormatWarning]) {
        var warnings: [FormatWarning] = []
        var w = XMLTextWriter()
        w.start("vcards", attributes: [("xmlns", xCardNamespace)])
        for card in cards {
            w.start("vcard")
            for p in card.properties(for: .v4_0, warnings: &warnings) {
                if let g = p.group { w.start("group", attributes: [("name", g)]) }
                writeXCardProperty(p, to: &w)
                if p.group != nil { w.end() }
            }
            w.end()
        }
        return (w.finish(), warnings)
    }

    static func writeXCardProperty(_ p: ContentLine, to w: inout XMLTextWriter) {
        w.start(p.name.lowercased())
        let params = p.parameters.filter { $0.name != "VALUE" }
        if !params.isEmpty {
            w.start("parameters")
            for param in params {
                w.start(param.name.lowercased())
                let type = param.name == "PREF" ? "integer" : "text"
                for v in param.values { w.element(type, text: v) }
                w.end()
            }
            w.end()
        }
        let type = p.firstParameter("VALUE")?.lowercased() ?? (p.value.hasPrefix("data:") ? "uri" : PropertyKind.defaultType(p.name))
        switch PropertyKind.of(p.name) {
        case .text:
            w.element("text", text: TextEscaping.unescape(p.value))
        case .list:
            for item in TextEscaping.splitList(p.value) { w.element("text", text: item) }
        case .structured(let names):
            let fields = TextEscaping.splitStructured(p.value)
            if names.isEmpty {
                for f in fields { w.element("text", text: f.joined(separator: ",")) }
            } else {
                for (k, name) in names.enumerated() {
                    let items = k < fields.count ? fields[k] : [""]
                    for item in items { w.element(name, text: item) }
                }
            }
        default:
            w.element(type, text: p.value)
        }
        w.end()
    }

    /// Reads xCard with no DTD, no entities and no network.
    static func readXCard(_ bytes: [UInt8]) throws(ReadError) -> ReadResult {
        let root: SecureXMLElement
        do {
            root = try SecureXMLParser.parse(Data(bytes))
        } catch {
            throw ReadError(line: error.line, message: "Cannot read the xCard file: \(error.message)")
        }
        var warnings: [FormatWarning] = []
        let vcards: [SecureXMLElement] = root.localName == "vcard" ? [root] : root.children("vcard")
        if root.localName != "vcards" && root.localName != "vcard" {
            throw ReadError(line: root.line, message: "The XML root element is <\(root.localName)>, not <vcards>: this is not an xCard file.")
        }
        if let ns = root.namespaceURI, ns != xCardNamespace {
            warnings.append(
                FormatWarning(
                    line: root.line, property: nil, code: .unknownVersion,
                    message: "xCard namespace is \(ns), expected \(xCardNamespace); read anyway."))
        }
        var cards: [VCard] = []
        for element in vcards {
            var card = VCard(version: .v4_0, line: element.line)
            for child in element.children {
                if let ns = child.namespaceURI, ns != xCardNamespace, ns != root.namespaceURI {
                    // RFC 6351 §5: elements of other namespaces travel as an XML property.
                    card.properties.append(ContentLine(name: "XML", value: TextEscaping.escape(serialize(child)), line: child.line))
                    continue
                }
                if child.localName == "group" {
                    let g = child.attribute("name")
                    for p in child.children { card.properties.append(xCardProperty(p, group: g)) }
                } else {
                    card.properties.append(xCardProperty(child, group: nil))
                }
            }
            card.properties.removeAll { $0.name == "VERSION" }
            card.check(into: &warnings)
            cards.append(card)
        }
        if cards.isEmpty {
            throw ReadError(line: root.line, message: "The xCard file has no <vcard> element.")
        }
        return ReadResult(cards: cards, warnings: warnings)
    }

    /// An element and its children as XML text, declaring its namespace.
    static func serialize(_ e: SecureXMLElement, parentNamespace: String? = nil) -> String {
        var s = "<" + e.localName
        if let ns = e.namespaceURI, ns != parentNamespace { s += " xmlns=\"\(XMLEscaping.escape(ns, attribute: true))\"" }
        for a in e.attributes { s += " \(a.localName)=\"\(XMLEscaping.escape(a.value, attribute: true))\"" }
        s += ">" + XMLEscaping.escape(e.text)
        for c in e.children { s += serialize(c, parentNamespace: e.namespaceURI) }
        return s + "</\(e.localName)>"
    }

    static func xCardProperty(_ e: SecureXMLElement, group: String?) -> ContentLine {
        let name = e.localName.uppercased()
        var line = ContentLine(group: group, name: name, value: "", line: e.line)
        for p in e.child("parameters")?.children ?? [] {
            let values = p.children.isEmpty ? [p.text] : p.children.map(\.text)
            line.parameters.append(.init(name: p.localName, values: values))
        }
        let valueElements = e.children.filter { $0.localName != "parameters" }
        switch PropertyKind.of(name) {
        case .text, .list:
            line.value = valueElements.map { TextEscaping.escape($0.text) }.joined(separator: ",")
        case .structured(let names):
            if names.isEmpty {
                line.value = valueElements.map { TextEscaping.escape($0.text, escapeComma: false) }.joined(separator: ";")
            } else {
                var fields = names.map { field in
                    valueElements.filter { $0.localName == field }.map { TextEscaping.escape($0.text) }.joined(separator: ",")
                }
                if name == "GENDER" { while fields.count > 1, fields.last == "" { fields.removeLast() } }
                line.value = fields.joined(separator: ";")
            }
        default:
            if let v = valueElements.first {
                let type = v.localName.lowercased()
                if type != "unknown" && type != PropertyKind.defaultType(name) && !(type == "uri" && PropertyKind.of(name) == .binary) {
                    line.setParameter("VALUE", [type])
                }
            }
            line.value = valueElements.map(\.text).joined(separator: ",")
        }
        return line
    }
}
