/// JSON string literals for the JSON forms of both formats (jCard, jCal).
package enum JSONEscaping {
    /// `text` as a quoted JSON string: `"` and `\` escaped, control characters as `\n`,
    /// `\r`, `\t` or `\u00XX`, everything else as it is.
    /// - Complexity: O(n).
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    out += "\\u00" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
