import Foundation
import KithBase

/// Reading physical lines and unfolding them into logical lines: line breaks, NUL bytes,
/// the line-length limit (``ContentLineScan`` does the byte scanning), and, when the dialect
/// has them (``ContentLineDialect/hasLegacyContinuations``), the bare base64 and
/// quoted-printable continuations of vCard 2.1, which it recognises.
extension ContentLineReader {
    /// In raw mode: appends the next logical line to ``rawLines``; false at the end of the input.
    /// Lines are read by ``fastRaw(_:)``, or by ``nextItem()`` when that cannot.
    ///
    /// With `run` (the caller is inside one top-level component, not skipping), lines that
    /// the caller would only keep (not BEGIN or END, within the property limit) are read on
    /// in this loop, and it returns with the first other line appended last (or at the end).
    @inlinable mutating func nextRaw(_ buf: UnsafeBufferPointer<UInt8>, run: Bool) -> Bool {
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
    @usableFromInline enum RawStep {
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
    @inlinable mutating func fastRaw(_ buf: UnsafeBufferPointer<UInt8>) -> RawStep {
        let count = buf.count
        var pos = position
        guard pos < count, let p = buf.baseAddress else { return .end }
        var lineNo = lineNumber
        // Blank lines.
        while p[pos] == 0x0A || p[pos] == 0x0D {
            pos = ContentLineScan.afterBreak(p, pos, count)
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
        var e = ContentLineScan.lineEnd(p, pos, count, &seen)
        if e < count && p[e] == 0 { return .general }
        let firstEnd = e
        var length = e - pos
        if length > limits.lineLength { return .general }
        var last = p[e - 1]
        pos = ContentLineScan.afterBreak(p, e, count)
        lineNo += 1
        // Once the line continues on another physical line, its pieces are copied one after
        // another into `rawLines.bytes` from `start`; until then it is only in the input.
        var joined = false
        var start = 0
        var qpChecked = false
        var isQP = false
        while pos < count {
            let next = p[pos]
            if Dialect.hasLegacyContinuations && last == 0x3D {
                // Possibly a quoted-printable soft break (asked as `nextItem` asks).
                if !qpChecked {
                    isQP =
                        joined
                        ? rawLines.bytes.withUnsafeBufferPointer {
                            Dialect.declaresQuotedPrintable(ContentLineBytes(UnsafeBufferPointer(rebasing: $0[start...])))
                        }
                        : Dialect.declaresQuotedPrintable(ContentLineBytes(UnsafeBufferPointer(rebasing: buf[s..<firstEnd])))
                    qpChecked = true
                }
                if isQP && next != 0x0A && next != 0x0D {
                    // vCard 2.1 quoted-printable soft line break: drop the '=' and join.
                    if !joined { start = beginJoining(buf, s, firstEnd); joined = true }
                    rawLines.bytes.removeLast()
                    length -= 1
                    e = ContentLineScan.lineEnd(p, pos, count, &seen)
                    length += e - pos
                    if (e < count && p[e] == 0) || length > limits.lineLength {
                        rawLines.bytes.removeLast(rawLines.bytes.count - start)
                        return .general
                    }
                    // (`next` is not a line break, so the piece is not empty.)
                    rawLines.bytes.append(contentsOf: UnsafeBufferPointer(start: p + pos, count: e - pos))
                    last = p[e - 1]
                    pos = ContentLineScan.afterBreak(p, e, count)
                    lineNo += 1
                    continue
                }
            }
            if next == 0x20 || next == 0x09 {
                // RFC folding: drop the line break and one whitespace.
                if !joined { start = beginJoining(buf, s, firstEnd); joined = true }
                let ns = pos + 1
                e = ContentLineScan.lineEnd(p, ns, count, &seen)
                length += e - ns
                if (e < count && p[e] == 0) || length > limits.lineLength {
                    rawLines.bytes.removeLast(rawLines.bytes.count - start)
                    return .general
                }
                if e > ns {
                    rawLines.bytes.append(contentsOf: UnsafeBufferPointer(start: p + ns, count: e - ns))
                    last = p[e - 1]
                }
                pos = ContentLineScan.afterBreak(p, e, count)
                lineNo += 1
                continue
            }
            if Dialect.hasLegacyContinuations, Dialect.isBareBase64Line(ContentLineBytes(buf), at: pos),
                joined
                    ? rawLines.bytes.withUnsafeBufferPointer({ Dialect.declaresBase64(ContentLineBytes(UnsafeBufferPointer(rebasing: $0[start...]))) })
                    : Dialect.declaresBase64(ContentLineBytes(UnsafeBufferPointer(rebasing: buf[s..<firstEnd])))
            {
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
        var (entry, asBytes) = ContentLineScan.index(line, start: pendingBase + (s - pendingStart), line: startLine, ascii: ascii)
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
    @inlinable mutating func flushPending(_ buf: UnsafeBufferPointer<UInt8>) {
        guard pendingEnd > pendingStart else { return }
        assert(rawLines.bytes.count == pendingBase)
        rawLines.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[pendingStart..<pendingEnd]))
        pendingStart = pendingEnd
    }

    /// When the last line of ``rawLines`` (a BEGIN or END line kept as bytes) is the last of
    /// the lines still in the input (``fastRaw(_:)``): copies only the lines before it, takes
    /// it off, and returns its value as ``RawLines/componentName(_:)`` gives it. Else nil,
    /// with nothing changed.
    @inlinable mutating func dropPendingBoundary(_ buf: UnsafeBufferPointer<UInt8>) -> String? {
        guard pendingEnd > pendingStart, let l = rawLines.lines.last, l.built < 0, l.start >= pendingBase else { return nil }
        // Where the line's bytes are in the input.
        let shift = pendingStart - pendingBase
        let vs = l.valueStart + shift, ve = l.end + shift
        let name: String
        if ve - vs == 5 && buf[vs] == 0x56 && buf[vs + 1] == 0x43 && buf[vs + 2] == 0x41 && buf[vs + 3] == 0x52 && buf[vs + 4] == 0x44 {
            // "VCARD" as written: by far the most common, matched at once.
            name = "VCARD"
        } else {
            name =
                Self.knownUppercased(buf, vs, ve)
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
    @inlinable mutating func beginJoining(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Int {
        flushPending(buf)
        let start = rawLines.bytes.count
        rawLines.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[s..<e]))
        return start
    }

    /// One line read: built, or (in raw mode) appended to ``rawLines`` as its last line.
    @usableFromInline enum Item {
        case line(ContentLine)
        case raw
    }

    @inlinable mutating func nextItem() -> Item? {
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
                if Dialect.hasLegacyContinuations && last == 0x3D, position < count {
                    if !qpChecked {
                        let (ls, le) = (s, e)
                        isQP =
                            folded
                            ? scratch.withUnsafeBufferPointer { Dialect.declaresQuotedPrintable(ContentLineBytes($0)) }
                            : Dialect.declaresQuotedPrintable(ContentLineBytes(UnsafeBufferPointer(rebasing: bytes[ls..<le])))
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
                if Dialect.hasLegacyContinuations, position < count, Dialect.isBareBase64Line(ContentLineBytes(bytes), at: position),
                    folded
                        ? scratch.withUnsafeBufferPointer({ Dialect.declaresBase64(ContentLineBytes($0)) })
                        : Dialect.declaresBase64(ContentLineBytes(UnsafeBufferPointer(rebasing: bytes[s..<e])))
                {
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
                warnings.append(
                    FormatWarning(
                        line: startLine, property: name.isEmpty ? nil : name.uppercased(), code: .lineTooLong,
                        message:
                            "Line is \(Self.size(length)) long, over the \(Self.size(limits.lineLength)) limit for one line (a huge photo or attachment?); skipped. Shrink or remove it and read the file again."
                    ))
                scratch.removeAll()
                continue
            }
            // NUL bytes (binary data, or UTF-16 without a byte order mark) are dropped, once warned.
            let hasNUL =
                folded
                ? scratch.withUnsafeBufferPointer { ContentLineScan.containsNUL($0, 0, $0.count) }
                : ContentLineScan.containsNUL(bytes, s, e)
            if hasNUL {
                if !folded { scratch.removeAll(keepingCapacity: true); scratch.append(contentsOf: bytes[s..<e]); folded = true }
                let before = scratch.count
                scratch.removeAll { $0 == 0 }
                warnings.append(
                    FormatWarning(
                        line: startLine, property: nil, code: .nulByte,
                        message:
                            "Line holds \(before - scratch.count) NUL byte(s) (binary data, or UTF-16 text without a byte order mark?); they were removed. Check that this is a text file."
                    ))
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
    @usableFromInline static func size(_ bytes: Int) -> String { ByteCount.text(bytes) }

    /// Advances past one physical line; returns its bounds without the line break.
    @inline(__always)
    @inlinable mutating func nextPhysicalLine() -> (Int, Int) {
        let start = position
        let count = bytes.count
        let end = ContentLineScan.lineBreak(bytes, from: start)
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

}
