import GRDB

extension Journal {
    /// Registers the migrations of import and export, after the store's own.
    ///
    /// `interchange-v1` adds `personImport`: for each person that came from a vCard, the
    /// modelled fields as that card last gave them (JSON) and the file they came from. A
    /// re-import compares the person with this snapshot to know which fields the user changed
    /// in Kith (those are kept) and which still hold what the card said (those follow the card).
    /// `interchange-v2` adds `eventImport`, the same for events.
    static func registerInterchangeMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("interchange-v1") { db in
            try db.execute(sql: """
                CREATE TABLE personImport (
                    personId INTEGER PRIMARY KEY REFERENCES person(id) ON DELETE CASCADE,
                    source TEXT NOT NULL,
                    snapshot TEXT NOT NULL,
                    importedAt INTEGER NOT NULL
                );
                """)
        }
        // `interchange-v2`: the same for events from calendar files.
        migrator.registerMigration("interchange-v2") { db in
            try db.execute(sql: """
                CREATE TABLE eventImport (
                    eventId INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
                    snapshot TEXT NOT NULL
                );
                """)
        }
    }
}
