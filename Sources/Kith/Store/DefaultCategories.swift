import GRDB

/// The categories a new journal starts with (migration `v1`).
extension Journal {
    /// A default category: name, icon, colour, mood score, subcategories.
    private struct Default {
        var name: String, icon: String, color: String, score: Int? = nil, children: [Default] = []
    }

    private static let defaults: [(kind: String, items: [Default])] = [
        (
            "relation",
            [
                Default(
                    name: "Family", icon: "🏠", color: "#E07A5F",
                    children: [
                        Default(name: "Parents", icon: "👪", color: "#E07A5F"),
                        Default(name: "Siblings", icon: "🧒", color: "#F2A07B"),
                    ]),
                Default(
                    name: "Friends", icon: "🤝", color: "#3D85C6",
                    children: [
                        Default(name: "Close", icon: "💛", color: "#3D85C6"),
                        Default(name: "College", icon: "🎓", color: "#6FA8DC"),
                    ]),
                Default(
                    name: "Work", icon: "💼", color: "#6A5ACD",
                    children: [
                        Default(name: "Colleagues", icon: "🧑‍💻", color: "#6A5ACD"),
                        Default(name: "Clients", icon: "🤝", color: "#9A8CF0"),
                    ]),
                Default(name: "Acquaintances", icon: "👋", color: "#8E9AAF"),
            ]
        ),
        (
            "eventType",
            [
                Default(name: "Chat", icon: "💬", color: "#4A90D9"),
                Default(name: "Meal", icon: "🍽️", color: "#E69138"),
                Default(name: "Meeting", icon: "📅", color: "#6A5ACD"),
                Default(name: "Party", icon: "🎉", color: "#D5427A"),
                Default(name: "Call", icon: "📞", color: "#45B39D"),
                Default(name: "Message", icon: "✉️", color: "#7F8C8D"),
                Default(name: "Trip", icon: "✈️", color: "#2E86C1"),
                Default(name: "Activity", icon: "🏃", color: "#27AE60"),
            ]
        ),
        (
            "trait",
            [
                Default(name: "Interests", icon: "⭐", color: "#F1C232"),
                Default(name: "Features", icon: "👤", color: "#A569BD"),
                Default(name: "Experiences", icon: "🧭", color: "#5DADE2"),
                Default(name: "Work & Study", icon: "📚", color: "#52BE80"),
                Default(name: "Preferences", icon: "❤️", color: "#EC7063"),
                Default(name: "Family & Life", icon: "🌱", color: "#48C9B0"),
            ]
        ),
        (
            "mood",
            [
                Default(name: "great", icon: "😄", color: "#2ECC71", score: 2),
                Default(name: "good", icon: "🙂", color: "#A3D977", score: 1),
                Default(name: "okay", icon: "😐", color: "#F4D03F", score: 0),
                Default(name: "bad", icon: "🙁", color: "#E67E22", score: -1),
                Default(name: "awful", icon: "😞", color: "#C0392B", score: -2),
            ]
        ),
    ]

    /// Inserts ``defaults`` (migration `v1` only).
    static func insertDefaults(_ db: Database) throws {
        for (kind, items) in defaults {
            for (i, item) in items.enumerated() {
                try db.execute(
                    sql: "INSERT INTO category (kind, name, icon, color, position, parentId, score) VALUES (?, ?, ?, ?, ?, NULL, ?)",
                    arguments: [kind, item.name, item.icon, item.color, i, item.score])
                let parent = db.lastInsertedRowID
                for (j, child) in item.children.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO category (kind, name, icon, color, position, parentId, score) VALUES (?, ?, ?, ?, ?, ?, NULL)",
                        arguments: [kind, child.name, child.icon, child.color, j, parent])
                }
            }
        }
    }
}
