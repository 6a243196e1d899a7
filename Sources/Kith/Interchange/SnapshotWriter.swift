/// JSON text built byte by byte, for ``PersonFields/snapshotJSON`` and ``EventFields/snapshotJSON``.
struct SnapshotWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 512) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A quoted JSON string: `"`, `\` and control characters escaped, the rest as UTF-8.
    mutating func string(_ s: String) {
        // Empty fields are common (no additional names, no PO box...).
        if s.isEmpty { bytes.append(0x22); bytes.append(0x22); return }
        bytes.append(0x22)
        var s = s
        s.withUTF8 { u in
            // Most values need no escape: copied whole.
            guard u.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
                bytes.append(contentsOf: u)
                return
            }
            // The bytes between escapes copied as runs (a byte at a time was a twentieth of
            // a calendar import: descriptions have newlines, kept lines have quotes).
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

    /// A date as its ``PartialDate/description`` (`"YYYY-MM-DD"` or `"--MM-DD"`), written
    /// digit by digit when year, month and day have their usual widths.
    mutating func date(_ d: PartialDate) {
        guard (1...99).contains(d.month), (1...99).contains(d.day), d.year.map({ (0...9999).contains($0) }) ?? true else {
            string(d.description)
            return
        }
        func digits(_ v: Int, _ n: Int) {
            var div = 1
            for _ in 1..<n { div *= 10 }
            var v = v
            while div > 0 { bytes.append(UInt8(48 + v / div)); v %= div; div /= 10 }
        }
        bytes.append(0x22)
        if let y = d.year { digits(y, 4) } else { bytes.append(0x2D) }
        bytes.append(0x2D); digits(d.month, 2); bytes.append(0x2D); digits(d.day, 2)
        bytes.append(0x22)
    }

    mutating func strings(_ list: [String]) {
        bytes.append(0x5B)
        for (i, s) in list.enumerated() {
            if i > 0 { bytes.append(0x2C) }
            string(s)
        }
        bytes.append(0x5D)
    }

    mutating func labeled(_ list: [LabeledValue]) {
        bytes.append(0x5B)
        for (i, v) in list.enumerated() {
            raw(i == 0 ? "{\"label\":" : ",{\"label\":")
            string(v.label)
            raw(",\"value\":")
            string(v.value)
            bytes.append(0x7D)
        }
        bytes.append(0x5D)
    }
}
