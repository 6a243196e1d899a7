import Foundation

/// Rows of cells printed in aligned columns; cells may hold escapes and emoji.
struct Table {
    var rows: [[String]] = []
    /// Columns aligned to the right (numbers).
    var rightAligned: Set<Int> = []
    var separator = "  "
    /// Columns known to hold printable ASCII only (no escapes): their width is their length
    /// in bytes, with no measuring (``Terminal/displayWidth(_:)`` was a tenth of
    /// `kith upcoming`). Indexed by column; columns past its end are measured.
    var asciiColumns: [Bool] = []

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
    ///
    /// Works on the rows as they are: a column left out is skipped where it is met, and
    /// per-column facts are arrays indexed by column (a listing has hundreds of thousands
    /// of cells).
    private func renderedBytes() -> [UInt8] {
        var width = 0
        for row in rows { width = max(width, row.count) }
        // Which columns have a non-empty cell, and how many such columns come before each.
        var used = Array(repeating: false, count: width)
        for row in rows {
            for (c, cell) in row.enumerated() where !used[c] && !cell.isEmpty { used[c] = true }
        }
        var usedBefore = Array(repeating: 0, count: width + 1)
        for c in 0..<width { usedBefore[c + 1] = usedBefore[c] + (used[c] ? 1 : 0) }
        let right = (0..<width).map { rightAligned.contains($0) }
        var widths = Array(repeating: 0, count: width)
        // Each kept cell's width, measured once, row after row.
        var cellWidths: [Int] = []
        cellWidths.reserveCapacity(rows.count * usedBefore[width])
        for row in rows {
            for (c, cell) in row.enumerated() where used[c] {
                let w = c < asciiColumns.count && asciiColumns[c] ? cell.utf8.count : Terminal.displayWidth(cell)
                cellWidths.append(w)
                widths[c] = max(widths[c], w)
            }
        }
        // The text is assembled as UTF-8 bytes: cells copied in, padding as runs of spaces.
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * (widths.reduce(0, +) + separator.utf8.count * usedBefore[width] + 1))
        var next = 0
        for (r, row) in rows.enumerated() {
            if r > 0 { out.append(0x0A) }
            let lineStart = out.count
            // The kept cells of this row: the last one is not padded unless right-aligned.
            let last = usedBefore[row.count] - 1
            for (c, cell) in row.enumerated() where used[c] {
                let w = cellWidths[next]
                next += 1
                let k = usedBefore[c]
                if k > 0 { Table.append(separator, to: &out) }
                let padding = k == last && !right[c] ? 0 : max(0, widths[c] - w)
                if right[c] { out.append(contentsOf: repeatElement(0x20, count: padding)) }
                Table.append(cell, to: &out)
                if !right[c] { out.append(contentsOf: repeatElement(0x20, count: padding)) }
            }
            Table.trimTrailingSpaces(&out, lineStart: lineStart)
        }
        return out
    }

    /// Appends the UTF-8 bytes of `text`.
    private static func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
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
