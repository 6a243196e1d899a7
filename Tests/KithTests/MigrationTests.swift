import Foundation
import GRDB
import Testing

@testable import Kith

/// A journal written by the first released schema (`v1`) opens with the current code,
/// migrates, and keeps every row; a journal from a newer Kith is refused untouched.
@Suite("Migrations")
struct MigrationTests {
    /// A private copy of `Fixtures/journal-v1.sqlite` in a fresh temporary folder.
    func copyOfV1Fixture() throws -> (folder: URL, path: String) {
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/journal-v1", withExtension: "sqlite"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("journal.sqlite").path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return (folder, path)
    }

    @Test("the v1 fixture really is a v1 journal")
    func fixtureIsV1() throws {
        let (folder, path) = try copyOfV1Fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let applied = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(applied == ["v1"])
    }

    @Test("the migrations keep their identifiers and their order")
    func migrationIdentifiersAreFrozen() {
        // Shipped journals record these names in grdb_migrations: renaming, reordering or
        // dropping one would make an existing journal migrate again or refuse to open.
        #expect(
            Journal.migrator.migrations == [
                "v1", "v2", "v3", "interchange-v1", "interchange-v2", "name-keys", "personContact-v2",
                "settings-v1", "sourceTimeZone", "lasting-ids", "undo-log", "cadence-v1", "upcoming-days", "sync-v1", "sync-v2",
                "kept-lines", "event-source", "photo-inline", "email-index",
            ])
    }

    @Test("kept-lines: an event's kept lines move into one row in their order, and read back as before")
    func keptLinesMigrate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        // A journal as the last release left it, with lines written out of their order.
        let queue = try DatabaseQueue(path: path)
        try Journal.migrator.migrate(queue, upTo: "sync-v2")
        try queue.write { db in
            for (id, uid) in [(1, "a"), (2, "b")] {
                try db.execute(
                    sql: """
                        INSERT INTO event (id, uid, title, startAt, timeZone, startDay, endDay, createdAt, updatedAt)
                        VALUES (?, ?, 'Tea', 1767600000, 'UTC', 20260105, 20260105, 0, 0)
                        """, arguments: [id, uid])
            }
            for (position, line) in [(2, "X-C:3"), (0, "X-A:1"), (1, "ATTENDEE;CN=\"B\":mailto:b@example.com")] {
                try db.execute(sql: "INSERT INTO eventICalLine (eventId, position, line) VALUES (1, ?, ?)", arguments: [position, line])
            }
        }
        try queue.close()
        let journal = try Journal(path: path)
        #expect(try journal.integrityCheck() == [])
        #expect(try journal.event(id: 1).icalLines == ["X-A:1", "ATTENDEE;CN=\"B\":mailto:b@example.com", "X-C:3"])
        #expect(try journal.event(id: 2).icalLines == [])
        let tables = try journal.dbQueue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name IN ('eventICalLine', 'eventKeptLines')")
        }
        #expect(tables == ["eventKeptLines"])
        // Written whole again on an edit; a line break in a kept line is refused.
        try journal.editEvent(id: 1) { $0.icalLines.removeFirst() }
        #expect(try journal.event(id: 1).icalLines == ["ATTENDEE;CN=\"B\":mailto:b@example.com", "X-C:3"])
        #expect(throws: JournalError.self) { try journal.editEvent(id: 2) { $0.icalLines = ["X-A:1\nX-B:2"] } }
    }

    @Test("a v1 journal migrates to the current schema and keeps every row")
    func v1JournalMigratesKeepingEveryRow() throws {
        let (folder, path) = try copyOfV1Fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try Journal(path: path)
        #expect(try journal.integrityCheck() == [])
        try journal.checkInvariants()
        let applied = try journal.dbQueue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(Set(applied) == Set(Journal.migrator.migrations))

        // Categories: the defaults plus the one the user added.
        #expect(try journal.categories(kind: .relation).count == 11)
        let climbing = try journal.category(kind: .relation, path: "Friends/Climbing")
        #expect(climbing.icon == "🧗")

        // People, with their details.
        let people = try journal.people()
        #expect(people.map(\.displayName).sorted() == ["Ana Lima", "Ben Okafor", "Chen Wei"])
        let ana = try journal.resolvePerson("Ana")
        let anaFull = try journal.person(id: ana.id)
        #expect(anaFull.uid == "fixture-ana")
        #expect(anaFull.nicknames == ["Annie"])
        #expect(anaFull.emails.map(\.value) == ["ana@example.com"])
        #expect(anaFull.addresses.first?.locality == "Lisbon")
        #expect(anaFull.birthday?.description.contains("04-12") == true)
        #expect(anaFull.photoHash != nil)
        let chen = try journal.person(id: try journal.resolvePerson("Chen Wei").id)
        #expect(chen.vcardLines == ["X-FOO:bar"])
        #expect(try journal.person(id: try journal.resolvePerson("Ben").id).relation?.name == "Climbing")

        // `name-keys` stored every name and nickname folded.
        let keys = try journal.dbQueue.read { db in
            try String?.fetchAll(db, sql: "SELECT nameKey FROM person ORDER BY nameKey")
                + String?.fetchAll(db, sql: "SELECT valueKey FROM personNickname")
        }
        #expect(keys == ["ana lima", "ben okafor", "chen wei", "annie"])

        // Events, with people, place, mood, photo and traits.
        let events = try journal.events(EventFilter(newestFirst: false))
        #expect(events.map(\.title) == ["Dim sum", "Coffee and a long walk", "Call with Chen", "Trip to Hualien"])
        let coffee = events[1]
        #expect(coffee.people.map(\.displayName).sorted() == ["Ana Lima", "Ben Okafor"])
        #expect(coffee.place?.name == "Blue Bottle, Taipei")
        #expect(coffee.mood?.name == "good")
        #expect(coffee.photos.count == 1)
        #expect(Set(coffee.traits.map(\.text)) == ["started bouldering"])
        #expect(events[3].allDay)
        #expect(events[3].endDay == LocalDate(dayNumber: 20250403))

        // Traits learned without an event stay too.
        let traits = try journal.traits(search: "coffee")
        #expect(traits.count == 1)

        // The day index, including the people column v3 fills in.
        let days = try journal.days(from: LocalDate(dayNumber: 20250301), to: LocalDate(dayNumber: 20250430))
        #expect(days.map(\.date.dayNumber) == [20250320, 20250322, 20250401, 20250402, 20250403])
        #expect(days[0].eventCount == 2)
        #expect(Set(days[0].personIDs) == [ana.id, try journal.resolvePerson("Ben").id])
        #expect(days[0].dominantMood?.name == "great")

        // And it keeps working: a new event lands and the index stays right.
        _ = try journal.logEvent(
            EventDraft(
                title: "After the upgrade", start: Date(timeIntervalSince1970: 1_750_000_000),
                timeZone: "Asia/Taipei", personIDs: [ana.id]))
        try journal.checkInvariants()
        #expect(try journal.events().count == 5)
    }

    @Test("after migrating, contact details keep their ids and still accept only e-mail, phone and URL")
    func personContactRebuiltWithTheSameRule() throws {
        let (folder, path) = try copyOfV1Fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT id, personId, kind, label, value, position FROM personContact ORDER BY id")
        }
        let journal = try Journal(path: path)
        let after = try journal.dbQueue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, personId, kind, label, value, position FROM personContact ORDER BY id")
        }
        #expect(after == before)
        #expect(after.count == 2)
        let ana = try journal.resolvePerson("Ana")
        for kind in ["fax", "EMAIL", ""] {
            #expect(throws: DatabaseError.self) {
                try journal.dbQueue.write { db in
                    try db.execute(
                        sql: "INSERT INTO personContact (personId, kind, label, value, position) VALUES (?, ?, '', 'x', 9)",
                        arguments: [ana.id, kind])
                }
            }
        }
        for kind in ["email", "phone", "url"] {
            try journal.dbQueue.write { db in
                try db.execute(
                    sql: "INSERT INTO personContact (personId, kind, label, value, position) VALUES (?, ?, '', 'x', 9)",
                    arguments: [ana.id, kind])
            }
        }
        // The indexes are back, and removing a person still removes their details.
        let indexes = try journal.dbQueue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'personContact' ORDER BY name")
        }
        #expect(indexes == ["personContact_email", "personContact_person"])
        try journal.removePerson(id: ana.id)
        #expect(try journal.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM personContact WHERE personId = ?", arguments: [ana.id]) } == 0)
        #expect(try journal.integrityCheck() == [])
    }

    @Test("photo-inline: a photo of a kilobyte and a half shares its page, and the v1 photo reads back whole")
    func photosStayOnTheirPages() throws {
        let j = try Journal.inMemory()
        let pages = { try j.dbQueue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count")! } }
        let before = try pages()
        // 200 different JPEGs of 1,506 bytes: two fit on a 4 KiB page. Stored in the
        // WITHOUT ROWID table each took an overflow page of its own (~225 pages in all).
        for k in 0..<200 {
            let comment = (0..<1_450).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ k) }
            let jpeg = Array(PhotoStructureTests.jpeg[0..<2]) + [0xFF, 0xFE, 0x05, 0xAC] + comment + PhotoStructureTests.jpeg[2...]
            _ = try j.storePhoto(Data(jpeg), name: "p\(k).jpg")
        }
        let grown = try pages() - before
        #expect(grown >= 100 && grown <= 115, "200 photos of ~1.5 KB took \(grown) pages")

        let (folder, path) = try copyOfV1Fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try Journal(path: path)
        let hash = try #require(try journal.person(id: try journal.resolvePerson("Ana").id).photoHash)
        let (photo, data) = try journal.photo(hash: hash)
        #expect(photo.byteCount == data.count && data.count > 0)
        let withoutRowID = try journal.dbQueue.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'photo'")!.contains("WITHOUT ROWID")
        }
        #expect(!withoutRowID)
    }

    @Test("email-index: finding a person by e-mail reads an index of e-mail rows only")
    func emailLookupUsesTheEmailIndex() throws {
        let j = try Journal.inMemory()
        let ana = PersonDraft(
            displayName: "Ana Lima", emails: [LabeledValue("Ana@Example.com", label: "home")],
            phones: [LabeledValue("+351 912 345 678", label: "cell")])
        let id = try j.addPerson(ana).id
        #expect(try j.personIDs(email: "ana@example.COM") == [id])
        let plan = try j.dbQueue.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN SELECT personId FROM personContact WHERE kind = 'email' AND value = ? COLLATE NOCASE",
                arguments: ["ana@example.com"]
            ).map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("personContact_email"), "\(plan)")
        let indexed = try j.dbQueue.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM personContact INDEXED BY personContact_email WHERE kind = 'email'")
        }
        #expect(indexed == 1)
    }

    @Test("a new journal is made in one step with the schema and rows that every migration gives")
    func currentSchemaMatchesTheMigrations() throws {
        var config = Configuration()
        config.foreignKeysEnabled = true
        let migrated = try DatabaseQueue(configuration: config)
        try Journal.migrator.migrate(migrated)
        let made = try DatabaseQueue(configuration: config)
        try Journal.createCurrentSchema(made)
        let (expected, got) = (try Self.contents(of: migrated), try Self.contents(of: made))
        for (a, b) in zip(expected, got) where a != b { Issue.record("migrated: \(a)\nmade:     \(b)") }
        #expect(expected.count == got.count)
        // Every migration is covered: a new journal needs none of them run one by one.
        let covered = try made.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(
            Set(covered) == Set(Journal.migrator.migrations),
            "Journal.currentSchemaSQL is older than the migrations: run KITH_WRITE_FIXTURES=1 swift test --filter writeCurrentSchema")
        // A file that already holds something is left to the migrator.
        try Journal.createCurrentSchema(made)
        #expect(try Self.contents(of: made) == got)
        // And a journal made so opens, works and passes its checks.
        let j = try Journal.inMemory()
        _ = try j.addPerson(PersonDraft(displayName: "Ana Lima"))
        #expect(try j.integrityCheck() == [])
        try j.checkInvariants()
    }

    /// Every schema object (type, name, table, SQL) and every row of every table, as text,
    /// sorted: what two ways of making a journal must agree on.
    static func contents(of queue: DatabaseQueue) throws -> [String] {
        try queue.read { db in
            var out = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master").map { "\($0)" }
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                out += try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map { "\(table): \($0)" }
            }
            return out.sorted()
        }
    }

    /// Rewrites `Sources/Kith/Store/CurrentSchema+SQL.swift` from a journal that ran every
    /// migration: its schema objects in the order they were made, then its rows.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["KITH_WRITE_FIXTURES"] == "1"))
    func writeCurrentSchema() throws {
        let migrated = try DatabaseQueue()
        try Journal.migrator.migrate(migrated)
        let sql = try migrated.read { db in
            var statements = try String.fetchAll(
                db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name <> 'sqlite_sequence' ORDER BY rowid")
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
            for table in tables + ["sqlite_sequence"] {
                // Only rowid tables hold rows in a new journal (categories, sequences, migrations).
                guard try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0 > 0 else { continue }
                let columns = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
                    .map { ($0["name"] as String).quotedDatabaseIdentifier }
                let values = columns.map { "quote(\($0))" }.joined(separator: " || ', ' || ")
                let rows = try String.fetchAll(db, sql: "SELECT \(values) FROM \(table.quotedDatabaseIdentifier) ORDER BY rowid")
                if table == "sqlite_sequence" { statements.append("DELETE FROM sqlite_sequence") }
                for row in rows {
                    statements.append("INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(row))")
                }
            }
            // Indented as the literal's closing delimiter, which Swift strips again.
            return (statements.joined(separator: ";\n") + ";").split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        }
        let text = """
            // Written by `KITH_WRITE_FIXTURES=1 swift test --filter writeCurrentSchema` from a journal
            // that ran every migration. Change the migrations, then write this again; never edit it.

            extension Journal {
                /// A new journal: every schema object in the order the migrations made it, the
                /// rows they left (default categories, `sqlite_sequence`, `grdb_migrations`).
                static let currentSchemaSQL = #\"\"\"
            \(sql)
                    \"\"\"#
            }

            """
        let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Kith/Store/CurrentSchema+SQL.swift")
        try text.write(to: target, atomically: true, encoding: .utf8)
    }

    @Test("a journal from a newer Kith is refused, says so, and is left unchanged")
    func newerJournalIsRefusedUnchanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-newer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        try Self.makeNewerJournal(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let mtime = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        #expect {
            _ = try Journal(path: path)
        } throws: { error in
            guard case JournalError.newerSchema(_, let unknown)? = error as? JournalError else { return false }
            let text = "\(error)"
            return unknown == ["v99-from-the-future"] && text.contains("newer")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == mtime)
    }

    /// A current journal with one person, marked as migrated by a Kith that knows a
    /// migration this build does not. Closed (no -wal left) when this returns.
    static func makeNewerJournal(at path: String) throws {
        do {
            let journal = try Journal(path: path)
            _ = try journal.addPerson(PersonDraft(displayName: "Future Person"))
            try journal.dbQueue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
            }
            try journal.dbQueue.close()
        }
    }

    // MARK: Making the fixture

    /// Rewrites `Tests/KithTests/Fixtures/journal-v1.sqlite` (see the README there). Runs
    /// only with `KITH_WRITE_FIXTURES=1`; the committed file must not change otherwise.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["KITH_WRITE_FIXTURES"] == "1"))
    func writeV1Fixture() throws {
        let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/journal-v1.sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: target + suffix) }
        try Self.makeV1Journal(at: target)
    }

    /// The `v1` migration only, then sample rows with plain SQL, as Kith 0.1 stored them.
    static func makeV1Journal(at path: String) throws {
        var config = Configuration()
        config.journalMode = .wal
        config.foreignKeysEnabled = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        try Journal.migrator.migrate(queue, upTo: "v1")
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89,
        ]
        let hash = SHA256.hex(SHA256.hash(png))
        let tz = TimeZone(identifier: "Asia/Taipei")!
        // (title, start, end, allDay, type, mood, place?, people, note)
        typealias E = (String, Int64, Int64?, Bool, String, String?, Bool, [String], String)
        let events: [E] = [
            (
                "Coffee and a long walk", 1_742_455_800, 1_742_461_200, false, "Chat", "good", true, ["fixture-ana", "fixture-ben"],
                "She is moving to Lisbon in spring."
            ),
            ("Dim sum", 1_742_443_200, nil, false, "Meal", "great", false, ["fixture-ana"], ""),
            ("Call with Chen", 1_742_644_800, nil, false, "Call", "okay", false, ["fixture-chen"], ""),
            ("Trip to Hualien", 1_743_436_800, 1_743_696_000, true, "Trip", nil, false, ["fixture-ben", "fixture-chen"], "Taroko gorge"),
        ]
        try queue.write { db in
            let now: Int64 = 1_742_000_000
            try db.execute(
                sql: """
                    INSERT INTO category (kind, name, icon, color, position, parentId)
                    VALUES ('relation', 'Climbing', '🧗', '#123456', 2, (SELECT id FROM category WHERE kind = 'relation' AND name = 'Friends'));
                    INSERT INTO photo (hash, mediaType, byteCount, data) VALUES (?, 'image/png', ?, ?);
                    INSERT INTO person (uid, displayName, familyName, givenName, birthday, relationId, photoHash, rev, createdAt, updatedAt)
                    VALUES ('fixture-ana', 'Ana Lima', 'Lima', 'Ana', '1990-04-12',
                            (SELECT id FROM category WHERE kind = 'relation' AND name = 'College'), ?, '20250101T000000Z', ?, ?);
                    INSERT INTO person (uid, displayName, familyName, givenName, relationId, createdAt, updatedAt)
                    VALUES ('fixture-ben', 'Ben Okafor', 'Okafor', 'Ben', (SELECT id FROM category WHERE name = 'Climbing'), ?, ?);
                    INSERT INTO person (uid, displayName, relationId, note, createdAt, updatedAt)
                    VALUES ('fixture-chen', 'Chen Wei', (SELECT id FROM category WHERE kind = 'relation' AND name = 'Siblings'), 'Older brother', ?, ?);
                    INSERT INTO personNickname (personId, position, value) VALUES ((SELECT id FROM person WHERE uid = 'fixture-ana'), 0, 'Annie');
                    INSERT INTO personContact (personId, kind, label, value, position)
                    VALUES ((SELECT id FROM person WHERE uid = 'fixture-ana'), 'email', 'home', 'ana@example.com', 0),
                           ((SELECT id FROM person WHERE uid = 'fixture-ben'), 'phone', 'cell', '+886 912 345 678', 0);
                    INSERT INTO personAddress (personId, label, street, locality, country, position)
                    VALUES ((SELECT id FROM person WHERE uid = 'fixture-ana'), 'home', 'Rua Augusta 1', 'Lisbon', 'Portugal', 0);
                    INSERT INTO personVCardLine (personId, position, line) VALUES ((SELECT id FROM person WHERE uid = 'fixture-chen'), 0, 'X-FOO:bar');
                    INSERT INTO place (name, latitude, longitude) VALUES ('Blue Bottle, Taipei', 25.033, 121.5654);
                    """, arguments: [hash, png.count, Data(png), hash, now, now, now, now, now, now])
            for (i, e) in events.enumerated() {
                let (s, d) = Journal.days(startAt: e.1, endAt: e.2, allDay: e.3, timeZone: tz)
                try db.execute(
                    sql: """
                        INSERT INTO event (uid, title, startAt, endAt, timeZone, allDay, startDay, endDay, typeId, moodId, placeId, note, createdAt, updatedAt)
                        VALUES (?, ?, ?, ?, 'Asia/Taipei', ?, ?, ?, (SELECT id FROM category WHERE kind = 'eventType' AND name = ?),
                                (SELECT id FROM category WHERE kind = 'mood' AND name = ?), ?, ?, ?, ?)
                        """, arguments: ["fixture-event-\(i)", e.0, e.1, e.2, e.3, s, d, e.4, e.5, e.6 ? 1 : nil, e.8, now, now])
                let id = db.lastInsertedRowID
                for (position, uid) in e.7.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO eventPerson (eventId, personId, position) VALUES (?, (SELECT id FROM person WHERE uid = ?), ?)",
                        arguments: [id, uid, position])
                }
                for day in Journal.dayNumbers(from: s, to: d) {
                    try db.execute(
                        sql: "INSERT INTO dayEvent (day, eventId, typeId, moodId) SELECT ?, id, typeId, moodId FROM event WHERE id = ?",
                        arguments: [day, id])
                }
            }
            try db.execute(
                sql: """
                    INSERT INTO eventPhoto (eventId, photoHash, position) VALUES ((SELECT id FROM event WHERE uid = 'fixture-event-0'), ?, 0);
                    INSERT INTO trait (personId, categoryId, text, eventId, position, createdAt)
                    VALUES ((SELECT id FROM person WHERE uid = 'fixture-ana'), (SELECT id FROM category WHERE kind = 'trait' AND name = 'Interests'),
                            'started bouldering', (SELECT id FROM event WHERE uid = 'fixture-event-0'), 0, ?),
                           ((SELECT id FROM person WHERE uid = 'fixture-ben'), (SELECT id FROM category WHERE kind = 'trait' AND name = 'Interests'),
                            'started bouldering', (SELECT id FROM event WHERE uid = 'fixture-event-0'), 0, ?),
                           ((SELECT id FROM person WHERE uid = 'fixture-ben'), (SELECT id FROM category WHERE kind = 'trait' AND name = 'Preferences'),
                            'No coffee after 3pm', NULL, 0, ?);
                    INSERT INTO dayPerson (day, personId, eventCount)
                    SELECT de.day, ep.personId, count(*) FROM dayEvent de JOIN eventPerson ep ON ep.eventId = de.eventId GROUP BY de.day, ep.personId;
                    INSERT INTO daySummary (day, eventCount, personCount, moodCount, moodScoreSum, dominantMoodId)
                    SELECT de.day, count(*), (SELECT count(*) FROM dayPerson dp WHERE dp.day = de.day), count(c.id), ifnull(sum(c.score), 0),
                           (SELECT d2.moodId FROM dayEvent d2 JOIN category c2 ON c2.id = d2.moodId WHERE d2.day = de.day
                            GROUP BY d2.moodId ORDER BY count(*) DESC, c2.score DESC, d2.moodId LIMIT 1)
                    FROM dayEvent de LEFT JOIN category c ON c.id = de.moodId GROUP BY de.day;
                    """, arguments: [hash, now, now, now])
        }
        try queue.close()
    }
}
