import Foundation

/// One content line of a calendar: name, parameters and value, with the line it came from.
///
/// `value` is the value exactly as written in iCalendar text (escapes kept), so that
/// unknown properties round-trip untouched; typed accessors decode it.
///
/// A property read from text does not own strings of its own: it shares its component's
/// bytes (one buffer per component, unfolded) and knows where its value and raw parameters
/// lie in them. `value` and `parameters` are built from there when asked for (invalid
/// UTF-8 repaired then, value by value); most are never read, so they are never made.
/// Setting either makes the property own it.
public struct ICalProperty: Hashable, Sendable {
    /// The name, upper-cased (`DTSTART`, `X-WR-CALNAME`).
    public var name: String
    /// The value, when the property owns it (`valueEnd` is ``owned``).
    private var storage: String
    /// For a property read from text, its component's bytes: the value is at
    /// `valueStart..<valueEnd`.
    private var shared: [UInt8] = []
    private var valueStart: UInt32
    private var valueEnd: UInt32
    /// The raw parameters in `shared` (from the first `;` up to the value's `:`), not yet
    /// parsed; an empty range when `ownParameters` holds them.
    private var rawStart: UInt32 = 0
    private var rawEnd: UInt32 = 0
    private var ownParameters: [ICalParameter]
    /// The 1-based line the property started on; 0 for one built in code. Not part of equality.
    public var line: Int

    public init(name: String, value: String, parameters: [ICalParameter] = [], line: Int = 0) {
        self.init(uncheckedName: name.asciiUppercased, value: value, parameters: parameters, line: line)
    }

    init(uncheckedName name: String, value: String, parameters: [ICalParameter], line: Int) {
        self.name = name
        self.line = line
        ownParameters = parameters
        storage = value
        valueStart = 0
        valueEnd = Self.owned
    }

    /// `valueEnd` of a property whose `storage` is its value.
    private static let owned = UInt32.max

    /// A property being read from text: its value and raw parameters are ranges (below
    /// 4 GiB) of its component's bytes, which ``share(_:)`` hands over when the component ends.
    init(
        uncheckedName name: String, value: Range<Int>, rawParameters: Range<Int>,
        parameters: [ICalParameter], line: Int
    ) {
        self.name = name
        self.line = line
        storage = ""
        valueStart = UInt32(truncatingIfNeeded: value.lowerBound)
        valueEnd = UInt32(truncatingIfNeeded: value.upperBound)
        rawStart = UInt32(truncatingIfNeeded: rawParameters.lowerBound)
        rawEnd = UInt32(truncatingIfNeeded: rawParameters.upperBound)
        ownParameters = parameters
    }

    /// Gives a property being read its component's bytes (one owning its value keeps it).
    @inline(__always)
    mutating func share(_ bytes: [UInt8]) {
        if valueEnd != Self.owned { shared = bytes }
    }

    /// Whether `storage` is the value.
    @inline(__always)
    private var ownsValue: Bool { valueEnd == Self.owned }

    /// The raw value as in iCalendar text.
    public var value: String {
        get {
            if ownsValue { return storage }
            return withValueBytes { String(decoding: $0, as: UTF8.self) }
        }
        set {
            if rawEnd > rawStart { ownParameters = parameters; rawStart = 0; rawEnd = 0 }
            shared = []
            storage = newValue
            valueStart = 0
            valueEnd = Self.owned
        }
    }

    /// The parameters, in order.
    public var parameters: [ICalParameter] {
        get {
            guard rawEnd > rawStart else { return ownParameters }
            return shared.withUnsafeBufferPointer { ICalParameter.parseList($0, Int(rawStart), Int(rawEnd)) }
        }
        set {
            ownParameters = newValue
            rawStart = 0; rawEnd = 0
            if !ownsValue {
                storage = value
                valueStart = 0; valueEnd = Self.owned
            }
            shared = []
        }
    }

    /// Whether the property has no parameters, without parsing them.
    var hasNoParameters: Bool { rawEnd > rawStart ? false : ownParameters.isEmpty }

    /// Calls `body` with the bytes of the value (as read: not checked for UTF-8), without building a string.
    @inline(__always)
    func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if ownsValue {
            if let r = try storage.utf8.withContiguousStorageIfAvailable(body) { return r }
            var s = storage
            return try s.withUTF8(body)
        }
        return try shared.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[Int(valueStart)..<Int(valueEnd)])) }
    }

    /// A TEXT property, escaping `\ ; ,` and newlines.
    public static func text(_ name: String, _ text: String, parameters: [ICalParameter] = []) -> ICalProperty {
        ICalProperty(name: name, value: ICalText.escape(text), parameters: parameters)
    }

    /// The first value of a parameter, by case-insensitive name.
    public func parameter(_ name: String) -> String? {
        if hasNoParameters { return nil }
        return parameter(upper: name.asciiUppercased)
    }

    /// ``parameter(_:)`` for a name already upper-cased.
    @inline(__always)
    func parameter(upper n: String) -> String? {
        if rawEnd > rawStart {
            var name = n
            return name.withUTF8 { want in
                shared.withUnsafeBufferPointer { ICalParameter.firstValue(of: want, in: $0, Int(rawStart), Int(rawEnd)) }
            }
        }
        let count = n.utf8.count
        for p in ownParameters where p.name.utf8.count == count && p.name == n { return p.firstValue }
        return nil
    }

    /// Sets (or removes, with nil) a single-valued parameter.
    public mutating func setParameter(_ name: String, _ value: String?) {
        let n = name.uppercased()
        var list = parameters
        if let i = list.firstIndex(where: { $0.name == n }) {
            if let value { list[i].values = [value] } else { list.remove(at: i) }
        } else if let value {
            list.append(ICalParameter(name: n, values: [value]))
        }
        parameters = list
    }

    /// The value read as TEXT (escapes undone).
    public var text: String {
        if ownsValue { return ICalText.unescape(storage) }
        return withValueBytes(Self.text(bytes:))
    }

    /// TEXT from the bytes of a value.
    static func text(bytes b: UnsafeBufferPointer<UInt8>) -> String {
        guard b.count > 1, let base = b.baseAddress, var p = memchr(base, 92, b.count) else {
            return String(decoding: b, as: UTF8.self)
        }
        // Escapes are undone as in the value decoded first (invalid UTF-8 repaired), so a
        // backslash never joins the bytes on either side of it into one character. When
        // every backslash follows an ASCII byte, undoing them in the bytes gives the same.
        while true {
            let i = UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
            if i > 0, b[i - 1] >= 0x80 {
                return ICalText.unescapeIfValid(bytes: b) ?? ICalText.unescape(String(decoding: b, as: UTF8.self))
            }
            guard i + 1 < b.count, let next = memchr(base + i + 1, 92, b.count - i - 1) else { break }
            p = next
        }
        return ICalText.unescape(bytes: b)
    }

    // MARK: Reading a property where it lies
    //
    // A getter handed a property from its component's array gets a copy: four strings and
    // buffers retained, then released. These read one in place, through a pointer into the
    // array, loading only the fields they use.

    /// ``withValueBytes(_:)`` of the property at `p`.
    @inline(__always)
    static func withValueBytes<R>(at p: UnsafePointer<ICalProperty>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let start = Int(p.pointee.valueStart), end = p.pointee.valueEnd
        if end == owned { return try p.pointee.storage.utf8.withContiguousStorageIfAvailable(body) ?? p.pointee.withValueBytes(body) }
        return try p.pointee.shared.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<Int(end)])) }
    }

    /// ``value`` of the property at `p`.
    @inline(__always)
    static func value(at p: UnsafePointer<ICalProperty>) -> String {
        if p.pointee.valueEnd == owned { return p.pointee.storage }
        return withValueBytes(at: p) { String(decoding: $0, as: UTF8.self) }
    }

    /// ``text`` of the property at `p`.
    @inline(__always)
    static func text(at p: UnsafePointer<ICalProperty>) -> String {
        if p.pointee.valueEnd == owned { return ICalText.unescape(p.pointee.storage) }
        return withValueBytes(at: p, text(bytes:))
    }

    /// The parameters of the property at `p` as pieces: the raw text when read from text,
    /// else each name and value; one piece (maybe empty) at least.
    static func forEachParameterPiece(at p: UnsafePointer<ICalProperty>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let rs = Int(p.pointee.rawStart), re = Int(p.pointee.rawEnd)
        if re > rs {
            p.pointee.shared.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[rs..<re])) }
            return
        }
        body(UnsafeBufferPointer(start: nil, count: 0))
        for parameter in p.pointee.ownParameters {
            var name = parameter.name
            name.withUTF8(body)
            for v in parameter.values {
                var v = v
                v.withUTF8(body)
            }
        }
    }

    /// Calls `body` with the parameters of the property at `p` as written and its value,
    /// as ``ICalComponent/forEachContentPiece(_:)`` gives them; the parameters are nil when
    /// the property has some that were not read from text.
    static func withWrittenPieces(at p: UnsafePointer<ICalProperty>, _ body: (UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<UInt8>) -> Void) {
        let rs = Int(p.pointee.rawStart), re = Int(p.pointee.rawEnd)
        if re > rs {
            p.pointee.shared.withUnsafeBufferPointer { all in
                let parameters = UnsafeBufferPointer(rebasing: all[rs..<re])
                withValueBytes(at: p) { body(parameters, $0) }
            }
        } else {
            withValueBytes(at: p) { body(p.pointee.ownParameters.isEmpty ? UnsafeBufferPointer(start: nil, count: 0) : nil, $0) }
        }
    }

    /// ``parameter(upper:)`` of the property at `p`.
    @inline(__always)
    static func parameter(upper n: String, at p: UnsafePointer<ICalProperty>) -> String? {
        let rs = Int(p.pointee.rawStart), re = Int(p.pointee.rawEnd)
        if re > rs {
            var name = n
            return name.withUTF8 { want in
                p.pointee.shared.withUnsafeBufferPointer { ICalParameter.firstValue(of: want, in: $0, rs, re) }
            }
        }
        let count = n.utf8.count
        for q in p.pointee.ownParameters where q.name.utf8.count == count && q.name == n { return q.firstValue }
        return nil
    }

    /// The value of the property at `p` read as a DATE or DATE-TIME, in its TZID when it has one.
    @inline(__always)
    static func dateTime(at p: UnsafePointer<ICalProperty>) -> ICalDateTime? {
        let tzid = parameter(upper: "TZID", at: p)
        return withValueBytes(at: p) { ICalDateTime.parse($0, tzid: tzid) }
    }

    /// The value read as a comma-separated list of TEXT (CATEGORIES, RESOURCES).
    public var textList: [String] { ICalText.splitList(value).map(ICalText.unescape) }

    public static func == (a: ICalProperty, b: ICalProperty) -> Bool {
        a.name == b.name && a.value == b.value && a.parameters == b.parameters
    }

    public func hash(into h: inout Hasher) { h.combine(name); h.combine(value); h.combine(parameters) }
}

extension String {
    /// Upper-cases ASCII letters, without allocating when there are none to change.
    var asciiUppercased: String {
        var s = self
        let lower = s.withUTF8 { b in b.contains { $0 &- 97 < 26 } }
        return lower ? uppercased() : self
    }
}
