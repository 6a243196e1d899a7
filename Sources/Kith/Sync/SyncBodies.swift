import ContentLines
import Foundation
import GRDB
import VCardFormat

/// The bodies Kith sends: a person as a vCard, an event as a VCALENDAR with one VEVENT.
/// Both come from the one mapping export uses (`ContactMapping.card`, `EventMapping.write`),
/// with Kith's whole record for another Kith added (X-KITH-* properties). What Kith does
/// not model of a server item is in the person's or event's kept lines (the apply stores the
/// server body's unmodelled lines there), so it goes back untouched.
enum SyncBodies {
    static func body(_ db: Database, account: String, kind: SyncKind, uid: String) throws -> SyncBody? {
        let stamp = try SyncStore.stamp(db, kind: kind, uid: uid)
        let bytes: [UInt8]
        switch kind {
        case .contacts:
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM person WHERE uid = ?", arguments: [uid]) else { return nil }
            let version =
                try String.fetchOne(
                    db,
                    sql: """
                        SELECT c.vCardVersion FROM syncCollection c JOIN syncAccount a ON a.id = c.accountId
                        WHERE a.name = ? AND c.kind = 'contacts'
                        """, arguments: [account]) ?? "4.0"
            bytes = try card(db, personID: id, version: version == "3.0" ? .v3_0 : .v4_0)
        case .events:
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM event WHERE uid = ?", arguments: [uid]) else { return nil }
            bytes = try event(db, eventID: id)
        }
        return SyncBody(uid: uid, name: Journal.syncResourceName(uid: uid, kind: kind), body: bytes, hash: SHA256.hex(bytes), stamp: stamp)
    }

    /// A person's card for sync: ``Journal/vCard(_:personID:version:sync:)`` in `version`.
    static func card(_ db: Database, personID: Int64, version: VCard.Version) throws -> [UInt8] {
        var writer = VCardWriter(version: version)
        writer.write(try Journal.vCard(db, personID: personID, version: version, sync: true))
        return writer.bytes
    }

    /// An event's calendar object for sync: the vdir's single-event file with the sync fields.
    static func event(_ db: Database, eventID: Int64) throws -> [UInt8] {
        var out: [UInt8] = []
        try Journal.eventFiles(db, Journal.EventSelection(id: eventID), syncFields: true) { _, data in out = [UInt8](data) }
        return out
    }

    /// `20261127T203059Z`: an instant as a vCard REV.
    static func rev(_ seconds: Int64) -> String {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        let d = c.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", d.year ?? 0, d.month ?? 0, d.day ?? 0, d.hour ?? 0, d.minute ?? 0, d.second ?? 0)
    }
}
