/// A 64-bit hash that is the same in every run and on every machine (Swift's `Hasher` is
/// seeded once a process), for what an import keeps of a file's fields: only "is this
/// still the same value" is ever asked of it. Eight bytes a step (xxHash64's round and
/// avalanche), so hashing an event's note and kept lines costs a few hundred cycles.
struct StableHasher {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private var state: UInt64 = 0x2545_F491_4F6C_DD1D

    init() {}

    private mutating func round(_ word: UInt64) {
        let x = state &+ word &* Self.p2
        state = ((x << 31) | (x >> 33)) &* Self.p1
    }

    mutating func combine(_ value: Int64) { round(UInt64(bitPattern: value)) }
    mutating func combine(_ value: Int) { round(UInt64(bitPattern: Int64(value))) }
    mutating func combine(_ value: Bool) { round(value ? 1 : 2) }
    mutating func combine(_ value: Double) { round(value.bitPattern) }

    /// The string's UTF-8 bytes, eight to a word, then its length (so that "ab"+"c" and
    /// "a"+"bc" differ).
    mutating func combine(_ value: String) { combine(value.utf8.span) }

    /// Bytes: eight to a little-endian word, then their count. Whole words are loaded at
    /// once (the same words as assembling them byte by byte, at an eighth of the steps: the
    /// digest of each VEVENT's content was a tenth of a re-import's mapping thread).
    mutating func combine(_ bytes: Span<UInt8>) {
        let raw = bytes.bytes
        let count = raw.byteCount
        var i = 0
        while count - i >= 8 {
            round(UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        if i < count {
            var word: UInt64 = 0, shift: UInt64 = 0
            while i < count {
                word |= UInt64(bytes[i]) << shift
                shift += 8; i += 1
            }
            round(word)
        }
        round(UInt64(count))
    }

    /// The hash of what was combined.
    var value: UInt64 {
        var h = state
        h ^= h >> 33; h = h &* Self.p2
        h ^= h >> 29; h = h &* Self.p3
        h ^= h >> 32
        return h
    }

    /// A hash as 16 lowercase hex digits, as the import digests store them.
    static func appendHex(_ v: UInt64, to out: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let d = UInt8((v >> UInt64(shift)) & 0xF)
            out.append(d < 10 ? 0x30 + d : 0x57 + d)
        }
    }

    static func hash(_ build: (inout StableHasher) -> Void) -> UInt64 {
        var h = StableHasher()
        build(&h)
        return h.value
    }
}
