import ArgumentParser
import Foundation
import Kith

/// `kith show`: one event in full.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one event in full.")

    @Argument(help: "The event's number, as `kith events` shows it.") var id: Int64
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let event = try journal.openExisting().event(id: id)
        if output.json {
            try JSONOutput.print(EventJSON(event))
        } else {
            print(EventText(terminal: output.terminal()).full(event))
        }
    }
}
