import Foundation
import Testing

/// `kith import` and `kith export` driven through the built binary.
@Suite struct InterchangeCommandTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Import")

    @Test func importingTheSampleFolderTwiceAddsThenSkips() throws {
        let kith = try KithRunner()
        let first = try kith.ok("import", Self.samples.path)
        #expect(first.contains("friends-4.0.vcf (vCard 4.0): 2 added, 0 updated, 0 unchanged, 0 skipped"))
        #expect(first.contains("catching-up.ics (iCalendar): 7 added, 0 updated, 0 unchanged, 0 skipped"))
        #expect(!first.contains("warnings"))
        let second = try kith.ok("import", Self.samples.path)
        #expect(second.contains("catching-up.ics (iCalendar): 0 added, 0 updated, 7 unchanged, 0 skipped"))
        #expect(second.contains("apple-contacts-3.0.vcf (vCard 3.0): 0 added, 0 updated, 2 unchanged, 0 skipped"))
    }

    @Test func dryRunSaysWhatWouldHappenAndWhy() throws {
        let kith = try KithRunner()
        let out = try kith.ok("import", Self.samples.appendingPathComponent("apple-contacts-3.0.vcf").path, "--dry-run")
        #expect(out.contains("2 would add"))
        #expect(out.contains("+ Chen Wei (line 1): new person, CATEGORIES: Friends/College"))
        #expect(try kith.ok("person", "list").contains("Chen Wei") == false)
    }

    @Test func aBrokenFileIsAnErrorNamingTheLine() throws {
        let kith = try KithRunner()
        let file = kith.folder.appendingPathComponent("bad.vcf")
        try "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ok\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nTEL:1\r\nEND:VCARD\r\n".write(
            to: file, atomically: true, encoding: .utf8)
        let r = try kith.fails("import", file.path)
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "kith: bad.vcf, line 5 (card 2): the card has no name: no FN, N, ORG or EMAIL to call this person by (fix or remove that card, or import with --keep-going)\n"
        )
        let kept = try kith.ok("import", file.path, "--keep-going")
        #expect(kept.contains("1 added") && kept.contains("1 failed"))
    }

    @Test func exportWritesFilesOtherToolsRead() throws {
        let kith = try KithRunner()
        try kith.ok("import", Self.samples.path)
        let vcf = kith.folder.appendingPathComponent("out/people.vcf").path
        #expect(try kith.ok("export", "vcard", "-o", vcf, "--version", "3.0") == "Wrote 11 people to \(vcf) (vCard 3.0).\n")
        let text = try String(contentsOfFile: vcf, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN:VCARD").count == 12)
        #expect(text.contains("VERSION:3.0"))
        let ics = kith.folder.appendingPathComponent("out/cal.ics").path
        #expect(try kith.ok("export", "ics", "-o", ics, "--with", "Ana Lima") == "Wrote 4 events to \(ics).\n")
        let bad = try kith.fails("export", "vcard", "--version", "2.1")
        #expect(bad.status == 2)
        let dir = kith.folder.appendingPathComponent("vdir").path
        #expect(try kith.ok("export", "vdir", dir) == "\(dir): 18 written, 0 unchanged, 0 removed.\n")
        let json = kith.folder.appendingPathComponent("out/backup.json").path
        #expect(try kith.ok("export", "json", "-o", json) == "Wrote the journal (18 people and events) to \(json).\n")
        let other = try KithRunner()
        #expect(try other.ok("import", json).contains("backup.json (Kith JSON): 18 added, 0 updated, 0 unchanged, 0 skipped"))
    }
}
