import ArgumentParser
import Foundation

/// When to colour the output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// `--json` and `--color`, shared by every command that prints.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON for scripts instead of text.")
    var json = false

    @Option(name: .long, help: ArgumentHelp(
        "When to colour the output; auto colours a terminal unless NO_COLOR is set.",
        valueName: "when"))
    var color: ColorChoice?

    /// The terminal this run prints to.
    func terminal() -> Terminal { Terminal.current(choice: color) }
}
