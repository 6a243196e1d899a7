import ArgumentParser
import Foundation
import Kith
import KithCLI
import KithSync

/// `kith sync [NAME]`, `kith sync add|status|remove`: two-way sync with CardDAV and CalDAV
/// servers (issue 20). The HTTP client is made inside a sync and closed at its end.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync people and events with a CardDAV/CalDAV server, both ways.",
        discussion: """
            `kith sync add NAME --url URL` finds (or creates) a Kith address book and calendar on \
            the server; `kith sync` then syncs every account. The password comes from \
            $KITH_SYNC_PASSWORD, else from the first line printed by --password-command; it is \
            never stored or printed.
            """,
        subcommands: [Run.self, Add.self, Status.self, Remove.self],
        defaultSubcommand: Run.self
    )

    /// The CA file as an absolute path, after checking it can be read.
    static func checkedCAFile(_ path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw UserError("cannot read the CA file \(path)", "give the PEM file of the server's certificate or its authority")
        }
        return url.standardizedFileURL.path
    }

    /// Account names that would read as a subcommand.
    static let reservedNames: Set<String> = ["add", "status", "remove", "run", "help"]

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run", abstract: "Sync one account, or every account (the default of `kith sync`).")

        @Argument(help: "The account (default: every account).")
        var name: String?
        @Flag(help: "Show what would move, write nothing.")
        var dryRun = false
        @Flag(help: "Sync even when one side has become empty (which deletes everything on the other).")
        var force = false
        @Option(help: ArgumentHelp("Trust the certificates in this PEM file this once (kith sync add --ca-file keeps one).", valueName: "pem"))
        var caFile: String?
        @Option(help: ArgumentHelp("How long to wait for each answer of the server, in seconds.", valueName: "seconds"))
        var timeout: Int = 120
        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard (1...3600).contains(timeout) else { throw UsageError("--timeout must be between 1 and 3600 seconds", "for example --timeout 300") }
        }

        func run() throws {
            let journal = try journal.openExisting()
            let accounts = try journal.syncAccounts()
            let chosen: [SyncAccount]
            if let name {
                guard let account = accounts.first(where: { $0.name == name }) else {
                    throw UserError("no sync account named \(name)", accounts.isEmpty ? "add one with kith sync add \(name) --url URL" : "see kith sync status")
                }
                chosen = [account]
            } else {
                guard !accounts.isEmpty else { throw UserError("no sync account yet", "add one with kith sync add NAME --url URL") }
                chosen = accounts
            }
            let cancellation = Interruption.watch()
            var engine = SyncEngine(force: force, dryRun: dryRun, cancellation: cancellation)
            var reports: [SyncReport] = []
            for account in chosen {
                if isatty(2) != 0 {
                    // A long first upload shows how far it is, on the terminal only.
                    let name = account.name
                    engine.progress = { p in
                        guard p.total >= 200, p.done % 50 == 0 || p.done == p.total else { return }
                        let noun = p.kind == .contacts ? "people" : "events"
                        FileHandle.standardError.write(Data("\r\(name) \(noun): \(p.done)/\(p.total)\(p.done == p.total ? "\r\u{1B}[K" : "")".utf8))
                    }
                }
                let password = try SyncPassword.resolve(account: account.name, command: account.passwordCommand)
                let caFile = try (caFile ?? account.caFile).map(SyncCommand.checkedCAFile)
                let timeouts = DAVTimeouts(connect: .seconds(10), read: .seconds(timeout))
                let engine = engine
                let report = try SyncErrors.translating(account: account.name) {
                    try AsyncBridge.run {
                        try await AccountSync.run(journal: journal, account: account, password: password, caFile: caFile, timeouts: timeouts, engine: engine)
                    }
                }
                reports.append(report)
                if !output.json { print(SyncText.report(report)) }
            }
            if output.json { try JSONOutput.print(reports) }
            if let refused = reports.first(where: \.refused) {
                throw UserError(
                    "sync of \(refused.account) refused: one side has become empty",
                    "check the server and the journal; kith sync \(refused.account) --force deletes the other side's items")
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a server account: finds or creates its Kith address book and calendar.")

        @Argument(help: "A name for the account (kith sync NAME).")
        var name: String
        @Option(help: ArgumentHelp("The server, a principal or a collection (http:// or https://).", valueName: "url"))
        var url: String
        @Option(help: "The user name.")
        var user: String?
        @Option(help: ArgumentHelp("A shell command whose first output line is the password (else $KITH_SYNC_PASSWORD).", valueName: "command"))
        var passwordCommand: String?
        @Option(help: ArgumentHelp("Sync people with this address book instead of one named Kith.", valueName: "url"))
        var addressbook: String?
        @Option(help: ArgumentHelp("Sync events with this calendar instead of one named Kith.", valueName: "url"))
        var calendar: String?
        @Option(help: ArgumentHelp("Trust the certificates in this PEM file (a self-signed server); every sync of the account does.", valueName: "pem"))
        var caFile: String?
        @OptionGroup var journal: JournalOptions

        func validate() throws {
            if SyncCommand.reservedNames.contains(name) || name.isEmpty || name.hasPrefix("-") {
                throw UsageError("\(name) cannot name an account", "choose another name, such as home or work")
            }
        }

        func run() throws {
            let journal = try journal.open()
            if try journal.syncAccount(named: name) != nil {
                throw UserError("there is already a sync account named \(name)", "choose another name, or kith sync remove \(name) first")
            }
            let trusted = try caFile.map(SyncCommand.checkedCAFile)
            var account = SyncAccount(name: name, url: url, user: user ?? "", passwordCommand: passwordCommand, caFile: trusted)
            let password = try SyncPassword.resolve(account: account.name, command: account.passwordCommand)
            let (addressbook, calendar, caFile, url, user) = (addressbook, calendar, trusted, account.url, account.user)
            let found = try SyncErrors.translating(account: account.name) {
                try AsyncBridge.run {
                    try await AccountSetup.discover(url: url, user: user, password: password, caFile: caFile, addressbook: addressbook, calendar: calendar)
                }
            }
            account.addressbookURL = found.addressBook.url
            account.calendarURL = found.calendar.url
            try journal.addSyncAccount(account)
            try journal.setSyncCollection(account: name, kind: .contacts, url: found.addressBook.url, vCardVersion: found.vCardVersion)
            try journal.setSyncCollection(account: name, kind: .events, url: found.calendar.url)
            print(SyncText.added(account, found))
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the accounts, their collections and the last sync.")

        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let journal = try journal.openExisting()
            let accounts = try journal.syncAccounts()
            var rows: [SyncStatusJSON] = []
            for account in accounts {
                var collections: [SyncStatusJSON.Collection] = []
                for kind in SyncKind.allCases {
                    let state = try journal.syncState(account: account.name, kind: kind, includeStatus: false)
                    guard let url = state.url else { continue }
                    collections.append(
                        .init(
                            kind: kind.rawValue, url: url, synced: state.statusCount,
                            toPush: state.created.count + state.changed.count + state.deleted.count, token: state.token != nil,
                            lastSync: state.syncedAt.map(SyncStatusJSON.timestamp), syncedAt: state.syncedAt))
                }
                let conflicts = try journal.syncConflicts(account: account.name)
                rows.append(
                    SyncStatusJSON(
                        name: account.name, url: account.url, user: account.user, caFile: account.caFile, collections: collections,
                        conflicts: conflicts.map(SyncStatusJSON.Conflict.init)))
            }
            if output.json { return try JSONOutput.print(rows) }
            print(SyncText.status(rows))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Forget an account (the journal's people and events, and the server, stay as they are).")

        @Argument(help: "The account.")
        var name: String
        @OptionGroup var journal: JournalOptions

        func run() throws {
            let journal = try journal.openExisting()
            guard try journal.removeSyncAccount(named: name) else {
                throw UserError("no sync account named \(name)", "see kith sync status")
            }
            print("Removed sync account \(name); the journal and the server keep their items.")
        }
    }
}

/// `kith sync status --json`: one account.
struct SyncStatusJSON: Codable {
    struct Collection: Codable {
        var kind: String
        var url: String
        /// Items with a status row.
        var synced: Int
        /// Journal changes not yet sent.
        var toPush: Int
        /// Whether a sync token is saved (the next sync asks only for changes).
        var token: Bool
        /// When the last complete sync ended (ISO 8601, UTC); nil: never.
        var lastSync: String?
        /// The same, for the text (in local time).
        var syncedAt: Date?

        enum CodingKeys: String, CodingKey { case kind, url, synced, toPush, token, lastSync }
    }
    /// A field both sides changed, as `kith sync` reported it.
    struct Conflict: Codable {
        var kind: String
        var item: String
        var field: String
        var kept: String
        var lost: String
        /// Where the losing value was written (the item's note).
        var keptIn: String
        var at: String

        init(_ c: SyncConflict) {
            (kind, item, field, kept, lost, keptIn, at) = (c.kind.rawValue, c.item, c.field, c.kept, c.lost, c.lostKeptIn, SyncStatusJSON.timestamp(c.at))
        }
    }
    var name: String
    var url: String
    var user: String
    /// The PEM file of certificates every sync trusts, if any.
    var caFile: String?
    var collections: [Collection]
    /// Every conflict recorded for the account, oldest first.
    var conflicts: [Conflict]

    static func timestamp(_ date: Date) -> String {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        let p = c.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", p.year!, p.month!, p.day!, p.hour!, p.minute!, p.second!)
    }
}
