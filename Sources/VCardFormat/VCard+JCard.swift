import ContentLines
import Foundation

extension VCard {
    /// Writes `cards` as jCard (RFC 7095): a JSON array of `["vcard", [...]]`, in vCard 4.0 terms.
    ///
    /// One card gives `["vcard", …]`; several give an array of those.
    /// - Returns: the JSON text and what converting to 4.0 changed.
    public static func jCard(_ cards: [VCard]) -> (text: String, warnings: [FormatWarning]) {
        var warnings: [FormatWarning] = []
        var out = cards.count == 1 ? "" : "[\n"
        for (k, card) in cards.enumerated() {
            if k > 0 { out += ",\n" }
            out += "[\"vcard\",[\n  [\"version\",{},\"text\",\"4.0\"]"
            for p in card.properties(for: .v4_0, warnings: &warnings) {
                out += ",\n  " + jCardProperty(p)
            }
            out += "\n]]"
        }
        out += cards.count == 1 ? "\n" : "\n]\n"
        return (out, warnings)
    }

    static func jCardProperty(_ p: ContentLine) -> String {
        var s = "[" + JSONEscaping.quoted(p.name.lowercased()) + ",{"
        var params: [String] = []
        if let g = p.group { params.append("\"group\":" + JSONEscaping.quoted(g)) }
        for param in p.parameters where param.name != "VALUE" {
            let v = param.values.count == 1 ? JSONEscaping.quoted(param.values[0]) : "[" + param.values.map(JSONEscaping.quoted).joined(separator: ",") + "]"
            params.append(JSONEscaping.quoted(param.name.lowercased()) + ":" + v)
        }
        s += params.joined(separator: ",") + "},"
        let type = p.firstParameter("VALUE")?.lowercased() ?? (p.value.hasPrefix("data:") ? "uri" : PropertyKind.defaultType(p.name))
        s += JSONEscaping.quoted(type)
        switch PropertyKind.of(p.name) {
        case .text:
            s += "," + JSONEscaping.quoted(TextEscaping.unescape(p.value))
        case .list:
            for item in TextEscaping.splitList(p.value) { s += "," + JSONEscaping.quoted(item) }
        case .structured:
            let fields = TextEscaping.splitStructured(p.value).map { items in
                items.count == 1 ? JSONEscaping.quoted(items[0]) : "[" + items.map(JSONEscaping.quoted).joined(separator: ",") + "]"
            }
            s += ",[" + fields.joined(separator: ",") + "]"
        case .date:
            // jCard writes dates in ISO 8601 extended form (RFC 7095 §3.5.3): --04-12, 1985-04-12.
            let isDate = !p.value.contains("T") && (p.firstParameter("VALUE").map { !$0.caseInsensitiveEquals("text") } ?? true)
            s += "," + JSONEscaping.quoted(isDate ? (PartialDate(p.value)?.extendedFormat ?? p.value) : p.value)
        default:
            s += "," + JSONEscaping.quoted(p.value)
        }
        return s + "]"
    }

    /// Reads jCard: `["vcard", [...]]` or an array of them.
    static func readJCard(_ bytes: [UInt8]) throws(ReadError) -> ReadResult {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw ReadError(
                line: 0,
                message:
                    "The file starts like jCard (JSON) but is not valid JSON: \(error.localizedDescription). Export it again or check it with a JSON validator."
            )
        }
        guard let top = json as? [Any] else {
            throw ReadError(line: 0, message: "jCard must be a JSON array [\"vcard\", [...]]; this JSON is not an array.")
        }
        let cardArrays: [[Any]] = (top.first as? String) == "vcard" ? [top] : top.compactMap { $0 as? [Any] }
        var cards: [VCard] = []
        var warnings: [FormatWarning] = []
        for (index, arr) in cardArrays.enumerated() {
            guard arr.count >= 2, (arr[0] as? String)?.lowercased() == "vcard", let props = arr[1] as? [Any] else {
                warnings.append(
                    FormatWarning(
                        line: 0, property: nil, code: .unknownComponent,
                        message: "jCard item \(index + 1) is not [\"vcard\", [...]]; skipped."))
                continue
            }
            var card = VCard(version: .v4_0)
            for entry in props {
                guard let e = entry as? [Any], e.count >= 4, let rawName = e[0] as? String,
                    let params = e[1] as? [String: Any], let type = e[2] as? String
                else {
                    warnings.append(
                        FormatWarning(
                            line: 0, property: nil, code: .malformedLine,
                            message: "jCard card \(index + 1) has a property that is not [name, {params}, type, value…]; skipped."))
                    continue
                }
                let name = rawName.uppercased()
                if name == "VERSION" { continue }
                var line = ContentLine(name: name, value: "")
                for key in params.keys.sorted() {
                    let values: [String]
                    if let a = params[key] as? [Any] { values = a.map(jsonScalar) } else { values = [jsonScalar(params[key]!)] }
                    if key.lowercased() == "group" { line.group = values.first } else { line.parameters.append(.init(name: key, values: values)) }
                }
                let lowerType = type.lowercased()
                if lowerType != "unknown" && lowerType != PropertyKind.defaultType(name) && !(lowerType == "uri" && PropertyKind.of(name) == .binary) {
                    line.setParameter("VALUE", [lowerType])
                }
                let values = Array(e[3...])
                switch PropertyKind.of(name) {
                case .text:
                    line.value = values.map { TextEscaping.escape(jsonScalar($0)) }.joined(separator: ",")
                case .list:
                    line.value = values.map { TextEscaping.escape(jsonScalar($0)) }.joined(separator: ",")
                case .structured:
                    let fields: [Any] = (values.first as? [Any]) ?? values
                    line.value = fields.map { f -> String in
                        if let items = f as? [Any] { return items.map { TextEscaping.escape(jsonScalar($0)) }.joined(separator: ",") }
                        return TextEscaping.escape(jsonScalar(f))
                    }.joined(separator: ";")
                case .date:
                    let text = values.map(jsonScalar).joined(separator: ",")
                    line.value = !text.contains("T") && lowerType != "text" ? (PartialDate(text)?.basicFormat ?? text) : text
                default:
                    line.value = values.map(jsonScalar).joined(separator: ",")
                }
                card.properties.append(line)
            }
            card.check(into: &warnings)
            cards.append(card)
        }
        if cards.isEmpty {
            throw ReadError(line: 0, message: "No vCard found in the jCard file: no [\"vcard\", [...]] array in it.")
        }
        return ReadResult(cards: cards, warnings: warnings)
    }

    static func jsonScalar(_ v: Any) -> String {
        switch v {
        case let s as String: return s
        case let n as NSNumber:
            if String(describing: type(of: n)).contains("Boolean") { return n.boolValue ? "true" : "false" }
            return n.stringValue
        case let a as [Any]: return a.map(jsonScalar).joined(separator: ",")
        default: return ""
        }
    }
}
