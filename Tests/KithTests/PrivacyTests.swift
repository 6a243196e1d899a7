import Foundation
import Logging
import Testing

@testable import Kith

/// Keeps every log record, to check what the library writes to logs.
final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var records: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.lock(); defer { lock.unlock() }
        records.append("\(event.level) \(event.message) \(event.metadata ?? [:]) \(event.source) \(event.file)")
    }

    var text: String { lock.lock(); defer { lock.unlock() }; return records.joined(separator: "\n") }
    var count: Int { lock.lock(); defer { lock.unlock() }; return records.count }
}

@Suite("Privacy")
struct PrivacyTests {
    @Test("the library logs what it does, never the journal's contents")
    func logsWithoutContents() throws {
        let handler = CapturingLogHandler()
        let logger = Logger(label: "kith.test") { _ in handler }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let j = try Journal(path: folder.appendingPathComponent("j.sqlite").path, logger: logger)
        let secret = try j.addPerson(PersonDraft(displayName: "Zebulon Secretname", emails: [LabeledValue("zeb@hidden.example")]))
        try j.logEvent(
            EventDraft(
                title: "Confidential lunch", start: Date(), timeZone: "UTC", personIDs: [secret.id],
                note: "private note", traits: [TraitDraft(path: "Interests", text: "hidden hobby")]))
        // A refused write is logged too, still without contents.
        _ = try? j.addPerson(PersonDraft(displayName: "Other", uid: secret.uid))
        _ = try? j.logEvent(EventDraft(title: "Another confidential thing", start: Date(), timeZone: "UTC", uid: try j.events().first!.uid))
        #expect(handler.count > 0)
        for word in ["Zebulon", "Secretname", "zeb@hidden", "Confidential", "private note", "hidden hobby"] {
            #expect(!handler.text.contains(word), "the log mentions \(word)")
        }
    }
}
