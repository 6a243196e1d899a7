import ContentLines
import Foundation

/// One contact card: every property in file order, with typed access to the ones people use.
///
/// Properties are kept as ``ContentLine``s exactly as read (quoted-printable and charsets
/// decoded, values still TEXT-escaped), so unknown, `X-` and grouped properties such as
/// Apple's `item1.X-ABLabel` survive a round trip. Typed accessors (``formattedName``,
/// ``emails``, ``birthday``…) read and replace those lines. Writers convert the lines to the
/// target version (see ``VCardWriter``). A card from ``readText(_:each:)`` holds its lines
/// as the bytes read until ``properties`` is first read; the typed accessors
/// read those bytes directly.
public struct VCard: Hashable, Sendable {
    /// The vCard version the properties are written in.
    public var version: Version
    /// The 1-based line of BEGIN:VCARD (0 when built in code or read from JSON/XML without lines).
    public var line: Int
    /// The properties: built, or (a card from ``readText(_:each:)``) the lines as read, in bytes.
    var storage: Storage

    enum Storage: Sendable {
        case built([ContentLine])
        case raw(RawCard)
    }

    /// Every property except BEGIN, END and VERSION, in order.
    ///
    /// A card from ``readText(_:each:)`` keeps its lines as bytes; they are built the first
    /// time this is read (once, shared by the copies of the card). The typed accessors read
    /// the bytes of the lines they need without building the rest.
    public var properties: [ContentLine] {
        get {
            switch storage {
            case .built(let lines): return lines
            case .raw(let raw): return raw.properties
            }
        }
        set { storage = .built(newValue) }
        _modify {
            var lines = properties
            storage = .built([])
            defer { storage = .built(lines) }
            yield &lines
        }
    }

    /// Makes a card; properties are expected in the form of `version`.
    public init(version: Version = .v4_0, properties: [ContentLine] = [], line: Int = 0) {
        self.version = version
        self.storage = .built(properties)
        self.line = line
    }

    /// Makes a card holding its lines as bytes.
    init(version: Version, raw: RawLines, line: Int) {
        self.version = version
        self.storage = .raw(RawCard(raw))
        self.line = line
    }

    public static func == (a: VCard, b: VCard) -> Bool {
        a.version == b.version && a.line == b.line && a.properties == b.properties
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(properties)
        hasher.combine(line)
    }

    /// A vCard version.
    public enum Version: String, Hashable, Sendable, CaseIterable, Comparable {
        /// vCard 2.1 (1996; Outlook, Android, old phones). Read only.
        case v2_1 = "2.1"
        /// vCard 3.0 (RFC 2426; Apple, Google).
        case v3_0 = "3.0"
        /// vCard 4.0 (RFC 6350).
        case v4_0 = "4.0"

        public static func < (a: Version, b: Version) -> Bool { a.rawValue < b.rawValue }
    }

    /// The property names the typed accessors read and write (their `X-` forms included);
    /// everything else is for the caller to keep verbatim.
    public static let typedPropertyNames: Set<String> = [
        "FN", "N", "NICKNAME", "PHOTO", "LOGO", "BDAY", "ANNIVERSARY", "X-ANNIVERSARY", "EMAIL", "TEL", "ADR", "ORG",
        "TITLE", "ROLE", "URL", "NOTE", "CATEGORIES", "UID", "REV", "GEO", "TZ", "GENDER", "X-GENDER", "RELATED",
        "X-RELATED", "IMPP", "KIND", "X-KIND", "X-ADDRESSBOOKSERVER-KIND", "MEMBER", "X-MEMBER", "X-ADDRESSBOOKSERVER-MEMBER", "INTEREST", "X-INTEREST",
        "HOBBY", "X-HOBBY",
        "EXPERTISE", "X-EXPERTISE",
    ]

    /// The properties named `name` (case-insensitive), in order.
    public func properties(named name: String) -> [ContentLine] {
        if case .raw(let raw) = storage {
            let key = RawLine.Name(name)
            var result: [ContentLine] = []
            let lines = raw.lines
            var next = lines.firstIndex(named: key)
            while let k = next {
                result.append(lines.contentLine(k))
                next = lines.firstIndex(named: key, from: k + 1)
            }
            return result
        }
        let upper = name.uppercasedIfNeeded
        return properties.filter { $0.name.sameToken(upper) }
    }

    /// The first property named `name`, or nil.
    public func property(_ name: String) -> ContentLine? {
        if case .raw(let raw) = storage {
            let key = RawLine.Name(name)
            let lines = raw.lines
            return lines.firstIndex(named: key).map { lines.contentLine($0) }
        }
        let upper = name.uppercasedIfNeeded
        return properties.first { $0.name.sameToken(upper) }
    }

    /// Replaces every property named one of `names` by `lines`, placed where the first one was
    /// (or at the end).
    public mutating func replaceProperties(named names: Set<String>, with lines: [ContentLine]) {
        let upper = Set(names.map { $0.uppercased() })
        let index = properties.firstIndex { upper.contains($0.name) } ?? properties.endIndex
        var kept: [ContentLine] = []
        var inserted = false
        for (k, p) in properties.enumerated() {
            if k == index && !inserted { kept += lines; inserted = true }
            if !upper.contains(p.name) { kept.append(p) }
        }
        if !inserted { kept += lines }
        properties = kept
    }

    /// Whether two cards have the same version and the same properties (group, name,
    /// parameters, value) in the same order, ignoring line numbers.
    public func sameContent(as other: VCard) -> Bool {
        version == other.version && properties.count == other.properties.count
            && zip(properties, other.properties).allSatisfy { $0.sameContent(as: $1) }
    }
}

/// A card's lines as read (bytes and an index), and its properties once built from them.
/// Immutable apart from that cache, which a mutex guards: copies of a card share it.
// @unchecked: its buffer is immutable but for the built properties, which its mutex guards.
struct RawCard: @unchecked Sendable {
    /// The lines and the cache, with the mutex in the same allocation.
    private let buffer: RawCardBuffer

    init(_ lines: RawLines) {
        buffer = RawCardBuffer.make(lines)
    }

    var lines: RawLines { buffer.lines }

    /// Every line built, in order; built on first use.
    var properties: [ContentLine] { buffer.properties }
}

/// The object behind a ``RawCard``: one allocation per card, the mutex in its tail (a stable
/// address, as a pthread mutex needs), where an `NSLock` was a second object to make,
/// initialise and free with every card read. (`ManagedBuffer` cannot be `Sendable`, hence
/// the struct around it.)
final class RawCardBuffer: ManagedBuffer<RawCardBuffer.Header, pthread_mutex_t> {
    struct Header {
        let lines: RawLines
        var cache: [ContentLine]?
    }

    /// Makes the object for `lines`, its mutex initialised.
    static func make(_ lines: RawLines) -> RawCardBuffer {
        let made = unsafeDowncast(create(minimumCapacity: 1) { _ in Header(lines: lines, cache: nil) }, to: RawCardBuffer.self)
        _ = made.withUnsafeMutablePointerToElements { pthread_mutex_init($0, nil) }
        return made
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }

    /// The lines as read; read through a pointer, so the cache beside them is not touched
    /// (another thread may be building it).
    var lines: RawLines { withUnsafeMutablePointerToHeader { $0.pointee.lines } }

    /// Every line built, in order; built on first use, under the mutex.
    var properties: [ContentLine] {
        withUnsafeMutablePointers { header, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            if let cache = header.pointee.cache { return cache }
            let built = header.pointee.lines.contentLines()
            header.pointee.cache = built
            return built
        }
    }
}
