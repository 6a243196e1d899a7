import ArgumentParser
import KithCLI

/// The root of `kith-net`, the companion that `kith` hands `sync` and `serve` to (see
/// `NetworkCommands` in KithCLI). Users type `kith sync …` and `kith serve …`; the command
/// name is `kith` so that help and errors read the same as every other command's.
struct KithNetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kith",
        abstract: "Kith's network commands: sync with CardDAV/CalDAV servers, serve the journal to a browser.",
        version: "0.1.0",
        subcommands: [SyncCommand.self, ServeCommand.self]
    )
}

/// `kith-net`'s entry point (Sources/KithNetTool only calls it).
public enum KithNetMain {
    public static func main() {
        KithMain.main(root: KithNetCommand.self)
    }
}
