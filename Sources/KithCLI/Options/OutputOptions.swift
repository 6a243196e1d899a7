import ArgumentParser
import Foundation

/// When to colour the output.
package enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// `--json` and `--color`, shared by every command that prints.
package struct OutputOptions: ParsableArguments {
    /// The options' help.
    static let jsonHelp: ArgumentHelp = "Print JSON for scripts instead of text."
    static let colorHelp = ArgumentHelp(
        "When to colour the output; auto colours a terminal unless NO_COLOR is set (default: the color setting).",
        valueName: "when")

    @Flag(name: .long, help: OutputOptions.jsonHelp)
    package var json = false

    @Option(name: .long, help: OutputOptions.colorHelp)
    var color: ColorChoice?

    package init() {}

    /// The terminal this run prints to.
    func terminal() -> Terminal { Terminal.current(choice: color) }
}

extension QuickOption {
    /// `--json` (`OutputOptions`) in a hot command's quick table, kept at `path`.
    static func json(_ path: WritableKeyPath<Run, Bool>) -> QuickOption { .flag("--json", path) }
    /// `--color` (`OutputOptions`) in a hot command's quick table, kept at `path`.
    static func color(_ path: WritableKeyPath<Run, ColorChoice?>) -> QuickOption { .option("--color", path) }
}
