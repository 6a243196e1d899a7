import ArgumentParser
import Foundation
import Kith

/// `kith export`: people and events out, for other tools.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write people and events as vCard, iCalendar, vdir.",
        subcommands: [VCard.self, ICS.self, Vdir.self, JSON.self])
}

/// Writes `data` to `path` (`-` for standard output), creating the folder; nothing
/// half-written. The file is the owner's only (0600), and so are the folders made for it (0700).
func writeExport(_ data: Data, to path: String) throws -> String {
    // Ctrl-C after the last check of the export and before its file is written.
    try Interruption.cancellation.check()
    if path == "-" {
        FileHandle.standardOutput.write(data)
        return "standard output"
    }
    do {
        try PrivateFile.write(data, to: path)
    } catch {
        throw UserError("cannot write \(path)", "check that the folder is writable, or pass -o with another file")
    }
    return path
}

extension ExportCommand {
    struct VCard: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "vcard",
            abstract: "Write people as vCard 4.0 (or 3.0), with their photos, traits and kept properties.")

        @Option(name: .shortAndLong, help: ArgumentHelp("The file, or - for standard output.", valueName: "file")) var output = "Export/contacts.vcf"
        @Option(name: .customLong("version"), help: ArgumentHelp("3.0 or 4.0.", valueName: "version")) var vcardVersion = "4.0"
        @Option(name: .customLong("in"), help: ArgumentHelp("Only people in this relation category.", valueName: "path")) var category: String?
        @OptionGroup var journal: JournalOptions

        func validate() throws {
            guard VCardExportVersion(rawValue: vcardVersion) != nil else {
                throw ValidationError("--version must be 3.0 or 4.0")
            }
        }

        func run() throws {
            let journal = try journal.openExisting()
            var options = VCardExportOptions(version: VCardExportVersion(rawValue: vcardVersion)!, relationPath: category)
            options.cancellation = Interruption.watch()
            let result = try journal.exportVCards(options)
            let place = try writeExport(result.data, to: output)
            if output != "-" { print("Wrote \(result.count) \(result.count == 1 ? "person" : "people") to \(place) (vCard \(vcardVersion)).") }
        }
    }

    struct ICS: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ics",
            abstract: "Write events as iCalendar, in their own time zones, with stable UIDs.",
            discussion: """
                With --reminders it writes reminders instead of events, for a calendar or to-do app \
                to subscribe to: a yearly all-day event, with an alarm at 09:00, for each birthday \
                and anniversary (a 29 February one falls on 28 February in common years), and a \
                to-do for each person due by --to (two weeks from --from, today by default). \
                Exporting again gives the same UIDs.
                """)

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp("The file, or - for standard output (default: Export/calendar.ics, with --reminders Export/reminders.ics).", valueName: "file"))
        var output: String?
        @Option(help: ArgumentHelp("From this day on.", valueName: "date")) var from: String?
        @Option(help: ArgumentHelp("Up to this day.", valueName: "date")) var to: String?
        @Option(name: .customLong("with"), help: ArgumentHelp("Only events with this person.", valueName: "name")) var person: String?
        @Flag(help: "Add yearly all-day events for birthdays and anniversaries.") var birthdays = false
        @Flag(help: "Write reminders (birthdays, anniversaries, people due) instead of events.") var reminders = false
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let journal = try journal.openExisting()
            let now = Date(), zone = TimeZone.current
            let output = self.output ?? (reminders ? "Export/reminders.ics" : "Export/calendar.ics")
            if reminders {
                let first = try from.map { try DatePhrase.day($0, now: now, timeZone: zone) } ?? LocalDate.today(in: zone)
                let last = try to.map { try DatePhrase.day($0, now: now, timeZone: zone) } ?? first.adding(days: 13)
                let result = try journal.exportReminders(from: first, through: last, personID: try person.map { try journal.resolvePerson($0).id })
                let place = try writeExport(result.data, to: output)
                if output != "-" { print("Wrote \(result.count) \(result.count == 1 ? "reminder" : "reminders") to \(place).") }
                return
            }
            var options = CalendarExportOptions(birthdays: birthdays)
            options.cancellation = Interruption.watch()
            options.from = try from.map { try DatePhrase.day($0, now: now, timeZone: zone) }
            options.to = try to.map { try DatePhrase.day($0, now: now, timeZone: zone) }
            options.personID = try person.map { try journal.resolvePerson($0).id }
            // Streamed: the file is written as the events are read, never whole in memory.
            if output == "-" {
                _ = try journal.exportCalendar(options) { FileHandle.standardOutput.write(Data($0)) }
                return
            }
            let result: ExportSummary
            do {
                result = try journal.exportCalendar(options, toFile: output)
            } catch JournalError.cannotOpen {
                throw UserError("cannot write \(output)", "check that the folder is writable, or pass -o with another file")
            }
            print("Wrote \(result.count) \(result.count == 1 ? "event" : "events") to \(output).")
            for warning in result.warnings { FileHandle.standardError.write(Data("kith: warning: \(warning)\n".utf8)) }
        }
    }

    struct Vdir: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "vdir",
            abstract: "Write one .vcf per person (DIR/contacts) and one .ics per event (DIR/calendar), for khard, khal and vdirsyncer.")

        @Argument(help: ArgumentHelp("The folder.", valueName: "dir")) var folder: String
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let journal = try journal.openExisting()
            let r = try journal.exportVdir(to: URL(fileURLWithPath: folder), cancellation: Interruption.watch())
            print("\(folder): \(r.written) written, \(r.unchanged) unchanged, \(r.removed) removed.")
        }
    }

    struct JSON: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "json",
            abstract: "Write the whole journal as one JSON document: the lossless backup, read back by kith import.")

        @Option(name: .shortAndLong, help: ArgumentHelp("The file, or - for standard output.", valueName: "file")) var output = "Export/journal.json"
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let journal = try journal.openExisting()
            let result = try journal.exportJSON(cancellation: Interruption.watch())
            let place = try writeExport(result.data, to: output)
            if output != "-" { print("Wrote the journal (\(result.count) people and events) to \(place).") }
        }
    }
}
