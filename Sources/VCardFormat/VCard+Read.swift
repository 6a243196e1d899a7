import ContentLines
import Foundation

extension VCard {
    /// What a read gives back: the cards and every problem met.
    public struct ReadResult: Sendable {
        /// The cards, in file order.
        public var cards: [VCard]
        /// The problems, in file order; none of them stopped the read.
        public var warnings: [FormatWarning]
    }

    /// Why a file could not be read at all.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The 1-based line where the reader gave up, or 0.
        public var line: Int
        /// What went wrong and what to do.
        public var message: String
        public var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    /// The three syntaxes a vCard can come in.
    public enum Syntax: String, Sendable {
        /// `BEGIN:VCARD` text (RFC 6350, 2426, vCard 2.1).
        case text
        /// xCard, XML (RFC 6351).
        case xml
        /// jCard, JSON (RFC 7095).
        case json

        /// Guesses from the first non-blank byte: `<` is XML, `[` JSON, anything else text.
        public static func detect(_ bytes: [UInt8]) -> Syntax {
            var i = (bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) ? 3 : 0
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
            guard i < bytes.count else { return .text }
            switch bytes[i] {
            case UInt8(ascii: "<"): return .xml
            case UInt8(ascii: "["): return .json
            default: return .text
            }
        }
    }

    /// Reads every card in a vCard 2.1/3.0/4.0, xCard or jCard file, whichever `bytes` holds.
    ///
    /// - Parameter strict: when true, the first warning is thrown as a ``ReadError`` instead.
    /// - Throws: ``ReadError`` only when no card can be read (not a vCard file, broken XML or
    ///   JSON), naming the line and the reason; or, when `strict`, on the first problem.
    /// - Complexity: O(n).
    public static func read(_ bytes: [UInt8], strict: Bool = false) throws(ReadError) -> ReadResult {
        let result = try readAny(bytes)
        if strict, let first = result.warnings.first {
            throw ReadError(
                line: first.line,
                message:
                    "\(first.property.map { "\($0): " } ?? "")\(first.message) (strict reading stops at the first problem; read without strict to keep going.)")
        }
        return result
    }

    static func readAny(_ bytes: [UInt8]) throws(ReadError) -> ReadResult {
        switch Syntax.detect(bytes) {
        case .xml: return try readXCard(bytes)
        case .json: return try readJCard(bytes)
        case .text:
            var cards: [VCard] = []
            let warnings = try readText(bytes, raw: false) { cards.append($0) }
            return ReadResult(cards: cards, warnings: warnings)
        }
    }

    /// Reads from `Data`; see ``read(_:strict:)-([UInt8],_)``.
    public static func read(_ data: Data, strict: Bool = false) throws(ReadError) -> ReadResult {
        try read([UInt8](data), strict: strict)
    }

    /// Reads text vCards one at a time, so a large address book is never held whole.
    ///
    /// - Parameter body: called with each card as soon as its END:VCARD is read.
    /// - Returns: the warnings.
    /// - Throws: ``ReadError`` if no card at all was found; errors from `body` stop the read
    ///   and are wrapped in a ``ReadError``.
    ///
    /// Each card keeps its lines as read, in bytes: the typed accessors (``formattedName``,
    /// ``emails``…) build only the lines they read, and ``properties`` builds them all the
    /// first time it is read. Values and warnings are those of ``read(_:strict:)-([UInt8],_)``.
    public static func readText(_ bytes: [UInt8], each body: (VCard) throws -> Void) throws(ReadError) -> [FormatWarning] {
        try readText(bytes, raw: true, each: body)
    }

    /// Files from this size on are read on two threads when the machine has two cores or
    /// more: one splits lines, the caller's thread makes the cards (each about half the work).
    /// Below it, starting the thread and handing cards over cost more than they save
    /// (measured on the bench's book, in-process medians of 11 on 2 cores: one thread
    /// against two, 1.5 ms/2.5 ms at 0.3 MB, 6.1/6.3 ms at 1.5 MB, 11.6/9.5 ms at 3 MB,
    /// 31.9/26.2 ms at 8.3 MB).
    static let twoThreadMinimumBytes = 2 << 20

    /// ``readText(_:each:)`` with cards holding their lines as bytes (`raw`) or built.
    ///
    /// - Parameter twoThreads: whether a raw read splits lines on a second thread; nil
    ///   decides by the size of the file and the number of cores. Either way `body` is
    ///   called on the calling thread, and the cards and warnings are the same.
    static func readText(
        _ bytes: [UInt8], raw: Bool, twoThreads: Bool? = nil,
        each body: (VCard) throws -> Void
    ) throws(ReadError) -> [FormatWarning] {
        try readText(VCardLineReader(bytes: bytes), size: bytes.count, raw: raw, twoThreads: twoThreads, each: body)
    }

    /// ``readText(_:each:)-([UInt8],_)`` reading `data` in place (a file read or mapped whole
    /// is never copied: each card copies only its own lines).
    public static func readText(_ data: Data, each body: (VCard) throws -> Void) throws(ReadError) -> [FormatWarning] {
        do {
            return try data.withUnsafeBytes { raw in try readText(raw.bindMemory(to: UInt8.self), each: body) }
        } catch let error as ReadError {
            throw error
        } catch {
            preconditionFailure("readText throws only ReadError")
        }
    }

    /// How many lines of `data` start with `BEGIN:VCARD` (any case): the cards a text file
    /// holds, counted without reading them (for progress).
    public static func cardCount(in data: Data) -> Int {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let begin = Array("begin:vcard".utf8)
            var count = 0
            var i = 0
            while i < bytes.count {
                if i + begin.count <= bytes.count, bytes[i] | 0x20 == 0x62 {
                    var k = 0
                    while k < begin.count, bytes[i + k] | 0x20 == begin[k] { k += 1 }
                    if k == begin.count { count += 1 }
                }
                guard let base = bytes.baseAddress, let nl = memchr(base + i, 0x0A, bytes.count - i) else { break }
                i = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return count
        }
    }

    /// ``readText(_:each:)`` reading `bytes` in place, for instance a mapped file, which is
    /// then never copied whole: each card copies only its own lines. `bytes` must stay
    /// valid and unchanged until this returns.
    package static func readText(_ bytes: UnsafeBufferPointer<UInt8>, each body: (VCard) throws -> Void) throws(ReadError) -> [FormatWarning] {
        try readText(VCardLineReader(borrowing: bytes), size: bytes.count, raw: true, twoThreads: nil, each: body)
    }

    /// ``readText(_:raw:twoThreads:each:)`` with the reader made (owning or borrowing the
    /// `size` bytes of input).
    static func readText(
        _ reader: VCardLineReader, size: Int, raw: Bool, twoThreads: Bool?,
        each body: (VCard) throws -> Void
    ) throws(ReadError) -> [FormatWarning] {
        var reader = reader
        var warnings: [FormatWarning] = []
        var count = 0
        func take(_ component: inout Component, _ lines: inout RawLines) throws {
            guard component.name == "VCARD" else {
                warnings.append(
                    FormatWarning(
                        line: component.line, property: "BEGIN", code: .unknownComponent,
                        message: "BEGIN:\(component.name) is not a vCard; skipped."))
                return
            }
            count += 1
            try body(card(component, lines: &lines, warnings: &warnings))
        }
        do {
            if raw {
                if twoThreads ?? (size >= twoThreadMinimumBytes && ProcessInfo.processInfo.activeProcessorCount > 1) {
                    try reader.takeRawComponentsOnTwoThreads(take)
                } else {
                    try reader.takeRawComponents(take)
                }
            } else {
                try reader.takeComponents({ component in
                    guard component.name == "VCARD" else {
                        warnings.append(
                            FormatWarning(
                                line: component.line, property: "BEGIN", code: .unknownComponent,
                                message: "BEGIN:\(component.name) is not a vCard; skipped."))
                        return
                    }
                    count += 1
                    try body(card(taking: &component, warnings: &warnings))
                })
            }
        } catch {
            throw ReadError(line: 0, message: "Reading stopped: \(error)")
        }
        let all = (reader.warnings + warnings).sorted { $0.line < $1.line }
        if count == 0 {
            let detail = all.first.map { " First problem: \($0)." } ?? ""
            throw ReadError(
                line: all.first?.line ?? 1,
                message: "No vCard found: the file has no BEGIN:VCARD … END:VCARD block. Check that it is a contacts (.vcf) file.\(detail)")
        }
        return all
    }

    /// Makes a card from a parsed VCARD component, checking values and collecting warnings.
    /// The component's properties are taken (moved into the card), not copied.
    static func card(taking component: inout Component, warnings: inout [FormatWarning]) -> VCard {
        var properties: [ContentLine] = []
        swap(&properties, &component.properties)
        let versionIndex = properties.firstIndex { $0.name.sameToken("VERSION") }
        let version = Self.version(
            versionIndex.map { (properties[$0].value, properties[$0].line) }, of: component,
            warnings: &warnings)
        if let versionIndex { properties.remove(at: versionIndex) }
        let card = VCard(version: version, properties: properties, line: component.line)
        card.check(into: &warnings)
        return card
    }

    private static let versionName = RawLine.Name("VERSION")

    /// ``card(taking:warnings:)`` for a component read in raw form: the card keeps `lines`
    /// as bytes; only VERSION and the lines checked are built. VERSION is taken out of
    /// `lines` in place.
    static func card(_ component: Component, lines: inout RawLines, warnings: inout [FormatWarning]) -> VCard {
        let versionIndex = lines.firstIndex(named: versionName)
        let version: VCard.Version
        if let k = versionIndex, component.components.isEmpty, let known = Self.knownVersion(lines, k) {
            // The common case, with nothing to warn about: no value string made.
            version = known
        } else {
            version = Self.version(
                versionIndex.map { (lines.value($0), lines.lines[$0].line) }, of: component,
                warnings: &warnings)
        }
        if let versionIndex { lines.remove(at: versionIndex) }
        let card = VCard(version: version, raw: lines, line: component.line)
        card.checkRaw(lines, into: &warnings)
        return card
    }

    /// The version the line at `k`, kept as bytes, names when its value is exactly `2.1`,
    /// `3.0` or `4.0` between ASCII blanks (what ``version(_:of:warnings:)`` reads without a
    /// warning); nil for anything else, left to it.
    static func knownVersion(_ lines: RawLines, _ k: Int) -> VCard.Version? {
        let l = lines.lines[k]
        guard l.built < 0 else { return nil }
        return lines.bytes.withUnsafeBufferPointer { buf -> VCard.Version? in
            var s = l.valueStart, e = l.end
            while s < e && (buf[s] == 0x20 || buf[s] == 0x09) { s += 1 }
            while e > s && (buf[e - 1] == 0x20 || buf[e - 1] == 0x09) { e -= 1 }
            guard e - s == 3, buf[s + 1] == 0x2E else { return nil }
            switch (buf[s], buf[s + 2]) {
            case (0x33, 0x30): return .v3_0
            case (0x34, 0x30): return .v4_0
            case (0x32, 0x31): return .v2_1
            default: return nil
            }
        }
    }

    /// The version a card's first VERSION line (its value and line number) names, and the
    /// warnings both ways of making a card give: an unknown or missing VERSION (read as the
    /// nearest, or 3.0) and components nested in the card (skipped).
    private static func version(
        _ versionLine: (value: String, line: Int)?, of component: Component,
        warnings: inout [FormatWarning]
    ) -> VCard.Version {
        var version = VCard.Version.v3_0
        if let (value, line) = versionLine {
            let v = value.trimmingASCIISpaces()
            if let known = VCard.Version(rawValue: v) {
                version = known
            } else {
                version = v.hasPrefix("4") ? .v4_0 : v.hasPrefix("2") ? .v2_1 : .v3_0
                warnings.append(
                    FormatWarning(
                        line: line, property: "VERSION", code: .unknownVersion,
                        message: "VERSION:\(v) is not 2.1, 3.0 or 4.0; read as \(version.rawValue)."))
            }
        } else {
            warnings.append(
                FormatWarning(
                    line: component.line, property: "VERSION", code: .missingProperty,
                    message: "Card has no VERSION; read as \(version.rawValue)."))
        }
        for child in component.components {
            warnings.append(
                FormatWarning(
                    line: child.line, property: "BEGIN", code: .unknownComponent,
                    message: "BEGIN:\(child.name) inside a vCard (an embedded AGENT card?) is not supported; skipped."))
        }
        return version
    }

    private static let dateNames = ["ANNIVERSARY", "X-ANNIVERSARY", "DEATHDATE"].map { RawLine.Name($0) }

    /// ``check(into:)`` on lines kept as bytes: names matched in the bytes, only the lines
    /// checked built.
    private func checkRaw(_ lines: RawLines, into warnings: inout [FormatWarning]) {
        var sawFN = false
        for k in lines.lines.indices {
            let l = lines.lines[k]
            switch l.nameEnd - l.nameStart {
            case 2: if l.key == 0x4E46 { sawFN = true }  // FN
            case 3, 4, 5:
                switch l.key {
                case 0x4F_544F_4850, 0x4F47_4F4C, 0x44_4E55_4F53, 0x59_454B:  // PHOTO, LOGO, SOUND, KEY
                    checkMedia(lines.contentLine(k), into: &warnings)
                case 0x5941_4442:  // BDAY
                    if !Self.isRawDate(lines, k) { checkDate(lines.contentLine(k), into: &warnings) }
                default: break
                }
            case 9, 11, 13:
                // ANNIVERS, X-ANNIVE, DEATHDAT: most names of these lengths (X-ABLabel) end here.
                guard l.key == 0x5352_4556_494E_4E41 || l.key == 0x4556_494E_4E41_2D58 || l.key == 0x5441_4448_5441_4544 else { break }
                if Self.dateNames.contains(where: { lines.isNamed(k, $0) }), !Self.isRawDate(lines, k) {
                    checkDate(lines.contentLine(k), into: &warnings)
                }
            default: break
            }
        }
        if !sawFN && version >= .v3_0 {
            warnings.append(
                FormatWarning(
                    line: line, property: "FN", code: .missingProperty,
                    message: "Card has no FN (formatted name); one is made from N, ORG or EMAIL when written."))
        }
    }

    /// Whether the line at `k` is kept as bytes and its value is a date: then ``checkDate``
    /// cannot warn (with VALUE=text it never does; without, the date reads), and the line
    /// need not be built.
    private static func isRawDate(_ lines: RawLines, _ k: Int) -> Bool {
        let l = lines.lines[k]
        guard l.built < 0 else { return false }
        return lines.bytes.withUnsafeBufferPointer { PartialDate.isDate(UnsafeBufferPointer(rebasing: $0[l.valueStart..<l.end])) }
    }

    /// Adds warnings for values that do not fit their property.
    func check(into warnings: inout [FormatWarning]) {
        var sawFN = false
        // Read once: `properties` is computed.
        let properties = self.properties
        for k in properties.indices {
            // Dispatch on the name's length first: most properties need no check, and the
            // length is free where a string comparison is not.
            let name = properties[k].name
            switch name.utf8.count {
            case 2: if name == "FN" { sawFN = true }
            case 3, 4, 5:
                if name.sameToken("PHOTO") || name.sameToken("LOGO") || name.sameToken("SOUND") || name.sameToken("KEY") {
                    checkMedia(properties[k], into: &warnings)
                } else if name.sameToken("BDAY") {
                    checkDate(properties[k], into: &warnings)
                }
            case 9, 11, 13:
                if name.sameToken("ANNIVERSARY") || name.sameToken("X-ANNIVERSARY") || name.sameToken("DEATHDATE") {
                    checkDate(properties[k], into: &warnings)
                }
            default: break
            }
        }
        if !sawFN && version >= .v3_0 {
            warnings.append(
                FormatWarning(
                    line: line, property: "FN", code: .missingProperty,
                    message: "Card has no FN (formatted name); one is made from N, ORG or EMAIL when written."))
        }
    }

    /// Warns when an inline PHOTO, LOGO, SOUND or KEY is not base64, or a data: URI has no comma.
    private func checkMedia(_ p: ContentLine, into warnings: inout [FormatWarning]) {
        var value = p.value
        switch value.withUTF8({ Self.checkDataURI($0) }) {
        case .notData:
            // Base64 with ENCODING=b (the common case, a photo of many kilobytes): validated in
            // place, with no copy; blanks left by folding are skipped as by `Base64.decode`.
            if let encoding = p.firstParameter("ENCODING"),
                encoding.caseInsensitiveEquals("b") || encoding.caseInsensitiveEquals("base64"),
                !Base64.isValid(p.value)
            {
                warnBadBase64(p, into: &warnings)
            }
            return
        case .valid:
            return
        case .badBase64:
            warnBadBase64(p, into: &warnings)
            return
        case .unsure:
            break
        }
        guard let media = RawMedia(line: p) else {
            warnings.append(
                FormatWarning(
                    line: p.line, property: p.name, code: .invalidValue,
                    message: "data: URI has no comma; kept as written."))
            return
        }
        if case .inline(let b64, _) = media, !Base64.isValid(b64) {
            warnBadBase64(p, into: &warnings)
        }
    }

    /// What ``checkMedia(_:into:)`` finds of a value, judged in its bytes.
    enum DataURICheck: Equatable {
        /// Not a `data:` URI.
        case notData
        /// A `data:` URI whose payload decodes (or is not base64: it is then encoded).
        case valid
        /// A `data:` URI marked base64 whose payload is not.
        case badBase64
        /// A `data:` URI to judge as `RawMedia` reads it (in characters): one with no comma,
        /// or non-ASCII bytes where a character could join the bytes around the comma.
        case unsure
    }

    /// Whether the value `v` is a `data:` URI and whether its payload is base64, as
    /// ``RawMedia`` and ``Base64/isValid(_:)`` judge it, without the strings they make: the
    /// comma and the `;`-separated header are found in the bytes, which is the same as in
    /// characters when every byte up to the one after the comma is ASCII.
    static func checkDataURI(_ v: UnsafeBufferPointer<UInt8>) -> DataURICheck {
        let n = v.count
        guard n >= 5, v[0] == 0x64, v[1] == 0x61, v[2] == 0x74, v[3] == 0x61, v[4] == 0x3A else { return .notData }
        var i = 5
        while i < n && v[i] != 0x2C {
            if v[i] >= 0x80 { return .unsure }
            i += 1
        }
        // No comma: RawMedia gives nil, which is warned as it reads it.
        if i == n || (i + 1 < n && v[i + 1] >= 0x80) { return .unsure }
        // The header's parts (split on `;`), any of them `base64` in any case.
        var base64 = false
        var s = 5
        while s <= i {
            var e = s
            while e < i && v[e] != 0x3B { e += 1 }
            if e - s == 6 {
                var x: UInt64 = 0
                for j in 0..<6 {
                    let b = v[s + j]
                    x |= UInt64((b >= 0x41 && b <= 0x5A) ? b | 0x20 : b) << (8 * UInt64(j))
                }
                if x == 0x34_3665_7361_62 { base64 = true }  // "base64"
            }
            s = e + 1
        }
        guard base64 else { return .valid }
        return Base64.isValid(bytes: UnsafeBufferPointer(rebasing: v[(i + 1)...])) ? .valid : .badBase64
    }

    private func warnBadBase64(_ p: ContentLine, into warnings: inout [FormatWarning]) {
        warnings.append(
            FormatWarning(
                line: p.line, property: p.name, code: .badBase64,
                message: "Inline \(p.name.lowercased()) is not valid base64; kept as written but it cannot be shown."))
    }

    /// Warns when a BDAY-like value is not a date (unless VALUE=text).
    private func checkDate(_ p: ContentLine, into warnings: inout [FormatWarning]) {
        let isText = p.firstParameter("VALUE")?.caseInsensitiveEquals("text") ?? false
        if !isText && PartialDate(line: p) == nil {
            warnings.append(
                FormatWarning(
                    line: p.line, property: p.name, code: .invalidValue,
                    message: "\"\(p.value.prefix(40))\" is not a date; kept as text."))
        }
    }
}
