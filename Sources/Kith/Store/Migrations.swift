import GRDB

extension Journal {
    /// The named migrations, in order. Frozen once shipped: add `v2`, never edit `v1`.
    /// They use plain SQL only, no app types; `name-keys` alone also computes
    /// `NameMatcher.fold` of the names it fills in. A new journal is made in one step from
    /// ``currentSchemaSQL``, written from these: after adding one, run
    /// `KITH_WRITE_FIXTURES=1 swift test --filter writeCurrentSchema` (`MigrationTests`
    /// fails until then).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: schemaV1)
            try insertDefaults(db)
        }
        migrator.registerMigration("v2") { db in
            // iCalendar properties Kith does not model, kept verbatim for export.
            try db.execute(
                sql: """
                    CREATE TABLE eventICalLine (
                        eventId INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        line TEXT NOT NULL,
                        PRIMARY KEY (eventId, position)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v3") { db in
            // The people of each day as a comma list, so that a month or a year reads one row
            // per day.
            try db.execute(
                sql: """
                    ALTER TABLE daySummary ADD COLUMN people TEXT NOT NULL DEFAULT '';
                    UPDATE daySummary SET people = ifnull(
                        (SELECT group_concat(personId, ',') FROM dayPerson dp WHERE dp.day = daySummary.day), '');
                    """)
        }
        // The migrations of import and export.
        //
        // `interchange-v1` adds `personImport`: for each person that came from a vCard, the
        // modelled fields as that card last gave them (JSON) and the file they came from. A
        // re-import compares the person with this snapshot to know which fields the user changed
        // in Kith (those are kept) and which still hold what the card said (those follow the card).
        // `interchange-v2` adds `eventImport`, the same for events. Both columns now hold a
        // hash of each field instead of the JSON (`PersonFieldsDigest`, `EventFieldsDigest`),
        // written at the next import of each card or event; the JSON still reads.
        migrator.registerMigration("interchange-v1") { db in
            try db.execute(
                sql: """
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
            try db.execute(
                sql: """
                    CREATE TABLE eventImport (
                        eventId INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
                        snapshot TEXT NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("name-keys") { db in
            // The folded form of each name and nickname (`NameMatcher.fold`, computed by Kith),
            // indexed, so that a typed name is found without folding everyone's. NULL means
            // "not computed": a rename by anything that does not fill it in (the triggers)
            // or an insert without it leaves NULL, and readers fold those rows themselves.
            try db.execute(
                sql: """
                    ALTER TABLE person ADD COLUMN nameKey TEXT;
                    ALTER TABLE personNickname ADD COLUMN valueKey TEXT;
                    CREATE TRIGGER person_nameKey_stale AFTER UPDATE OF displayName ON person
                    WHEN NEW.displayName IS NOT OLD.displayName
                    BEGIN UPDATE person SET nameKey = NULL WHERE id = NEW.id; END;
                    CREATE TRIGGER personNickname_valueKey_stale AFTER UPDATE OF value ON personNickname
                    WHEN NEW.value IS NOT OLD.value
                    BEGIN UPDATE personNickname SET valueKey = NULL WHERE personId = NEW.personId AND position = NEW.position; END;
                    """)
            let people = try Row.fetchAll(db, sql: "SELECT id, displayName FROM person")
            let setName = try db.makeStatement(sql: "UPDATE person SET nameKey = ? WHERE id = ?")
            for row in people { try setName.execute(arguments: [NameMatcher.fold(row[1]), row[0] as Int64]) }
            let nicknames = try Row.fetchAll(db, sql: "SELECT personId, position, value FROM personNickname")
            let setNick = try db.makeStatement(sql: "UPDATE personNickname SET valueKey = ? WHERE personId = ? AND position = ?")
            for row in nicknames { try setNick.execute(arguments: [NameMatcher.fold(row[2]), row[0] as Int64, row[1] as Int64]) }
            try db.execute(
                sql: """
                    CREATE INDEX person_nameKey ON person(nameKey);
                    CREATE INDEX personNickname_valueKey ON personNickname(valueKey);
                    """)
        }
        migrator.registerMigration("personContact-v2") { db in
            // The same table and indexes, with the kind checked by `=` comparisons: SQLite
            // 3.40 builds a temporary table for a three-value `IN` list on every inserted row,
            // an eighth of a contacts import. Same rows, same ids, same meaning.
            try db.execute(
                sql: """
                    CREATE TABLE personContact_new (
                        id INTEGER PRIMARY KEY,
                        personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind = 'email' OR kind = 'phone' OR kind = 'url'),
                        label TEXT NOT NULL DEFAULT '',
                        value TEXT NOT NULL CHECK (length(trim(value)) > 0),
                        position INTEGER NOT NULL
                    );
                    INSERT INTO personContact_new (id, personId, kind, label, value, position)
                        SELECT id, personId, kind, label, value, position FROM personContact;
                    DROP TABLE personContact;
                    ALTER TABLE personContact_new RENAME TO personContact;
                    CREATE INDEX personContact_person ON personContact(personId, kind, position);
                    CREATE INDEX personContact_value ON personContact(kind, value COLLATE NOCASE);
                    """)
        }
        // `settings-v1`: the `setting` table, one row per setting the user changed.
        migrator.registerMigration("settings-v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE setting (
                        name TEXT PRIMARY KEY NOT NULL CHECK (length(name) > 0),
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("sourceTimeZone") { db in
            // VTIMEZONEs of TZIDs that are neither IANA nor Windows, as imported files defined
            // them: written back with the kept lines that use them (issue 17).
            try db.execute(
                sql: """
                    CREATE TABLE sourceTimeZone (
                        tzid TEXT PRIMARY KEY NOT NULL,
                        text TEXT NOT NULL
                    )
                    """)
        }
        // The migrations of issue 16.
        //
        // `lasting-ids` rebuilds the tables whose ids users see and type (category, person, place,
        // event, trait) with
        // `id INTEGER PRIMARY KEY AUTOINCREMENT`, so that removing the newest row and adding
        // another never gives the removed id again (plain `INTEGER PRIMARY KEY` takes the
        // largest id + 1). It follows SQLite's twelve steps for a table change
        // (https://sqlite.org/lang_altertable.html#otheralter): GRDB runs the migration with
        // foreign keys off and checks them (`PRAGMA foreign_key_check`) before it commits; each
        // table is created anew from its own stored `CREATE TABLE` text (so it keeps every
        // column and constraint an earlier migration gave it), filled with the same rows and
        // ids, dropped, renamed into place, and its indexes and triggers created again.
        // `sqlite_sequence` starts at each table's largest id (an id already removed before
        // this migration cannot be known).
        //
        // `undo-log` adds the undo history: see ``undoLast()``.
        migrator.registerMigration("lasting-ids") { db in
            for table in ["category", "person", "place", "event", "trait"] {
                guard
                    let create = try String.fetchOne(
                        db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]),
                    let idRange = create.range(of: "id INTEGER PRIMARY KEY"),
                    !create[idRange.upperBound...].hasPrefix(" AUTOINCREMENT")
                else { continue }
                let others = try String.fetchAll(
                    db,
                    sql: """
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
            try db.execute(
                sql: """
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
        // The migrations of issue 19.
        //
        // `cadence-v1` (issue 19, keep in touch): how often to see someone, on relation
        // categories and people (`2w`, `3m`, `none`; NULL inherits) and the day it was set
        // (`yyyymmdd`), the day a person joined their relation category (NULL: the day they
        // were added), and a snooze: the day it moves them to and the day it was made. The
        // last interaction is not stored: it is the latest `dayPerson` day, through
        // `dayPerson_person`.
        migrator.registerMigration("cadence-v1") { db in
            try db.execute(
                sql: """
                    ALTER TABLE category ADD COLUMN cadence TEXT;
                    ALTER TABLE category ADD COLUMN cadenceSince INTEGER;
                    ALTER TABLE person ADD COLUMN cadence TEXT;
                    ALTER TABLE person ADD COLUMN cadenceSince INTEGER;
                    ALTER TABLE person ADD COLUMN relationSince INTEGER;
                    ALTER TABLE person ADD COLUMN snoozeUntil INTEGER;
                    ALTER TABLE person ADD COLUMN snoozedOn INTEGER;
                    CREATE INDEX person_cadence ON person(id) WHERE cadence IS NOT NULL;
                    """)
        }
        // `upcoming-days` indexes the month and day of birthdays and anniversaries (the last
        // five characters of `YYYY-MM-DD` and `--MM-DD`), so that the dates of the coming
        // days are read through an index: see `UpcomingQueries`.
        migrator.registerMigration("upcoming-days") { db in
            try db.execute(
                sql: """
                    CREATE INDEX person_birthday_day ON person(substr(birthday, -5));
                    CREATE INDEX person_anniversary_day ON person(substr(anniversary, -5));
                    """)
        }
        // `sync-v1` (issue 20, CardDAV and CalDAV sync): see `Sync/SyncSchema.swift`.
        migrator.registerMigration("sync-v1") { db in
            try db.execute(sql: SyncSchema.v1)
        }
        migrator.registerMigration("sync-v2") { db in
            try db.execute(sql: SyncSchema.v2)
        }
        migrator.registerMigration("kept-lines") { db in
            // An event's kept iCalendar lines in one row, joined by LF (no content line holds
            // one): a row an event instead of a row a line, written and read whole (an import
            // of 303,256 events wrote 844,829 rows of `eventICalLine`).
            try db.execute(
                sql: """
                    CREATE TABLE eventKeptLines (
                        eventId INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
                        lines TEXT NOT NULL
                    );
                    """)
            let insert = try db.makeStatement(sql: "INSERT INTO eventKeptLines (eventId, lines) VALUES (?, ?)")
            var current: Int64?
            var lines: [String] = []
            func flush() throws {
                if let id = current, !lines.isEmpty { try insert.execute(arguments: [id, lines.joined(separator: "\n")]) }
                lines.removeAll()
            }
            // In key order: each event's lines in their positions.
            let rows = try Row.fetchCursor(db, sql: "SELECT eventId, line FROM eventICalLine ORDER BY eventId, position")
            while let row = try rows.next() {
                let id: Int64 = row[0]
                if id != current {
                    try flush()
                    current = id
                }
                let line: String = row[1]
                lines.append(String(line.unicodeScalars.filter { $0 != "\n" && $0 != "\r" }))
            }
            try flush()
            try db.execute(sql: "DROP TABLE eventICalLine")
        }
        migrator.registerMigration("event-source") { db in
            // A digest of what a VEVENT's mapping read (EventSource), so that a re-import
            // need not map an unchanged VEVENT again. Taking a person or photo off an
            // event clears it: a re-import then merges that event once, as before.
            try db.execute(sql: "ALTER TABLE eventImport ADD COLUMN source INTEGER")
            for table in ["eventPerson", "eventPhoto"] {
                try db.execute(
                    sql: """
                        CREATE TRIGGER \(table)_source_delete AFTER DELETE ON \(table) BEGIN
                            UPDATE eventImport SET source = NULL WHERE eventId = OLD.eventId AND source IS NOT NULL;
                        END;
                        CREATE TRIGGER \(table)_source_update AFTER UPDATE ON \(table) BEGIN
                            UPDATE eventImport SET source = NULL WHERE eventId IN (OLD.eventId, NEW.eventId) AND source IS NOT NULL;
                        END;
                        """)
            }
        }
        // `photo-inline`: `photo` as a table with rowids. As a WITHOUT ROWID table each row
        // lived in its primary key's b-tree, whose cells hold at most ~1,000 bytes on a 4 KiB
        // page, so every photo over that (the bench book's: 923 to 1,820 bytes) took an
        // overflow page of its own, mostly empty: 1,166 photos, 1,337 pages, a fifth of
        // the journal. A rowid table keeps a row of up to ~4,000 bytes on its leaf page,
        // and the hash finds it through the key's own index. Same rows, same columns.
        migrator.registerMigration("photo-inline") { db in
            try db.execute(
                sql: """
                    CREATE TABLE photo_inline (
                        hash TEXT PRIMARY KEY CHECK (length(hash) = 64),
                        mediaType TEXT NOT NULL CHECK (mediaType IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif')),
                        byteCount INTEGER NOT NULL CHECK (byteCount > 0),
                        data BLOB NOT NULL
                    );
                    INSERT INTO photo_inline (hash, mediaType, byteCount, data) SELECT hash, mediaType, byteCount, data FROM photo ORDER BY hash;
                    DROP TABLE photo;
                    ALTER TABLE photo_inline RENAME TO photo;
                    """)
        }
        // `email-index`: only e-mail addresses are looked up by value (`kind = 'email' AND
        // value = ? COLLATE NOCASE`: matching a card or an attendee to a person); phones are
        // compared in Swift after their digits, URLs never. The index on every contact
        // row, `kind` first, became one on the e-mail rows: 12,424 of the bench book's
        // 30,869 rows, and a third of the instructions to build after an import.
        migrator.registerMigration("email-index") { db in
            try db.execute(
                sql: """
                    DROP INDEX personContact_value;
                    CREATE INDEX personContact_email ON personContact(value COLLATE NOCASE) WHERE kind = 'email';
                    """)
        }
        return migrator
    }

    static let schemaV1 = """
        CREATE TABLE category (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('relation', 'eventType', 'trait', 'mood')),
            name TEXT NOT NULL CHECK (length(trim(name)) > 0 AND instr(name, '/') = 0),
            icon TEXT NOT NULL DEFAULT '',
            color TEXT NOT NULL CHECK (length(color) = 7 AND color GLOB '#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]'),
            position INTEGER NOT NULL DEFAULT 0,
            parentId INTEGER REFERENCES category(id) ON DELETE RESTRICT,
            score INTEGER CHECK (score BETWEEN -2 AND 2),
            CHECK ((kind = 'mood') = (score IS NOT NULL)),
            CHECK (kind <> 'mood' OR parentId IS NULL),
            CHECK (parentId IS NULL OR parentId <> id)
        );
        CREATE UNIQUE INDEX category_unique_name ON category(kind, ifnull(parentId, 0), name COLLATE NOCASE);
        CREATE INDEX category_parent ON category(parentId);
        CREATE TRIGGER category_two_levels_insert BEFORE INSERT ON category
        WHEN NEW.parentId IS NOT NULL AND (
            (SELECT parentId FROM category WHERE id = NEW.parentId) IS NOT NULL
            OR (SELECT kind FROM category WHERE id = NEW.parentId) IS NOT NEW.kind)
        BEGIN SELECT RAISE(ABORT, 'a subcategory must sit under a main category of the same kind'); END;
        CREATE TRIGGER category_two_levels_update BEFORE UPDATE OF parentId, kind ON category
        WHEN NEW.parentId IS NOT NULL AND (
            (SELECT parentId FROM category WHERE id = NEW.parentId) IS NOT NULL
            OR (SELECT kind FROM category WHERE id = NEW.parentId) IS NOT NEW.kind
            OR EXISTS (SELECT 1 FROM category WHERE parentId = NEW.id))
        BEGIN SELECT RAISE(ABORT, 'a subcategory must sit under a main category of the same kind'); END;

        CREATE TABLE photo (
            hash TEXT PRIMARY KEY CHECK (length(hash) = 64),
            mediaType TEXT NOT NULL CHECK (mediaType IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif')),
            byteCount INTEGER NOT NULL CHECK (byteCount > 0),
            data BLOB NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE person (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE CHECK (length(uid) > 0),
            displayName TEXT NOT NULL CHECK (length(trim(displayName)) > 0),
            familyName TEXT NOT NULL DEFAULT '',
            givenName TEXT NOT NULL DEFAULT '',
            additionalNames TEXT NOT NULL DEFAULT '',
            honorificPrefixes TEXT NOT NULL DEFAULT '',
            honorificSuffixes TEXT NOT NULL DEFAULT '',
            birthday TEXT,
            anniversary TEXT,
            organization TEXT NOT NULL DEFAULT '',
            title TEXT NOT NULL DEFAULT '',
            note TEXT NOT NULL DEFAULT '',
            relationId INTEGER REFERENCES category(id) ON DELETE RESTRICT,
            photoHash TEXT REFERENCES photo(hash) ON DELETE SET NULL,
            rev TEXT,
            createdAt INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL
        );
        CREATE INDEX person_relation ON person(relationId);
        CREATE INDEX person_name ON person(displayName COLLATE NOCASE);

        CREATE TABLE personNickname (
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            value TEXT NOT NULL CHECK (length(trim(value)) > 0),
            PRIMARY KEY (personId, position)
        ) WITHOUT ROWID;

        CREATE TABLE personContact (
            id INTEGER PRIMARY KEY,
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('email', 'phone', 'url')),
            label TEXT NOT NULL DEFAULT '',
            value TEXT NOT NULL CHECK (length(trim(value)) > 0),
            position INTEGER NOT NULL
        );
        CREATE INDEX personContact_person ON personContact(personId, kind, position);
        CREATE INDEX personContact_value ON personContact(kind, value COLLATE NOCASE);

        CREATE TABLE personAddress (
            id INTEGER PRIMARY KEY,
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            label TEXT NOT NULL DEFAULT '',
            poBox TEXT NOT NULL DEFAULT '',
            extended TEXT NOT NULL DEFAULT '',
            street TEXT NOT NULL DEFAULT '',
            locality TEXT NOT NULL DEFAULT '',
            region TEXT NOT NULL DEFAULT '',
            postalCode TEXT NOT NULL DEFAULT '',
            country TEXT NOT NULL DEFAULT '',
            position INTEGER NOT NULL
        );
        CREATE INDEX personAddress_person ON personAddress(personId, position);

        -- vCard properties Kith does not model, kept verbatim (unfolded content lines).
        CREATE TABLE personVCardLine (
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            line TEXT NOT NULL,
            PRIMARY KEY (personId, position)
        ) WITHOUT ROWID;

        CREATE TABLE place (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            address TEXT,
            latitude REAL CHECK (latitude BETWEEN -90 AND 90),
            longitude REAL CHECK (longitude BETWEEN -180 AND 180),
            CHECK ((latitude IS NULL) = (longitude IS NULL))
        );
        CREATE UNIQUE INDEX place_name ON place(name COLLATE NOCASE);

        CREATE TABLE event (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE CHECK (length(uid) > 0),
            title TEXT NOT NULL CHECK (length(trim(title)) > 0),
            startAt INTEGER NOT NULL,            -- Unix seconds, UTC
            endAt INTEGER,                       -- Unix seconds, UTC
            timeZone TEXT NOT NULL CHECK (length(timeZone) > 0),
            allDay INTEGER NOT NULL DEFAULT 0 CHECK (allDay IN (0, 1)),
            startDay INTEGER NOT NULL,           -- local day yyyymmdd in timeZone
            endDay INTEGER NOT NULL,             -- last local day touched, inclusive
            typeId INTEGER REFERENCES category(id) ON DELETE RESTRICT,
            moodId INTEGER REFERENCES category(id) ON DELETE RESTRICT,
            placeId INTEGER REFERENCES place(id) ON DELETE SET NULL,
            note TEXT NOT NULL DEFAULT '',
            createdAt INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL,
            CHECK (endAt IS NULL OR endAt >= startAt),
            CHECK (endDay >= startDay),
            CHECK (allDay = 0 OR endAt IS NOT NULL)
        );
        CREATE INDEX event_start ON event(startDay, startAt);
        CREATE INDEX event_type ON event(typeId);
        CREATE INDEX event_mood ON event(moodId);
        CREATE INDEX event_place ON event(placeId);

        CREATE TABLE eventPerson (
            eventId INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            PRIMARY KEY (eventId, personId)
        ) WITHOUT ROWID;
        CREATE INDEX eventPerson_person ON eventPerson(personId, eventId);

        CREATE TABLE eventPhoto (
            eventId INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
            photoHash TEXT NOT NULL REFERENCES photo(hash) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            PRIMARY KEY (eventId, photoHash)
        ) WITHOUT ROWID;
        CREATE INDEX eventPhoto_photo ON eventPhoto(photoHash);

        CREATE TABLE trait (
            id INTEGER PRIMARY KEY,
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            categoryId INTEGER NOT NULL REFERENCES category(id) ON DELETE RESTRICT,
            text TEXT NOT NULL,
            eventId INTEGER REFERENCES event(id) ON DELETE CASCADE,
            position INTEGER NOT NULL DEFAULT 0,
            createdAt INTEGER NOT NULL
        );
        CREATE INDEX trait_person ON trait(personId, categoryId);
        CREATE INDEX trait_event ON trait(eventId);
        CREATE INDEX trait_category ON trait(categoryId);

        -- Day index: derived from event and eventPerson, maintained in the same transaction
        -- as every write, checked by Journal.checkInvariants().
        CREATE TABLE dayEvent (
            day INTEGER NOT NULL,
            eventId INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
            typeId INTEGER,
            moodId INTEGER,
            PRIMARY KEY (day, eventId)
        ) WITHOUT ROWID;
        CREATE INDEX dayEvent_event ON dayEvent(eventId);
        CREATE TABLE dayPerson (
            day INTEGER NOT NULL,
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            eventCount INTEGER NOT NULL CHECK (eventCount > 0),
            PRIMARY KEY (day, personId)
        ) WITHOUT ROWID;
        CREATE INDEX dayPerson_person ON dayPerson(personId, day);
        CREATE TABLE daySummary (
            day INTEGER PRIMARY KEY,
            eventCount INTEGER NOT NULL CHECK (eventCount > 0),
            personCount INTEGER NOT NULL,
            moodCount INTEGER NOT NULL,
            moodScoreSum INTEGER NOT NULL,
            dominantMoodId INTEGER REFERENCES category(id) ON DELETE SET NULL
        );
        """
}
