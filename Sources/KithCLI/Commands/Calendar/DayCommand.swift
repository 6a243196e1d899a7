import ArgumentParser
import Foundation
import Kith

/// `kith day [DATE]`: the interactions of one day.
struct DayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day",
        abstract: "List the interactions of one day, in time order.")

    @Argument(help: ArgumentHelp("The day: 2026-11-21, yesterday, friday, 3 days ago; today by default.", valueName: "date"))
    var date: String?
    @OptionGroup var filters: DayFilterOptions
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let journal = try journal.openExisting()
        let day = try date.map { try DatePhrase.day($0, now: Date(), timeZone: .current) } ?? LocalDate.today()
        let events = try journal.events(on: day, filter: try filters.filter(journal))
        if output.json {
            try JSONOutput.print(DayJSON(date: day.description, events: events.map { EventJSON($0) }))
            return
        }
        let terminal = output.terminal()
        var lines = [terminal.bold(LocalTime.day(day)) + (filters.label.isEmpty ? "" : terminal.dim(" (\(filters.label))"))]
        if events.isEmpty {
            lines.append("  nothing logged" + (filters.label.isEmpty ? "" : " that matches"))
            print(lines.joined(separator: "\n"))
            return
        }
        let text = EventText(terminal: terminal)
        var table = Table()
        var times: [String] = []
        for e in events {
            let zone = TimeZone(identifier: e.timeZone) ?? .gmt
            var time = e.allDay ? "all day" : LocalTime.clock(e.start, zone)
            if !e.allDay, let end = e.end, LocalTime.parts(end, zone).day == day { time += "–" + LocalTime.clock(end, zone) }
            if !e.allDay, e.startDay != day { time = "(cont.)" }
            if text.isPlanned(e) { time += " " + text.planned(e) }
            times.append("  " + time)
            let moodIcon = e.mood.map { terminal.foreground($0.icon.isEmpty ? "●" : $0.icon, hex: $0.color) } ?? ""
            table.add([
                "  " + time, text.icon(e.type), terminal.bold(e.title), moodIcon,
                e.people.map(\.displayName).joined(separator: ", "),
                e.place.map { "at " + $0.name } ?? "", terminal.dim("#\(e.id)"),
            ])
        }
        // Traits go under their event, indented to the title column.
        let indent = String(
            repeating: " ",
            count: (times.map(Terminal.displayWidth).max() ?? 0) + 2
                + (events.map { Terminal.displayWidth(text.icon($0.type)) }.max() ?? 0) + 2)
        for (e, line) in zip(events, table.render().split(separator: "\n", omittingEmptySubsequences: false)) {
            lines.append(String(line))
            for t in e.traits {
                lines.append(indent + terminal.foreground("learned", hex: t.category.color) + " " + t.category.path + ": " + t.text)
            }
        }
        lines.append(terminal.dim("\(events.count) \(events.count == 1 ? "event" : "events")"))
        print(lines.joined(separator: "\n"))
    }
}

/// `kith day --json`: `date` (`YYYY-MM-DD`) and `events` in time order (see `EventJSON`).
struct DayJSON: Encodable {
    var date: String
    var events: [EventJSON]
}
