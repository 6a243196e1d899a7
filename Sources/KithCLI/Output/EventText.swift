import Foundation
import Kith

/// How events read on a terminal.
struct EventText {
    var terminal: Terminal
    /// What rows share (zones, styled mood names), made once for all the events formatted.
    let shared = Shared()

    final class Shared {
        let zones = LocalTime.Zones()
        /// An event that starts after this is planned, not yet lived.
        let now = Date()
        var moods: [Int64: String] = [:]
    }

    func icon(_ c: Category?) -> String {
        guard let c, !c.icon.isEmpty else { return "" }
        return c.icon
    }

    func mood(_ c: Category?) -> String {
        guard let c else { return "" }
        if let text = shared.moods[c.id] { return text }
        let text = terminal.foreground((c.icon.isEmpty ? "" : c.icon + " ") + c.name, hex: c.color)
        shared.moods[c.id] = text
        return text
    }

    func people(_ e: Event) -> String {
        e.people.isEmpty ? "" : "with " + e.people.map(\.displayName).joined(separator: ", ")
    }

    /// Whether the event starts after now: written down ahead (`--when tomorrow`).
    func isPlanned(_ e: Event) -> Bool { e.start > shared.now }

    /// `(planned)` for an event still to come, else empty.
    func planned(_ e: Event) -> String { isPlanned(e) ? terminal.dim("(planned)") : "" }

    /// `#12 Sat 21 Nov 2026 15:30–17:00 ☕ Coffee and a long walk, with Ana Lima, Ben, 🙂 good, at Blue Bottle`,
    /// and `(planned)` at the end for an event still to come.
    func line(_ e: Event) -> String {
        var parts = [
            terminal.dim("#\(e.id)"), LocalTime.span(e, zones: shared.zones), (icon(e.type).isEmpty ? "" : icon(e.type) + " ") + terminal.bold(e.title),
        ]
        if !e.people.isEmpty { parts.append(people(e)) }
        if e.mood != nil { parts.append(mood(e.mood)) }
        if let place = e.place { parts.append("at " + place.name) }
        if isPlanned(e) { parts.append(planned(e)) }
        return parts.joined(separator: "  ")
    }

    /// A row of the timeline table; an event still to come says `(planned)` after its time.
    func row(_ e: Event) -> [String] {
        let span = LocalTime.span(e, zones: shared.zones)
        return [
            terminal.dim("#\(e.id)"), isPlanned(e) ? span + " " + planned(e) : span, icon(e.type), terminal.bold(e.title),
            e.people.map(\.displayName).joined(separator: ", "), mood(e.mood), e.place?.name ?? "",
        ]
    }

    /// The timeline table of these events.
    func timeline(_ events: [Event]) -> Table {
        var table = Table()
        table.rightAligned = [0]
        table.rows.reserveCapacity(events.count)
        for e in events { table.add(row(e)) }
        return table
    }

    /// Everything about one event, one field a line.
    func full(_ e: Event) -> String {
        var table = Table()
        func add(_ label: String, _ value: String) {
            guard !value.isEmpty else { return }
            table.add([terminal.dim(label), value])
        }
        add("when", LocalTime.span(e, showZone: false) + " " + terminal.dim(e.timeZone) + (isPlanned(e) ? " " + planned(e) : ""))
        if let type = e.type { add("type", (type.icon.isEmpty ? "" : type.icon + " ") + terminal.foreground(type.path, hex: type.color)) }
        add("with", e.people.map(\.displayName).joined(separator: ", "))
        if let m = e.mood { add("mood", mood(m) + (m.score.map { terminal.dim(" (\($0 > 0 ? "+" : "")\($0))") } ?? "")) }
        if let place = e.place {
            var text = place.name
            if let address = place.address, !address.isEmpty { text += ", " + address }
            if let lat = place.latitude, let lon = place.longitude { text += terminal.dim(" (\(lat), \(lon))") }
            add("place", text)
        }
        for (i, trait) in e.traits.enumerated() {
            add(
                i == 0 ? "learned" : "",
                (trait.person.map { $0.displayName + ": " } ?? "")
                    + terminal.foreground(trait.category.path, hex: trait.category.color) + ": " + trait.text + terminal.dim(" (trait #\(trait.id))"))
        }
        // The photo's id is the start of its hash: `kith photo ID -o FILE` writes it out.
        for (i, photo) in e.photos.enumerated() {
            add(i == 0 ? "photos" : "", "\(photo.id) \(photo.mediaType) \(photo.byteCount) bytes")
        }
        if !e.photos.isEmpty { add("", terminal.dim("kith photo ID -o FILE writes one out")) }
        if !e.note.isEmpty {
            let lines = e.note.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() { table.add([i == 0 ? terminal.dim("note") : "", String(line)]) }
        }
        return terminal.bold("#\(e.id) \(e.title)") + "\n" + table.render()
    }
}
