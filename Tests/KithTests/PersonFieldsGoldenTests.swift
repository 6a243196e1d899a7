import Foundation
import GRDB
import Testing

@testable import Kith

/// A person's fields as the import snapshot and the JSON backup write them, pinned byte for
/// byte (Fixtures/golden, made before `PersonFields` replaced the field lists).
@Suite struct PersonFieldsGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden")

    func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Self.golden.appendingPathComponent(name))
    }

    @Test func importSnapshotIsTheGoldenText() throws {
        let j = try Journal.inMemory()
        let report = try j.importData(try fixture("ana.vcf"), fileName: "ana.vcf")
        #expect(report.items.map(\.action) == [.added])
        let snapshot = try j.read { db in try String.fetchOne(db, sql: "SELECT snapshot FROM personImport") }
        let expected = String(decoding: try fixture("snapshot.json"), as: UTF8.self)
        #expect(snapshot == expected)
        // Read back and written again, a snapshot is the same text.
        let fields = try #require(ContactFields.fromSnapshot(expected))
        #expect(fields.snapshotJSON == expected)
    }

    @Test func reimportingTheSameCardChangesNothing() throws {
        let j = try Journal.inMemory()
        _ = try j.importData(try fixture("ana.vcf"), fileName: "ana.vcf")
        let again = try j.importData(try fixture("ana.vcf"), fileName: "ana.vcf")
        #expect(again.items.map(\.action) == [.unchanged])
    }

    @Test func backupRoundTripsToTheGoldenBytes() throws {
        let j = try Journal.inMemory()
        let doc = try fixture("backup.json")
        let report = try j.importData(doc, fileName: "backup.json")
        #expect(report.items.map(\.action) == [.added, .added])
        let exported = try j.exportJSON().data
        #expect(exported == doc)
        let ana = try j.resolvePerson("Ana Lima")
        #expect(ana.organization == "Acme, Research")
        #expect(ana.name.suffixes == "PhD")
        #expect(ana.vcardLines.contains("X-CUSTOM;X-P=1:kept value"))
    }
}
