import ContentLines
import Foundation
import KithBase

/// vCard as the shared ``ContentLineReader`` reads it: the common names as literals
/// (VCardDialect+KnownNames.swift), vCard 2.1's continuation lines
/// (VCardDialect+Continuations.swift), and values decoded from quoted-printable and
/// CHARSET, checked as UTF-8 and read as Windows-1252 when they are not (below).
package enum VCardDialect: ContentLineDialect {}

/// The reader VCardFormat (and Kith, for the vCard lines it keeps) reads with.
package typealias VCardLineReader = ContentLineReader<VCardDialect>

/// Decoding a value: quoted-printable and CHARSET (vCard 2.1), UTF-8 checks, Windows-1252.
extension VCardDialect {
    package static var decodesEncodings: Bool { true }

    /// The value `raw` decoded as the line's first ENCODING value (uppercased) and first
    /// CHARSET value say (`parse` keeps neither parameter when it is used up here).
    package static func decodeValue(
        _ value: ContentLineBytes, name: String, encoding: String?, charset: String?,
        line: Int, warnings: inout [FormatWarning]
    ) -> String {
        let raw = value.buffer
        if encoding == nil && charset == nil {
            if raw.count <= 8, raw.count > 0, let known = known(ContentLineScan.pack(raw, 0, raw.count, upper: false)) { return known }
            if ContentLineScan.isASCII(raw) { return String(decoding: raw, as: UTF8.self) }
            if let s = ContentLineScan.validString(raw) { return s }
            warnings.append(
                FormatWarning(
                    line: line, property: name, code: .invalidUTF8,
                    message: "Value is not valid UTF-8 and names no CHARSET; read as Windows-1252."))
            return Charset.windows1252(raw)
        }
        if charset == nil && encoding != "QUOTED-PRINTABLE" {
            // BASE64/8BIT…: the bytes are the value (a photo: hundreds of kilobytes of ASCII).
            if ContentLineScan.isASCII(raw) { return String(decoding: raw, as: UTF8.self) }
            if let s = ContentLineScan.validString(raw) { return s }
            warnings.append(
                FormatWarning(
                    line: line, property: name, code: .invalidUTF8,
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
                    warnings.append(
                        FormatWarning(
                            line: line, property: name, code: .badQuotedPrintable,
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

    /// The text of decoded value bytes in `charset` (UTF-8 when nil), with the warning a
    /// charset it does not fit gives.
    static func text(
        _ bytes: UnsafeBufferPointer<UInt8>, charset: String?, name: String, line: Int,
        warnings: inout [FormatWarning]
    ) -> String {
        // (The common spellings compared as they are first: a literal or small string, no scan.)
        if let charset, charset != "UTF-8" && !charset.caseInsensitiveEquals("utf-8") {
            // Windows-1252 (most vCard 2.1 files that are not UTF-8) straight, as `decode` would.
            let windows = charset == "WINDOWS-1252" || charset.caseInsensitiveEquals("WINDOWS-1252")
            if let s = windows ? Charset.windows1252(bytes) : Charset.decode(bytes, charset: charset) {
                return s
            }
            let known = Charset.isKnown(charset)
            warnings.append(
                FormatWarning(
                    line: line, property: name, code: known ? .invalidValue : .unknownCharset,
                    message: known
                        ? "Value is not valid \(charset); read as UTF-8 or Windows-1252."
                        : "CHARSET=\(charset) is not known here; read as UTF-8 or Windows-1252."))
            return ContentLineScan.validString(bytes) ?? Charset.windows1252(bytes)
        }
        if let s = ContentLineScan.validString(bytes) { return s }
        warnings.append(
            FormatWarning(
                line: line, property: name, code: .invalidUTF8,
                message: "Value is not valid UTF-8; read as Windows-1252."))
        return Charset.windows1252(bytes)
    }

    /// Whether `text` holds a CR or LF, read in its contiguous bytes.
    static func containsLineBreak(_ text: inout String) -> Bool {
        text.withUTF8 { buf in
            let end = ContentLineScan.lineBreak(buf, from: 0)
            return end < buf.count
        }
    }
}

/// The lines of a card read raw, built as vCard reads them.
extension RawLines {
    /// The content line at `k`, built from its bytes when not kept built.
    @inline(__always)
    package func contentLine(_ k: Int) -> ContentLine { contentLine(k, VCardDialect.self) }

    /// The name a BEGIN or END line at `k` gives (its value trimmed and uppercased).
    @inline(__always)
    package func componentName(_ k: Int) -> String { componentName(k, VCardDialect.self) }

    /// Every line built, in order.
    package func contentLines() -> [ContentLine] { contentLines(VCardDialect.self) }
}
