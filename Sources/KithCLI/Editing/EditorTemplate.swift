import Foundation
import Kith

/// The text `kith log` opens in `$EDITOR` when no title is given, and its reading back.
struct EditorTemplate {
    /// Fields as written in the template, in order.
    var title = ""
    var with: [String] = []
    var type = ""
    var mood = ""
    var at = ""
    var when = ""
    var duration = ""
    var traits: [String] = []
    var note = ""

    static let header = """
        # Log an event. Fill in the fields you know and save; an empty title logs nothing.
        # With: names separated by commas. When: now, yesterday 15:30, last friday 8pm, 2026-11-21 9:00.
        # Trait: Name: Kind/Sub: what you learned about that person (one per line); with one person
        # in the event the name may be left out. Everything under "Note:" is the note.
        # Lines starting with # are ignored.
        """

    /// The header of `kith edit --editor`: the same fields, changed in place.
    static let editHeader = """
        # Change the event: edit the fields and save; a field left as it is stays as it is.
        # With: names separated by commas. When: yesterday 15:30, last friday 8pm, 2026-11-21 9:00.
        # Trait: Name: Kind/Sub: what you learned about that person (one per line); delete a line
        # to remove that trait. Everything under "Note:" is the note. Lines starting with # are ignored.
        """

    /// The template, pre-filled with `self`, under `header`.
    func render(header: String = Self.header) -> String {
        var lines = [header]
        lines.append("Title: \(title)")
        lines.append("With: \(with.joined(separator: ", "))")
        lines.append("Type: \(type)")
        lines.append("Mood: \(mood)")
        lines.append("At: \(at)")
        lines.append("When: \(when)")
        lines.append("Duration: \(duration)")
        if traits.isEmpty { lines.append("Trait: ") } else { lines += traits.map { "Trait: \($0)" } }
        lines.append("Note:")
        if !note.isEmpty { lines.append(note) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads an edited template back.
    /// - Throws: `UserError` naming a line that is not `Field: value`.
    static func parse(_ text: String) throws -> EditorTemplate {
        var result = EditorTemplate()
        var noteLines: [String] = []
        var inNote = false
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if line.hasPrefix("#") { continue }
            if inNote { noteLines.append(line); continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw UserError(
                    "line \(number + 1) of the template is not \"Field: value\": \(line)",
                    "keep the field names; put free text under Note:")
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "title": result.title = value
            case "with": result.with = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case "type": result.type = value
            case "mood": result.mood = value
            case "at": result.at = value
            case "when": result.when = value
            case "duration": result.duration = value
            case "trait": if !value.isEmpty { result.traits.append(value) }
            case "note":
                inNote = true
                if !value.isEmpty { noteLines.append(value) }
            default:
                throw UserError(
                    "line \(number + 1) of the template has an unknown field \"\(key)\"",
                    "use Title, With, Type, Mood, At, When, Duration, Trait or Note")
            }
        }
        result.note = noteLines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return result
    }

    /// A trait as a `Trait:` line reads it: `Name: Kind/Sub: text`.
    static func line(of t: EventTrait) -> String {
        (t.person.map { ($0.displayName.contains(":") ? "#\($0.id)" : $0.displayName) + ": " } ?? "") + t.category.path + ": " + t.text
    }

    /// Writes the template to a temporary file, runs `$VISUAL`/`$EDITOR` (else `vi`) on it
    /// with the terminal, and reads it back.
    static func edit(_ template: EditorTemplate, header: String = Self.header) throws -> EditorTemplate {
        let environment = EnvironmentVariables.named("VISUAL", "EDITOR")
        let chosen = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
        if chosen == nil && isatty(STDIN_FILENO) != 1 {
            throw UserError(
                "no title given, and no terminal to open an editor on",
                "give the title, as in kith log \"Lunch with Ana\", or set $EDITOR")
        }
        let editor = chosen ?? "vi"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kith-log-\(getpid()).txt")
        // What the user writes there is journal content: the owner's only (0600).
        do {
            try PrivateFile.write(Data(template.render(header: header).utf8), to: file.path)
        } catch {
            throw UserError("cannot write the template for the editor: \(error)", "check that \(file.deletingLastPathComponent().path) is writable")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor command may carry arguments (`code -w`): let the shell split it.
        process.arguments = ["-c", "\(editor) \"$1\"", "kith", file.path]
        do {
            try process.run()
        } catch {
            throw UserError("cannot start the editor \(editor)", "set $EDITOR, or give the title on the command line")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw UserError(
                "the editor \(editor) exited with status \(process.terminationStatus); nothing logged",
                "save and quit the editor normally, or give the title on the command line")
        }
        let text = try String(contentsOf: file, encoding: .utf8)
        return try parse(text)
    }
}

extension EditorTemplate {
    /// The template of an existing event (`kith edit --editor`): names with a comma as
    /// `#id`, the start in the event's own zone, one `Name: Kind/Sub: text` line per trait.
    init(event e: Event) {
        title = e.title
        with = e.people.map { $0.displayName.contains(",") ? "#\($0.id)" : $0.displayName }
        type = e.type?.path ?? ""
        mood = e.mood?.name ?? ""
        at = e.place?.name ?? ""
        let zone = TimeZone(identifier: e.timeZone) ?? .gmt
        if e.allDay {
            when = e.startDay.description
        } else {
            when = "\(LocalTime.parts(e.start, zone).day) \(LocalTime.clock(e.start, zone))"
            if let end = e.end, end > e.start {
                let minutes = Int(end.timeIntervalSince(e.start) / 60)
                duration = minutes < 60 ? "\(minutes)m" : "\(minutes / 60)h" + (minutes % 60 == 0 ? "" : "\(minutes % 60)m")
            }
        }
        traits = e.traits.map { Self.line(of: $0) }
        note = e.note
    }
}
