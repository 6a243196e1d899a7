import Foundation
import Testing

@testable import Kith

/// Where a test journal lives: every store test runs against both.
enum JournalKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory, onDisk

    var testDescription: String { rawValue }

    /// A fresh journal with the defaults; on disk in its own temporary folder.
    func make() throws -> TestJournal {
        switch self {
        case .inMemory:
            return TestJournal(journal: try Journal.inMemory(), folder: nil)
        case .onDisk:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-tests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("journal.sqlite").path
            return TestJournal(journal: try Journal(path: path), folder: folder)
        }
    }
}

/// A journal under test; removes its folder when released.
final class TestJournal {
    let journal: Journal
    let folder: URL?

    init(journal: Journal, folder: URL?) {
        self.journal = journal
        self.folder = folder
    }

    deinit {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}

/// The instant of a wall-clock time in a zone.
func instant(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ zone: String) -> Date {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: zone)!
    return cal.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi))!
}

func day(_ text: String) -> LocalDate { LocalDate(text)! }

extension Journal {
    /// Test shorthand: a person by name, optionally under a relation path.
    @discardableResult
    func person(_ name: String, in path: String? = nil, nicknames: [String] = []) throws -> Person {
        let relation = try path.map { try category(kind: .relation, path: $0).id }
        return try addPerson(PersonDraft(displayName: name, nicknames: nicknames, relationID: relation))
    }

    func mood(_ name: String) throws -> Int64 { try category(kind: .mood, path: name).id }
    func type(_ path: String) throws -> Int64 { try category(kind: .eventType, path: path).id }
}

/// A whole 1×1 PNG (69 bytes): signature, IHDR, IDAT and IEND with their CRCs. Kith
/// refuses a PNG cut after its header since issue 16, which the 19 bytes used here before were.
let pngBytes = Data([
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02,
    0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01,
    0x00, 0xC9, 0xFE, 0x92, 0xEF, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
])
