/// What a format adds to the shared ``ContentLineReader``: the literals for its common
/// names, how it decodes a value, and whether its lines continue in ways RFC folding does not
/// (vCard 2.1's quoted-printable soft breaks and bare base64 lines). VCardFormat's
/// `VCardDialect` holds all of vCard's; ``PlainDialect`` is RFC 5545/6350 lines with none.
///
/// The reader calls these on every line, so it takes its dialect as a generic parameter, and
/// its methods are inlinable: the format's module specialises the reader with these hooks
/// called directly and inlined (an existential or closure hook cost ~1 % of reading 10,000
/// cards). The hooks are static: a dialect is a type, never a value.
public protocol ContentLineDialect: Sendable {
    /// The string for a name, parameter or value of up to eight bytes, packed as
    /// `ContentLineScan.pack` packs them (first byte lowest), when it is common enough to
    /// be kept as a literal (no UTF-8 check, no copy, no allocation); else nil. Matched
    /// byte for byte (case kept).
    static func known(_ key: UInt64) -> String?

    /// Whether lines continue as vCard 2.1 writes them: after a line ending in `=` that
    /// ``declaresQuotedPrintable(_:)``, and on bare base64 lines after one that
    /// ``declaresBase64(_:)``. When false the two are never asked.
    static var hasLegacyContinuations: Bool { get }

    /// Whether the logical line so far (parameters before its first colon) declares
    /// quoted-printable, so that a final `=` is a soft line break.
    static func declaresQuotedPrintable(_ line: ContentLineBytes) -> Bool

    /// Whether the logical line so far declares base64, so that bare base64 lines continue it.
    static func declaresBase64(_ line: ContentLineBytes) -> Bool

    /// Whether the physical line at `start` of `input` is a bare base64 line (non-empty,
    /// only base64 characters); asked after nearly every line, so it should be quick.
    static func isBareBase64Line(_ input: ContentLineBytes, at start: Int) -> Bool

    /// Whether the first ENCODING and CHARSET parameters are used up by ``decodeValue(_:name:encoding:charset:line:warnings:)``
    /// (and not kept on the line); when false they are ordinary parameters, and it is
    /// called with both nil.
    static var decodesEncodings: Bool { get }

    /// The value `raw` (after the colon) as text, decoded as the line's first ENCODING value
    /// (uppercased) and first CHARSET value say; anything odd is appended to `warnings`.
    static func decodeValue(
        _ raw: ContentLineBytes, name: String, encoding: String?, charset: String?, line: Int,
        warnings: inout [FormatWarning]
    ) -> String
}

/// Bytes the reader hands its dialect, valid only during the call.
@frozen
public struct ContentLineBytes {
    /// The bytes.
    @usableFromInline package let buffer: UnsafeBufferPointer<UInt8>

    @inlinable @inline(__always)
    package init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }
}

/// Content lines as RFC 5545 and RFC 6350 write them: folding only, values UTF-8, no
/// literals, ENCODING and CHARSET kept as ordinary parameters.
public enum PlainDialect: ContentLineDialect {
    @inlinable public static func known(_ key: UInt64) -> String? { nil }
    @inlinable public static var hasLegacyContinuations: Bool { false }
    @inlinable public static func declaresQuotedPrintable(_ line: ContentLineBytes) -> Bool { false }
    @inlinable public static func declaresBase64(_ line: ContentLineBytes) -> Bool { false }
    @inlinable public static func isBareBase64Line(_ input: ContentLineBytes, at start: Int) -> Bool { false }
    @inlinable public static var decodesEncodings: Bool { false }

    /// The value as UTF-8; bytes that are not are replaced by U+FFFD, with a warning.
    @inlinable
    public static func decodeValue(
        _ raw: ContentLineBytes, name: String, encoding: String?, charset: String?, line: Int,
        warnings: inout [FormatWarning]
    ) -> String {
        if let s = ContentLineScan.validString(raw.buffer) { return s }
        warnings.append(
            FormatWarning(
                line: line, property: name, code: .invalidUTF8,
                message: "Value is not valid UTF-8; the bytes that are not were replaced with U+FFFD."))
        return String(decoding: raw.buffer, as: UTF8.self)
    }
}
