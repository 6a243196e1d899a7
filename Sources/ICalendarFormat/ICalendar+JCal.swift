import ContentLines
import Foundation

/// jCal, the JSON form of iCalendar (RFC 7265).
extension ICalendar {
    /// The calendar as jCal: `["vcalendar", [properties], [components]]`.
    public func jCalData() -> Data {
        var out = ""
        Self.writeJCal(name: "VCALENDAR", properties: properties, components: components, into: &out)
        return Data(out.utf8)
    }

    /// Reads jCal.
    /// - Throws: ``ReadError`` (`.malformed`) when the JSON is not a jCal calendar.
    public static func readJCal(_ data: Data, file: String? = nil) throws -> ICalendar {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            throw ReadError(reason: .malformed, file: file, detail: "the JSON is not valid (\(error.localizedDescription)); check the file is jCal")
        }
        // A single calendar, or an array of calendars.
        var roots: [[Any]] = []
        if let a = json as? [Any], a.first is String { roots = [a] } else if let list = json as? [[Any]] { roots = list }
        var cal = ICalendar(properties: [], components: [])
        var found = false
        var tooDeep = false
        for root in roots {
            guard let c = try? component(root, depth: 1, tooDeep: &tooDeep), c.name == "VCALENDAR" else { continue }
            found = true
            for p in c.properties where !((p.name == "VERSION" || p.name == "PRODID") && cal.properties.contains { $0.name == p.name }) {
                cal.properties.append(p)
            }
            cal.components += c.components
        }
        guard found else {
            throw ReadError(reason: .malformed, file: file, detail: "no [\"vcalendar\", [...], [...]] array found; this is not jCal (RFC 7265)")
        }
        if tooDeep {
            cal.warnings.append(
                FormatWarning(
                    line: 0, property: nil, code: .tooDeep,
                    message: "Components nest more than \(ContentLineLimits.standard.depth) deep; the deeper ones were skipped."))
        }
        return cal
    }

    private struct Bad: Error {}

    /// One component at nesting `depth` (VCALENDAR is 1); sub-components past
    /// ``ContentLineLimits/depth`` are skipped and `tooDeep` set.
    private static func component(_ a: [Any], depth: Int, tooDeep: inout Bool) throws -> ICalComponent {
        guard a.count >= 2, let name = a[0] as? String, let props = a[1] as? [Any] else { throw Bad() }
        var c = ICalComponent(name: name.uppercased())
        for case let p as [Any] in props {
            guard p.count >= 4, let pname = p[0] as? String, let params = p[1] as? [String: Any], let type = p[2] as? String else { continue }
            let name = pname.uppercased()
            var parameters: [ICalParameter] = []
            for (k, v) in params.sorted(by: { $0.key < $1.key }) {
                if let s = v as? String {
                    parameters.append(ICalParameter(k, s))
                } else if let l = v as? [Any] {
                    parameters.append(ICalParameter(name: k, values: l.map { "\($0)" }))
                }
            }
            var items: [ICalValue.Item] = []
            for v in p[3...] {
                if let s = v as? String {
                    items.append(.string(s))
                } else if let n = v as? NSNumber {
                    if type == "integer" { items.append(.integer(n.intValue)) } else { items.append(.float(n.doubleValue)) }
                } else if let arr = v as? [Any] {
                    if type == "float", arr.count == 2, let x = (arr[0] as? NSNumber)?.doubleValue, let y = (arr[1] as? NSNumber)?.doubleValue {
                        items.append(.geo(x, y))
                    } else if type == "period", arr.count == 2, let s = arr[0] as? String, let e = arr[1] as? String {
                        items.append(.period(start: s, end: e, isDuration: e.hasPrefix("P") || e.hasPrefix("-") || e.hasPrefix("+")))
                    } else {
                        items.append(.string(arr.map { "\($0)" }.joined(separator: ";")))
                    }
                } else if let obj = v as? [String: Any] {
                    var pairs: [(key: String, values: [String])] = []
                    let keys = obj.keys.sorted { a, b in a == "freq" ? true : b == "freq" ? false : a < b }
                    for k in keys {
                        let val = obj[k]!
                        if let l = val as? [Any] { pairs.append((k, l.map { "\($0)" })) } else { pairs.append((k, ["\(val)"])) }
                    }
                    items.append(.recur(pairs))
                }
            }
            let (text, needsValue) = ICalValue(type: type, items: items).icalText(for: name)
            if needsValue { parameters.append(ICalParameter("VALUE", type.uppercased())) }
            c.properties.append(ICalProperty(name: name, value: text, parameters: parameters))
        }
        if a.count >= 3, let subs = a[2] as? [Any] {
            for case let s as [Any] in subs {
                if depth >= ContentLineLimits.standard.depth { tooDeep = true; break }
                c.components.append(try component(s, depth: depth + 1, tooDeep: &tooDeep))
            }
        }
        return c
    }

    private static func writeJCal(name: String, properties: [ICalProperty], components: [ICalComponent], into out: inout String) {
        out += "[" + JSONEscaping.quoted(name.lowercased()) + ",["
        for (i, p) in properties.enumerated() {
            if i > 0 { out += "," }
            let v = ICalValue.from(p)
            out += "[" + JSONEscaping.quoted(p.name.lowercased()) + ",{"
            var first = true
            for param in p.parameters where param.name != "VALUE" {
                if !first { out += "," }
                first = false
                out += JSONEscaping.quoted(param.name.lowercased()) + ":"
                out += param.values.count == 1 ? JSONEscaping.quoted(param.values[0]) : "[" + param.values.map(JSONEscaping.quoted).joined(separator: ",") + "]"
            }
            out += "}," + JSONEscaping.quoted(v.type)
            for item in v.items {
                out += ","
                switch item {
                case .string(let s): out += JSONEscaping.quoted(s)
                case .integer(let n): out += String(n)
                case .float(let d): out += ICalValue.number(d)
                case .geo(let a, let b): out += "[\(ICalValue.number(a)),\(ICalValue.number(b))]"
                case .period(let s, let e, _): out += "[" + JSONEscaping.quoted(s) + "," + JSONEscaping.quoted(e) + "]"
                case .recur(let pairs):
                    out +=
                        "{"
                        + pairs.map { k, vals in
                            let enc: [String] = vals.map { ICalValue.integerRecurKeys.contains(k) && Int($0) != nil ? $0 : JSONEscaping.quoted($0) }
                            return JSONEscaping.quoted(k) + ":" + (enc.count == 1 ? enc[0] : "[" + enc.joined(separator: ",") + "]")
                        }.joined(separator: ",") + "}"
                }
            }
            out += "]"
        }
        out += "],["
        for (i, c) in components.enumerated() {
            if i > 0 { out += "," }
            writeJCal(name: c.name, properties: c.properties, components: c.components, into: &out)
        }
        out += "]]"
    }
}
