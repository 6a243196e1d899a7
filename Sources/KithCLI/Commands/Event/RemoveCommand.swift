import ArgumentParser
import Foundation
import Kith

/// `kith remove`: removes an event.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an event.")

    @Argument(help: "The event's number, as `kith events` shows it.") var id: Int64
    @OptionGroup var journal: JournalOptions

    func run() throws {
        let journal = try journal.open()
        let event = try journal.event(id: id)
        try journal.removeEvent(id: id)
        print("removed #\(event.id) \(event.title)")
    }
}
