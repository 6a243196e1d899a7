import ArgumentParser

/// `kith sync` as `kith --help` lists it. `KithMain` hands `sync …` to `kith-net` before
/// parsing (`NetworkCommands`), so this only gives the root help its line; if it is ever
/// reached it hands over the same way.
struct SyncEntry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync people and events with a CardDAV/CalDAV server, both ways.")
    @Argument(parsing: .allUnrecognized) var rest: [String] = []
    func run() throws { NetworkCommands.execute(["sync"] + rest) }
}

/// `kith serve` as `kith --help` lists it (see ``SyncEntry``).
struct ServeEntry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Show the journal in a browser on this machine.")
    @Argument(parsing: .allUnrecognized) var rest: [String] = []
    func run() throws { NetworkCommands.execute(["serve"] + rest) }
}
