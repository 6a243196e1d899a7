/// Writes content lines: CRLF line ends, folding at 75 octets without splitting a UTF-8
/// sequence, parameter values quoted when needed (RFC 6868 caret escapes inside).
///
/// The writer does not escape values (apart from turning raw line breaks into `\n`): pass TEXT values through ``TextEscaping/escape(_:escapeComma:escapeSemicolon:)``.
public struct ContentLineWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// The longest physical line in octets, CRLF excluded (RFC 5545 and RFC 6350 say 75).
    public var lineLimit: Int

    /// Makes an empty writer.
    public init(lineLimit: Int = 75) {
        self.lineLimit = max(lineLimit, 8)
    }

    /// The output as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes one property, folded.
    /// - Complexity: O(length of the line).
    public mutating func write(_ line: ContentLine) {
        var raw: [UInt8] = []
        raw.reserveCapacity(line.value.utf8.count + 32)
        Self.serialize(line, into: &raw)
        appendFolded(raw)
    }

    /// Writes a property built from its parts.
    public mutating func write(group: String? = nil, name: String, parameters: [ContentLine.Parameter] = [], value: String) {
        write(ContentLine(group: group, name: name, parameters: parameters, value: value))
    }

    /// Writes `BEGIN:name`.
    public mutating func begin(_ name: String) {
        write(name: "BEGIN", value: name.uppercasedIfNeeded)
    }

    /// Writes `END:name`.
    public mutating func end(_ name: String) {
        write(name: "END", value: name.uppercasedIfNeeded)
    }

    /// Writes a component with its properties and nested components.
    public mutating func write(_ component: Component) {
        begin(component.name)
        for p in component.properties { write(p) }
        for c in component.components { write(c) }
        end(component.name)
    }

    /// The unfolded text of one line, without CRLF.
    public static func serialize(_ line: ContentLine) -> String {
        var raw: [UInt8] = []
        serialize(line, into: &raw)
        return String(decoding: raw, as: UTF8.self)
    }

    private static func serialize(_ line: ContentLine, into raw: inout [UInt8]) {
        if let group = line.group, !group.isEmpty {
            raw += group.utf8
            raw.append(0x2E)
        }
        raw += line.name.utf8
        for p in line.parameters {
            raw.append(0x3B)
            raw += p.name.utf8
            raw.append(0x3D)
            for (k, v) in p.values.enumerated() {
                if k > 0 { raw.append(0x2C) }
                appendParameterValue(v, to: &raw)
            }
        }
        raw.append(0x3A)
        // A raw line break would end the line early: write it as the TEXT escape \n.
        var previousCR = false
        for b in line.value.utf8 {
            switch b {
            case 0x0D: raw += [0x5C, 0x6E]
            case 0x0A: if !previousCR { raw += [0x5C, 0x6E] }
            default: raw.append(b)
            }
            previousCR = b == 0x0D
        }
    }

    /// Appends a parameter value, quoted if it holds `:` `;` `,` or spaces; `"`, `^` and
    /// line breaks are written as RFC 6868 `^'`, `^^`, `^n`.
    private static func appendParameterValue(_ value: String, to raw: inout [UInt8]) {
        var quote = false
        var caret = false
        for b in value.utf8 {
            switch b {
            case 0x3A, 0x3B, 0x2C, 0x20, 0x09: quote = true
            case 0x22, 0x5E, 0x0A, 0x0D: caret = true
            default: break
            }
        }
        if quote { raw.append(0x22) }
        if caret {
            var previousCR = false
            for b in value.utf8 {
                switch b {
                case 0x22: raw += [0x5E, 0x27]
                case 0x5E: raw += [0x5E, 0x5E]
                case 0x0D: raw += [0x5E, 0x6E]
                case 0x0A: if !previousCR { raw += [0x5E, 0x6E] }
                default: raw.append(b)
                }
                previousCR = b == 0x0D
            }
        } else {
            raw += value.utf8
        }
        if quote { raw.append(0x22) }
    }

    private mutating func appendFolded(_ raw: [UInt8]) {
        var start = 0
        var limit = lineLimit
        while raw.count - start > limit {
            var cut = start + limit
            while cut > start + 1 && (raw[cut] & 0xC0) == 0x80 { cut -= 1 }
            bytes += raw[start..<cut]
            bytes += [0x0D, 0x0A, 0x20]
            start = cut
            limit = lineLimit - 1
        }
        bytes += raw[start...]
        bytes += [0x0D, 0x0A]
    }
}
