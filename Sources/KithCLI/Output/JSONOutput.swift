import Foundation

/// The JSON every `--json` prints: sorted keys, two-space indentation, ISO 8601 dates
/// in UTC, no escaped slashes. Keys are camelCase; absent values are omitted.
package enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        let text = String(decoding: data, as: UTF8.self)
        // Foundation pretty-prints an empty array or object over three lines; strings never
        // hold a raw line break (JSON escapes it), so this only touches empty containers.
        return text.replacing(#/\[\n *\n *\]/#, with: "[]").replacing(#/\{\n *\n *\}/#, with: "{}")
    }

    package static func print<T: Encodable>(_ value: T) throws {
        Swift.print(try encode(value))
    }
}
