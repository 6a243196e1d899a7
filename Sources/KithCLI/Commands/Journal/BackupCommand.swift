import ArgumentParser
import Foundation
import Kith

#if canImport(Glibc)
import Glibc
#endif

/// `kith backup [FILE]`: a consistent copy of the journal file, made with SQLite's online
/// backup, so other `kith` processes may keep writing meanwhile.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the journal safely, even while it is in use.",
        discussion: """
            The copy is a journal itself (open it with --journal), readable by you only. \
            Without FILE it goes next to the journal as journal-backup-YYYYMMDD-HHMMSS.sqlite \
            (UTC); a FILE that is a folder gets that name inside it. An existing FILE is \
            replaced. For a copy other tools can read, see `kith export json`.
            """)

    @Argument(help: ArgumentHelp("Where to write the copy.", valueName: "file")) var file: String?
    @OptionGroup var journal: JournalOptions

    func run() throws {
        let source = journal.location().path
        guard FileManager.default.fileExists(atPath: source) else {
            throw UserError("there is no journal at \(source) to back up", "pass --journal PATH, or log something first")
        }
        let target = Self.target(file, journal: source, now: Date())
        if URL(fileURLWithPath: target).standardizedFileURL.resolvingSymlinksInPath()
            == URL(fileURLWithPath: source).standardizedFileURL.resolvingSymlinksInPath()
        {
            throw UserError("the backup would overwrite the journal itself", "give another FILE")
        }
        do {
            try PrivateFile.makeFolders((target as NSString).deletingLastPathComponent)
        } catch {
            throw UserError("cannot create the folder for \(target): \(error)", "check its permissions, or give another FILE")
        }
        let opened = try journal.open()
        // Written under a temporary name and renamed, so a stopped backup leaves no half copy.
        let temporary = PrivateFile.temporaryPath(for: target)
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) } }
        try opened.backup(to: temporary, cancellation: Interruption.watch())
        try Interruption.cancellation.check()
        guard rename(temporary, target) == 0 else {
            throw UserError("cannot write \(target): \(String(cString: strerror(errno)))", "check that the folder is writable, or give another FILE")
        }
        print("Backed up the journal to \(target).")
    }

    /// The backup path: `file`, a default name inside `file` when it is a folder, or the
    /// default name next to the journal.
    static func target(_ file: String?, journal: String, now: Date) -> String {
        var t = time_t(now.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        let stem = ((journal as NSString).lastPathComponent as NSString).deletingPathExtension
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let name =
            "\(stem)-backup-\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec)).sqlite"
        guard let file, !file.isEmpty else {
            let folder = (journal as NSString).deletingLastPathComponent
            return folder.isEmpty ? name : folder + "/" + name
        }
        var isDir: ObjCBool = false
        if file.hasSuffix("/") || (FileManager.default.fileExists(atPath: file, isDirectory: &isDir) && isDir.boolValue) {
            return (file.hasSuffix("/") ? String(file.dropLast()) : file) + "/" + name
        }
        return file
    }
}
