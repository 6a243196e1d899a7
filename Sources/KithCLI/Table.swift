/// Rows of cells printed in aligned columns; cells may hold escapes and emoji.
struct Table {
    var rows: [[String]] = []
    /// Columns aligned to the right (numbers).
    var rightAligned: Set<Int> = []
    var separator = "  "

    mutating func add(_ row: [String]) { rows.append(row) }

    /// The table as lines, trailing spaces trimmed; a column empty in every row is left out.
    func render() -> String {
        let width = self.rows.map { $0.count }.max() ?? 0
        let keep: [Int] = (0..<width).filter { column in self.rows.contains { column < $0.count && !$0[column].isEmpty } }
        let rows: [[String]] = self.rows.map { row in keep.filter { $0 < row.count }.map { row[$0] } }
        let rightAligned = Set(keep.enumerated().filter { self.rightAligned.contains($0.element) }.map { $0.offset })
        let columns = keep.count
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], Terminal.displayWidth(cell)) }
        }
        var lines: [String] = []
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                if i > 0 { line += separator }
                let isLast = i == row.count - 1
                if isLast && !rightAligned.contains(i) {
                    line += cell
                } else {
                    line += Terminal.pad(cell, widths[i], right: rightAligned.contains(i))
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
