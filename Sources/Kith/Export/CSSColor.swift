/// CSS3 colour names (RFC 7986 COLOR wants a name, not `#RRGGBB`).
enum CSSColor {
    static let names: [(String, Int)] = [
        ("black", 0x000000), ("white", 0xFFFFFF), ("gray", 0x808080), ("silver", 0xC0C0C0), ("slategray", 0x708090),
        ("red", 0xFF0000), ("firebrick", 0xB22222), ("crimson", 0xDC143C), ("tomato", 0xFF6347), ("coral", 0xFF7F50),
        ("salmon", 0xFA8072), ("orangered", 0xFF4500), ("darkorange", 0xFF8C00), ("orange", 0xFFA500), ("chocolate", 0xD2691E),
        ("goldenrod", 0xDAA520), ("gold", 0xFFD700), ("khaki", 0xF0E68C), ("yellow", 0xFFFF00), ("yellowgreen", 0x9ACD32),
        ("lightgreen", 0x90EE90), ("limegreen", 0x32CD32), ("mediumseagreen", 0x3CB371), ("seagreen", 0x2E8B57),
        ("green", 0x008000), ("darkgreen", 0x006400), ("teal", 0x008080), ("mediumaquamarine", 0x66CDAA),
        ("turquoise", 0x40E0D0), ("skyblue", 0x87CEEB), ("steelblue", 0x4682B4), ("royalblue", 0x4169E1),
        ("dodgerblue", 0x1E90FF), ("blue", 0x0000FF), ("navy", 0x000080), ("slateblue", 0x6A5ACD),
        ("mediumpurple", 0x9370DB), ("purple", 0x800080), ("orchid", 0xDA70D6), ("hotpink", 0xFF69B4),
        ("palevioletred", 0xDB7093), ("brown", 0xA52A2A), ("sienna", 0xA0522D), ("tan", 0xD2B48C),
    ]

    /// The CSS3 name closest to `#RRGGBB` (by squared RGB distance).
    static func nearest(to hex: String) -> String {
        guard hex.count == 7, let v = Int(hex.dropFirst(), radix: 16) else { return "gray" }
        func d(_ c: Int) -> Int {
            let dr = (v >> 16 & 255) - (c >> 16 & 255), dg = (v >> 8 & 255) - (c >> 8 & 255), db = (v & 255) - (c & 255)
            return dr * dr + dg * dg + db * db
        }
        return names.min { d($0.1) < d($1.1) }!.0
    }
}
