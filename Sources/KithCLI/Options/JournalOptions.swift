import ArgumentParser
import Foundation
import Kith

/// `--journal PATH`, shared by every command that reads or writes the journal.
package struct JournalOptions: ParsableArguments {
    /// `--journal`'s help.
    static let help = ArgumentHelp(
        "The journal file.",
        discussion: "Defaults to $KITH_JOURNAL, else $XDG_DATA_HOME/kith/journal.sqlite, else ~/.local/share/kith/journal.sqlite.",
        valueName: "path")

    @Option(name: .long, help: JournalOptions.help)
    var journal: String?

    package init() {}

    /// Where the journal lives, and whether it is the default place (whose folder
    /// `kith` may create).
    func location(environment: [String: String] = EnvironmentVariables.named("KITH_JOURNAL", "XDG_DATA_HOME", "HOME")) -> (path: String, isDefault: Bool) {
        Self.location(journal: journal, environment: environment)
    }

    /// ``location(environment:)`` for a `--journal` value given as a plain string (the
    /// quick path of `kith calendar` makes no `JournalOptions`: see `CalendarRun`).
    static func location(
        journal: String?,
        environment: [String: String] = EnvironmentVariables.named("KITH_JOURNAL", "XDG_DATA_HOME", "HOME")
    )
        -> (path: String, isDefault: Bool)
    {
        if let journal, !journal.isEmpty { return (expandTilde(journal, environment), false) }
        if let path = environment["KITH_JOURNAL"], !path.isEmpty { return (expandTilde(path, environment), false) }
        let data: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            data = xdg
        } else {
            data = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return (data + "/kith/journal.sqlite", true)
    }

    /// The journal path, after creating the default folder (mode 0700) when needed.
    /// - Throws: `UserError` when the folder of an explicitly given path does not exist.
    package func resolvedPath() throws -> String { try Self.resolvedPath(journal: journal) }

    /// ``resolvedPath()`` for a `--journal` value given as a plain string.
    static func resolvedPath(journal: String?) throws -> String {
        let (path, isDefault) = location(journal: journal)
        let folder = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isDirectory)
        if isDefault {
            if !exists {
                do {
                    try PrivateFile.makeFolders(folder)
                } catch {
                    throw UserError(
                        "cannot create the folder \(folder) for the journal",
                        "check its permissions, or pass --journal PATH")
                }
            }
        } else if !exists || !isDirectory.boolValue {
            throw UserError(
                "the folder \(folder) for the journal \(path) does not exist",
                "create it first, or pass another --journal PATH")
        }
        return path
    }

    private static func expandTilde(_ path: String, _ environment: [String: String]) -> String {
        guard path.hasPrefix("~/") else { return path }
        return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
    }
}

extension QuickOption {
    /// `--journal` (`JournalOptions`) in a hot command's quick table, kept at `path`.
    static func journal(_ path: WritableKeyPath<Run, String?>) -> QuickOption { .option("--journal", path) }
}
