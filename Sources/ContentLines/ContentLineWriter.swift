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

    /// Appends a parameter value in vCard's style (``ParameterStyle/vCard``).
    private static func appendParameterValue(_ value: String, to raw: inout [UInt8]) {
        var value = value
        value.withUTF8 { appendParameterValue($0, to: &raw, style: .vCard) }
    }

    private mutating func appendFolded(_ raw: [UInt8]) {
        let start = bytes.count
        bytes += raw
        var cuts: [Int] = []
        Self.endLine(&bytes, from: start, limit: lineLimit, cuts: &cuts)
    }
}

/// How a parameter value is written where the two formats' writers have always differed,
/// kept per format so that their output bytes do not change.
@usableFromInline
package struct ParameterStyle: Sendable {
    /// Whether a TAB makes the value quoted (as `:` `;` `,` and space do).
    @usableFromInline package var quotesTab: Bool
    /// Whether a CR is written `^n` (a CRLF pair as one `^n`); else a CR is dropped.
    @usableFromInline package var writesCRAsNewline: Bool

    /// ContentLineWriter (vCard): TAB quotes, CR is `^n`.
    package static let vCard = ParameterStyle(quotesTab: true, writesCRAsNewline: true)
    /// ICalendarLineWriter: TAB does not quote, CR is dropped.
    package static let iCalendar = ParameterStyle(quotesTab: false, writesCRAsNewline: false)

    @inlinable
    package init(quotesTab: Bool, writesCRAsNewline: Bool) {
        self.quotesTab = quotesTab
        self.writesCRAsNewline = writesCRAsNewline
    }
}

extension ContentLineWriter {
    /// Appends a parameter value, quoted if it holds `:` `;` `,` or a space (a TAB too, in
    /// `style`); `"`, `^` and line breaks are written as RFC 6868 `^'`, `^^`, `^n`. The one
    /// parameter writer of both formats.
    @inlinable
    package static func appendParameterValue(_ buf: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], style: ParameterStyle) {
        var quote = false
        var special = false
        for b in buf {
            switch b {
            case 0x3A, 0x3B, 0x2C, 0x20: quote = true
            case 0x09: if style.quotesTab { quote = true }
            case 0x22, 0x5E, 0x0A, 0x0D: special = true
            default: break
            }
        }
        if quote { out.append(0x22) }
        if !special {
            out.append(contentsOf: buf)
        } else {
            var previousCR = false
            for b in buf {
                switch b {
                case 0x22: out.append(0x5E); out.append(0x27)
                case 0x5E: out.append(0x5E); out.append(0x5E)
                case 0x0D: if style.writesCRAsNewline { out.append(0x5E); out.append(0x6E) }
                case 0x0A: if !(previousCR && style.writesCRAsNewline) { out.append(0x5E); out.append(0x6E) }
                default: out.append(b)
                }
                previousCR = b == 0x0D
            }
        }
        if quote { out.append(0x22) }
    }

    /// Ends the line that starts at `lineStart` in `bytes`: folds it in place at `limit`
    /// octets (then `limit - 1` after each CRLF and space), never inside a UTF-8 sequence,
    /// and adds CRLF. `cuts` is scratch space the caller may keep. The one folding of both
    /// formats.
    @inlinable @inline(__always)
    package static func endLine(_ bytes: inout [UInt8], from lineStart: Int, limit: Int, cuts: inout [Int]) {
        let n = bytes.count
        if n - lineStart <= limit {
            bytes.append(13); bytes.append(10)
            return
        }
        // Where the physical lines start (never inside a UTF-8 sequence), then the pieces
        // moved apart in place, from the last one, to make room for each CRLF and space.
        cuts.removeAll(keepingCapacity: true)
        bytes.withUnsafeBufferPointer { raw in
            var i = lineStart, room = limit
            while i + room < n {
                var end = i + room
                while end > i + 1, raw[end] & 0xC0 == 0x80 { end -= 1 }
                cuts.append(end)
                i = end
                room = limit - 1
            }
        }
        let k = cuts.count
        bytes.append(contentsOf: repeatElement(0, count: 3 * k + 2))
        cuts.withUnsafeBufferPointer { cuts in
            bytes.withUnsafeMutableBufferPointer { b in
                let base = b.baseAddress!
                var dst = n + 3 * k + 2
                b[dst - 2] = 13; b[dst - 1] = 10
                dst -= 2
                var sourceEnd = n
                for j in stride(from: k - 1, through: 0, by: -1) {
                    let s = cuts[j], length = sourceEnd - s
                    dst -= length
                    UnsafeMutableRawPointer(base + dst).copyMemory(from: base + s, byteCount: length)
                    dst -= 3
                    b[dst] = 13; b[dst + 1] = 10; b[dst + 2] = 32
                    sourceEnd = s
                }
            }
        }
    }
}
