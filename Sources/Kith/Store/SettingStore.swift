import GRDB

/// The `setting` table: one row per setting the user changed.
enum SettingStore {
    /// The settings stored, by setting; unknown names and values this version does not take
    /// are left out.
    static func stored(_ db: Database) throws -> [Setting: String] {
        var out: [Setting: String] = [:]
        // Stepped straight through SQLite: every command reads this at start, and GRDB's
        // first `Row.fetchAll` costs the runtime a look through every conformance (issue 19).
        try RawRow.each(db, db.cachedStatement(sql: "SELECT name, value FROM setting"), { _ in }) { row in
            guard let s = Setting(rawValue: row.text(0)), let v = s.normalized(row.text(1)) else { return }
            out[s] = v
        }
        return out
    }

    /// One setting's stored value, as ``stored(_:)`` has it; nil when none is stored.
    static func stored(_ db: Database, _ setting: Setting) throws -> String? {
        let value = try RawRow.first(
            db, db.cachedStatement(sql: "SELECT value FROM setting WHERE name = ?"), { $0.text(setting.rawValue) }
        ) { setting.normalized($0.text(0)) }
        return value ?? nil
    }

    /// Stores a setting's value (already normalized), replacing any earlier one.
    static func set(_ db: Database, _ setting: Setting, to stored: String) throws {
        try db.execute(
            sql: "INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
            arguments: [setting.rawValue, stored])
    }
}
