import Foundation
import OutsideJudges
import Testing
import VCardFormat

/// Python's vobject, the outside judge of what Kith writes (see `OutsideJudge`).
enum PythonJudge {
    static func run(_ args: [String]) -> (status: Int32, out: String, err: String) {
        guard let r = try? OutsideJudge.run(OutsideJudge.python, args) else { return (-1, "", "cannot start \(OutsideJudge.python)") }
        return (r.status, r.out, r.err)
    }

    /// Whether vobject can be imported. When it cannot, the tests are disabled on a developer
    /// machine, but must run (and so fail) under CI, where `.ci/run` installs it.
    static let vobjectAvailable = OutsideJudge.shouldRun(importing: "vobject")
}

@Suite("vobject reads what Kith writes")
struct VobjectJudgeTests {
    static let script = """
        import json, sys, vobject
        out = []
        with open(sys.argv[1], encoding="utf-8") as f:
            for card in vobject.readComponents(f.read()):
                c = card.contents
                out.append({
                    "fn": card.fn.value if "fn" in c else None,
                    "family": card.n.value.family if "n" in c else None,
                    "given": card.n.value.given if "n" in c else None,
                    "emails": [e.value for e in c.get("email", [])],
                    "tels": [t.value for t in c.get("tel", [])],
                })
        print(json.dumps(out))
        """

    struct Judged: Decodable, Equatable {
        var fn: String?
        var family: String?
        var given: String?
        var emails: [String]
        var tels: [String]
    }

    @Test(
        .enabled(if: PythonJudge.vobjectAvailable, "vobject not installed; .ci/run installs it"),
        arguments: VCardWriterTests.vendorFixtures)
    func vobjectFindsSameNamesEmailsAndPhones(fixture: String) throws {
        let cards = try Fixture.read(fixture).cards
        for version in [VCard.Version.v3_0, .v4_0] {
            let (text, _) = VCardWriter.write(cards, version: version)
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kith-vobject-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent("cards.vcf")
            try Data(text.utf8).write(to: file)
            let scriptFile = dir.appendingPathComponent("judge.py")
            try Data(Self.script.utf8).write(to: scriptFile)
            let result = PythonJudge.run([scriptFile.path, file.path])
            try #require(result.status == 0, "vobject failed on \(fixture) as \(version.rawValue): \(result.err)")
            let judged = try JSONDecoder().decode([Judged].self, from: Data(result.out.utf8))
            #expect(judged.count == cards.count)
            for (card, j) in zip(cards, judged) {
                #expect(j.fn == (card.formattedName ?? card.derivedNameForTest))
                if let n = card.name {
                    #expect(j.family == n.familyNames.joined(separator: ","), "\(fixture) \(version.rawValue)")
                    #expect(j.given == n.givenNames.joined(separator: ","), "\(fixture) \(version.rawValue)")
                }
                #expect(j.emails == card.emails.map(\.value), "\(fixture) \(version.rawValue)")
                // vCard 4.0 may carry a phone as a tel: URI, which vobject reports as written.
                let tels = j.tels.map { $0.hasPrefix("tel:") ? String($0.dropFirst(4)) : $0 }
                #expect(tels == card.phones.map(\.value), "\(fixture) \(version.rawValue)")
            }
        }
    }
}

extension VCard {
    /// The FN the writer makes for a card without one (tests only call this for such cards).
    var derivedNameForTest: String? {
        let (text, _) = VCardWriter.write([self], version: .v4_0)
        return (try? VCard.read(Array(text.utf8)))?.cards.first?.formattedName
    }
}
