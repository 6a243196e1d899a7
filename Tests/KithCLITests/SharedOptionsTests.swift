import Foundation
import Testing

/// `kith calendar`, `events` and `log` declare the shared options (`--journal`, `--json`,
/// `--color`, and for the calendar the day filters) one by one instead of through
/// `@OptionGroup`, to start faster. Their help must read exactly as the groups' do in the
/// commands that still use the groups (`kith day`), so that the copies cannot drift apart.
@Suite struct SharedOptionsTests {
    /// The entries of a help text's OPTIONS section, keyed by their first option name, with
    /// runs of spaces and line breaks made one space (alignment depends on the command).
    static func entries(_ help: String) -> [String: String] {
        guard let start = help.range(of: "OPTIONS:\n") else { return [:] }
        var entries: [String: String] = [:]
        var key: String?
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  -") {
                let words = line.split(separator: " ")
                key = words.first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                if let key { entries[key] = words.joined(separator: " ") }
            } else if let k = key, line.hasPrefix("  ") {
                entries[k]! += " " + line.split(separator: " ").joined(separator: " ")
            } else {
                key = nil
            }
        }
        return entries
    }

    @Test(arguments: [
        ("calendar", ["--with", "--type", "--in", "--journal", "--json", "--color"]),
        ("events", ["--journal", "--json", "--color"]),
        ("log", ["--journal", "--json", "--color"]),
    ])
    func inlineOptionsReadAsTheirGroups(_ command: String, _ options: [String]) throws {
        let kith = try KithRunner()
        let reference = Self.entries(try kith.ok("day", "--help"))
        let help = Self.entries(try kith.ok(command, "--help"))
        for option in options {
            #expect(reference[option] != nil, "kith day --help has no \(option)")
            #expect(help[option] == reference[option], "kith \(command) --help: \(option)")
        }
    }
}
