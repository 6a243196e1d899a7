import Foundation

/// What the tool says on standard error besides errors.
package enum StandardError {
    /// `kith: warning: <problem> (<advice>)`: something done that the user may not have meant.
    package static func warn(_ problem: String, _ advice: String) {
        FileHandle.standardError.write(Data("kith: warning: \(problem) (\(advice))\n".utf8))
    }

    /// `kith: note: <text>`: something worth knowing about what was done.
    package static func note(_ text: String) {
        FileHandle.standardError.write(Data("kith: note: \(text)\n".utf8))
    }
}
