import Foundation
import GRDB

/// A vdir export (``Journal/exportVdir(to:cancellation:)``): one `.vcf` per person and one
/// `.ics` per event, named by UID, rewriting only files whose content changed.
enum VdirExport {
    static func export(_ journal: Journal, to folder: URL, cancellation: Cancellation?) throws -> VdirExportReport {
        let fm = FileManager.default
        let contacts = folder.appendingPathComponent("contacts"), calendar = folder.appendingPathComponent("calendar")
        // Photos too large to go inline (``EventMapping/inlinePhotoLimit``), referred to by URI.
        let photos = folder.appendingPathComponent("photos")
        var report = VdirExportReport(written: 0, unchanged: 0, removed: 0)
        var wanted: [URL: Data] = [:]
        let people = try journal.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM person") }
        for id in people {
            try cancellation.check()
            let result = try journal.exportVCards(VCardExportOptions(version: .v4_0, personIDs: [id]))
            let uid = try journal.person(id: id).uid
            wanted[contacts.appendingPathComponent(Journal.fileName(uid) + ".vcf")] = result.data
        }
        let absolutePhotos = photos.standardizedFileURL.absoluteURL
        try journal.read { db in
            let referenced = try Journal.eventFiles(db, Journal.EventSelection(), photoFolder: absolutePhotos) { uid, file in
                try cancellation.check()
                wanted[calendar.appendingPathComponent(Journal.fileName(uid) + ".ics")] = file
            }
            for (hash, type) in referenced {
                let data = try Data.fetchOne(db, sql: "SELECT data FROM photo WHERE hash = ?", arguments: [hash]) ?? Data()
                wanted[photos.appendingPathComponent(hash + Journal.photoFileExtension(type))] = data
            }
        }
        let dirs = wanted.keys.contains { $0.deletingLastPathComponent() == photos } ? [contacts, calendar, photos] : [contacts, calendar]
        do {
            // Only the owner may read the copies (folders 0700, files 0600), like the journal.
            for dir in dirs { try PrivateFile.makeFolders(dir.path) }
            for (url, data) in wanted {
                if let old = try? Data(contentsOf: url), old == data {
                    PrivateFile.restrict(url.path)
                    report.unchanged += 1
                    continue
                }
                try PrivateFile.write(data, to: url.path)
                report.written += 1
            }
            for dir in [contacts, calendar] {
                for name in try fm.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".vcf") || name.hasSuffix(".ics") {
                    let url = dir.appendingPathComponent(name)
                    if wanted[url] == nil { try fm.removeItem(at: url); report.removed += 1 }
                }
            }
            // Photos no event refers to any more (names are hashes: only Kith's own files match).
            if fm.fileExists(atPath: photos.path) {
                for name in try fm.contentsOfDirectory(atPath: photos.path) where name.split(separator: ".").first?.count == 64 {
                    let url = photos.appendingPathComponent(name)
                    if wanted[url] == nil { try fm.removeItem(at: url); report.removed += 1 }
                }
            }
        } catch {
            throw JournalError.cannotOpen(path: folder.path, reason: "\(error.localizedDescription)")
        }
        return report
    }
}
