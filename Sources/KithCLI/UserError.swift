import Foundation
import Kith

/// A mistake the user can fix, told as what went wrong and what to do about it.
struct UserError: Error, CustomStringConvertible {
    /// What went wrong, lower case, no full stop.
    var problem: String
    /// What to do about it.
    var advice: String

    init(_ problem: String, _ advice: String) {
        self.problem = problem
        self.advice = advice
    }

    var description: String { "\(problem) (\(advice))" }

    /// The one-line text for any error: `problem (advice)`.
    static func describe(_ error: Error) -> String {
        switch error {
        case let error as UserError: return error.description
        case let error as DatePhrase.Error: return error.description
        default:
            let text = String(describing: error)
            // Library errors say what to do in parentheses; add a generic hint if not.
            return text.hasSuffix(")") ? text : "\(text) (run with --help to see the accepted forms)"
        }
    }
}
