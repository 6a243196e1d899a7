import Foundation
import KithBase

/// Decoding a value: quoted-printable and CHARSET (vCard 2.1), UTF-8 checks, Windows-1252.
extension ContentLineReader {
    /// The value `raw` decoded as the line's first ENCODING value (uppercased) and first
    /// CHARSET value say (`parse` keeps neither parameter when it is used up here).
    static func decodeValue(
        _ raw: UnsafeBufferPointer<UInt8>, name: String, encoding: String?, charset: String?,
        line: Int, warnings: inout [FormatWarning]
    ) -> String {
        if encoding == nil && charset == nil {
            if raw.count <= 8, raw.count > 0, let known = Self.known(Self.pack(raw, 0, raw.count, upper: false)) { return known }
            if Self.isASCII(raw) { return String(decoding: raw, as: UTF8.self) }
            if let s = Self.validString(raw) { return s }
            warnings.append(
                FormatWarning(
                    line: line, property: name, code: .invalidUTF8,
                    message: "Value is not valid UTF-8 and names no CHARSET; read as Windows-1252."))
            return Charset.windows1252(raw)
        }
        if charset == nil && encoding != "QUOTED-PRINTABLE" {
            // BASE64/8BIT…: the bytes are the value (a photo: hundreds of kilobytes of ASCII).
            if Self.isASCII(raw) { return String(decoding: raw, as: UTF8.self) }
            if let s = Self.validString(raw) { return s }
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

    /// `String(validating: buf, as: UTF8.self)`, judged by ``isUTF8(_:)`` (ASCII runs eight
    /// bytes a step) instead of the generic validator.
    static func validString(_ buf: UnsafeBufferPointer<UInt8>) -> String? {
        isUTF8(buf) ? String(decoding: buf, as: UTF8.self) : nil
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
            return validString(bytes) ?? Charset.windows1252(bytes)
        }
        if let s = validString(bytes) { return s }
        warnings.append(
            FormatWarning(
                line: line, property: name, code: .invalidUTF8,
                message: "Value is not valid UTF-8; read as Windows-1252."))
        return Charset.windows1252(bytes)
    }

    /// Whether `text` holds a CR or LF, read in its contiguous bytes.
    static func containsLineBreak(_ text: inout String) -> Bool {
        text.withUTF8 { buf in
            let end = lineBreak(buf, from: 0)
            return end < buf.count
        }
    }
}
