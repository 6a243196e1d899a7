/// Escaping for XML text and attribute values, and a small indenting XML writer.
public enum XMLEscaping {
    /// Escapes `&`, `<`, `>` (and in attributes `"`); drops characters XML 1.0 forbids.
    public static func escape(_ text: String, attribute: Bool = false) -> String {
        var needs = false
        for s in text.unicodeScalars where s == "&" || s == "<" || s == ">" || s == "\"" || (s.value < 0x20 && s != "\n" && s != "\t" && s != "\r") {
            needs = true
            break
        }
        guard needs else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for s in text.unicodeScalars {
            switch s {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\r" where attribute: out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            default:
                if s.value < 0x20 && s != "\n" && s != "\t" && s != "\r" { continue }
                out.unicodeScalars.append(s)
            }
        }
        return out
    }
}

/// Builds an XML document as text, two-space indented; leaf elements hold text on one line.
public struct XMLTextWriter: Sendable {
    /// The document so far.
    public private(set) var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var open: [String] = []
    private var pendingStart = false

    /// Starts an empty document with the XML declaration.
    public init() {}

    /// Opens `<name attr="…">`.
    public mutating func start(_ name: String, attributes: [(String, String)] = []) {
        closePending(newline: true)
        output += String(repeating: "  ", count: open.count) + "<" + name
        for (k, v) in attributes { output += " \(k)=\"\(XMLEscaping.escape(v, attribute: true))\"" }
        output += ">"
        open.append(name)
        pendingStart = true
    }

    /// Writes `<name>text</name>` as a leaf.
    public mutating func element(_ name: String, text: String, attributes: [(String, String)] = []) {
        start(name, attributes: attributes)
        output += XMLEscaping.escape(text)
        pendingStart = false
        output += "</\(name)>\n"
        open.removeLast()
    }

    /// Closes the innermost open element.
    public mutating func end() {
        guard let name = open.popLast() else { return }
        if pendingStart {
            output.removeLast()
            output += "/>\n"
            pendingStart = false
            return
        }
        output += String(repeating: "  ", count: open.count) + "</\(name)>\n"
    }

    /// Closes every open element and returns the document.
    public mutating func finish() -> String {
        while !open.isEmpty { end() }
        return output
    }

    private mutating func closePending(newline: Bool) {
        if pendingStart {
            output += "\n"
            pendingStart = false
        }
    }
}
