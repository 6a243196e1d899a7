import ContentLines

/// JSON text built byte by byte, for ``PersonFields/snapshotJSON``.
struct SnapshotWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 512) { bytes.reserveCapacity(capacity) }

    /// JSON text as it is (a literal: punctuation and keys).
    mutating func raw(_ s: String) {
        bytes.append(contentsOf: s.utf8)
    }

    /// A quoted JSON string: `"`, `\` and control characters escaped, the rest as UTF-8
    /// (the package's one JSON string escaper, inlined here).
    @inline(__always)
    mutating func string(_ s: String) {
        JSONEscaping.append(s, to: &bytes)
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
