import Foundation
import GRDB

/// The undo log: the temporary triggers that record, in `undoStep`, how to reverse each
/// row a change writes, and the replay of the last group.
extension Journal {
    /// ``undoLast()``'s one transaction.
    func replayLastGroup() throws -> UndoneChange? {
        try write { db in
            guard let group = try Row.fetchOne(db, sql: "SELECT id, description, createdAt FROM undoGroup ORDER BY id DESC LIMIT 1") else {
                return nil
            }
            let groupID: Int64 = group["id"]
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            var eventIDs: [Int64] = [], days: [Int] = []
            let steps = try Row.fetchAll(
                db, sql: "SELECT statement, eventId, day FROM undoStep WHERE groupId = ? ORDER BY id DESC",
                arguments: [groupID])
            for step in steps {
                try db.execute(sql: step["statement"])
                if let id: Int64 = step["eventId"] { eventIDs.append(id) }
                if let day: Int = step["day"] { days.append(day) }
            }
            try db.execute(sql: "DELETE FROM undoGroup WHERE id = ?", arguments: [groupID])
            // The restored index rows were right when the change was made; changes made since
            // (a logged event on the same day) are folded in again from the events.
            try Journal.reindex(db, eventIDs: eventIDs)
            try Journal.recomputeDays(db, days)
            // Names put back by the steps lost their folded keys to the `nameKey` triggers.
            let stale = try Row.fetchAll(db, sql: "SELECT id, displayName FROM person WHERE nameKey IS NULL")
            for row in stale {
                try db.execute(sql: "UPDATE person SET nameKey = ? WHERE id = ?", arguments: [NameMatcher.fold(row[1]), row[0] as Int64])
            }
            let nicknames = try Row.fetchAll(db, sql: "SELECT personId, position, value FROM personNickname WHERE valueKey IS NULL")
            for row in nicknames {
                try db.execute(
                    sql: "UPDATE personNickname SET valueKey = ? WHERE personId = ? AND position = ?",
                    arguments: [NameMatcher.fold(row[2]), row[0] as Int64, row[1] as Int64])
            }
            logger?.info("undid a change", metadata: ["steps": "\(steps.count)"])
            return UndoneChange(
                description: group["description"],
                madeAt: Date(timeIntervalSince1970: TimeInterval(group["createdAt"] as Int64)))
        }
    }

    /// Runs `body` in one write transaction, as ``write(_:)`` does, and records how to reverse
    /// what it changed as one undoable change. `body` sets the description
    /// (`remove person Ana Lima (#12)`); a body that changes nothing records nothing.
    func undoableWrite<T>(_ body: (Database, inout String) throws -> T) throws -> T {
        try write { db in
            try db.execute(sql: "INSERT INTO undoGroup (description, createdAt) VALUES ('', ?)", arguments: [Journal.now()])
            let group = db.lastInsertedRowID
            let tables = try Journal.undoTriggers(db, group: group)
            var description = ""
            let result = try body(db, &description)
            try db.execute(
                sql: tables.map {
                    "DROP TRIGGER temp.\($0)_undo_insert; DROP TRIGGER temp.\($0)_undo_update; DROP TRIGGER temp.\($0)_undo_delete;"
                }.joined())
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM undoStep WHERE groupId = ?)", arguments: [group]) == true {
                try db.execute(sql: "UPDATE undoGroup SET description = ? WHERE id = ?", arguments: [description, group])
                try db.execute(
                    sql: "DELETE FROM undoGroup WHERE id NOT IN (SELECT id FROM undoGroup ORDER BY id DESC LIMIT ?)",
                    arguments: [Journal.undoHistoryLimit])
            } else {
                try db.execute(sql: "DELETE FROM undoGroup WHERE id = ?", arguments: [group])
            }
            return result
        }
    }

    /// Creates, for the current transaction, the temporary triggers that record in `undoStep`
    /// how to reverse each row change of every journal table, for undo group `group`.
    /// - Returns: the tables given triggers (each has `<table>_undo_insert`, `_update`, `_delete`).
    static func undoTriggers(_ db: Database, group: Int64) throws -> [String] {
        // Plain tables only: virtual tables take no triggers, and the shadow tables of one
        // (an FTS index) follow their own table. Not the sync tables (`SyncSchema` says why). One query for every table's columns.
        var columns: [(table: String, name: String, pk: Int)] = []
        try RawRow.each(
            db,
            db.makeStatement(
                sql: """
                    SELECT t.name, c.name, c.pk FROM pragma_table_list t JOIN pragma_table_info(t.name) c
                    WHERE t.schema = 'main' AND t.type = 'table' AND t.name NOT LIKE 'sqlite%'
                      AND t.name NOT IN ('grdb_migrations', 'undoGroup', 'undoStep')
                      AND t.name NOT LIKE 'sync%'
                    ORDER BY t.name, c.cid
                    """), { _ in }
        ) { row in
            columns.append((row.text(0), row.text(1), Int(row.int(2))))
        }
        var tables: [String] = []
        var sql = ""
        var i = 0
        while i < columns.count {
            let table = columns[i].table
            var j = i
            while j < columns.count && columns[j].table == table { j += 1 }
            let own = columns[i..<j]
            i = j
            tables.append(table)
            let names = own.map(\.name)
            var keys = own.filter { $0.pk > 0 }.sorted { $0.pk < $1.pk }.map(\.name)
            var stored = names
            if keys.isEmpty { keys = ["rowid"]; stored.insert("rowid", at: 0) }
            sql += triggerSQL(table: table, names: names, keys: keys, stored: stored, group: group)
        }
        try db.execute(sql: sql)
        return tables
    }

    /// The three triggers of ``undoTriggers(_:group:)`` for one table.
    private static func triggerSQL(table: String, names: [String], keys: [String], stored: [String], group: Int64) -> String {
        func q(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        /// A SQL string literal holding `text`, for the statement text built by the trigger.
        func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        func whereKeys(_ row: String) -> String {
            keys.map { literal("\(q($0)) = ") + " || quote(\(row).\(q($0)))" }.joined(separator: " || ' AND ' || ")
        }
        let eventColumn = table == "event" ? "id" : names.contains("eventId") ? "eventId" : nil
        func extras(_ row: String) -> String {
            let event = eventColumn.map { "\(row).\(q($0))" } ?? "NULL"
            let day = names.contains("day") ? "\(row).\"day\"" : "NULL"
            return "\(event), \(day)"
        }
        let quotedTable = q(table)
        let insertBack =
            literal("INSERT INTO \(quotedTable) (\(stored.map(q).joined(separator: ", "))) VALUES (") + " || "
            + stored.map { "quote(OLD.\(q($0)))" }.joined(separator: " || ', ' || ") + " || ')'"
        let deleteNew = literal("DELETE FROM \(quotedTable) WHERE ") + " || " + whereKeys("NEW")
        let updateBack =
            literal("UPDATE \(quotedTable) SET ") + " || "
            + names.map { literal("\(q($0)) = ") + " || quote(OLD.\(q($0)))" }.joined(separator: " || ', ' || ")
            + " || ' WHERE ' || " + whereKeys("NEW")
        func record(_ statement: String, _ row: String) -> String {
            "INSERT INTO undoStep (groupId, tableName, statement, eventId, day) VALUES (\(group), \(literal(table)), \(statement), \(extras(row)));"
        }
        return """
            CREATE TEMP TRIGGER \(table)_undo_insert AFTER INSERT ON \(quotedTable) BEGIN \(record(deleteNew, "NEW")) END;
            CREATE TEMP TRIGGER \(table)_undo_update AFTER UPDATE ON \(quotedTable) BEGIN \(record(updateBack, "OLD")) END;
            CREATE TEMP TRIGGER \(table)_undo_delete AFTER DELETE ON \(quotedTable) BEGIN \(record(insertBack, "OLD")) END;

            """
    }
}
