import ContentLines
import Foundation
import SecureXML

/// xCal, the XML form of iCalendar (RFC 6321), read with no DTD, entities or network.
extension ICalendar {
    static let xcalNamespace = "urn:ietf:params:xml:ns:icalendar-2.0"

    /// The calendar as an xCal document.
    public func xCalString() -> String {
        var w = XMLTextWriter()
        w.start("icalendar", attributes: [("xmlns", Self.xcalNamespace)])
        Self.writeXCal(name: "VCALENDAR", properties: properties, components: components, into: &w)
        return w.finish()
    }

    /// Reads an xCal document.
    /// - Throws: ``ReadError`` (`.malformed`) for XML that is not well-formed, declares a
    ///   DOCTYPE, or holds no `<vcalendar>`.
    public static func readXCal(_ data: Data, file: String? = nil) throws -> ICalendar {
        let root: SecureXMLElement
        do { root = try SecureXMLParser.parse(data) } catch {
            throw ReadError(reason: .malformed, file: file, line: error.line, detail: error.message)
        }
        let calendars: [SecureXMLElement] = root.localName == "vcalendar" ? [root] : root.children.filter { $0.localName == "vcalendar" }
        guard !calendars.isEmpty else {
            throw ReadError(
                reason: .malformed, file: file, line: root.line,
                detail: "no <vcalendar> element found; this is not xCal (RFC 6321)")
        }
        var cal = ICalendar(properties: [], components: [])
        var tooDeep = false
        for v in calendars {
            let c = component(v, depth: 1, tooDeep: &tooDeep)
            for p in c.properties where !((p.name == "VERSION" || p.name == "PRODID") && cal.properties.contains { $0.name == p.name }) {
                cal.properties.append(p)
            }
            cal.components += c.components
        }
        if tooDeep {
            cal.warnings.append(
                FormatWarning(
                    line: 0, property: nil, code: .tooDeep,
                    message: "Components nest more than \(ContentLineLimits.standard.depth) deep; the deeper ones were skipped."))
        }
        return cal
    }

    /// One component at nesting `depth` (VCALENDAR is 1); sub-components past
    /// ``ContentLineLimits/depth`` are skipped and `tooDeep` set.
    private static func component(_ e: SecureXMLElement, depth: Int, tooDeep: inout Bool) -> ICalComponent {
        var c = ICalComponent(name: e.localName.uppercased(), line: e.line)
        for p in e.child("properties")?.children ?? [] {
            let name = p.localName.uppercased()
            var parameters: [ICalParameter] = []
            var type = "unknown"
            var items: [ICalValue.Item] = []
            for v in p.children {
                if v.localName == "parameters" {
                    for param in v.children {
                        parameters.append(ICalParameter(name: param.localName, values: param.children.map(\.text)))
                    }
                    continue
                }
                type = v.localName
                switch type {
                case "geo":
                    type = "float"
                    if let a = v.child("latitude").flatMap({ Double($0.text) }), let b = v.child("longitude").flatMap({ Double($0.text) }) {
                        items.append(.geo(a, b))
                    }
                case "period":
                    let s = v.child("start")?.text ?? ""
                    if let d = v.child("duration") {
                        items.append(.period(start: s, end: d.text, isDuration: true))
                    } else {
                        items.append(.period(start: s, end: v.child("end")?.text ?? "", isDuration: false))
                    }
                case "recur":
                    var pairs: [(key: String, values: [String])] = []
                    for part in v.children {
                        if let i = pairs.firstIndex(where: { $0.key == part.localName }) {
                            pairs[i].values.append(part.text)
                        } else {
                            pairs.append((part.localName, [part.text]))
                        }
                    }
                    items.append(.recur(pairs))
                case "integer":
                    items.append(Int(v.text).map(ICalValue.Item.integer) ?? .string(v.text))
                default:
                    items.append(.string(v.text))
                }
            }
            let (text, needsValue) = ICalValue(type: type, items: items).icalText(for: name)
            if needsValue { parameters.append(ICalParameter("VALUE", type.uppercased())) }
            c.properties.append(ICalProperty(name: name, value: text, parameters: parameters, line: p.line))
        }
        for sub in e.child("components")?.children ?? [] {
            if depth >= ContentLineLimits.standard.depth { tooDeep = true; break }
            c.components.append(component(sub, depth: depth + 1, tooDeep: &tooDeep))
        }
        return c
    }

    private static let uriParameters: Set<String> = ["ALTREP", "DIR"]
    private static let addressParameters: Set<String> = ["MEMBER", "DELEGATED-TO", "DELEGATED-FROM", "SENT-BY"]

    private static func writeXCal(name: String, properties: [ICalProperty], components: [ICalComponent], into w: inout XMLTextWriter) {
        w.start(name.lowercased())
        w.start("properties")
        for p in properties {
            w.start(p.name.lowercased())
            let params = p.parameters.filter { $0.name != "VALUE" }
            if !params.isEmpty {
                w.start("parameters")
                for param in params {
                    w.start(param.name.lowercased())
                    let kind = uriParameters.contains(param.name) ? "uri" : addressParameters.contains(param.name) ? "cal-address" : "text"
                    for v in param.values { w.element(kind, text: v) }
                    w.end()
                }
                w.end()
            }
            let v = ICalValue.from(p)
            for item in v.items {
                switch item {
                case .string(let s): w.element(v.type, text: s)
                case .integer(let n): w.element(v.type, text: String(n))
                case .float(let d): w.element(v.type, text: ICalValue.number(d))
                case .geo(let a, let b):
                    w.start("geo"); w.element("latitude", text: ICalValue.number(a)); w.element("longitude", text: ICalValue.number(b)); w.end()
                case .period(let s, let e, let isDuration):
                    w.start("period"); w.element("start", text: s); w.element(isDuration ? "duration" : "end", text: e); w.end()
                case .recur(let pairs):
                    w.start("recur")
                    for (k, vals) in pairs { for x in vals { w.element(k, text: x) } }
                    w.end()
                }
            }
            w.end()
        }
        w.end()
        if !components.isEmpty {
            w.start("components")
            for c in components { writeXCal(name: c.name, properties: c.properties, components: c.components, into: &w) }
            w.end()
        }
        w.end()
    }
}
