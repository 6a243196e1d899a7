import GRDB

extension Journal {
    /// Every setting with its value, the default where none was set.
    public func settings() throws -> [(setting: Setting, value: String, isDefault: Bool)] {
        let stored = try storedSettings()
        return Setting.allCases.map { s in
            if let v = stored[s] { return (s, v, false) }
            return (s, s.defaultValue, true)
        }
    }

    /// One setting's value, its default when none was set.
    public func setting(_ setting: Setting) throws -> String {
        try storedSettings()[setting] ?? setting.defaultValue
    }

    /// The settings the user set, by setting; unknown names (from a newer Kith) and values
    /// this version does not take are left out.
    public func storedSettings() throws -> [Setting: String] {
        try read { db in
            try SettingStore.stored(db)
        }
    }

    /// The values the user set for `settings`, in their order: nil where none was set (or
    /// the value is one this version does not take). Reads only those settings, and makes
    /// no dictionary: what a command reads at start.
    public func storedValues(of settings: [Setting]) throws -> [String?] {
        try read { db in
            try settings.map { try SettingStore.stored(db, $0) }
        }
    }

    /// Sets a setting, stored in the journal.
    /// - Returns: the value as stored (`Monday` is stored as `monday`).
    /// - Throws: ``JournalError/invalidValue(field:reason:)`` naming the accepted values.
    @discardableResult
    public func setSetting(_ setting: Setting, to value: String) throws -> String {
        guard let stored = setting.normalized(value) else {
            throw JournalError.invalidValue(
                field: setting.rawValue,
                reason: "\"\(value)\" is not one of its values (use \(setting.acceptedValues))")
        }
        try write { db in
            try SettingStore.set(db, setting, to: stored)
        }
        return stored
    }
}
