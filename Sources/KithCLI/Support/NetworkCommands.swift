import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `kith sync` and `kith serve` live in the companion executable `kith-net`, installed beside
/// `kith`. Linked into `kith`, swift-nio, BoringSSL and Hummingbird would lengthen every
/// protocol-conformance lookup of every command (`kith calendar` +22 % instructions, `kith
/// day` +32 %); as a separate executable they cost the daily commands nothing, and the two
/// network commands one `execv`.
enum NetworkCommands {
    /// The first words that hand over to `kith-net`.
    static let names: Set<String> = ["sync", "serve"]

    /// Replaces this process with `kith-net ARGUMENTS` (same environment, same terminal, its
    /// exit status is kith's); fails with a `kith:` line when it is not beside `kith`.
    static func execute(_ arguments: [String]) -> Never {
        let path = companionPath()
        let argv = [path] + arguments
        var cArguments = argv.map { strdup($0) }
        cArguments.append(nil)
        execv(path, cArguments)
        let reason = String(cString: strerror(errno))
        FileHandle.standardError.write(
            Data(
                """
                kith: cannot start \(path) for `kith \(arguments.first ?? "")`: \(reason) \
                (kith-net carries sync and serve; install it beside kith with Scripts/install.sh, \
                or build it with swift build --product kith-net)

                """.utf8))
        exit(1)
    }

    /// `kith-net` in the directory of the running `kith` (its real path, through symbolic links).
    static func companionPath() -> String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("kith-net").path
    }
}
