import Foundation

/// Named environment variables, read with `getenv` (issue 7): `ProcessInfo.environment`
/// copies every variable of the process into a new dictionary at each call (~0.6 M
/// instructions here), and a command asked for it up to four times to read one or two.
package enum EnvironmentVariables {
    /// The variables among `names` that are set, keyed by name as in
    /// `ProcessInfo.environment`; read afresh at each call.
    package static func named(_ names: String...) -> [String: String] {
        var found: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }
}
