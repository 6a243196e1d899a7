import Foundation
import Kith

/// A mistake the user can fix, told as what went wrong and what to do about it.
package struct UserError: Error, CustomStringConvertible {
    /// What went wrong, lower case, no full stop.
    var problem: String
    /// What to do about it.
    var advice: String

    package init(_ problem: String, _ advice: String) {
        self.problem = problem
        self.advice = advice
    }

    package var description: String { "\(problem) (\(advice))" }

    /// The one-line text for any error: `problem (advice)`.
    static func describe(_ error: Error) -> String {
        switch error {
        case let error as UserError: return error.description
        case let error as DatePhraseError: return error.description
        default:
            let text = String(describing: error)
            // Library errors say what to do in parentheses; add a generic hint if not.
            return text.hasSuffix(")") ? text : "\(text) (run with --help to see the accepted forms)"
        }
    }
}

/// A command line that asks for something Kith does not take (`--limit 0`, `--duration -2h`,
/// an unknown setting): exit status 2, told as what is wrong and what is accepted.
/// The same words as a ``UserError``; only the exit status differs.
package struct UsageError: Error, CustomStringConvertible {
    var error: UserError

    package init(_ problem: String, _ advice: String) {
        error = UserError(problem, advice)
    }

    package var description: String { error.description }

    /// `--limit`-style counts: a whole number of 1 or more.
    static func checkCount(_ value: Int?, option: String) throws {
        guard let value, value < 1 else { return }
        throw UsageError("\(option) \(value) is not a count", "give a whole number of 1 or more, such as \(option) 10")
    }
}
