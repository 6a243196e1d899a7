import ArgumentParser
import Foundation
import Kith

/// `kith tour`: a throwaway journal with a week of sample life, shown the way the real
/// commands show it.
struct TourCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "Try Kith on a throwaway journal with a week of events.",
        discussion:
            "Imports the sample files in Import/ (when run from the repository), logs a week of events, shows them and exports to Export/. Every step is a real kith command, printed before its output. Your own journal is not touched."
    )

    @Option(help: ArgumentHelp("Build the tour journal here (a file that does not exist yet) instead of a temporary folder.", valueName: "path"))
    var journal: String?
    @Option(help: ArgumentHelp("When to colour the output; auto colours a terminal unless NO_COLOR is set.", valueName: "when"))
    var color: ColorChoice?

    /// The people of the sample week when the sample files in `Import/` are not at hand.
    static let people: [[String]] = [
        ["person", "add", "Ana Lima", "--in", "Friends/College", "--email", "ana@example.com", "--birthday", "--04-12"],
        ["person", "add", "Ben Okafor", "--in", "Work/Colleagues"],
        ["person", "add", "Chen Wei", "--in", "Friends/College", "--nickname", "Wei"],
        ["person", "add", "Emil Sandberg", "--in", "Friends/Close", "--nickname", "Em"],
        ["person", "add", "Inês Lima", "--in", "Family/Parents"],
    ]

    /// The sample week, relative to today, with the people of the sample files.
    static let script: [[String]] = [
        ["person", "add", "Rafael Souza", "--in", "Friends/Close"],
        [
            "log", "Lunch at the night market", "--with", "Ana", "--with", "Wei", "--type", "Meal", "--mood", "great",
            "--at", "Shilin Night Market", "--geo", "25.0880,121.5241", "--when", "6 days ago 12:30", "--duration", "90m",
        ],
        [
            "log", "Project kickoff", "--with", "Ben", "--type", "Meeting", "--mood", "okay", "--at", "Office",
            "--when", "5 days ago 9:30", "--duration", "1h", "--trait", "Work & Study: leads the payments team",
        ],
        [
            "log", "Call with Mum", "--with", "Inês", "--type", "Call", "--mood", "good", "--when", "4 days ago 8pm",
            "--duration", "45m", "--trait", "Family & Life: planting lemon trees this winter",
        ],
        [
            "log", "Bouldering session", "--with", "Ana", "--with", "Em", "--type", "Activity", "--mood", "great",
            "--at", "Camp 4 Climbing Gym", "--geo", "25.0422,121.5355", "--when", "3 days ago 18:30", "--duration", "2h",
            "--trait", "Ana: Interests/Climbing: started bouldering in May",
        ],
        [
            "log", "Tense budget review", "--with", "Ben", "--type", "Meeting", "--mood", "bad", "--at", "Office",
            "--when", "2 days ago 14:00", "--duration", "1h",
        ],
        [
            "log", "Coffee and a long walk", "--with", "Ana Lima", "--type", "Chat", "--mood", "good",
            "--at", "Blue Bottle, Taipei", "--geo", "25.0330,121.5654", "--when", "yesterday 15:30", "--duration", "90m",
            "--trait", "Experiences: lived in Porto for two years", "--note", "She is moving to Lisbon in spring.",
        ],
        [
            "log", "Rafael's birthday party", "--with", "Rafael", "--with", "Ana", "--type", "Party", "--mood", "great",
            "--at", "Rafael's place", "--when", "yesterday 8pm", "--duration", "3h",
        ],
        ["log", "Message from Ben about the offsite", "--with", "Ben", "--type", "Message", "--mood", "okay", "--when", "today"],
    ]

    /// What is shown once the week is logged.
    static let showing: [[String]] = [
        ["events", "--from", "7 days ago"],
        ["person", "show", "Ana Lima"],
        ["calendar"],
        ["traits", "--search", "boulder"],
    ]

    func run() throws {
        let path: String
        if let journal {
            guard !FileManager.default.fileExists(atPath: journal) else {
                throw UserError(
                    "\(journal) exists already, and the tour only writes to a new journal",
                    "give a path that does not exist yet, or leave out --journal for a temporary one")
            }
            path = journal
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-tour-\(UUID().uuidString.prefix(8))")
            try PrivateFile.makeFolders(folder.path)
            path = folder.appendingPathComponent("journal.sqlite").path
        }
        switch color {
        case .always?: setenv("KITH_COLOR", "always", 1); unsetenv("NO_COLOR")
        case .never?: setenv("KITH_COLOR", "never", 1)
        case .auto?, nil: break
        }
        let terminal = Terminal.current(choice: color)
        print(terminal.bold("Kith tour") + ": a throwaway journal at \(path)")
        print(terminal.dim("Every step below is a real command; add --journal \(path) to run them yourself."))
        // The sample files a new user imports at once, when the tour runs from the repository.
        let samples = FileManager.default.fileExists(atPath: "Import") ? "Import" : nil
        for arguments in samples.map({ [["import", $0]] }) ?? Self.people {
            try step(arguments, path: path, terminal: terminal)
        }
        for arguments in Self.script {
            try step(arguments, path: path, terminal: terminal)
        }
        for arguments in Self.showing {
            print("")
            try step(arguments, path: path, terminal: terminal)
        }
        // Exports land in Export/ beside Import/, else next to the throwaway journal (in
        // the current folder for a journal named without one: not "" + "/name", the root).
        let beside = (path as NSString).deletingLastPathComponent
        let exportFolder =
            samples != nil && FileManager.default.fileExists(atPath: "Export")
            ? "Export" : (beside.isEmpty ? "." : beside)
        print("")
        for arguments in [
            ["export", "vcard", "-o", exportFolder + "/tour-contacts.vcf"],
            ["export", "ics", "-o", exportFolder + "/tour-calendar.ics"],
        ] {
            try step(arguments, path: path, terminal: terminal)
        }
        print("")
        print(terminal.dim("Next: kith --journal \(path) day yesterday · kith --journal \(path) calendar \(Calendar.current.component(.year, from: Date()))"))
    }

    private func step(_ arguments: [String], path: String, terminal: Terminal) throws {
        print(terminal.dim("$ ") + terminal.bold("kith " + arguments.map(Self.quoted).joined(separator: " ")))
        var command: ParsableCommand
        do {
            command = try KithCommand.parseAsRoot(arguments + ["--journal", path])
        } catch {
            throw UserError("the tour step failed: \(KithCommand.message(for: error))", "this is a bug in kith; please report it")
        }
        try command.run()
    }

    /// An argument as a shell would need it.
    static func quoted(_ argument: String) -> String {
        let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./:,@+".contains($0) }
        if plain && !argument.isEmpty { return argument }
        if !argument.contains("\"") { return "\"\(argument)\"" }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
