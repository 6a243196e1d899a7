import Foundation

/// `kith-bench`: times Kith's own work in-process (start-up excluded) for `Scripts/bench.sh`.
///
/// Each subcommand prints one line on standard output, `key=value` fields with
/// `seconds=<float>` last; errors go to standard error with a non-zero exit status.
@main
enum KithBench {
    static let usage = """
        usage: kith-bench SUBCOMMAND ...
          read-vcard FILE                       read and type every card (VCardFormat)
          read-ics FILE [--tree]                read and type every component (ICalendarFormat),
                                                streaming; --tree builds the whole calendar first
          read-lines FILE                       only the shared content-line reader over FILE
          import FILE --journal J               kith import FILE into J (created if missing)
          export-ics --journal J -o FILE        kith export ics of the whole journal
          month --journal J YYYY-MM [--runs N]  the day index's month query (median of N, default 101)
          year --journal J YYYY [--runs N]      the day index's year query
          build-journal --events N --years Y --journal J [--people P]
                                                a large journal made through the library
          sync-bodies --journal J --account A --out DIR
                                                the body a first `kith sync` sends for each item
                                                not yet synced with A, one file each (DIR/contacts,
                                                DIR/events), to seed a DAV server's storage
          sync-record --journal J --account A --kind K --bodies DIR --listing FILE --token T
                                                status rows and token as if a first sync had
                                                adopted those bodies (name, href, ETag in FILE)
        Prints one line: key=value fields, seconds=<float> last.
        """

    static func main() {
        var args = BenchArguments(Array(CommandLine.arguments.dropFirst()))
        guard let command = args.next() else { fail(usage, status: 2) }
        do {
            let line: String
            switch command {
            case "read-vcard": line = try readVCard(&args)
            case "read-ics": line = try readICS(&args)
            case "read-lines": line = try readLines(&args)
            case "import": line = try importFile(&args)
            case "export-ics": line = try exportICS(&args)
            case "month": line = try month(&args)
            case "year": line = try year(&args)
            case "build-journal": line = try buildJournal(&args)
            case "sync-bodies": line = try syncBodies(&args)
            case "sync-record": line = try syncRecord(&args)
            case "-h", "--help", "help": print(usage); return
            default: fail("kith-bench: unknown subcommand \(command)\n\(usage)", status: 2)
            }
            print(line)
        } catch let error as BenchArguments.UsageError {
            fail("kith-bench: \(error.message)\n\(usage)", status: 2)
        } catch {
            fail("kith-bench \(command): \(error)", status: 1)
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }

    /// Seconds as the bench script reads them.
    static func format(_ seconds: Double) -> String { String(format: "%.6f", seconds) }

    /// The peak resident memory of this process so far, in MiB.
    static func maxResidentMiB() -> String {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let kib = Double(usage.ru_maxrss)  // KiB on Linux
        #else
        getrusage(RUSAGE_SELF, &usage)
        let kib = Double(usage.ru_maxrss) / 1024  // bytes on macOS
        #endif
        return String(format: "%.1f", kib / 1024)
    }
}
