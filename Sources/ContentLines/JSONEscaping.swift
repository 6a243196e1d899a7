/// JSON string literals for the JSON forms of both formats (jCard, jCal), and the one JSON
/// string escaper of the package (Kith's JSON writers can append with ``append(_:to:)``).
package enum JSONEscaping {
    /// `text` as a quoted JSON string: `"` and `\` escaped, control characters as `\n`,
    /// `\r`, `\t` or `\u00XX`, everything else as it is.
    /// - Complexity: O(n).
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` to `bytes` as a quoted JSON string, with the escapes of ``quoted(_:)``.
    /// - Complexity: O(n); a value with nothing to escape is copied whole.
    @inlinable
    package static func append(_ text: String, to bytes: inout [UInt8]) {
        // Empty fields are common (no additional names, no PO box...).
        if text.isEmpty { bytes.append(0x22); bytes.append(0x22); return }
        bytes.append(0x22)
        var text = text
        text.withUTF8 { u in
            // Most values need no escape: copied whole.
            guard u.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
                bytes.append(contentsOf: u)
                return
            }
            // The bytes between escapes copied as runs.
            var run = 0
            for i in 0..<u.count {
                let b = u[i]
                guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
                if run < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[run..<i])) }
                run = i + 1
                switch b {
                case 0x22: bytes.append(0x5C); bytes.append(0x22)
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
                case 0x0D: bytes.append(0x5C); bytes.append(0x72)
                case 0x09: bytes.append(0x5C); bytes.append(0x74)
                default:
                    let hex: StaticString = "0123456789abcdef"
                    let h = hex.utf8Start
                    bytes.append(0x5C); bytes.append(0x75); bytes.append(0x30); bytes.append(0x30)
                    bytes.append(h[Int(b >> 4)]); bytes.append(h[Int(b & 15)])
                }
            }
            if run < u.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[run...])) }
        }
        bytes.append(0x22)
    }
}
