import ArgumentParser
import Foundation
import Kith

/// `kith settings [NAME [VALUE]]`: the preferences stored in the journal.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "List or change the settings kept in the journal.",
        discussion: """
            Settings live in the journal file, so they travel with it. Command-line flags \
            (--color, --monday, --tz) and NO_COLOR still win over them.
              week-start  sunday or monday: the first day of the week in kith calendar
              time-zone   an IANA zone (Europe/Lisbon) or system: the zone of new events
              color       auto, always or never: when to colour the output
              theme       light, dark or auto: the colour theme of the views
            Examples:
              kith settings
              kith settings week-start monday
              kith settings time-zone Asia/Taipei
            """)

    @Argument(help: ArgumentHelp("A setting's name: week-start, time-zone, color or theme.", valueName: "name")) var name: String?
    @Argument(help: ArgumentHelp("Its new value.", valueName: "value")) var value: String?
    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        var setting: Setting?
        if let name {
            guard let s = Setting(name: name) else {
                throw UsageError(
                    "there is no setting \"\(name)\"",
                    "the settings are " + Setting.allCases.map(\.rawValue).joined(separator: ", "))
            }
            setting = s
            if let value, s.normalized(value) == nil {
                throw UsageError("\(s.rawValue) cannot be \"\(value)\"", "use \(s.acceptedValues)")
            }
        }
        if let setting, let value {
            let stored = try journal.open().setSetting(setting, to: value)
            if output.json {
                try JSONOutput.print([SettingJSON(name: setting.rawValue, value: stored, isDefault: false)])
            } else {
                print("\(setting.rawValue) = \(stored)")
            }
            return
        }
        // Listing reads only: with no journal yet, the defaults (and no file is created).
        let all: [(setting: Setting, value: String, isDefault: Bool)]
        do {
            all = try journal.openExisting().settings().filter { setting == nil || $0.setting == setting }
        } catch JournalError.noJournal {
            all = Setting.allCases.filter { setting == nil || $0 == setting }.map { ($0, $0.defaultValue, true) }
        }
        if output.json {
            try JSONOutput.print(all.map { SettingJSON(name: $0.setting.rawValue, value: $0.value, isDefault: $0.isDefault) })
            return
        }
        if setting != nil, let one = all.first {
            print(one.value)
            return
        }
        let terminal = output.terminal()
        var table = Table()
        for s in all {
            table.add([s.setting.rawValue, s.value, terminal.dim(s.isDefault ? "(default)" : ""), terminal.dim(s.setting.summary)])
        }
        print(table.render())
    }
}

/// A setting in `kith settings --json`: `name`, `value`, `default` (true when not set).
struct SettingJSON: Encodable {
    var name: String
    var value: String
    var isDefault: Bool

    enum CodingKeys: String, CodingKey { case name, value, isDefault = "default" }
}
