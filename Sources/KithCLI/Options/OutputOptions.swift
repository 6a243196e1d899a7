import ArgumentParser
import Foundation

/// When to colour the output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// `--json` and `--color`, shared by every command that prints.
struct OutputOptions: ParsableArguments {
    /// The options' help, also for the commands that declare them themselves (see
    /// `CalendarCommand`).
    static let jsonHelp: ArgumentHelp = "Print JSON for scripts instead of text."
    static let colorHelp = ArgumentHelp(
        "When to colour the output; auto colours a terminal unless NO_COLOR is set (default: the color setting).",
        valueName: "when")

    @Flag(name: .long, help: OutputOptions.jsonHelp)
    var json = false

    @Option(name: .long, help: OutputOptions.colorHelp)
    var color: ColorChoice?

    init() {}

    /// The options as a command that declares `--json` and `--color` itself parsed them.
    init(json: Bool, color: ColorChoice?) {
        self.json = json
        self.color = color
    }

    /// The terminal this run prints to.
    func terminal() -> Terminal { Terminal.current(choice: color) }
}
