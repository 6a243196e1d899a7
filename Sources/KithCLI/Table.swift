import Foundation

/// Rows of cells printed in aligned columns; cells may hold escapes and emoji.
struct Table {
    var rows: [[String]] = []
    /// Columns aligned to the right (numbers).
    var rightAligned: Set<Int> = []
    var separator = "  "

    mutating func add(_ row: [String]) { rows.append(row) }

    /// The table as lines, trailing spaces trimmed; a column empty in every row is left out.
    /// - Complexity: one width measurement per cell.
    func render() -> String {
        String(decoding: renderedBytes(), as: UTF8.self)
    }

    /// Prints ``render()`` and a line break on standard output, as `print(table.render())`
    /// does, without turning the (possibly megabytes of) text into a `String` first.
    func printToStandardOutput() {
        var bytes = renderedBytes()
        bytes.append(0x0A)
        // Whatever `print` buffered goes first.
        fflush(nil)
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// ``render()`` as UTF-8.
    private func renderedBytes() -> [UInt8] {
        let width = self.rows.map { $0.count }.max() ?? 0
        let keep: [Int] = (0..<width).filter { column in self.rows.contains { column < $0.count && !$0[column].isEmpty } }
        let rows: [[String]] = keep.count == width
            ? self.rows : self.rows.map { row in keep.filter { $0 < row.count }.map { row[$0] } }
        let rightAligned = Set(keep.enumerated().filter { self.rightAligned.contains($0.element) }.map { $0.offset })
        let columns = keep.count
        var widths = Array(repeating: 0, count: columns)
        // Each cell's width, measured once, row after row.
        var cellWidths: [Int] = []
        cellWidths.reserveCapacity(rows.count * columns)
        for row in rows {
            for (i, cell) in row.enumerated() {
                let w = Terminal.displayWidth(cell)
                cellWidths.append(w)
                widths[i] = max(widths[i], w)
            }
        }
        // The text is assembled as UTF-8 bytes: cells copied in, padding as runs of spaces.
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * (widths.reduce(0, +) + separator.utf8.count * columns + 1))
        var next = 0
        for (r, row) in rows.enumerated() {
            if r > 0 { out.append(0x0A) }
            let lineStart = out.count
            for (i, cell) in row.enumerated() {
                let w = cellWidths[next]
                next += 1
                if i > 0 { Table.append(separator, to: &out) }
                let isLast = i == row.count - 1
                let padding = isLast && !rightAligned.contains(i) ? 0 : max(0, widths[i] - w)
                if rightAligned.contains(i) { out.append(contentsOf: repeatElement(0x20, count: padding)) }
                Table.append(cell, to: &out)
                if !rightAligned.contains(i) { out.append(contentsOf: repeatElement(0x20, count: padding)) }
            }
            Table.trimTrailingSpaces(&out, lineStart: lineStart)
        }
        return out
    }

    /// Appends the UTF-8 bytes of `text`.
    private static func append(_ text: String, to out: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
            out.append(contentsOf: text.utf8)
        }
    }

    /// Drops the spaces that end the line from `lineStart` to the end of `text` (UTF-8).
    static func trimTrailingSpaces(_ text: inout [UInt8], lineStart: Int) {
        var end = text.count
        while end > lineStart && text[end - 1] == 0x20 { end -= 1 }
        guard end < text.count else { return }
        // After ASCII (or alone) each space is a character of its own; after other text the
        // first one might belong to the character before it, so that case is left to String.
        if end == lineStart || text[end - 1] < 0x80 {
            text.removeSubrange(end...)
        } else {
            var line = String(decoding: text[lineStart...], as: UTF8.self)
            while line.hasSuffix(" ") { line.removeLast() }
            text.replaceSubrange(lineStart..., with: line.utf8)
        }
    }
}
