import ArgumentParser
import Foundation
import Kith

#if canImport(Glibc)
import Glibc
#endif

/// `kith import`: contacts and calendars in.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import contacts and calendars: vCard, iCalendar.",
        discussion: """
            The format is read from each file's content: vCard 2.1/3.0/4.0, xCard, jCard, \
            iCalendar, xCal, jCal, or a backup written by `kith export json`. A folder \
            imports every file in it, contacts before calendars. \
            Each file is one transaction: if a card or event fails, nothing of that file is \
            imported, unless --keep-going; a file that cannot be read stops the import (the \
            files before it stay imported), unless --keep-going, which imports every other \
            file and lists those it could not read. Events without a UID get one made from \
            their start and title. Importing the same file again updates people and \
            events (newer REV wins, your edits in Kith stay) and never makes duplicates. \
            Without --into, a person goes to the relation category the card's CATEGORIES \
            name (a Main/Sub path there is created), else to Imported/<file name>. Recurring \
            events import as their occurrences, by default up to today.

            Each file gets one line: how many cards or events were added, updated, \
            unchanged (nothing new) and skipped, and how many failed. Below it, every one \
            updated, skipped or failed says why, and so does a person added who shares an \
            e-mail or phone with someone of another name (a possible duplicate: see \
            `kith person duplicates`); past the first 20 a line says how many more \
            --verbose lists. A card becomes an existing person by UID, or by an e-mail or \
            phone number (compared whole) only when the name is the same too.
            """)

    @Argument(help: ArgumentHelp("Files or folders to import.", valueName: "file")) var files: [String]
    @Option(help: ArgumentHelp("Put everyone in this relation category (created if missing).", valueName: "path")) var into: String?
    @Flag(help: "Show what would be added, updated, unchanged and skipped, and why; change nothing.") var dryRun = false
    @Flag(help: "Import the good files, cards and events and list the ones that fail.") var keepGoing = false
    @Flag(help: "List every person, event and warning, and why for each.") var verbose = false
    @Option(help: ArgumentHelp("Recurring events: occurrences from this day (default: the rule's start).", valueName: "date")) var from: String?
    @Option(help: ArgumentHelp("Recurring events: occurrences up to this day (default: today).", valueName: "date")) var to: String?
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        var urls: [URL] = []
        for f in files {
            do { urls += try Journal.importableFiles(at: URL(fileURLWithPath: f)) } catch let e as Journal.ImportError {
                throw UserError("\(f): \(e.reason)", e.advice)
            }
        }
        guard !urls.isEmpty else { throw UserError("nothing to import in \(files.joined(separator: ", "))", "give a .vcf, .ics, .xml or .json file") }
        let journal = try journal.open()
        let now = Date(), zone = TimeZone.current
        var options = ImportOptions(into: into, dryRun: dryRun, keepGoing: keepGoing, timeZone: zone, now: now)
        // What is printed decides what the report keeps: the plain summary needs only counts.
        options.keepsDetails = verbose || dryRun || output.json
        options.cancellation = Interruption.watch()
        options.from = try from.map { try DatePhrase.day($0, now: now, timeZone: zone).startInstant(in: zone) }
        options.to = try to.map { try DatePhrase.day($0, now: now, timeZone: zone).adding(days: 1).startInstant(in: zone) }
        if isatty(2) != 0 {
            options.progress = { p in
                guard p.total >= 200, p.done % 50 == 0 || p.done == p.total else { return }
                FileHandle.standardError.write(Data("\r\(p.file): \(p.done)/\(p.total)\(p.done == p.total ? "\r\u{1B}[K" : "")".utf8))
            }
        }
        let term = output.terminal()
        var reports: [ImportReport] = []
        // Files that could not be imported at all, with why (only with --keep-going).
        var unreadable: [(file: String, line: Int, reason: String)] = []
        for url in urls {
            let report: ImportReport
            do {
                report = try journal.importFile(at: url, options: options)
            } catch JournalError.cancelled where !reports.isEmpty {
                if output.json { try JSONOutput.print(reports.map(ImportReportJSON.init)) }
                FileHandle.standardError.write(
                    Data(
                        "kith: stopped; nothing of \(url.lastPathComponent) was imported (the files before it were; import it again to go on)\n".utf8))
                throw ExitCode(Interruption.exitStatus)
            } catch let e as Journal.ImportError {
                // Each file is its own transaction: the ones before stay imported.
                let name = e.file.isEmpty ? url.lastPathComponent : e.file
                guard keepGoing else {
                    guard !reports.isEmpty else { throw e }
                    var problem = name + (e.line > 0 ? ", line \(e.line)" : "")
                    if let item = e.item, !item.isEmpty { problem += " (\(item))" }
                    let done = reports.count == 1 ? "the 1 file before it stays imported" : "the \(reports.count) files before it stay imported"
                    throw UserError(problem + ": " + e.reason, "\(e.advice); \(done)")
                }
                unreadable.append((name, e.line, e.reason))
                continue
            }
            reports.append(report)
            if !output.json { print(text(report, term)) }
        }
        if output.json {
            // A file that could not be read is one more entry, with its reason as the failure.
            let failed = unreadable.map { u in
                ImportReportJSON(
                    file: u.file, format: "unreadable", dryRun: dryRun, items: [],
                    failures: [ImportFailure(unreadableAt: u.line, reason: u.reason)], warnings: [])
            }
            try JSONOutput.print(reports.map(ImportReportJSON.init) + failed)
        } else if !unreadable.isEmpty {
            print("\(unreadable.count) file\(unreadable.count == 1 ? "" : "s") could not be imported:")
            for u in unreadable { print("  ! \(u.file): " + (u.line > 0 ? "line \(u.line): " : "") + u.reason) }
        }
        if !unreadable.isEmpty {
            throw UserError(
                "\(unreadable.count) of \(urls.count) files could not be imported; the others were",
                "fix or remove the files listed above and import them again")
        }
    }

    func text(_ r: ImportReport, _ term: Terminal) -> String {
        let verbs =
            r.dryRun
            ? ("would add", "would update", "would leave unchanged", "would skip")
            : ("added", "updated", "unchanged", "skipped")
        var lines = [
            "\(term.bold(r.file)) (\(r.format)): \(r.count(.added)) \(verbs.0), \(r.count(.updated)) \(verbs.1), "
                + "\(r.count(.unchanged)) \(verbs.2), \(r.count(.skipped)) \(verbs.3)"
                + (r.failures.isEmpty ? "" : ", \(r.failures.count) failed")
                + (r.possibleDuplicateCount == 0 ? "" : "; \(r.possibleDuplicateCount) possible duplicate(s)")
        ]
        func line(_ i: ImportItem) -> String {
            let mark: String
            switch i.action {
            case .added: mark = "+"
            case .updated: mark = "~"
            case .unchanged: mark = "="
            case .skipped: mark = "-"
            }
            return "  \(mark) \(i.name)\(i.line > 0 ? " (line \(i.line))" : ""): \(i.reason)"
        }
        func line(_ f: ImportFailure) -> String {
            "  ! \(f.name.isEmpty ? "card" : f.name)\(f.line > 0 ? " (line \(f.line))" : ""): \(f.reason)"
        }
        if verbose || r.dryRun {
            lines += r.items.map(line)
            lines += r.failures.map(line)
        } else {
            // Why, for everything but what was added or found unchanged: the first few in
            // file order, then how many more --verbose lists.
            let limit = ImportReport.explainedLimit
            var shown = r.explained.map { ($0.line, line($0)) } + r.failures.map { ($0.line, line($0)) }
            shown.sort { $0.0 < $1.0 }
            lines += shown.prefix(limit).map(\.1)
            let more = r.explainedCount + r.failures.count - min(limit, shown.count)
            if more > 0 { lines.append("  … and \(more) more (use --verbose)") }
        }
        for n in r.notes { lines.append("  " + n) }
        if r.warningCount > 0 {
            if verbose {
                for w in r.warnings { lines.append("  warning: \(w)") }
            } else {
                lines.append("  warnings: " + r.warningCounts.map { "\($0.count) \($0.code)" }.joined(separator: ", ") + " (--verbose lists them)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The JSON of one file's import.
struct ImportReportJSON: Encodable {
    var file: String
    var format: String
    var dryRun: Bool
    var items: [ImportItem]
    var failures: [ImportFailure]
    var warnings: [ImportWarning]
    /// ``ImportReport/notes`` when there are any (an empty file, no events, events without
    /// UID, attendees who matched no one).
    var notes: [String]?

    init(_ r: ImportReport) {
        file = r.file; format = r.format; dryRun = r.dryRun; items = r.items; failures = r.failures; warnings = r.warnings
        notes = r.notes.isEmpty ? nil : r.notes
    }

    init(file: String, format: String, dryRun: Bool, items: [ImportItem], failures: [ImportFailure], warnings: [ImportWarning]) {
        self.file = file; self.format = format; self.dryRun = dryRun; self.items = items; self.failures = failures; self.warnings = warnings
    }
}
