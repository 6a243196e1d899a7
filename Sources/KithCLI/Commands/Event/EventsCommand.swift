import ArgumentParser
import Foundation
import Kith

/// `kith events`: the timeline.
struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List events, newest first, with filters.")

    @Option(help: ArgumentHelp("From this day on: 2026-11-01, last friday, 2 weeks ago.", valueName: "date")) var from: String?
    @Option(help: ArgumentHelp("Up to this day.", valueName: "date")) var to: String?
    @Option(name: .customLong("with"), help: ArgumentHelp("Only with this person.", valueName: "name")) var person: String?
    @Option(help: ArgumentHelp("Only of this event type (its subtypes too).", valueName: "path")) var type: String?
    @Option(help: ArgumentHelp("Only with this mood.", valueName: "name")) var mood: String?
    @Option(name: .customLong("at"), help: ArgumentHelp("Only at places whose name contains this.", valueName: "place")) var place: String?
    @Option(help: ArgumentHelp("Only events whose title or note has these words.", valueName: "text")) var search: String?
    @Option(help: ArgumentHelp("At most this many (1 or more).", valueName: "n")) var limit: Int?
    @Flag(help: "Oldest first.") var reverse = false
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try UsageError.checkCount(limit, option: "--limit")
        let journal = try journal.openExisting()
        let now = Date()
        let zone = TimeZone.current
        var filter = EventFilter(newestFirst: !reverse, limit: limit)
        filter.from = try from.map { try DatePhrase.day($0, now: now, timeZone: zone) }
        filter.to = try to.map { try DatePhrase.day($0, now: now, timeZone: zone) }
        filter.personID = try person.map { try journal.personID(argument: $0) }
        filter.typeID = try type.map { try journal.category(kind: .eventType, path: $0).id }
        filter.moodID = try mood.map { try journal.category(kind: .mood, path: $0).id }
        filter.place = place
        filter.search = search
        let events = try journal.events(filter, icalLines: false)
        if output.json {
            try JSONOutput.print(events.map { EventJSON($0) })
            return
        }
        guard !events.isEmpty else {
            print(
                "no events"
                    + (from != nil || to != nil || person != nil || type != nil || mood != nil || place != nil || search != nil
                        ? " match (try fewer filters)" : " yet (log one with `kith log \"Lunch with Ana\" --with Ana`)"))
            return
        }
        EventText(terminal: output.terminal()).timeline(events).printToStandardOutput()
    }
}
