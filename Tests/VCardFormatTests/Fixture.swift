import Foundation
import Testing
import VCardFormat

/// Loads a file from the test bundle's Fixtures folder.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
            "fixture \(name) missing")
        return [UInt8](try Data(contentsOf: url))
    }

    static func read(_ name: String) throws -> VCard.ReadResult {
        try VCard.read(bytes(name))
    }
}
