import Foundation
import Testing

@testable import KithCLI

@Suite struct LocalZoneTests {
    func name(_ target: String) -> String? { LocalZone.zoneName(inLinkTarget: Array(target.utf8)) }

    @Test func theZoneIsWhatFollowsTheZoneDirectory() {
        #expect(name("/usr/share/zoneinfo/Etc/UTC") == "Etc/UTC")
        #expect(name("/usr/share/zoneinfo/America/Argentina/Buenos_Aires") == "America/Argentina/Buenos_Aires")
        #expect(name("../usr/share/zoneinfo/Asia/Taipei") == "Asia/Taipei")
        // The first occurrence, as Foundation searches.
        #expect(name("/usr/share/zoneinfo//usr/share/zoneinfo/Europe/Lisbon") == "/usr/share/zoneinfo/Europe/Lisbon")
    }

    @Test func noZoneWithoutTheDirectoryOrANameAfterIt() {
        #expect(name("/usr/share/zoneinfo/") == nil)
        #expect(name("/etc/zoneinfo/Europe/Paris") == nil)
        #expect(name("UTC") == nil)
        #expect(name("") == nil)
        #expect(LocalZone.zoneName(inLinkTarget: Array("/usr/share/zoneinfo/Europe/Paris".utf8) + [0xFF]) == nil)
    }

    @Test func theLocalZoneIsFoundationsCurrentOne() {
        #expect(LocalZone.current.identifier == TimeZone.current.identifier)
    }
}
