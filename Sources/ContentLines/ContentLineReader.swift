import Foundation
import KithBase

/// Reads content lines from bytes: unfolds, splits group/name/parameters/value, decodes
/// quoted-printable and charsets, and groups lines into components by BEGIN/END.
///
/// Problems never stop the reader; they are collected in ``warnings``.
///
/// ```swift
/// var reader = ContentLineReader(bytes: bytes)
/// try reader.readComponents { card in … }   // one top-level component at a time
/// ```
public struct ContentLineReader: @unchecked Sendable {
    // @unchecked: `bytes` is a pointer. A reader made with ``init(borrowing:)`` is valid only
    // while its caller keeps those bytes (it never leaves the call that made it); any other
    // reader owns its input in `owned`, and points into it only during one of its calls.
    /// The input: during each reading call, the storage of `owned`; or the borrowed bytes.
    private var bytes: UnsafeBufferPointer<UInt8>
    /// The input when the reader owns it; nil when it borrows bytes its caller keeps alive.
    private let owned: [UInt8]?
    private var position: Int
    private var lineNumber = 1
    private var scratch: [UInt8] = []
    private var outsideRun = false
    /// In raw mode (``takeRawComponents(_:)``) lines are appended to `rawLines`, not built.
    private var rawMode = false
    private var rawLines = RawLines()
    /// Lines ``fastRaw(_:)`` indexed but left in the input: `bytes[pendingStart..<pendingEnd]`,
    /// to be copied to `rawLines.bytes` from `pendingBase` (none when the bounds are equal).
    private var pendingStart = 0, pendingEnd = 0, pendingBase = 0
    /// Problems met so far, in file order.
    public private(set) var warnings: [FormatWarning] = []
    /// The bounds past which input is skipped with a warning, so that hostile files cost
    /// bounded time and memory.
    public var limits = Limits.standard

    /// Bounds on what one file may hold; past them the reader skips with a warning.
    public struct Limits: Sendable, Hashable {
        /// The longest logical (unfolded) line kept, in bytes: 32 MiB, room for a 23 MB photo.
        public var lineLength: Int
        /// The most properties kept in one component.
        public var propertiesPerComponent: Int
        /// The deepest BEGIN/END nesting kept (vCard needs 1, iCalendar 3).
        public var depth: Int

        /// 32 MiB lines, 100,000 properties per component, 64 levels.
        public static let standard = Limits(lineLength: 32 << 20, propertiesPerComponent: 100_000, depth: 64)

        /// Makes limits.
        public init(lineLength: Int, propertiesPerComponent: Int, depth: Int) {
            self.lineLength = lineLength
            self.propertiesPerComponent = propertiesPerComponent
            self.depth = depth
        }
    }

    /// Reads from `bytes`; a UTF-8 byte order mark is skipped, UTF-16 with a byte order mark is converted.
    public init(bytes: [UInt8]) {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            // UTF-16 with a byte order mark (some Windows exports): read as UTF-8.
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            self.owned = Array(String(decoding: units, as: UTF16.self).utf8)
            self.bytes = UnsafeBufferPointer(start: nil, count: 0)
            position = 0
            return
        }
        self.owned = bytes
        self.bytes = UnsafeBufferPointer(start: nil, count: 0)
        position = Self.afterByteOrderMark(bytes)
    }

    /// Reads `bytes` in place, without copying them (a mapped file): the caller keeps them
    /// alive and unchanged for as long as it uses the reader, which must not outlive them.
    /// UTF-16 with a byte order mark is converted (into a copy the reader owns).
    package init(borrowing bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            owned = ContentLineReader(bytes: Array(bytes)).owned
            self.bytes = UnsafeBufferPointer(start: nil, count: 0)
            position = 0
            return
        }
        self.owned = nil
        self.bytes = bytes
        position = Self.afterByteOrderMark(bytes)
    }

    /// 3 after a UTF-8 byte order mark, else 0.
    private static func afterByteOrderMark<C: Collection<UInt8>>(_ bytes: C) -> Int where C.Index == Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Runs one reading call with `bytes` pointing at the input: into `owned`'s storage for
    /// the length of the call, or at the borrowed bytes.
    private mutating func withInput<R>(_ body: (inout ContentLineReader) throws -> R) rethrows -> R {
        guard let array = owned else { return try body(&self) }
        return try array.withUnsafeBufferPointer { buf in
            bytes = buf
            defer { bytes = UnsafeBufferPointer(start: nil, count: 0) }
            return try body(&self)
        }
    }

    /// Reads from `data`; a UTF-8 byte order mark is skipped.
    public init(data: Data) {
        self.init(bytes: [UInt8](data))
    }

    /// Reads from a string.
    public init(string: String) {
        self.init(bytes: Array(string.utf8))
    }

    /// Reads every top-level component and returns them with the warnings.
    /// - Complexity: O(n) in the input size.
    public static func components(from bytes: [UInt8]) -> (components: [Component], warnings: [FormatWarning]) {
        var reader = ContentLineReader(bytes: bytes)
        var result: [Component] = []
        reader.readComponents { result.append($0) }
        return (result, reader.warnings)
    }

    /// Calls `body` with each top-level component as soon as its END is read, so that a large
    /// file is never held as one tree. Lines outside components are skipped with a warning;
    /// components left open are closed with a warning.
    ///
    /// A BEGIN of the same name as the innermost open component closes that one first (a card
    /// with no END followed by the next card).
    /// - Complexity: O(n) in the input size.
    public mutating func readComponents(_ body: (Component) throws -> Void) rethrows {
        try takeComponents { component in try body(component) }
    }

    /// ``readComponents(_:)`` handing each component over `inout`: the body may take its
    /// properties (`swap`) without copying them.
    package mutating func takeComponents(_ body: (inout Component) throws -> Void) rethrows {
        try withInput { try $0.walk(body) }
    }

    private mutating func walk(_ body: (inout Component) throws -> Void) rethrows {
        var stack: [Component] = []
        // Per open component: how many properties were skipped over the limit, and the index
        // of the warning that says so.
        var dropped: [(count: Int, warning: Int)] = []
        // BEGINs skipped for being too deep, not yet matched by an END.
        var excessDepth = 0
        // Room reserved for a new component's properties: as many as the last top-level one
        // had (capped), so that a card's array does not grow (and move) five times.
        var expected = 0
        func close(_ stack: inout [Component], _ warnings: inout [FormatWarning]) throws {
            var c = stack.removeLast()
            let d = dropped.removeLast()
            if d.count > 0 {
                warnings[d.warning].message = "\(c.name) begun on line \(c.line) has more than \(limits.propertiesPerComponent) properties; the \(d.count) from line \(warnings[d.warning].line) on were skipped. Split the file or remove what is not needed."
            }
            if stack.isEmpty { expected = min(c.properties.count, 64); try body(&c) } else { stack[stack.count - 1].components.append(c) }
        }
        while let line = nextLine() {
            if line.name.sameToken("BEGIN") {
                if excessDepth > 0 || stack.count >= limits.depth {
                    if excessDepth == 0 {
                        warnings.append(FormatWarning(line: line.line, property: "BEGIN", code: .tooDeep,
                            message: "Components nest more than \(limits.depth) deep here; the deeper ones were skipped up to their END."))
                    }
                    excessDepth += 1
                    continue
                }
                let name = line.value.trimmingASCIISpaces().uppercasedIfNeeded
                if let top = stack.last, top.name == name {
                    warnings.append(FormatWarning(line: line.line, property: "BEGIN", code: .missingEnd,
                        message: "\(name) begun on line \(top.line) has no END:\(name) before this BEGIN; closed here."))
                    try close(&stack, &warnings)
                }
                stack.append(Component(name: name, line: line.line))
                if stack.count == 1 && expected > 0 { stack[0].properties.reserveCapacity(expected) }
                dropped.append((0, 0))
                outsideRun = false
                continue
            }
            if line.name.sameToken("END") {
                if excessDepth > 0 {
                    excessDepth -= 1
                    continue
                }
                let name = line.value.trimmingASCIISpaces().uppercasedIfNeeded
                if let index = stack.lastIndex(where: { $0.name == name }) {
                    while stack.count - 1 > index {
                        let inner = stack[stack.count - 1]
                        warnings.append(FormatWarning(line: line.line, property: "END", code: .missingEnd,
                            message: "\(inner.name) begun on line \(inner.line) has no END:\(inner.name); closed at END:\(name)."))
                        try close(&stack, &warnings)
                    }
                    try close(&stack, &warnings)
                } else {
                    warnings.append(FormatWarning(line: line.line, property: "END", code: .unexpectedEnd,
                        message: "END:\(name) has no matching BEGIN:\(name); ignored."))
                }
                continue
            }
            if excessDepth > 0 { continue }
            if stack.isEmpty {
                if !outsideRun {
                    warnings.append(FormatWarning(line: line.line, property: line.name, code: .propertyOutsideComponent,
                        message: "Property outside any BEGIN/END block; ignored (with any that follow it)."))
                    outsideRun = true
                }
                continue
            }
            let top = stack.count - 1
            if stack[top].properties.count >= limits.propertiesPerComponent {
                if dropped[top].count == 0 {
                    dropped[top].warning = warnings.count
                    warnings.append(FormatWarning(line: line.line, property: line.name, code: .tooManyProperties,
                        message: "Too many properties; the rest were skipped."))
                }
                dropped[top].count += 1
                continue
            }
            stack[top].properties.append(line)
        }
        while let inner = stack.last {
            warnings.append(FormatWarning(line: lineNumber, property: nil, code: .missingEnd,
                message: "\(inner.name) begun on line \(inner.line) has no END:\(inner.name) before the end of the file; kept what was read."))
            try close(&stack, &warnings)
        }
    }

    private mutating func nextLine() -> ContentLine? {
        if case .line(let l)? = nextItem() { return l }
        return nil
    }

    /// ``takeComponents(_:)`` keeping each top-level component's own lines as bytes
    /// (``RawLines``) instead of built ``ContentLine``s: the component is handed over with
    /// no properties, its lines beside it. Nested components' lines are built as usual.
    /// Warnings are the same as ``takeComponents(_:)``'s.
    package mutating func takeRawComponents(_ body: (inout Component, inout RawLines) throws -> Void) rethrows {
        rawMode = true
        defer { rawMode = false; rawLines = RawLines(); pendingStart = 0; pendingEnd = 0 }
        try withInput { try $0.walkRaw(body) }
    }

    private static let beginName = RawLine.Name("BEGIN")
    private static let endName = RawLine.Name("END")

    private mutating func walkRaw(_ body: (inout Component, inout RawLines) throws -> Void) rethrows {
        var stack: [Component] = []
        // Per open component: how many properties were skipped over the limit, and the index
        // of the warning that says so.
        var dropped: [(count: Int, warning: Int)] = []
        // BEGINs skipped for being too deep, not yet matched by an END.
        var excessDepth = 0
        // Room for the next component's lines is reserved as soon as one is handed over
        // (before its BEGIN line is appended): what the last one held and some more, capped,
        // so that a card's arrays are allocated once and seldom grow. A body that leaves
        // `lines` empty (with capacity) hands that storage back for the next component.
        func close(_ stack: inout [Component], _ warnings: inout [FormatWarning], _ rawLines: inout RawLines,
                   _ dropped: inout [(count: Int, warning: Int)]) throws {
            var c = stack.removeLast()
            let d = dropped.removeLast()
            if d.count > 0 {
                warnings[d.warning].message = "\(c.name) begun on line \(c.line) has more than \(limits.propertiesPerComponent) properties; the \(d.count) from line \(warnings[d.warning].line) on were skipped. Split the file or remove what is not needed."
            }
            if stack.isEmpty {
                var taken = RawLines()
                swap(&taken, &rawLines)
                let lineCount = taken.lines.count, byteCount = taken.bytes.count
                // Handed over inout, so the receiver owns the only reference and can change
                // the lines in place (no copy on write).
                try body(&c, &taken)
                if taken.lines.isEmpty && taken.bytes.isEmpty && taken.built.isEmpty {
                    swap(&taken, &rawLines)
                }
                rawLines.lines.reserveCapacity(min(lineCount + 8, 64))
                rawLines.bytes.reserveCapacity(min(byteCount + byteCount / 2, 1 << 16))
            } else {
                stack[stack.count - 1].components.append(c)
            }
        }
        let beginName = Self.beginName, endName = Self.endName
        let buf = bytes
        do {
            while nextRaw(buf, run: excessDepth == 0 && stack.count == 1) {
                // The line is the last of `rawLines`; it is taken off again unless it belongs to
                // the top-level component.
                let last = rawLines.lines.count - 1
                let isBegin = rawLines.isNamed(last, beginName)
                let isEnd = !isBegin && rawLines.isNamed(last, endName)
                // (The line is counted already.)
                let over = rawLines.lines.count > limits.propertiesPerComponent
                if isBegin || isEnd || excessDepth > 0 || stack.count != 1 || over {
                    // Not a line of a top-level component (or one over the limit): dropped; built
                    // only for a nested component or a warning that names it. (Its bytes, and
                    // those of the lines before it, are copied first; a BEGIN or END line still
                    // in the input is named there and not copied.)
                    let lineNo = rawLines.lines[last].line
                    let value: String
                    let built: ContentLine?
                    if (isBegin || isEnd), let name = dropPendingBoundary(buf) {
                        value = name
                        built = nil
                    } else {
                        flushPending(buf)
                        value = isBegin || isEnd ? rawLines.componentName(last) : ""
                        built = isBegin || isEnd || excessDepth > 0 ? nil : rawLines.contentLine(last)
                        rawLines.removeLast()
                    }
                    if isBegin {
                        if excessDepth > 0 || stack.count >= limits.depth {
                            if excessDepth == 0 {
                                warnings.append(FormatWarning(line: lineNo, property: "BEGIN", code: .tooDeep,
                                    message: "Components nest more than \(limits.depth) deep here; the deeper ones were skipped up to their END."))
                            }
                            excessDepth += 1
                            continue
                        }
                        let name = value
                        if let top = stack.last, top.name == name {
                            warnings.append(FormatWarning(line: lineNo, property: "BEGIN", code: .missingEnd,
                                message: "\(name) begun on line \(top.line) has no END:\(name) before this BEGIN; closed here."))
                            try close(&stack, &warnings, &rawLines, &dropped)
                        }
                        stack.append(Component(name: name, line: lineNo))
                        dropped.append((0, 0))
                        outsideRun = false
                        continue
                    }
                    if isEnd {
                        if excessDepth > 0 {
                            excessDepth -= 1
                            continue
                        }
                        let name = value
                        if let index = stack.lastIndex(where: { $0.name == name }) {
                            while stack.count - 1 > index {
                                let inner = stack[stack.count - 1]
                                warnings.append(FormatWarning(line: lineNo, property: "END", code: .missingEnd,
                                    message: "\(inner.name) begun on line \(inner.line) has no END:\(inner.name); closed at END:\(name)."))
                                try close(&stack, &warnings, &rawLines, &dropped)
                            }
                            try close(&stack, &warnings, &rawLines, &dropped)
                        } else {
                            warnings.append(FormatWarning(line: lineNo, property: "END", code: .unexpectedEnd,
                                message: "END:\(name) has no matching BEGIN:\(name); ignored."))
                        }
                        continue
                    }
                    if excessDepth > 0 { continue }
                    if stack.isEmpty {
                        if !outsideRun {
                            warnings.append(FormatWarning(line: built!.line, property: built!.name, code: .propertyOutsideComponent,
                                message: "Property outside any BEGIN/END block; ignored (with any that follow it)."))
                            outsideRun = true
                        }
                        continue
                    }
                    let top = stack.count - 1
                    let held = top == 0 ? rawLines.lines.count : stack[top].properties.count
                    if held >= limits.propertiesPerComponent {
                        if dropped[top].count == 0 {
                            dropped[top].warning = warnings.count
                            warnings.append(FormatWarning(line: built!.line, property: built!.name, code: .tooManyProperties,
                                message: "Too many properties; the rest were skipped."))
                        }
                        dropped[top].count += 1
                        continue
                    }
                    stack[top].properties.append(built!)
                    continue
                }
                // Else a line of the one open top-level component, under the limit: kept.
            }
            flushPending(buf)
        }
        while let inner = stack.last {
            warnings.append(FormatWarning(line: lineNumber, property: nil, code: .missingEnd,
                message: "\(inner.name) begun on line \(inner.line) has no END:\(inner.name) before the end of the file; kept what was read."))
            try close(&stack, &warnings, &rawLines, &dropped)
        }
    }

    /// Returns the next content line (BEGIN and END included), or nil at the end of the input.
    /// Blank lines are skipped; malformed lines are skipped with a warning.
    /// - Complexity: O(length of the logical line).
    public mutating func next() -> ContentLine? {
        let wasRaw = rawMode
        rawMode = false
        defer { rawMode = wasRaw }
        return withInput { reader in
            if case .line(let l)? = reader.nextItem() { return l }
            return nil
        }
    }

    /// In raw mode: appends the next logical line to ``rawLines``; false at the end of the input.
    /// Lines are read by ``fastRaw(_:)``, or by ``nextItem()`` when that cannot.
    ///
    /// With `run` (the caller is inside one top-level component, not skipping), lines that
    /// the caller would only keep (not BEGIN or END, within the property limit) are read on
    /// in this loop, and it returns with the first other line appended last (or at the end).
    private mutating func nextRaw(_ buf: UnsafeBufferPointer<UInt8>, run: Bool) -> Bool {
        while true {
            switch fastRaw(buf) {
            case .kept:
                if run {
                    let count = rawLines.lines.count
                    let l = rawLines.lines[count - 1]
                    let n = l.nameEnd - l.nameStart
                    // "BEGIN" and "END" packed as RawLine.key packs them.
                    let isBeginOrEnd = (n == 5 && l.key == 0x4E_4947_4542) || (n == 3 && l.key == 0x44_4E45)
                    if !isBeginOrEnd && count <= limits.propertiesPerComponent { continue }
                }
                return true
            case .skipped: continue
            case .end: return false
            case .general:
                flushPending(buf)
                return nextItem() != nil
            }
        }
    }

    /// What ``fastRaw(_:)`` did.
    private enum RawStep {
        /// A line appended to ``rawLines``.
        case kept
        /// A malformed line skipped with a warning.
        case skipped
        /// The end of the input.
        case end
        /// Nothing read: the next line needs ``nextItem()``.
        case general
    }

    /// In raw mode: reads the next logical line into ``rawLines`` and indexes it, with one
    /// pass over its bytes that finds the line break, any NUL byte, and whether it is all
    /// ASCII. A line on one physical line is indexed in the input and copied later with its
    /// neighbours; a longer one is copied piece by piece, folding and quoted-printable soft
    /// breaks undone. Leaves a line that needs more (base64 on bare continuation lines, a NUL
    /// byte, a line over the limit) unread, for ``nextItem()``, which gives the same lines and
    /// warnings for any input.
    @inline(__always)
    private mutating func fastRaw(_ buf: UnsafeBufferPointer<UInt8>) -> RawStep {
        let count = buf.count
        var pos = position
        guard pos < count, let p = buf.baseAddress else { return .end }
        var lineNo = lineNumber
        // Blank lines.
        while p[pos] == 0x0A || p[pos] == 0x0D {
            pos = Self.afterBreak(p, pos, count)
            lineNo += 1
            if pos >= count {
                position = pos
                lineNumber = lineNo
                return .end
            }
        }
        let startLine = lineNo
        let s = pos
        var seen: UInt64 = 0
        var e = Self.lineEnd(p, pos, count, &seen)
        if e < count && p[e] == 0 { return .general }
        let firstEnd = e
        var length = e - pos
        if length > limits.lineLength { return .general }
        var last = p[e - 1]
        pos = Self.afterBreak(p, e, count)
        lineNo += 1
        // Once the line continues on another physical line, its pieces are copied one after
        // another into `rawLines.bytes` from `start`; until then it is only in the input.
        var joined = false
        var start = 0
        var qpChecked = false
        var isQP = false
        while pos < count {
            let next = p[pos]
            if last == 0x3D {
                // Possibly a quoted-printable soft break (asked as `nextItem` asks).
                if !qpChecked {
                    isQP = joined ? rawLines.bytes.withUnsafeBufferPointer { Self.declares(Self.qpNeedle, UnsafeBufferPointer(rebasing: $0[start...])) }
                                  : Self.declares(Self.qpNeedle, UnsafeBufferPointer(rebasing: buf[s..<firstEnd]))
                    qpChecked = true
                }
                if isQP && next != 0x0A && next != 0x0D {
                    // vCard 2.1 quoted-printable soft line break: drop the '=' and join.
                    if !joined { start = beginJoining(buf, s, firstEnd); joined = true }
                    rawLines.bytes.removeLast()
                    length -= 1
                    e = Self.lineEnd(p, pos, count, &seen)
                    length += e - pos
                    if (e < count && p[e] == 0) || length > limits.lineLength {
                        rawLines.bytes.removeLast(rawLines.bytes.count - start)
                        return .general
                    }
                    // (`next` is not a line break, so the piece is not empty.)
                    rawLines.bytes.append(contentsOf: UnsafeBufferPointer(start: p + pos, count: e - pos))
                    last = p[e - 1]
                    pos = Self.afterBreak(p, e, count)
                    lineNo += 1
                    continue
                }
            }
            if next == 0x20 || next == 0x09 {
                // RFC folding: drop the line break and one whitespace.
                if !joined { start = beginJoining(buf, s, firstEnd); joined = true }
                let ns = pos + 1
                e = Self.lineEnd(p, ns, count, &seen)
                length += e - ns
                if (e < count && p[e] == 0) || length > limits.lineLength {
                    rawLines.bytes.removeLast(rawLines.bytes.count - start)
                    return .general
                }
                if e > ns {
                    rawLines.bytes.append(contentsOf: UnsafeBufferPointer(start: p + ns, count: e - ns))
                    last = p[e - 1]
                }
                pos = Self.afterBreak(p, e, count)
                lineNo += 1
                continue
            }
            if Self.isBareBase64Line(p, pos, count),
               joined ? rawLines.bytes.withUnsafeBufferPointer({ Self.declares(Self.base64Needle, UnsafeBufferPointer(rebasing: $0[start...])) })
                      : Self.declares(Self.base64Needle, UnsafeBufferPointer(rebasing: buf[s..<firstEnd])) {
                if joined { rawLines.bytes.removeLast(rawLines.bytes.count - start) }
                return .general
            }
            break
        }
        position = pos
        lineNumber = lineNo
        let ascii = seen & 0x8080_8080_8080_8080 == 0
        if joined {
            return Self.scan(from: start, line: startLine, ascii: ascii, into: &rawLines, warnings: &warnings) ? .kept : .skipped
        }
        // One physical line: indexed where it is in the input, and copied later with the
        // lines around it (``flushPending(_:)``), one copy for a run of them.
        if pendingEnd == pendingStart {
            pendingStart = s
            pendingEnd = s
            pendingBase = rawLines.bytes.count
        }
        let line = UnsafeBufferPointer(rebasing: buf[s..<firstEnd])
        var (entry, asBytes) = Self.index(line, start: pendingBase + (s - pendingStart), line: startLine, ascii: ascii)
        if !asBytes {
            guard let built = Self.parse(line, line: startLine, warnings: &warnings) else { return .skipped }
            entry.built = rawLines.built.count
            entry.end = entry.valueStart
            rawLines.built.append(built)
        }
        rawLines.lines.append(entry)
        pendingEnd = firstEnd
        return .kept
    }

    /// Copies the lines indexed but not copied yet (``fastRaw(_:)``) into `rawLines.bytes`,
    /// where their index says they are (the line breaks between them come along).
    @inline(__always)
    private mutating func flushPending(_ buf: UnsafeBufferPointer<UInt8>) {
        guard pendingEnd > pendingStart else { return }
        assert(rawLines.bytes.count == pendingBase)
        rawLines.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[pendingStart..<pendingEnd]))
        pendingStart = pendingEnd
    }

    /// When the last line of ``rawLines`` (a BEGIN or END line kept as bytes) is the last of
    /// the lines still in the input (``fastRaw(_:)``): copies only the lines before it, takes
    /// it off, and returns its value as ``RawLines/componentName(_:)`` gives it. Else nil,
    /// with nothing changed.
    private mutating func dropPendingBoundary(_ buf: UnsafeBufferPointer<UInt8>) -> String? {
        guard pendingEnd > pendingStart, let l = rawLines.lines.last, l.built < 0, l.start >= pendingBase else { return nil }
        // Where the line's bytes are in the input.
        let shift = pendingStart - pendingBase
        let vs = l.valueStart + shift, ve = l.end + shift
        let name: String
        if ve - vs == 5 && buf[vs] == 0x56 && buf[vs + 1] == 0x43 && buf[vs + 2] == 0x41 && buf[vs + 3] == 0x52 && buf[vs + 4] == 0x44 {
            // "VCARD" as written: by far the most common, matched at once.
            name = "VCARD"
        } else {
            name = ContentLineReader.knownUppercased(buf, vs, ve)
                ?? String(decoding: UnsafeBufferPointer(rebasing: buf[vs..<ve]), as: UTF8.self).trimmingASCIISpaces().uppercasedIfNeeded
        }
        if l.start > pendingBase {
            rawLines.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[pendingStart..<(l.start + shift)]))
        }
        pendingStart = pendingEnd
        rawLines.lines.removeLast()
        return name
    }

    /// Starts copying a line that continues on another physical line: the pending lines,
    /// then its first piece `buf[s..<e]`; returns where the line starts in `rawLines.bytes`.
    private mutating func beginJoining(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Int {
        flushPending(buf)
        let start = rawLines.bytes.count
        rawLines.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[s..<e]))
        return start
    }

    /// The index just past the line break at `i` (CR, CR LF or LF), or `count`.
    @inline(__always)
    private static func afterBreak(_ p: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> Int {
        guard i < count else { return count }
        if p[i] == 0x0D, i + 1 < count, p[i + 1] == 0x0A { return i + 2 }
        return i + 1
    }

    /// The index of the first CR, LF or NUL byte at or after `start` (or `count`), ORing the
    /// bytes before it into `seen` (folded to eight bytes: only their high bits are asked);
    /// sixteen bytes a step (SSE2 compares, measured a third cheaper than eight-byte SWAR).
    @inline(__always)
    private static func lineEnd(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ seen: inout UInt64) -> Int {
        let raw = UnsafeRawPointer(p)
        let lf = SIMD16<UInt8>(repeating: 0x0A), cr = SIMD16<UInt8>(repeating: 0x0D), nul = SIMD16<UInt8>(repeating: 0)
        var acc = SIMD16<UInt8>(repeating: 0)
        var i = start
        #if _endian(little)
        while i &+ 16 <= count {
            let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            // 0xFF in each byte that is LF, CR or NUL, read as two words (first byte lowest).
            let hit = unsafeBitCast((v .== lf) .| (v .== cr) .| (v .== nul), to: SIMD2<UInt64>.self)
            if hit[0] | hit[1] != 0 {
                let k = hit[0] != 0 ? hit[0].trailingZeroBitCount >> 3 : 8 &+ hit[1].trailingZeroBitCount >> 3
                let w = unsafeBitCast(v, to: SIMD2<UInt64>.self), a = unsafeBitCast(acc, to: SIMD2<UInt64>.self)
                let low: UInt64 = k >= 8 ? ~0 : (1 &<< UInt64(k &<< 3)) &- 1
                let high: UInt64 = k <= 8 ? 0 : (1 &<< UInt64((k &- 8) &<< 3)) &- 1
                seen |= a[0] | a[1] | (w[0] & low) | (w[1] & high)
                return i &+ k
            }
            acc |= v
            i &+= 16
        }
        #endif
        var tail: UInt64 = 0
        while i < count {
            let b = p[i]
            if b == 0x0A || b == 0x0D || b == 0 { break }
            tail |= UInt64(b)
            i += 1
        }
        let a = unsafeBitCast(acc, to: SIMD2<UInt64>.self)
        seen |= a[0] | a[1] | tail
        return i
    }

    /// One line read: built, or (in raw mode) appended to ``rawLines`` as its last line.
    private enum Item {
        case line(ContentLine)
        case raw
    }

    private mutating func nextItem() -> Item? {
        let count = bytes.count
        while position < count {
            let startLine = lineNumber
            var (s, e) = nextPhysicalLine()
            if s == e { continue }  // blank line
            // Logical line: either a slice of the input or, once folded, the scratch buffer.
            var folded = false
            var qpChecked = false
            var isQP = false
            // Logical length so far; past the limit the scratch buffer stops growing.
            var length = e - s
            var tooLong = length > limits.lineLength
            var last = bytes[e - 1]
            func append(_ ns: Int, _ ne: Int) {
                length += ne - ns
                if ne > ns { last = bytes[ne - 1] }
                if length > limits.lineLength { tooLong = true }
                if !tooLong { scratch.append(contentsOf: bytes[ns..<ne]) }
            }
            func startFolding() {
                if !folded {
                    scratch.removeAll(keepingCapacity: true)
                    scratch.append(contentsOf: bytes[s..<min(e, s + limits.lineLength)])
                    folded = true
                }
            }
            while true {
                // A quoted-printable soft break wins over folding: a space after it is text.
                if last == 0x3D, position < count {
                    if !qpChecked {
                        let (ls, le) = (s, e)
                        isQP = folded ? scratch.withUnsafeBufferPointer { Self.declares(Self.qpNeedle, $0) }
                                      : Self.declares(Self.qpNeedle, UnsafeBufferPointer(rebasing: bytes[ls..<le]))
                        qpChecked = true
                    }
                    if isQP, bytes[position] != 0x0A, bytes[position] != 0x0D {
                        // vCard 2.1 quoted-printable soft line break: drop the '=' and join.
                        startFolding()
                        if !tooLong { scratch.removeLast() }
                        length -= 1
                        last = tooLong ? 0 : scratch.last ?? 0
                        let (ns, ne) = nextPhysicalLine()
                        append(ns, ne)
                        continue
                    }
                }
                if position < count, bytes[position] == 0x20 || bytes[position] == 0x09 {
                    // RFC folding: drop the line break and one whitespace.
                    startFolding()
                    let (ns, ne) = nextPhysicalLine()
                    append(ns + 1, max(ns + 1, ne))
                    continue
                }
                // vCard 2.1 writers that put base64 on unindented lines after `ENCODING=BASE64:`.
                if position < count, isBareBase64Line(at: position),
                   folded ? scratch.withUnsafeBufferPointer({ Self.declares(Self.base64Needle, $0) })
                          : Self.declares(Self.base64Needle, UnsafeBufferPointer(rebasing: bytes[s..<e])) {
                    startFolding()
                    let (ns, ne) = nextPhysicalLine()
                    append(ns, ne)
                    continue
                }
                break
            }
            if tooLong {
                let head = folded ? Array(scratch.prefix(80)) : Array(bytes[s..<min(e, s + 80)])
                let name = String(decoding: head.prefix { $0 != 0x3A && $0 != 0x3B }, as: UTF8.self)
                warnings.append(FormatWarning(line: startLine, property: name.isEmpty ? nil : name.uppercased(), code: .lineTooLong,
                    message: "Line is \(Self.size(length)) long, over the \(Self.size(limits.lineLength)) limit for one line (a huge photo or attachment?); skipped. Shrink or remove it and read the file again."))
                scratch.removeAll()
                continue
            }
            // NUL bytes (binary data, or UTF-16 without a byte order mark) are dropped, once warned.
            let hasNUL = folded ? scratch.withUnsafeBufferPointer { Self.containsNUL($0, 0, $0.count) }
                                : Self.containsNUL(bytes, s, e)
            if hasNUL {
                if !folded { scratch.removeAll(keepingCapacity: true); scratch.append(contentsOf: bytes[s..<e]); folded = true }
                let before = scratch.count
                scratch.removeAll { $0 == 0 }
                warnings.append(FormatWarning(line: startLine, property: nil, code: .nulByte,
                    message: "Line holds \(before - scratch.count) NUL byte(s) (binary data, or UTF-16 text without a byte order mark?); they were removed. Check that this is a text file."))
            }
            if rawMode {
                let start = rawLines.bytes.count
                if folded {
                    rawLines.bytes.append(contentsOf: scratch)
                } else {
                    let (ps, pe) = (s, e)
                    rawLines.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[ps..<pe]))
                }
                if Self.scan(from: start, line: startLine, ascii: false, into: &rawLines, warnings: &warnings) { return .raw }
                continue
            }
            let parsed: ContentLine?
            if folded {
                parsed = scratch.withUnsafeBufferPointer { Self.parse($0, line: startLine, warnings: &warnings) }
            } else {
                let (ps, pe) = (s, e)
                parsed = Self.parse(UnsafeBufferPointer(rebasing: bytes[ps..<pe]), line: startLine, warnings: &warnings)
            }
            s = 0; e = 0
            if let parsed { return .line(parsed) }
        }
        return nil
    }

    /// A byte count for people: "12.3 MiB", "98 KiB" or "900 bytes" (``ByteCount``).
    static func size(_ bytes: Int) -> String { ByteCount.text(bytes) }

    /// Advances past one physical line; returns its bounds without the line break.
    @inline(__always)
    private mutating func nextPhysicalLine() -> (Int, Int) {
        let start = position
        let count = bytes.count
        let end = Self.lineBreak(bytes, from: start)
        var next = end
        if next < count {
            if bytes[next] == 0x0D {
                next += 1
                if next < count, bytes[next] == 0x0A { next += 1 }
            } else {
                next += 1
            }
        }
        position = next
        lineNumber += 1
        return (start, end)
    }

    /// The index of the first CR or LF in `buf` from `start`, or `buf.count`; eight bytes a step.
    @inline(__always)
    private static func lineBreak(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = buf.count
        var i = start
        if let base = UnsafeRawPointer(buf.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= count {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let lf = w ^ (ones &* 0x0A), cr = w ^ (ones &* 0x0D)
                // A zero byte of `lf` or `cr` sets its high bit; the lowest one found is exact.
                let m = (((lf &- ones) & ~lf) | ((cr &- ones) & ~cr)) & highs
                if m != 0 { return i + m.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < count {
            let b = buf[i]
            if b == 0x0A || b == 0x0D { return i }
            i += 1
        }
        return count
    }

    /// Whether `buf[start..<end]` holds a NUL byte; eight bytes a step.
    @inline(__always)
    private static func containsNUL(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        if let base = UnsafeRawPointer(buf.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= end {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if (w &- ones) & ~w & highs != 0 { return true }
                i += 8
            }
        }
        while i < end {
            if buf[i] == 0 { return true }
            i += 1
        }
        return false
    }

    private static let qpNeedle = Array("QUOTED-PRINTABLE".utf8)
    private static let base64Needle = Array("BASE64".utf8)

    /// Whether the physical line at `start` is non-empty and only base64 characters (no colon).
    /// Asked after nearly every line (and answered in a few bytes), so inlined.
    @inline(__always)
    private func isBareBase64Line(at start: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return Self.isBareBase64Line(base, start, bytes.count)
    }

    /// ``isBareBase64Line(at:)`` on `p[start..<count]`.
    @inline(__always)
    private static func isBareBase64Line(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Bool {
        // Bit b of `low` (bytes 0..<64) or `high` (64..<128) is set when byte b is a base64 character:
        // + / 0-9 = in `low`, A-Z a-z in `high`. Most lines stop at their property name's colon.
        let low: UInt64 = (1 << 0x2B) | (1 << 0x2F) | (0x3FF << 0x30) | (1 << 0x3D)
        let high: UInt64 = (0x3FF_FFFF << (0x41 - 64)) | (0x3FF_FFFF << (0x61 - 64))
        #if _endian(little)
        if start &+ 16 <= count {
            // A colon or semicolon (not base64) in the first sixteen bytes, before any line
            // break, settles it for nearly every line: sixteen bytes compared at once.
            let colon = SIMD16<UInt8>(repeating: 0x3A), semicolon = SIMD16<UInt8>(repeating: 0x3B)
            let lf = SIMD16<UInt8>(repeating: 0x0A), cr = SIMD16<UInt8>(repeating: 0x0D)
            let v = UnsafeRawPointer(base + start).loadUnaligned(as: SIMD16<UInt8>.self)
            let stop = unsafeBitCast((v .== colon) .| (v .== semicolon), to: SIMD2<UInt64>.self)
            let brk = unsafeBitCast((v .== lf) .| (v .== cr), to: SIMD2<UInt64>.self)
            let firstStop = stop[0] != 0 ? stop[0].trailingZeroBitCount : stop[1] != 0 ? 64 &+ stop[1].trailingZeroBitCount : 128
            let firstBreak = brk[0] != 0 ? brk[0].trailingZeroBitCount : brk[1] != 0 ? 64 &+ brk[1].trailingZeroBitCount : 128
            if firstStop < firstBreak { return false }
        }
        #endif
        var i = start
        while i < count {
            let b = base[i]
            let ok = b < 64 ? (low >> UInt64(b)) & 1 != 0 : b < 128 && (high >> UInt64(b &- 64)) & 1 != 0
            if !ok {
                if b == 0x0A || b == 0x0D { break }
                return false
            }
            i += 1
        }
        return i > start
    }

    /// Whether the parameters before the first colon contain `needle` (ASCII, case-insensitive).
    /// On the bytes in place (a generic walk over an array slice cost ~35 instructions a byte).
    private static func declares(_ needle: [UInt8], _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let stop = firstOf(line, 0, line.count, 0x3A, 0x22, 0x22, 0x22, 0x22)
        if stop < line.count && line[stop] == 0x22 { return declaresQuoted(needle, line) }
        // No quote before the first colon: the needle anywhere before it (its first letter
        // occurs once in it, so this is what the matcher below finds).
        return needle.withUnsafeBufferPointer { nd in
            let m = nd.count
            guard stop >= m else { return false }
            var j = 0
            while j <= stop - m {
                var b = line[j]
                if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                if b == nd[0] {
                    var k = 1
                    while k < m {
                        var c = line[j + k]
                        if c >= 0x61 && c <= 0x7A { c -= 0x20 }
                        if c != nd[k] { break }
                        k += 1
                    }
                    if k == m { return true }
                }
                j += 1
            }
            return false
        }
    }

    /// ``declares(_:_:)`` for a line with a quote before its first colon.
    private static func declaresQuoted(_ needle: [UInt8], _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var matched = 0
        var inQuote = false
        for b in line {
            if b == 0x22 { inQuote.toggle() }
            if b == 0x3A && !inQuote { return false }
            let u = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b
            if u == needle[matched] {
                matched += 1
                if matched == needle.count { return true }
            } else {
                matched = u == needle[0] ? 1 : 0
            }
        }
        return false
    }

    // MARK: - Splitting one logical line

    /// Indexes the logical line appended last to `raw.bytes` (from `start`), having checked
    /// what ``parse(_:line:warnings:)`` checks; returns false for a line skipped (its bytes
    /// taken off again, with the warning `parse` gives). A line that would warn or whose value
    /// needs decoding (ENCODING, CHARSET, not UTF-8) is built by `parse` and kept built, with
    /// only the bytes before its value. `ascii`: the caller saw that the line is all ASCII.
    private static func scan(from start: Int, line: Int, ascii: Bool, into raw: inout RawLines,
                             warnings: inout [FormatWarning]) -> Bool {
        let (entry, asBytes) = raw.bytes.withUnsafeBufferPointer { all in
            index(UnsafeBufferPointer(rebasing: all[start...]), start: start, line: line, ascii: ascii)
        }
        if asBytes {
            raw.lines.append(entry)
            return true
        }
        let n = raw.bytes.count - start
        let parsed = raw.bytes.withUnsafeBufferPointer { all in
            parse(UnsafeBufferPointer(rebasing: all[start...]), line: line, warnings: &warnings)
        }
        guard let parsed else {
            raw.bytes.removeLast(n)
            return false
        }
        var kept = entry
        kept.built = raw.built.count
        kept.end = entry.valueStart
        raw.built.append(parsed)
        raw.bytes.removeLast(start + n - entry.valueStart)
        raw.lines.append(kept)
        return true
    }

    /// The ``RawLine`` of the logical line `buf` (which starts at `start` in its ``RawLines``)
    /// and whether it can be kept as bytes: well formed, no value to decode, valid UTF-8.
    @inline(__always)
    private static func index(_ buf: UnsafeBufferPointer<UInt8>, start: Int, line: Int, ascii: Bool) -> (RawLine, Bool) {
        let encodingKey: UInt64 = 0x474E_4944_4F43_4E45, charsetKey: UInt64 = 0x54_4553_5241_4843
        let base64Key: UInt64 = 0x3436_4553_4142, bit8Key: UInt64 = 0x5449_4238, bit7Key: UInt64 = 0x5449_4237
        let bKey: UInt64 = 0x42
        let n = buf.count
        var i = 0
        var nameStart = 0
        var groupStart = 0
        // The name ends at the first colon or semicolon; a dot before it ends a group. Eight
        // bytes a step while they hold none of the three.
        let base = UnsafeRawPointer(buf.baseAddress)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while true {
            while let base, i &+ 8 <= n {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let colon = w ^ (ones &* 0x3A), semicolon = w ^ (ones &* 0x3B), dot = w ^ (ones &* 0x2E)
                let m = (((colon &- ones) & ~colon) | ((semicolon &- ones) & ~semicolon) | ((dot &- ones) & ~dot)) & highs
                if m != 0 {
                    i &+= m.trailingZeroBitCount >> 3
                    break
                }
                i &+= 8
            }
            if i &+ 8 > n {
                while i < n, buf[i] != 0x3A, buf[i] != 0x3B, buf[i] != 0x2E { i += 1 }
            }
            if i < n && buf[i] == 0x2E {
                groupStart = nameStart
                nameStart = i + 1
                i += 1
                continue
            }
            break
        }
        let nameEnd = i
        var decode = false
        var wellFormed = i < n && nameEnd > nameStart
        if wellFormed {
            // The parameters, scanned as `parse` splits them.
            while i < n && buf[i] == 0x3B {
                i += 1
                let (ts, te) = Self.parameterName(buf, &i, n)
                let len = te - ts
                if i < n && buf[i] == 0x3D {
                    if len == 8 || len == 7 {
                        let key = RawLine.key(buf, ts, te)
                        if key == encodingKey || key == charsetKey { decode = true }
                    }
                    i += 1
                    while true {
                        if i < n && buf[i] == 0x22 {
                            i += 1
                            while i < n && buf[i] != 0x22 { i += 1 }
                            if i < n { i += 1 }
                            while i < n, buf[i] != 0x2C, buf[i] != 0x3B, buf[i] != 0x3A { i += 1 }
                        } else {
                            // To the comma, semicolon or colon that ends the value.
                            i = Self.firstOf(buf, i, n, 0x2C, 0x3B, 0x3A, 0x3A, 0x3A)
                        }
                        if i < n && buf[i] == 0x2C { i += 1; continue }
                        break
                    }
                } else if len > 0 && len <= 8 {
                    let key = RawLine.key(buf, ts, te)
                    if key == base64Key || key == bit8Key || key == bit7Key || key == bKey { decode = true }
                } else if len == qpNeedle.count {
                    var same = true
                    for k in 0..<len {
                        var b = buf[ts + k]
                        if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                        if b != qpNeedle[k] { same = false; break }
                    }
                    if same { decode = true }
                }
            }
            wellFormed = i < n && buf[i] == 0x3A
        }
        let vs = min(i + 1, n)
        let asBytes = wellFormed && !decode && (ascii || isUTF8(UnsafeBufferPointer(rebasing: buf[vs..<n])))
        let entry = RawLine(line: line, start: start, groupStart: start + groupStart, nameStart: start + nameStart,
                            nameEnd: start + nameEnd, valueStart: start + vs, end: start + n,
                            key: Self.nameKey(buf, nameStart, nameEnd), built: -1)
        return (entry, asBytes)
    }

    /// `RawLine.key(buf, s, min(e, s + 8))`: the name's first eight bytes uppercased, in one
    /// load when eight bytes from `s` are in `buf`.
    @inline(__always)
    private static func nameKey(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> UInt64 {
        #if _endian(big)
        return RawLine.key(buf, s, min(e, s + 8))
        #else
        guard s &+ 8 <= buf.count, let base = UnsafeRawPointer(buf.baseAddress) else { return RawLine.key(buf, s, min(e, s + 8)) }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let length = min(e - s, 8)
        var w = base.loadUnaligned(fromByteOffset: s, as: UInt64.self)
        if length < 8 { w &= (1 &<< UInt64(length &<< 3)) &- 1 }
        // Bytes 0x61...0x7A (ASCII only) lose 0x20; no carry crosses a byte.
        let low7 = w & ~highs
        let atLeastA = low7 &+ ones &* (0x80 - 0x61), pastZ = low7 &+ ones &* (0x80 - 0x7B)
        let lower = atLeastA & ~pastZ & ~w & highs
        return w &- (lower >> 2)
        #endif
    }

    /// The index of the first byte at or after `i` (before `n`) that is not ASCII, or `n`;
    /// eight bytes a step.
    @inline(__always)
    private static func asciiPrefix(_ base: UnsafeRawPointer, _ i: Int, _ n: Int) -> Int {
        var k = i
        while k + 8 <= n {
            let w = base.loadUnaligned(fromByteOffset: k, as: UInt64.self) & 0x8080_8080_8080_8080
            if w != 0 { return k + w.trailingZeroBitCount >> 3 }
            k += 8
        }
        while k < n, base.load(fromByteOffset: k, as: UInt8.self) < 0x80 { k += 1 }
        return k
    }

    /// Whether `buf` is valid UTF-8 (as `String(validating:)` judges it), without making a string.
    private static func isUTF8(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(buf.baseAddress) else { return true }
        let n = buf.count
        // ASCII runs (most of any value, and all of most) are passed eight bytes a step.
        var i = asciiPrefix(base, 0, n)
        while i < n {
            let b = buf[i]
            if b < 0x80 { i = asciiPrefix(base, i + 1, n); continue }
            if b < 0xC2 { return false }
            if b < 0xE0 {
                guard i + 1 < n, buf[i + 1] & 0xC0 == 0x80 else { return false }
                i += 2
                continue
            }
            if b < 0xF0 {
                guard i + 2 < n else { return false }
                let b1 = buf[i + 1], b2 = buf[i + 2]
                guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return false }
                if b == 0xE0 && b1 < 0xA0 { return false }  // overlong
                if b == 0xED && b1 >= 0xA0 { return false }  // surrogate
                i += 3
                continue
            }
            if b < 0xF5 {
                guard i + 3 < n else { return false }
                let b1 = buf[i + 1], b2 = buf[i + 2], b3 = buf[i + 3]
                guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return false }
                if b == 0xF0 && b1 < 0x90 { return false }  // overlong
                if b == 0xF4 && b1 >= 0x90 { return false }  // past U+10FFFF
                i += 4
                continue
            }
            return false
        }
        return true
    }

    package static func parse(_ buf: UnsafeBufferPointer<UInt8>, line: Int, warnings: inout [FormatWarning]) -> ContentLine? {
        let n = buf.count
        var i = 0
        var nameStart = 0
        var group: String?
        while i < n {
            let c = buf[i]
            if c == 0x3A || c == 0x3B { break }
            if c == 0x2E {
                group = Self.string(buf, nameStart, i)
                nameStart = i + 1
            }
            i += 1
        }
        let name = Self.upperString(buf, nameStart, i)
        if i == n || name.isEmpty {
            let preview = Self.string(buf, 0, min(n, 40))
            warnings.append(FormatWarning(line: line, property: nil, code: .malformedLine,
                message: i == n ? "Line has no colon, so no value: \"\(preview)\"; skipped."
                                : "Line has no property name: \"\(preview)\"; skipped."))
            return nil
        }
        var parameters: [ContentLine.Parameter] = []
        // What `decodeValue` reads: the first value of ENCODING (uppercased) and of CHARSET.
        // The value decoded, neither parameter is kept: CHARSET never, ENCODING when it is
        // quoted-printable; so they are not stored in the first place.
        var encoding: String?
        var dropEncoding = false
        var charset: String?
        while i < n && buf[i] == 0x3B {
            i += 1
            let (ts, te) = Self.parameterName(buf, &i, n)
            let pname = Self.upperString(buf, ts, te)
            if i < n && buf[i] == 0x3D {
                i += 1
                // Values go straight into the parameter (merged with an earlier one of the
                // same name), with no array of their own; a nameless parameter's are dropped.
                let isCharset = pname.sameToken("CHARSET"), isEncoding = !isCharset && pname.sameToken("ENCODING")
                var k = -1
                if !pname.isEmpty && !isCharset && !(isEncoding && (encoding == nil || dropEncoding)) {
                    if parameters.isEmpty { parameters.reserveCapacity(4) }
                    k = Self.parameterIndex(&parameters, pname)
                }
                while true {
                    let value: String
                    if i < n && buf[i] == 0x22 {
                        i += 1
                        let vs = i
                        while i < n && buf[i] != 0x22 { i += 1 }
                        value = Self.parameterValue(buf, vs, i)
                        if i < n { i += 1 }
                        while i < n, buf[i] != 0x2C, buf[i] != 0x3B, buf[i] != 0x3A { i += 1 }
                    } else {
                        let vs = i
                        while i < n {
                            let c = buf[i]
                            if c == 0x2C || c == 0x3B || c == 0x3A { break }
                            i += 1
                        }
                        value = Self.parameterValue(buf, vs, i)
                    }
                    if isCharset {
                        if charset == nil { charset = value }
                    } else if isEncoding && encoding == nil {
                        encoding = value.uppercasedIfNeeded
                        dropEncoding = encoding == "QUOTED-PRINTABLE"
                        if !dropEncoding {
                            if parameters.isEmpty { parameters.reserveCapacity(4) }
                            k = Self.parameterIndex(&parameters, pname)
                        }
                    }
                    if k >= 0 { parameters[k].values.append(value) }
                    if i < n && buf[i] == 0x2C { i += 1; continue }
                    break
                }
            } else {
                // vCard 2.1 bare parameter: TEL;CELL;PREF, or ;QUOTED-PRINTABLE.
                if pname.isEmpty { continue }
                let key: String
                switch pname {
                case "QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B":
                    key = "ENCODING"
                    if encoding == nil {
                        encoding = pname.uppercasedIfNeeded
                        dropEncoding = encoding == "QUOTED-PRINTABLE"
                    }
                    if dropEncoding { continue }
                default: key = "TYPE"
                }
                let k = Self.parameterIndex(&parameters, key)
                parameters[k].values.append(pname)
            }
        }
        if i >= n || buf[i] != 0x3A {
            warnings.append(FormatWarning(line: line, property: name, code: .malformedLine,
                message: "Parameters are not followed by a colon; skipped."))
            return nil
        }
        let vs = i + 1
        let value = decodeValue(UnsafeBufferPointer(rebasing: buf[vs..<n]), name: name, encoding: encoding, charset: charset,
                                line: line, warnings: &warnings)
        return ContentLine(line: line, group: group, name: name, parameters: parameters, value: value)
    }

    /// The value `raw` decoded as the line's first ENCODING value (uppercased) and first
    /// CHARSET value say (`parse` keeps neither parameter when it is used up here).
    private static func decodeValue(_ raw: UnsafeBufferPointer<UInt8>, name: String, encoding: String?, charset: String?,
                                    line: Int, warnings: inout [FormatWarning]) -> String {
        if encoding == nil && charset == nil {
            if raw.count <= 8, raw.count > 0, let known = Self.known(Self.pack(raw, 0, raw.count, upper: false)) { return known }
            if Self.isASCII(raw) { return String(decoding: raw, as: UTF8.self) }
            if let s = Self.validString(raw) { return s }
            warnings.append(FormatWarning(line: line, property: name, code: .invalidUTF8,
                message: "Value is not valid UTF-8 and names no CHARSET; read as Windows-1252."))
            return Charset.windows1252(raw)
        }
        if charset == nil && encoding != "QUOTED-PRINTABLE" {
            // BASE64/8BIT…: the bytes are the value (a photo: hundreds of kilobytes of ASCII).
            if Self.isASCII(raw) { return String(decoding: raw, as: UTF8.self) }
            if let s = Self.validString(raw) { return s }
            warnings.append(FormatWarning(line: line, property: name, code: .invalidUTF8,
                message: "Value is not valid UTF-8; read as Windows-1252."))
            return Charset.windows1252(raw)
        }
        var isQP = false
        var text: String
        if encoding == "QUOTED-PRINTABLE" {
            // Decoded into a temporary buffer (on the stack when small), not an array.
            text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { tmp in
                let (count, malformed) = QuotedPrintable.decode(raw, into: tmp)
                if malformed {
                    warnings.append(FormatWarning(line: line, property: name, code: .badQuotedPrintable,
                        message: "Quoted-printable value has an '=' not followed by two hex digits; kept as written."))
                }
                return Self.text(UnsafeBufferPointer(rebasing: tmp[0..<count]), charset: charset, name: name, line: line, warnings: &warnings)
            }
            isQP = true
        } else {
            text = Self.text(raw, charset: charset, name: name, line: line, warnings: &warnings)
        }
        if isQP, Self.containsLineBreak(&text) {
            // Keep the value in escaped form: decoded line breaks become \n.
            text = text.replacingOccurrences(of: "\r\n", with: "\\n")
                .replacingOccurrences(of: "\n", with: "\\n")
                .replacingOccurrences(of: "\r", with: "\\n")
        }
        return text
    }

    /// `String(validating: buf, as: UTF8.self)`, judged by ``isUTF8(_:)`` (ASCII runs eight
    /// bytes a step) instead of the generic validator.
    private static func validString(_ buf: UnsafeBufferPointer<UInt8>) -> String? {
        isUTF8(buf) ? String(decoding: buf, as: UTF8.self) : nil
    }

    /// The text of decoded value bytes in `charset` (UTF-8 when nil), with the warning a
    /// charset it does not fit gives.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, charset: String?, name: String, line: Int,
                             warnings: inout [FormatWarning]) -> String {
        // (The common spellings compared as they are first: a literal or small string, no scan.)
        if let charset, charset != "UTF-8" && !charset.caseInsensitiveEquals("utf-8") {
            // Windows-1252 (most vCard 2.1 files that are not UTF-8) straight, as `decode` would.
            let windows = charset == "WINDOWS-1252" || charset.caseInsensitiveEquals("WINDOWS-1252")
            if let s = windows ? Charset.windows1252(bytes) : Charset.decode(bytes, charset: charset) {
                return s
            }
            let known = Charset.isKnown(charset)
            warnings.append(FormatWarning(line: line, property: name, code: known ? .invalidValue : .unknownCharset,
                message: known ? "Value is not valid \(charset); read as UTF-8 or Windows-1252."
                               : "CHARSET=\(charset) is not known here; read as UTF-8 or Windows-1252."))
            return validString(bytes) ?? Charset.windows1252(bytes)
        }
        if let s = validString(bytes) { return s }
        warnings.append(FormatWarning(line: line, property: name, code: .invalidUTF8,
            message: "Value is not valid UTF-8; read as Windows-1252."))
        return Charset.windows1252(bytes)
    }

    /// Whether `text` holds a CR or LF, read in its contiguous bytes.
    private static func containsLineBreak(_ text: inout String) -> Bool {
        text.withUTF8 { buf in
            let end = lineBreak(buf, from: 0)
            return end < buf.count
        }
    }

    /// From `i`, just after a `;`: moves `i` to the `=`, `;` or `:` that ends a parameter
    /// name (or to `n`) and gives the name's bounds without the blanks around it. `scan` and
    /// `parse` split parameters through this one function, so they agree.
    @inline(__always)
    private static func parameterName(_ buf: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ n: Int) -> (Int, Int) {
        let start = i
        i = firstOf(buf, i, n, 0x3D, 0x3B, 0x3A, 0x3A, 0x3A)
        var (ts, te) = (start, i)
        while ts < te, buf[ts] == 0x20 || buf[ts] == 0x09 { ts += 1 }
        while te > ts, buf[te - 1] == 0x20 || buf[te - 1] == 0x09 { te -= 1 }
        return (ts, te)
    }

    /// The index of the first byte at or after `i` (before `n`) that is `a`, `b`, `c`, `d`
    /// or `e` (repeat one to ask for fewer), or `n`; sixteen bytes a step.
    @inline(__always)
    private static func firstOf(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int, _ n: Int,
                                _ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, _ e: UInt8) -> Int {
        var i = i
        #if _endian(little)
        if let base = UnsafeRawPointer(buf.baseAddress) {
            // (Typed splats: `SIMD16(repeating:)` left to inference was not specialized.)
            let va = SIMD16<UInt8>(repeating: a), vb = SIMD16<UInt8>(repeating: b), vc = SIMD16<UInt8>(repeating: c)
            let vd = SIMD16<UInt8>(repeating: d), ve = SIMD16<UInt8>(repeating: e)
            while i &+ 16 <= n {
                let v = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let hit = unsafeBitCast((v .== va) .| (v .== vb) .| (v .== vc) .| (v .== vd) .| (v .== ve), to: SIMD2<UInt64>.self)
                if hit[0] != 0 { return i &+ hit[0].trailingZeroBitCount >> 3 }
                if hit[1] != 0 { return i &+ 8 &+ hit[1].trailingZeroBitCount >> 3 }
                i &+= 16
            }
        }
        #endif
        while i < n {
            let x = buf[i]
            if x == a || x == b || x == c || x == d || x == e { return i }
            i += 1
        }
        return n
    }

    @inline(__always)
    private static func isASCII(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        let n = buf.count
        guard let base = UnsafeRawPointer(buf.baseAddress) else { return true }
        while k + 8 <= n {
            if base.loadUnaligned(fromByteOffset: k, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            k += 8
        }
        while k < n {
            if buf[k] & 0x80 != 0 { return false }
            k += 1
        }
        return true
    }

    @inline(__always)
    private static func string(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
        if e > s, e - s <= 8, let known = known(pack(buf, s, e, upper: false)) { return known }
        return String(decoding: UnsafeBufferPointer(rebasing: buf[s..<e]), as: UTF8.self)
    }

    /// Up to eight bytes `buf[s..<e]` as one integer, the first byte lowest (ASCII
    /// uppercased when `upper`); the key of ``known(_:)``.
    @inline(__always)
    private static func pack(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, upper: Bool) -> UInt64 {
        var key: UInt64 = 0
        var k = e
        while k > s {
            k -= 1
            var b = buf[k]
            if upper && b >= 0x61 && b <= 0x7A { b -= 0x20 }
            key = key << 8 | UInt64(b)
        }
        return key
    }

    /// The names, parameters and values met on most lines of most files, as literals: making
    /// them costs no UTF-8 check, no copy and no allocation. Matched byte for byte (case kept).
    private static func known(_ key: UInt64) -> String? {
        switch key {
        case 0x31: return "1"
        case 0x32: return "2"
        case 0x33: return "3"
        case 0x524441: return "ADR"
        case 0x4449544C41: return "ALTID"
        case 0x42: return "B"
        case 0x343645534142: return "BASE64"
        case 0x59414442: return "BDAY"
        case 0x4E49474542: return "BEGIN"
        case 0x4C4C4543: return "CELL"
        case 0x54455352414843: return "CHARSET"
        case 0x4C49414D45: return "EMAIL"
        case 0x474E49444F434E45: return "ENCODING"
        case 0x444E45: return "END"
        case 0x584146: return "FAX"
        case 0x4E46: return "FN"
        case 0x5245444E4547: return "GENDER"
        case 0x4F4547: return "GEO"
        case 0x5942424F48: return "HOBBY"
        case 0x454D4F48: return "HOME"
        case 0x50504D49: return "IMPP"
        case 0x5453455245544E49: return "INTEREST"
        case 0x54454E5245544E49: return "INTERNET"
        case 0x59454B: return "KEY"
        case 0x444E494B: return "KIND"
        case 0x4C4542414C: return "LABEL"
        case 0x474E414C: return "LANG"
        case 0x45474155474E414C: return "LANGUAGE"
        case 0x4C4556454C: return "LEVEL"
        case 0x4F474F4C: return "LOGO"
        case 0x4E49414D: return "MAIN"
        case 0x5245424D454D: return "MEMBER"
        case 0x4E: return "N"
        case 0x454D414E4B43494E: return "NICKNAME"
        case 0x45544F4E: return "NOTE"
        case 0x47524F: return "ORG"
        case 0x524548544F: return "OTHER"
        case 0x4F544F4850: return "PHOTO"
        case 0x444950: return "PID"
        case 0x46455250: return "PREF"
        case 0x4449444F5250: return "PRODID"
        case 0x444554414C4552: return "RELATED"
        case 0x564552: return "REV"
        case 0x454C4F52: return "ROLE"
        case 0x444E554F53: return "SOUND"
        case 0x454352554F53: return "SOURCE"
        case 0x4C4554: return "TEL"
        case 0x454C544954: return "TITLE"
        case 0x45505954: return "TYPE"
        case 0x5A54: return "TZ"
        case 0x44495A54: return "TZID"
        case 0x444955: return "UID"
        case 0x4C5255: return "URL"
        case 0x382D465455: return "UTF-8"
        case 0x45554C4156: return "VALUE"
        case 0x4E4F4953524556: return "VERSION"
        case 0x4543494F56: return "VOICE"
        case 0x4B524F57: return "WORK"
        case 0x52444142412D58: return "X-ABADR"
        case 0x62: return "b"
        case 0x6C6C6563: return "cell"
        case 0x65746164: return "date"
        case 0x786166: return "fax"
        case 0x68676968: return "high"
        case 0x656D6F68: return "home"
        case 0x74656E7265746E69: return "internet"
        case 0x316D657469: return "item1"
        case 0x326D657469: return "item2"
        case 0x336D657469: return "item3"
        case 0x346D657469: return "item4"
        case 0x356D657469: return "item5"
        case 0x366D657469: return "item6"
        case 0x376D657469: return "item7"
        case 0x386D657469: return "item8"
        case 0x396D657469: return "item9"
        case 0x776F6C: return "low"
        case 0x6D756964656D: return "medium"
        case 0x726568746F: return "other"
        case 0x66657270: return "pref"
        case 0x74786574: return "text"
        case 0x697275: return "uri"
        case 0x6563696F76: return "voice"
        case 0x6B726F77: return "work"
        case 0x666572702D78: return "x-pref"
        case 0x4452414356: return "VCARD"
        case 0x302E33: return "3.0"
        case 0x302E34: return "4.0"
        case 0x312E32: return "2.1"
        default: return nil
        }
    }

    /// The literal ``known(_:)`` has for `buf[s..<e]` ASCII-uppercased (at most eight bytes), or nil.
    static func knownUppercased(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String? {
        e > s && e - s <= 8 ? known(pack(buf, s, e, upper: true)) : nil
    }

    @inline(__always)
    private static func upperString(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
        if e > s, e - s <= 8, let known = known(pack(buf, s, e, upper: true)) { return known }
        var lower = false
        for k in s..<e where buf[k] >= 0x61 && buf[k] <= 0x7A { lower = true; break }
        if !lower { return string(buf, s, e) }
        return String(unsafeUninitializedCapacity: e - s) { out in
            for k in s..<e {
                let b = buf[k]
                out[k - s] = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b
            }
            return e - s
        }
    }

    /// The index of the parameter named `name` (uppercase), appended with no values if new.
    @inline(__always)
    private static func parameterIndex(_ parameters: inout [ContentLine.Parameter], _ name: String) -> Int {
        for k in parameters.indices where parameters[k].name.sameToken(name) { return k }
        parameters.append(ContentLine.Parameter(uppercased: name, values: []))
        return parameters.count - 1
    }

    /// A parameter value with RFC 6868 caret escapes (`^n` `^^` `^'`) decoded.
    private static func parameterValue(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
        var hasCaret = false
        for k in s..<e where buf[k] == 0x5E { hasCaret = true; break }
        if !hasCaret {
            // vCard 2.1's encoding, too long for ``known(_:)``: a literal, not a new string.
            if e - s == 16, let base = UnsafeRawPointer(buf.baseAddress),
               base.loadUnaligned(fromByteOffset: s, as: UInt64.self) == 0x502D_4445_544F_5551,
               base.loadUnaligned(fromByteOffset: s + 8, as: UInt64.self) == 0x454C_4241_544E_4952 {
                return "QUOTED-PRINTABLE"
            }
            return string(buf, s, e)
        }
        var out: [UInt8] = []
        var k = s
        while k < e {
            let b = buf[k]
            if b == 0x5E, k + 1 < e {
                switch buf[k + 1] {
                case 0x6E, 0x4E: out.append(0x0A); k += 2; continue
                case 0x5E: out.append(0x5E); k += 2; continue
                case 0x27: out.append(0x22); k += 2; continue
                default: break
                }
            }
            out.append(b)
            k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces and tabs.
    package func trimmingASCIISpaces() -> String {
        let u = utf8
        guard let first = u.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        let last = u.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
        if first == u.startIndex && last == u.index(before: u.endIndex) { return self }
        return String(self[first...last])
    }
}
