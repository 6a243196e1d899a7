import Foundation
import GRDB
import Testing

@testable import Kith

/// A person's fields as the JSON backup writes them and as the import snapshot kept them
/// before its digest, pinned byte for byte (Fixtures/golden, made before `PersonFields`
/// replaced the field lists).
@Suite struct PersonFieldsGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden")

    func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Self.golden.appendingPathComponent(name))
    }

    @Test func importDigestIsThatOfTheGoldenSnapshot() throws {
        let j = try Journal.inMemory()
        let report = try j.importData(try fixture("ana.vcf"), fileName: "ana.vcf")
        #expect(report.items.map(\.action) == [.added])
        let stored = try #require(try j.read { db in try String.fetchOne(db, sql: "SELECT snapshot FROM personImport") })
        #expect(stored.hasPrefix("p1 "))
        // The JSON snapshot Kith kept before the digest reads as the same hashes.
        let golden = String(decoding: try fixture("snapshot.json"), as: UTF8.self)
        let digest = try #require(PersonFieldsDigest.read(stored))
        #expect(PersonFieldsDigest.read(golden) == digest)
        #expect(digest.isStored(in: golden) && digest.isStored(in: stored) && digest.stored == stored)
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
