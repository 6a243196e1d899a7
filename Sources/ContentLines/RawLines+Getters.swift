extension RawLines {
    /// The lines named `name` in one pass: how many there are, and their indices packed one
    /// byte each, first lowest. The packing holds every index only when `count <= 8` and the
    /// card has at most 256 lines; otherwise search with ``firstIndex(named:from:)``.
    package func indices(named name: RawLine.Name) -> (count: Int, packed: UInt64) {
        var count = 0
        var packed: UInt64 = 0
        let n = lines.count
        var j = 0
        while j < n {
            if isNamed(j, name) {
                if count < 8 && j < 256 { packed |= UInt64(j) << (8 * UInt64(count)) }
                count += 1
            }
            j += 1
        }
        return (count, packed)
    }

    /// The value of the line at `k` with TEXT escaping undone (as
    /// `TextEscaping.unescape(value(k))`), made from the bytes in one step.
    package func unescapedValue(_ k: Int) -> String {
        let l = lines[k]
        if l.built >= 0 { return TextEscaping.unescape(built[l.built].value) }
        return bytes.withUnsafeBufferPointer { TextEscaping.unescape($0, l.valueStart, l.end) }
    }
}
