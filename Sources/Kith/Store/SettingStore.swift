import GRDB

/// The `setting` table: one row per setting the user changed.
enum SettingStore {
    /// The settings stored, by setting; unknown names and values this version does not take
    /// are left out.
    static func stored(_ db: Database) throws -> [Setting: String] {
        var out: [Setting: String] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT name, value FROM setting")) {
            guard let s = Setting(rawValue: row[0]), let v = s.normalized(row[1]) else { continue }
            out[s] = v
        }
        return out
    }

    /// Stores a setting's value (already normalized), replacing any earlier one.
    static func set(_ db: Database, _ setting: Setting, to stored: String) throws {
        try db.execute(
            sql: "INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
            arguments: [setting.rawValue, stored])
    }
}
