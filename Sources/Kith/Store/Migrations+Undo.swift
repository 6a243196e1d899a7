import GRDB

extension Journal {
    /// Registers the migrations of issue 16, after the others.
    ///
    /// `lasting-ids` rebuilds the tables whose ids users see and type (category, person, place,
    /// event, trait) with
    /// `id INTEGER PRIMARY KEY AUTOINCREMENT`, so that removing the newest row and adding
    /// another never gives the removed id again (plain `INTEGER PRIMARY KEY` takes the
    /// largest id + 1). It follows SQLite's twelve steps for a table change
    /// (https://sqlite.org/lang_altertable.html#otheralter): GRDB runs the migration with
    /// foreign keys off and checks them (`PRAGMA foreign_key_check`) before it commits; each
    /// table is created anew from its own stored `CREATE TABLE` text (so it keeps every
    /// column and constraint an earlier migration gave it), filled with the same rows and
    /// ids, dropped, renamed into place, and its indexes and triggers created again.
    /// `sqlite_sequence` starts at each table's largest id (an id already removed before
    /// this migration cannot be known).
    ///
    /// `undo-log` adds the undo history: see ``undoLast()``.
    static func registerUndoMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("lasting-ids") { db in
            for table in ["category", "person", "place", "event", "trait"] {
                guard let create = try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]),
                    let idRange = create.range(of: "id INTEGER PRIMARY KEY"),
                    !create[idRange.upperBound...].hasPrefix(" AUTOINCREMENT")
                else { continue }
                let others = try String.fetchAll(db, sql: """
                    SELECT sql FROM sqlite_master
                    WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY rowid
                    """, arguments: [table])
                var created = create
                created.replaceSubrange(idRange, with: "id INTEGER PRIMARY KEY AUTOINCREMENT")
                guard let nameRange = created.range(of: table) else { continue }
                created.replaceSubrange(nameRange, with: "\(table)_lasting")
                try db.execute(sql: created)
                try db.execute(sql: "INSERT INTO \(table)_lasting SELECT * FROM \(table)")
                try db.execute(sql: "DROP TABLE \(table)")
                try db.execute(sql: "ALTER TABLE \(table)_lasting RENAME TO \(table)")
                for sql in others { try db.execute(sql: sql) }
            }
        }
        migrator.registerMigration("undo-log") { db in
            // One group per undoable change; its steps are the SQL statements that reverse
            // it, run from the last to the first. `eventId` and `day` name what the day index
            // must recompute after the steps ran.
            try db.execute(sql: """
                CREATE TABLE undoGroup (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    description TEXT NOT NULL,
                    createdAt INTEGER NOT NULL
                );
                CREATE TABLE undoStep (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    groupId INTEGER NOT NULL REFERENCES undoGroup(id) ON DELETE CASCADE,
                    tableName TEXT NOT NULL,
                    statement TEXT NOT NULL,
                    eventId INTEGER,
                    day INTEGER
                );
                CREATE INDEX undoStep_group ON undoStep(groupId, id);
                """)
        }
    }
}
