// Written by `KITH_WRITE_FIXTURES=1 swift test --filter writeCurrentSchema` from a journal
// that ran every migration. Change the migrations, then write this again; never edit it.

extension Journal {
    /// A new journal: every schema object in the order the migrations made it, the
    /// rows they left (default categories, `sqlite_sequence`, `grdb_migrations`).
    static let currentSchemaSQL = #"""
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        CREATE TABLE personNickname (
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            value TEXT NOT NULL CHECK (length(trim(value)) > 0), valueKey TEXT,
            PRIMARY KEY (personId, position)
        ) WITHOUT ROWID;
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
        CREATE TABLE personVCardLine (
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            line TEXT NOT NULL,
            PRIMARY KEY (personId, position)
        ) WITHOUT ROWID;
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
        , people TEXT NOT NULL DEFAULT '');
        CREATE TABLE personImport (
            personId INTEGER PRIMARY KEY REFERENCES person(id) ON DELETE CASCADE,
            source TEXT NOT NULL,
            snapshot TEXT NOT NULL,
            importedAt INTEGER NOT NULL
        );
        CREATE TABLE eventImport (
            eventId INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
            snapshot TEXT NOT NULL
        , source INTEGER);
        CREATE TRIGGER personNickname_valueKey_stale AFTER UPDATE OF value ON personNickname
        WHEN NEW.value IS NOT OLD.value
        BEGIN UPDATE personNickname SET valueKey = NULL WHERE personId = NEW.personId AND position = NEW.position; END;
        CREATE INDEX personNickname_valueKey ON personNickname(valueKey);
        CREATE TABLE "personContact" (
            id INTEGER PRIMARY KEY,
            personId INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind = 'email' OR kind = 'phone' OR kind = 'url'),
            label TEXT NOT NULL DEFAULT '',
            value TEXT NOT NULL CHECK (length(trim(value)) > 0),
            position INTEGER NOT NULL
        );
        CREATE INDEX personContact_person ON personContact(personId, kind, position);
        CREATE TABLE setting (
            name TEXT PRIMARY KEY NOT NULL CHECK (length(name) > 0),
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE sourceTimeZone (
            tzid TEXT PRIMARY KEY NOT NULL,
            text TEXT NOT NULL
        );
        CREATE TABLE "category" (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL CHECK (kind IN ('relation', 'eventType', 'trait', 'mood')),
            name TEXT NOT NULL CHECK (length(trim(name)) > 0 AND instr(name, '/') = 0),
            icon TEXT NOT NULL DEFAULT '',
            color TEXT NOT NULL CHECK (length(color) = 7 AND color GLOB '#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]'),
            position INTEGER NOT NULL DEFAULT 0,
            parentId INTEGER REFERENCES category(id) ON DELETE RESTRICT,
            score INTEGER CHECK (score BETWEEN -2 AND 2), cadence TEXT, cadenceSince INTEGER,
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
        CREATE TABLE "person" (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
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
        , nameKey TEXT, cadence TEXT, cadenceSince INTEGER, relationSince INTEGER, snoozeUntil INTEGER, snoozedOn INTEGER);
        CREATE INDEX person_relation ON person(relationId);
        CREATE INDEX person_name ON person(displayName COLLATE NOCASE);
        CREATE TRIGGER person_nameKey_stale AFTER UPDATE OF displayName ON person
        WHEN NEW.displayName IS NOT OLD.displayName
        BEGIN UPDATE person SET nameKey = NULL WHERE id = NEW.id; END;
        CREATE INDEX person_nameKey ON person(nameKey);
        CREATE TABLE "place" (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            address TEXT,
            latitude REAL CHECK (latitude BETWEEN -90 AND 90),
            longitude REAL CHECK (longitude BETWEEN -180 AND 180),
            CHECK ((latitude IS NULL) = (longitude IS NULL))
        );
        CREATE UNIQUE INDEX place_name ON place(name COLLATE NOCASE);
        CREATE TABLE "event" (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
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
        CREATE TABLE "trait" (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
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
        CREATE INDEX person_cadence ON person(id) WHERE cadence IS NOT NULL;
        CREATE INDEX person_birthday_day ON person(substr(birthday, -5));
        CREATE INDEX person_anniversary_day ON person(substr(anniversary, -5));
        CREATE TABLE syncAccount (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
            url TEXT NOT NULL,
            user TEXT NOT NULL DEFAULT '',
            passwordCommand TEXT,
            addressbookURL TEXT,
            calendarURL TEXT,
            createdAt INTEGER NOT NULL
        , caFile TEXT);
        CREATE TABLE syncCollection (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            accountId INTEGER NOT NULL REFERENCES syncAccount(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('contacts', 'events')),
            url TEXT NOT NULL,
            token TEXT,
            vCardVersion TEXT NOT NULL DEFAULT '4.0',
            checked INTEGER NOT NULL DEFAULT 0, syncedAt INTEGER, tokenProbe INTEGER,
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
        CREATE TABLE eventKeptLines (
            eventId INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
            lines TEXT NOT NULL
        );
        CREATE TRIGGER eventPerson_source_delete AFTER DELETE ON eventPerson BEGIN
            UPDATE eventImport SET source = NULL WHERE eventId = OLD.eventId AND source IS NOT NULL;
        END;
        CREATE TRIGGER eventPerson_source_update AFTER UPDATE ON eventPerson BEGIN
            UPDATE eventImport SET source = NULL WHERE eventId IN (OLD.eventId, NEW.eventId) AND source IS NOT NULL;
        END;
        CREATE TRIGGER eventPhoto_source_delete AFTER DELETE ON eventPhoto BEGIN
            UPDATE eventImport SET source = NULL WHERE eventId = OLD.eventId AND source IS NOT NULL;
        END;
        CREATE TRIGGER eventPhoto_source_update AFTER UPDATE ON eventPhoto BEGIN
            UPDATE eventImport SET source = NULL WHERE eventId IN (OLD.eventId, NEW.eventId) AND source IS NOT NULL;
        END;
        CREATE TABLE "photo" (
            hash TEXT PRIMARY KEY CHECK (length(hash) = 64),
            mediaType TEXT NOT NULL CHECK (mediaType IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif')),
            byteCount INTEGER NOT NULL CHECK (byteCount > 0),
            data BLOB NOT NULL
        );
        CREATE INDEX personContact_email ON personContact(value COLLATE NOCASE) WHERE kind = 'email';
        INSERT INTO grdb_migrations ("identifier") VALUES ('v1');
        INSERT INTO grdb_migrations ("identifier") VALUES ('v2');
        INSERT INTO grdb_migrations ("identifier") VALUES ('v3');
        INSERT INTO grdb_migrations ("identifier") VALUES ('interchange-v1');
        INSERT INTO grdb_migrations ("identifier") VALUES ('interchange-v2');
        INSERT INTO grdb_migrations ("identifier") VALUES ('name-keys');
        INSERT INTO grdb_migrations ("identifier") VALUES ('personContact-v2');
        INSERT INTO grdb_migrations ("identifier") VALUES ('settings-v1');
        INSERT INTO grdb_migrations ("identifier") VALUES ('sourceTimeZone');
        INSERT INTO grdb_migrations ("identifier") VALUES ('lasting-ids');
        INSERT INTO grdb_migrations ("identifier") VALUES ('undo-log');
        INSERT INTO grdb_migrations ("identifier") VALUES ('cadence-v1');
        INSERT INTO grdb_migrations ("identifier") VALUES ('upcoming-days');
        INSERT INTO grdb_migrations ("identifier") VALUES ('sync-v1');
        INSERT INTO grdb_migrations ("identifier") VALUES ('sync-v2');
        INSERT INTO grdb_migrations ("identifier") VALUES ('kept-lines');
        INSERT INTO grdb_migrations ("identifier") VALUES ('event-source');
        INSERT INTO grdb_migrations ("identifier") VALUES ('photo-inline');
        INSERT INTO grdb_migrations ("identifier") VALUES ('email-index');
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (1, 'relation', 'Family', '🏠', '#E07A5F', 0, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (2, 'relation', 'Parents', '👪', '#E07A5F', 0, 1, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (3, 'relation', 'Siblings', '🧒', '#F2A07B', 1, 1, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (4, 'relation', 'Friends', '🤝', '#3D85C6', 1, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (5, 'relation', 'Close', '💛', '#3D85C6', 0, 4, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (6, 'relation', 'College', '🎓', '#6FA8DC', 1, 4, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (7, 'relation', 'Work', '💼', '#6A5ACD', 2, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (8, 'relation', 'Colleagues', '🧑‍💻', '#6A5ACD', 0, 7, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (9, 'relation', 'Clients', '🤝', '#9A8CF0', 1, 7, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (10, 'relation', 'Acquaintances', '👋', '#8E9AAF', 3, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (11, 'eventType', 'Chat', '💬', '#4A90D9', 0, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (12, 'eventType', 'Meal', '🍽️', '#E69138', 1, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (13, 'eventType', 'Meeting', '📅', '#6A5ACD', 2, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (14, 'eventType', 'Party', '🎉', '#D5427A', 3, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (15, 'eventType', 'Call', '📞', '#45B39D', 4, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (16, 'eventType', 'Message', '✉️', '#7F8C8D', 5, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (17, 'eventType', 'Trip', '✈️', '#2E86C1', 6, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (18, 'eventType', 'Activity', '🏃', '#27AE60', 7, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (19, 'trait', 'Interests', '⭐', '#F1C232', 0, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (20, 'trait', 'Features', '👤', '#A569BD', 1, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (21, 'trait', 'Experiences', '🧭', '#5DADE2', 2, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (22, 'trait', 'Work & Study', '📚', '#52BE80', 3, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (23, 'trait', 'Preferences', '❤️', '#EC7063', 4, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (24, 'trait', 'Family & Life', '🌱', '#48C9B0', 5, NULL, NULL, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (25, 'mood', 'great', '😄', '#2ECC71', 0, NULL, 2, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (26, 'mood', 'good', '🙂', '#A3D977', 1, NULL, 1, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (27, 'mood', 'okay', '😐', '#F4D03F', 2, NULL, 0, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (28, 'mood', 'bad', '🙁', '#E67E22', 3, NULL, -1, NULL, NULL);
        INSERT INTO category ("id", "kind", "name", "icon", "color", "position", "parentId", "score", "cadence", "cadenceSince") VALUES (29, 'mood', 'awful', '😞', '#C0392B', 4, NULL, -2, NULL, NULL);
        DELETE FROM sqlite_sequence;
        INSERT INTO sqlite_sequence ("name", "seq") VALUES ('category', 29);
        INSERT INTO sqlite_sequence ("name", "seq") VALUES ('person', 0);
        INSERT INTO sqlite_sequence ("name", "seq") VALUES ('place', 0);
        INSERT INTO sqlite_sequence ("name", "seq") VALUES ('event', 0);
        INSERT INTO sqlite_sequence ("name", "seq") VALUES ('trait', 0);
        """#
}
