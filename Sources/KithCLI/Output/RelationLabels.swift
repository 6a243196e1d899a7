import Kith

/// A relation category as lists show it: its icon and path in its colour, each made once
/// per list (`kith person list`, `kith due` print thousands of rows over a few categories).
struct RelationLabels {
    let terminal: Terminal
    private var made: [Int64: String] = [:]

    init(_ terminal: Terminal) { self.terminal = terminal }

    /// The styled label, or "" for none.
    mutating func label(_ relation: Category?) -> String {
        guard let r = relation else { return "" }
        if let text = made[r.id] { return text }
        let text = Self.label(r, terminal)
        made[r.id] = text
        return text
    }

    /// One category's label, not kept (a page that shows one).
    static func label(_ r: Category, _ terminal: Terminal) -> String {
        terminal.foreground((r.icon.isEmpty ? "" : r.icon + " ") + r.path, hex: r.color)
    }
}
