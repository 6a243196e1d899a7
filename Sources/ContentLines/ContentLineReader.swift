import Foundation
import KithBase

/// Reads content lines from bytes: unfolds, splits group/name/parameters/value, decodes the
/// value as its `Dialect` says (VCardFormat's: quoted-printable, charsets, vCard 2.1
/// continuation lines), and groups lines into components by BEGIN/END.
///
/// Problems never stop the reader; they are collected in ``warnings``.
///
/// ```swift
/// var reader = ContentLineReader<PlainDialect>(bytes: bytes)
/// try reader.readComponents { card in … }   // one top-level component at a time
/// ```
///
/// Its methods are inlinable, so that the module of a dialect specialises the reader for it
/// (the dialect's hooks called directly on every line); its state is `@usableFromInline`.
// @unchecked: `bytes` is a pointer. A reader made with ``init(borrowing:)`` is valid only
// while its caller keeps those bytes (it never leaves the call that made it); any other
// reader owns its input in `owned`, and points into it only during one of its calls.
public struct ContentLineReader<Dialect: ContentLineDialect>: @unchecked Sendable {
    /// The input: during each reading call, the storage of `owned`; or the borrowed bytes.
    @usableFromInline var bytes: UnsafeBufferPointer<UInt8>
    /// The input when the reader owns it; nil when it borrows bytes its caller keeps alive.
    @usableFromInline let owned: [UInt8]?
    @usableFromInline var position: Int
    @usableFromInline var lineNumber = 1
    @usableFromInline var scratch: [UInt8] = []
    @usableFromInline var outsideRun = false
    /// In raw mode (``takeRawComponents(_:)``) lines are appended to `rawLines`, not built.
    @usableFromInline var rawMode = false
    @usableFromInline var rawLines = RawLines()
    /// Lines ``fastRaw(_:)`` indexed but left in the input: `bytes[pendingStart..<pendingEnd]`,
    /// to be copied to `rawLines.bytes` from `pendingBase` (none when the bounds are equal).
    @usableFromInline var pendingStart = 0, pendingEnd = 0, pendingBase = 0
    /// Problems met so far, in file order.
    // (Settable: the reader's inlinable methods, specialised in a format's module, append to it.)
    public var warnings: [FormatWarning] = []
    /// The bounds past which input is skipped with a warning, so that hostile files cost
    /// bounded time and memory.
    public var limits = Limits.standard

    /// Bounds on what one file may hold (the one ``ContentLineLimits`` both formats use).
    public typealias Limits = ContentLineLimits

    /// Reads from `bytes`; a UTF-8 byte order mark is skipped, UTF-16 with a byte order mark is converted.
    @inlinable public init(bytes: [UInt8]) {
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
    @inlinable package init(borrowing bytes: UnsafeBufferPointer<UInt8>) {
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
    @inlinable static func afterByteOrderMark<C: Collection<UInt8>>(_ bytes: C) -> Int where C.Index == Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Runs one reading call with `bytes` pointing at the input: into `owned`'s storage for
    /// the length of the call, or at the borrowed bytes.
    @inlinable mutating func withInput<R>(_ body: (inout ContentLineReader) throws -> R) rethrows -> R {
        guard let array = owned else { return try body(&self) }
        return try array.withUnsafeBufferPointer { buf in
            bytes = buf
            defer { bytes = UnsafeBufferPointer(start: nil, count: 0) }
            return try body(&self)
        }
    }

    /// Reads from `data`; a UTF-8 byte order mark is skipped.
    @inlinable public init(data: Data) {
        self.init(bytes: [UInt8](data))
    }

    /// Reads from a string.
    @inlinable public init(string: String) {
        self.init(bytes: Array(string.utf8))
    }

    /// Reads every top-level component and returns them with the warnings.
    /// - Complexity: O(n) in the input size.
    @inlinable public static func components(from bytes: [UInt8]) -> (components: [Component], warnings: [FormatWarning]) {
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
    @inlinable public mutating func readComponents(_ body: (Component) throws -> Void) rethrows {
        try takeComponents { component in try body(component) }
    }

    /// ``readComponents(_:)`` handing each component over `inout`: the body may take its
    /// properties (`swap`) without copying them.
    @inlinable package mutating func takeComponents(_ body: (inout Component) throws -> Void) rethrows {
        try withInput { try $0.walk(body) }
    }

    @inlinable mutating func walk(_ body: (inout Component) throws -> Void) rethrows {
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
                warnings[d.warning].message =
                    "\(c.name) begun on line \(c.line) has more than \(limits.propertiesPerComponent) properties; the \(d.count) from line \(warnings[d.warning].line) on were skipped. Split the file or remove what is not needed."
            }
            if stack.isEmpty { expected = min(c.properties.count, 64); try body(&c) } else { stack[stack.count - 1].components.append(c) }
        }
        while let line = nextLine() {
            if line.name.sameToken("BEGIN") {
                if excessDepth > 0 || stack.count >= limits.depth {
                    if excessDepth == 0 {
                        warnings.append(
                            FormatWarning(
                                line: line.line, property: "BEGIN", code: .tooDeep,
                                message: "Components nest more than \(limits.depth) deep here; the deeper ones were skipped up to their END."))
                    }
                    excessDepth += 1
                    continue
                }
                let name = line.value.trimmingASCIISpaces().uppercasedIfNeeded
                if let top = stack.last, top.name == name {
                    warnings.append(
                        FormatWarning(
                            line: line.line, property: "BEGIN", code: .missingEnd,
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
                        warnings.append(
                            FormatWarning(
                                line: line.line, property: "END", code: .missingEnd,
                                message: "\(inner.name) begun on line \(inner.line) has no END:\(inner.name); closed at END:\(name)."))
                        try close(&stack, &warnings)
                    }
                    try close(&stack, &warnings)
                } else {
                    warnings.append(
                        FormatWarning(
                            line: line.line, property: "END", code: .unexpectedEnd,
                            message: "END:\(name) has no matching BEGIN:\(name); ignored."))
                }
                continue
            }
            if excessDepth > 0 { continue }
            if stack.isEmpty {
                if !outsideRun {
                    warnings.append(
                        FormatWarning(
                            line: line.line, property: line.name, code: .propertyOutsideComponent,
                            message: "Property outside any BEGIN/END block; ignored (with any that follow it)."))
                    outsideRun = true
                }
                continue
            }
            let top = stack.count - 1
            if stack[top].properties.count >= limits.propertiesPerComponent {
                if dropped[top].count == 0 {
                    dropped[top].warning = warnings.count
                    warnings.append(
                        FormatWarning(
                            line: line.line, property: line.name, code: .tooManyProperties,
                            message: "Too many properties; the rest were skipped."))
                }
                dropped[top].count += 1
                continue
            }
            stack[top].properties.append(line)
        }
        while let inner = stack.last {
            warnings.append(
                FormatWarning(
                    line: lineNumber, property: nil, code: .missingEnd,
                    message: "\(inner.name) begun on line \(inner.line) has no END:\(inner.name) before the end of the file; kept what was read."))
            try close(&stack, &warnings)
        }
    }

    @inlinable mutating func nextLine() -> ContentLine? {
        if case .line(let l)? = nextItem() { return l }
        return nil
    }

    /// ``takeComponents(_:)`` keeping each top-level component's own lines as bytes
    /// (``RawLines``) instead of built ``ContentLine``s: the component is handed over with
    /// no properties, its lines beside it. Nested components' lines are built as usual.
    /// Warnings are the same as ``takeComponents(_:)``'s.
    @inlinable package mutating func takeRawComponents(_ body: (inout Component, inout RawLines) throws -> Void) rethrows {
        rawMode = true
        defer { rawMode = false; rawLines = RawLines(); pendingStart = 0; pendingEnd = 0 }
        try withInput { try $0.walkRaw(body) }
    }

    @inlinable mutating func walkRaw(_ body: (inout Component, inout RawLines) throws -> Void) rethrows {
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
        func close(
            _ stack: inout [Component], _ warnings: inout [FormatWarning], _ rawLines: inout RawLines,
            _ dropped: inout [(count: Int, warning: Int)]
        ) throws {
            var c = stack.removeLast()
            let d = dropped.removeLast()
            if d.count > 0 {
                warnings[d.warning].message =
                    "\(c.name) begun on line \(c.line) has more than \(limits.propertiesPerComponent) properties; the \(d.count) from line \(warnings[d.warning].line) on were skipped. Split the file or remove what is not needed."
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
        let beginName = RawLine.Name.begin, endName = RawLine.Name.end
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
                    if isBegin || isEnd, let name = dropPendingBoundary(buf) {
                        value = name
                        built = nil
                    } else {
                        flushPending(buf)
                        value = isBegin || isEnd ? rawLines.componentName(last, Dialect.self) : ""
                        built = isBegin || isEnd || excessDepth > 0 ? nil : rawLines.contentLine(last, Dialect.self)
                        rawLines.removeLast()
                    }
                    if isBegin {
                        if excessDepth > 0 || stack.count >= limits.depth {
                            if excessDepth == 0 {
                                warnings.append(
                                    FormatWarning(
                                        line: lineNo, property: "BEGIN", code: .tooDeep,
                                        message: "Components nest more than \(limits.depth) deep here; the deeper ones were skipped up to their END."))
                            }
                            excessDepth += 1
                            continue
                        }
                        let name = value
                        if let top = stack.last, top.name == name {
                            warnings.append(
                                FormatWarning(
                                    line: lineNo, property: "BEGIN", code: .missingEnd,
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
                                warnings.append(
                                    FormatWarning(
                                        line: lineNo, property: "END", code: .missingEnd,
                                        message: "\(inner.name) begun on line \(inner.line) has no END:\(inner.name); closed at END:\(name)."))
                                try close(&stack, &warnings, &rawLines, &dropped)
                            }
                            try close(&stack, &warnings, &rawLines, &dropped)
                        } else {
                            warnings.append(
                                FormatWarning(
                                    line: lineNo, property: "END", code: .unexpectedEnd,
                                    message: "END:\(name) has no matching BEGIN:\(name); ignored."))
                        }
                        continue
                    }
                    if excessDepth > 0 { continue }
                    if stack.isEmpty {
                        if !outsideRun {
                            warnings.append(
                                FormatWarning(
                                    line: built!.line, property: built!.name, code: .propertyOutsideComponent,
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
                            warnings.append(
                                FormatWarning(
                                    line: built!.line, property: built!.name, code: .tooManyProperties,
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
            warnings.append(
                FormatWarning(
                    line: lineNumber, property: nil, code: .missingEnd,
                    message: "\(inner.name) begun on line \(inner.line) has no END:\(inner.name) before the end of the file; kept what was read."))
            try close(&stack, &warnings, &rawLines, &dropped)
        }
    }

    /// Returns the next content line (BEGIN and END included), or nil at the end of the input.
    /// Blank lines are skipped; malformed lines are skipped with a warning.
    /// - Complexity: O(length of the logical line).
    @inlinable public mutating func next() -> ContentLine? {
        let wasRaw = rawMode
        rawMode = false
        defer { rawMode = wasRaw }
        return withInput { reader in
            if case .line(let l)? = reader.nextItem() { return l }
            return nil
        }
    }
}

/// Bounds on what one file may hold; past them the reader skips with a warning.
public struct ContentLineLimits: Sendable, Hashable {
    /// The longest logical (unfolded) line kept, in bytes: 32 MiB, room for a 23 MB photo.
    public var lineLength: Int
    /// The most properties kept in one component.
    public var propertiesPerComponent: Int
    /// The deepest BEGIN/END nesting kept (vCard needs 1, iCalendar 3).
    public var depth: Int

    /// 32 MiB lines, 100,000 properties per component, 64 levels.
    public static let standard = ContentLineLimits(lineLength: 32 << 20, propertiesPerComponent: 100_000, depth: 64)

    /// Makes limits.
    @inlinable public init(lineLength: Int, propertiesPerComponent: Int, depth: Int) {
        self.lineLength = lineLength
        self.propertiesPerComponent = propertiesPerComponent
        self.depth = depth
    }
}
