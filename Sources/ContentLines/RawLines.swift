/// The unfolded content lines of one component kept as bytes, with an index per line, so
/// that a reader can build a ``ContentLine`` (strings, parameter arrays) only for the lines
/// it looks at. Made by ``ContentLineReader`` when reading components in raw form.
///
/// A line whose value needed decoding (quoted-printable, a CHARSET, bytes that are not
/// UTF-8) is kept already built, because decoding it may warn and warnings belong to the
/// read; every other line is kept as its bytes, and building it later gives exactly the line
/// the reader would have returned.
@usableFromInline package struct RawLines: Sendable {
    /// The logical lines in file order (folding undone, NUL bytes removed), each where its
    /// ``RawLine`` says; for lines kept built, only the part before the value counts. Bytes
    /// between lines (the line breaks of lines copied from the input in one run, the value of
    /// a line kept built) belong to no line.
    @usableFromInline package var bytes: [UInt8] = []
    /// One entry per line, in file order.
    @usableFromInline package var lines: [RawLine] = []
    /// The lines kept built, pointed to by ``RawLine/built``.
    @usableFromInline package var built: [ContentLine] = []

    @inlinable package init() {}

    /// The content line at `k`, built from its bytes when not kept built.
    @inlinable package func contentLine<Dialect: ContentLineDialect>(_ k: Int, _ dialect: Dialect.Type) -> ContentLine {
        let l = lines[k]
        if l.built >= 0 { return built[l.built] }
        var ignored: [FormatWarning] = []
        let parsed = bytes.withUnsafeBufferPointer { buf in
            ContentLineReader<Dialect>.parse(UnsafeBufferPointer(rebasing: buf[l.start..<l.end]), line: l.line, warnings: &ignored)
        }
        // Only lines that parse without a warning are kept as bytes.
        return parsed!
    }

    /// Takes the last line off.
    @inlinable package mutating func removeLast() {
        let l = lines.removeLast()
        bytes.removeLast(bytes.count - l.start)
        if l.built >= 0 { built.removeLast() }
    }

    /// Takes the line at `k` off the index (its bytes stay).
    @usableFromInline package mutating func remove(at k: Int) {
        let l = lines.remove(at: k)
        if l.built >= 0 {
            built.remove(at: l.built)
            for j in lines.indices where lines[j].built > l.built { lines[j].built -= 1 }
        }
    }

    /// The value of the line at `k`, still TEXT-escaped (as ``ContentLine/value``).
    @usableFromInline package func value(_ k: Int) -> String {
        let l = lines[k]
        if l.built >= 0 { return built[l.built].value }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[l.valueStart..<l.end]), as: UTF8.self) }
    }

    /// The value of the line at `k` without ASCII blanks around it, uppercased: the name a
    /// BEGIN or END line gives. Common names ("VCARD") are literals, with no string made.
    @inlinable package func componentName<Dialect: ContentLineDialect>(_ k: Int, _ dialect: Dialect.Type) -> String {
        let l = lines[k]
        if l.built < 0, let known = bytes.withUnsafeBufferPointer({ ContentLineReader<Dialect>.knownUppercased($0, l.valueStart, l.end) }) {
            // A literal is all uppercase ASCII with no blanks: what trimming and uppercasing give.
            return known
        }
        return value(k).trimmingASCIISpaces().uppercasedIfNeeded
    }

    /// The group of the line at `k` (as ``ContentLine/group``), or nil.
    @usableFromInline package func group(_ k: Int) -> String? {
        let l = lines[k]
        guard l.nameStart > l.start else { return nil }
        if l.built >= 0 { return built[l.built].group }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[l.groupStart..<(l.nameStart - 1)]), as: UTF8.self) }
    }

    /// Every line built, in order.
    @inlinable package func contentLines<Dialect: ContentLineDialect>(_ dialect: Dialect.Type) -> [ContentLine] {
        var result: [ContentLine] = []
        result.reserveCapacity(lines.count)
        for k in lines.indices { result.append(contentLine(k, dialect)) }
        return result
    }

    /// Whether the line at `k` is named `name`, given as ``RawLine/key(_:)`` of its uppercase bytes.
    @inline(__always)
    @inlinable package func isNamed(_ k: Int, _ name: RawLine.Name) -> Bool {
        let l = lines[k]
        guard l.nameEnd - l.nameStart == name.count, l.key == name.key else { return false }
        if name.count <= 8 { return true }
        return bytes.withUnsafeBufferPointer { buf in
            var i = l.nameStart + 8
            for y in name.upper.utf8.dropFirst(8) {
                var b = buf[i]
                if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                if b != y { return false }
                i += 1
            }
            return true
        }
    }

    /// The index of the first line from `k` on named `name`, or nil: one call for a whole
    /// search, with the per-line test inlined here (``isNamed(_:_:)`` is not inlined
    /// across modules).
    @usableFromInline package func firstIndex(named name: RawLine.Name, from k: Int = 0) -> Int? {
        var j = k
        let count = lines.count
        while j < count {
            if isNamed(j, name) { return j }
            j += 1
        }
        return nil
    }

    /// Whether the line at `k` has the group `group` (ASCII case-insensitive).
    @usableFromInline package func hasGroup(_ k: Int, _ group: String) -> Bool {
        let l = lines[k]
        guard l.nameStart > l.start else { return false }
        let gs = l.groupStart, ge = l.nameStart - 1
        let g = group.utf8
        guard g.count == ge - gs else { return false }
        return bytes.withUnsafeBufferPointer { buf in
            var i = gs
            for y in g {
                let x = buf[i]
                let lx = (x >= 65 && x <= 90) ? x | 0x20 : x
                let ly = (y >= 65 && y <= 90) ? y | 0x20 : y
                if lx != ly { return false }
                i += 1
            }
            return true
        }
    }
}

/// Where one line of ``RawLines`` lies in its bytes.
@usableFromInline package struct RawLine: Sendable {
    /// The 1-based physical line on which the property starts.
    @usableFromInline package var line: Int
    /// The line's first byte.
    @usableFromInline package var start: Int
    /// The group's first byte (when `nameStart > start`, the group ends at `nameStart - 1`).
    @usableFromInline package var groupStart: Int
    /// The property name's bounds.
    @usableFromInline package var nameStart: Int
    @usableFromInline package var nameEnd: Int
    /// The first byte of the value (after the colon).
    @usableFromInline package var valueStart: Int
    /// The end of the line (for a line kept built, the start of its value).
    @usableFromInline package var end: Int
    /// The first eight bytes of the name, uppercased, packed first byte lowest.
    @usableFromInline package var key: UInt64
    /// The index in ``RawLines/built`` of a line kept built, or -1.
    @usableFromInline package var built: Int

    @inlinable
    init(line: Int, start: Int, groupStart: Int, nameStart: Int, nameEnd: Int, valueStart: Int, end: Int, key: UInt64, built: Int) {
        self.line = line
        self.start = start
        self.groupStart = groupStart
        self.nameStart = nameStart
        self.nameEnd = nameEnd
        self.valueStart = valueStart
        self.end = end
        self.key = key
        self.built = built
    }

    /// A property name prepared for matching against lines.
    @usableFromInline package struct Name: Sendable {
        @usableFromInline package var count: Int
        @usableFromInline package var key: UInt64
        /// The name, uppercased, when longer than eight bytes (else empty).
        @usableFromInline package var upper: String

        /// BEGIN and END, which the reader looks for on every line.
        @usableFromInline package static let begin = Name("BEGIN"), end = Name("END")

        /// Prepares `name` (any case).
        package init(_ name: String) {
            var copy = name
            (count, key) = copy.withUTF8 { ($0.count, RawLine.key($0, 0, min(8, $0.count))) }
            upper = count > 8 ? name.uppercasedIfNeeded : ""
        }
    }

    /// Up to eight bytes `buf[s..<e]`, ASCII uppercased, packed first byte lowest.
    @inline(__always)
    @inlinable package static func key(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> UInt64 {
        var key: UInt64 = 0
        var k = e
        while k > s {
            k -= 1
            var b = buf[k]
            if b >= 0x61 && b <= 0x7A { b -= 0x20 }
            key = key << 8 | UInt64(b)
        }
        return key
    }
}
