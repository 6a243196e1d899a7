import GRDB

/// The tables of `sync-v1` (appended to `Journal.migrator`; frozen once shipped).
///
/// - `syncAccount`: a server (name, URL, user, the command that prints the password: never
///   a password).
/// - `syncCollection`: an account's address book or calendar: its URL, the RFC 6578 token of
///   the last complete sync, the vCard version it takes, and `checked`: the largest change
///   stamp every change up to which has been synced (0: compare everything).
/// - `syncStatus`: per server item (matched by the UID in its body): href, ETag, SHA-256 of
///   the body, the body itself (the base of three-way merges and the keeper of what Kith does
///   not model) and the item's change stamp when it was synced. Its columns are ordered so
///   that the body, the only large one, comes last: reading the others never reads it.
/// - `syncChange`: the change stamp of each person (kind 0) and event (kind 1), by UID: its
///   `id` (AUTOINCREMENT, so never reused or lowered). Triggers give an item a new row (a
///   larger id) whenever anything its body is made of changes: its row, its contacts,
///   nicknames, addresses and kept lines, its traits, an event's people, photos, kept
///   lines and place, the categories it uses (renamed, recoloured, moved) and, for an event,
///   the names and UIDs of its people. A person's row counts only through the columns its
///   card is made of (not `nameKey`, cadence or snooze, which no card carries): a migration
///   that adds a person column the card carries must recreate `sync_person_update`. A deleted item keeps its row (with a new id), so
///   that the sync sees it went. Each bump is a DELETE then an INSERT (not INSERT OR REPLACE,
///   which an outer `INSERT OR IGNORE` would turn into IGNORE). Finding what to push is then a
///   range scan of `syncChange` from `checked` on, plus one lookup per changed item. The
///   triggers work only while the journal has a sync collection (`WHEN EXISTS …`), so that a
///   journal that never syncs pays nothing on its imports and edits; creating the first
///   collection gives every item a row (`SyncStore.backfill`).
/// - `sync-v2` adds `syncAccount.caFile` (the PEM file `kith sync add --ca-file` trusted, so
///   that later syncs trust it too) and `syncCollection.syncedAt` (Unix time of the last
///   complete sync, for `kith sync status`) and `syncCollection.tokenProbe` (whether asking
///   the server for its sync token alone is worth it before a sync-collection REPORT: NULL
///   not known yet, 1 yes, 0 no).
/// - `syncConflict`: every field both sides changed: the value kept, the one that lost and
///   where the losing one was written (the note), for `kith sync` to report.
///
/// None of these tables is in the undo log (see `Journal.undoTriggers`): undo puts back the
/// user's data, and the triggers then give what it touched new stamps, so that the next sync
/// sends the undone state; putting back old stamps or status rows would make the sync believe
/// the server has what it no longer has. Nor are they in the JSON backup (`JournalDocument`):
/// they describe one journal file's agreement with a server, which a restored journal does
/// not share (it syncs afresh, matching items by UID, which neither duplicates nor loses).
enum SyncSchema {
    /// The `sync-v2` migration: an account's CA file, a collection's last complete sync.
    static let v2 = """
        ALTER TABLE syncAccount ADD COLUMN caFile TEXT;
        ALTER TABLE syncCollection ADD COLUMN syncedAt INTEGER;
        ALTER TABLE syncCollection ADD COLUMN tokenProbe INTEGER;
        """

    /// The tables and indexes of the `sync-v1` migration.
    static let v1 = """
        CREATE TABLE syncAccount (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
            url TEXT NOT NULL,
            user TEXT NOT NULL DEFAULT '',
            passwordCommand TEXT,
            addressbookURL TEXT,
            calendarURL TEXT,
            createdAt INTEGER NOT NULL
        );
        CREATE TABLE syncCollection (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            accountId INTEGER NOT NULL REFERENCES syncAccount(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('contacts', 'events')),
            url TEXT NOT NULL,
            token TEXT,
            vCardVersion TEXT NOT NULL DEFAULT '4.0',
            checked INTEGER NOT NULL DEFAULT 0,
            UNIQUE (accountId, kind)
        );
        CREATE TABLE syncStatus (
            collectionId INTEGER NOT NULL REFERENCES syncCollection(id) ON DELETE CASCADE,
            uid TEXT NOT NULL,
            href TEXT NOT NULL,
            etag TEXT NOT NULL,
            hash TEXT NOT NULL,
            stamp INTEGER NOT NULL,
            body BLOB NOT NULL,
            PRIMARY KEY (collectionId, uid)
        );
        CREATE INDEX syncStatus_href ON syncStatus(collectionId, href);
        CREATE TABLE syncChange (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind INTEGER NOT NULL CHECK (kind IN (0, 1)),
            uid TEXT NOT NULL,
            UNIQUE (kind, uid)
        );
        CREATE TABLE syncConflict (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            accountId INTEGER NOT NULL REFERENCES syncAccount(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            uid TEXT NOT NULL,
            item TEXT NOT NULL,
            field TEXT NOT NULL,
            kept TEXT NOT NULL,
            lost TEXT NOT NULL,
            keptSide TEXT NOT NULL CHECK (keptSide IN ('local', 'remote')),
            lostKeptIn TEXT NOT NULL,
            at INTEGER NOT NULL
        );
        CREATE INDEX syncConflict_account ON syncConflict(accountId, id);
        """

    /// The change-stamp triggers, created with the journal's first sync collection and dropped
    /// with its last (`installTriggers`, `dropTriggersIfUnused`), never by the migration:
    /// SQLite parses every trigger of the schema when a connection first prepares a statement,
    /// and these 40 (18 KB of SQL) cost every command of a journal that never syncs ~5 M
    /// instructions (`kith calendar` 13.0 M -> 18.3 M, callgrind).
    static let triggers = """
        -- People.
        CREATE TRIGGER sync_person_insert AFTER INSERT ON person WHEN EXISTS (SELECT 1 FROM syncCollection) BEGIN
            DELETE FROM syncChange WHERE kind = 0 AND uid = NEW.uid;
            INSERT INTO syncChange (kind, uid) VALUES (0, NEW.uid);
        END;
        CREATE TRIGGER sync_person_update AFTER UPDATE OF uid, displayName, familyName, givenName, additionalNames,
            honorificPrefixes, honorificSuffixes, birthday, anniversary, organization, title, note, relationId, photoHash, rev
        ON person WHEN EXISTS (SELECT 1 FROM syncCollection) BEGIN
            DELETE FROM syncChange WHERE kind = 0 AND uid IN (NEW.uid, OLD.uid);
            INSERT INTO syncChange (kind, uid) VALUES (0, NEW.uid);
            INSERT INTO syncChange (kind, uid) SELECT 0, OLD.uid WHERE OLD.uid <> NEW.uid;
        END;
        CREATE TRIGGER sync_person_named AFTER UPDATE OF displayName, uid ON person
        WHEN (NEW.displayName IS NOT OLD.displayName OR NEW.uid IS NOT OLD.uid) AND EXISTS (SELECT 1 FROM syncCollection) BEGIN
            DELETE FROM syncChange WHERE kind = 1 AND uid IN (SELECT e.uid FROM eventPerson ep JOIN event e ON e.id = ep.eventId WHERE ep.personId = NEW.id);
            INSERT INTO syncChange (kind, uid) SELECT 1, e.uid FROM eventPerson ep JOIN event e ON e.id = ep.eventId WHERE ep.personId = NEW.id;
        END;
        CREATE TRIGGER sync_person_delete AFTER DELETE ON person WHEN EXISTS (SELECT 1 FROM syncCollection) BEGIN
            DELETE FROM syncChange WHERE kind = 0 AND uid = OLD.uid;
            INSERT INTO syncChange (kind, uid) VALUES (0, OLD.uid);
        END;

        -- Events.
        CREATE TRIGGER sync_event_insert AFTER INSERT ON event WHEN EXISTS (SELECT 1 FROM syncCollection) BEGIN
            DELETE FROM syncChange WHERE kind = 1 AND uid = NEW.uid;
            INSERT INTO syncChange (kind, uid) VALUES (1, NEW.uid);
        END;
        CREATE TRIGGER sync_event_update AFTER UPDATE ON event WHEN EXISTS (SELECT 1 FROM syncCollection) BEGIN
            DELETE FROM syncChange WHERE kind = 1 AND uid IN (NEW.uid, OLD.uid);
            INSERT INTO syncChange (kind, uid) VALUES (1, NEW.uid);
            INSERT INTO syncChange (kind, uid) SELECT 1, OLD.uid WHERE OLD.uid <> NEW.uid;
        END;
        CREATE TRIGGER sync_event_delete AFTER DELETE ON event WHEN EXISTS (SELECT 1 FROM syncCollection) BEGIN
            DELETE FROM syncChange WHERE kind = 1 AND uid = OLD.uid;
            INSERT INTO syncChange (kind, uid) VALUES (1, OLD.uid);
        END;

        -- Categories: renamed, recoloured, given another icon or parent.
        CREATE TRIGGER sync_category_update AFTER UPDATE OF name, icon, color, parentId, score ON category WHEN EXISTS (SELECT 1 FROM syncCollection) BEGIN
            DELETE FROM syncChange WHERE kind = 1 AND uid IN (
                SELECT uid FROM event WHERE typeId = NEW.id OR moodId = NEW.id
                    OR typeId IN (SELECT id FROM category WHERE parentId = NEW.id)
                UNION SELECT e.uid FROM trait t JOIN event e ON e.id = t.eventId
                    WHERE t.categoryId = NEW.id OR t.categoryId IN (SELECT id FROM category WHERE parentId = NEW.id));
            INSERT INTO syncChange (kind, uid)
                SELECT 1, uid FROM event WHERE typeId = NEW.id OR moodId = NEW.id
                    OR typeId IN (SELECT id FROM category WHERE parentId = NEW.id)
                UNION SELECT 1, e.uid FROM trait t JOIN event e ON e.id = t.eventId
                    WHERE t.categoryId = NEW.id OR t.categoryId IN (SELECT id FROM category WHERE parentId = NEW.id);
            DELETE FROM syncChange WHERE kind = 0 AND uid IN (
                SELECT uid FROM person WHERE relationId = NEW.id OR relationId IN (SELECT id FROM category WHERE parentId = NEW.id)
                UNION SELECT p.uid FROM trait t JOIN person p ON p.id = t.personId
                    WHERE t.eventId IS NULL AND t.categoryId = NEW.id OR t.categoryId IN (SELECT id FROM category WHERE parentId = NEW.id));
            INSERT INTO syncChange (kind, uid)
                SELECT 0, uid FROM person WHERE relationId = NEW.id OR relationId IN (SELECT id FROM category WHERE parentId = NEW.id)
                UNION SELECT 0, p.uid FROM trait t JOIN person p ON p.id = t.personId
                    WHERE t.eventId IS NULL AND t.categoryId = NEW.id OR t.categoryId IN (SELECT id FROM category WHERE parentId = NEW.id);
        END;

        -- Places: every event there.
        CREATE TRIGGER sync_place_update AFTER UPDATE ON place WHEN EXISTS (SELECT 1 FROM syncCollection) BEGIN
            DELETE FROM syncChange WHERE kind = 1 AND uid IN (SELECT uid FROM event WHERE placeId = NEW.id);
            INSERT INTO syncChange (kind, uid) SELECT 1, uid FROM event WHERE placeId = NEW.id;
        END;

        """ + SyncSchema.childTriggers

    /// Creates the triggers unless they are there.
    static func installTriggers(_ db: Database) throws {
        let present = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'sync_person_insert')")
        if present != true { try db.execute(sql: triggers) }
    }

    /// Drops the triggers once no sync collection is left (the last account removed).
    static func dropTriggersIfUnused(_ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM syncCollection)") != true else { return }
        let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\'")
        for name in names { try db.execute(sql: "DROP TRIGGER \(name)") }
    }

    /// Insert, update and delete triggers on the tables that hang off a person or an event.
    static var childTriggers: String {
        var sql = ""
        let active = "EXISTS (SELECT 1 FROM syncCollection)"
        func bump(_ kind: Int, _ table: String, _ parent: String, _ column: String, _ row: String) -> String {
            let owner = "(SELECT uid FROM \(parent) WHERE id = \(row).\(column))"
            return """
                DELETE FROM syncChange WHERE kind = \(kind) AND uid = \(owner);
                INSERT INTO syncChange (kind, uid) SELECT \(kind), \(owner) WHERE \(owner) IS NOT NULL;
                """
        }
        // A person's card holds only the traits of no event: those of events go with the event.
        func only(_ table: String, _ kind: Int, _ row: String) -> String {
            table == "trait" && kind == 0 ? " AND \(row).eventId IS NULL" : ""
        }
        let children: [(table: String, kind: Int, parent: String, column: String)] = [
            ("personNickname", 0, "person", "personId"), ("personContact", 0, "person", "personId"),
            ("personAddress", 0, "person", "personId"), ("personVCardLine", 0, "person", "personId"),
            ("trait", 0, "person", "personId"), ("trait", 1, "event", "eventId"),
            ("eventPerson", 1, "event", "eventId"), ("eventPhoto", 1, "event", "eventId"),
            ("eventKeptLines", 1, "event", "eventId"),
        ]
        for (table, kind, parent, column) in children {
            let name = "sync_\(table)_\(parent)"
            sql +=
                "CREATE TRIGGER \(name)_insert AFTER INSERT ON \(table) WHEN \(active)\(only(table, kind, "NEW")) BEGIN \(bump(kind, table, parent, column, "NEW")) END;\n"
            sql +=
                "CREATE TRIGGER \(name)_delete AFTER DELETE ON \(table) WHEN \(active)\(only(table, kind, "OLD")) BEGIN \(bump(kind, table, parent, column, "OLD")) END;\n"
            sql += """
                CREATE TRIGGER \(name)_update AFTER UPDATE ON \(table) WHEN \(active)\(table == "trait" && kind == 0 ? " AND (OLD.eventId IS NULL OR NEW.eventId IS NULL)" : "") BEGIN \(bump(kind, table, parent, column, "OLD")) \
                \(bump(kind, table, parent, column, "NEW")) END;

                """
        }
        return sql
    }
}
