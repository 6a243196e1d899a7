import Foundation
import Kith

extension KithBench {
    /// `sync-bodies --journal J --account A --out DIR`: writes the body `kith sync` would send
    /// for every person and event of the journal not yet synced with account A's collections
    /// (``Journal/syncBody(account:kind:uid:)``), one file per item named as a first sync
    /// creates it (``Journal/syncResourceName(uid:kind:)``), into DIR/contacts and DIR/events.
    /// Scripts/sync-bench.sh seeds a DAV server's storage with them, so that a first sync finds
    /// every item already there and adopts it instead of uploading 110,000 items one PUT at a
    /// time. The journal is only read. `seconds` is the whole run.
    static func syncBodies(_ args: inout BenchArguments) throws -> String {
        let journalPath = try args.required("--journal")
        let account = try args.required("--account")
        let out = URL(fileURLWithPath: try args.required("--out"))
        try args.finish()
        let watch = Stopwatch()
        let journal = try openExisting(journalPath)
        guard try journal.syncAccount(named: account) != nil else {
            throw MappedFile.OpenError(path: journalPath, reason: "no sync account \(account) (kith sync add it first)")
        }
        var counts: [String] = []
        var bytes = 0
        for kind in SyncKind.allCases {
            let folder = out.appendingPathComponent(kind.rawValue)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let state = try journal.syncState(account: account, kind: kind, includeStatus: false)
            var written = 0
            for item in state.created {
                guard let body = try journal.syncBody(account: account, kind: kind, uid: item.uid) else { continue }
                try Data(body.body).write(to: folder.appendingPathComponent(body.name))
                written += 1
                bytes += body.body.count
            }
            counts.append("\(kind.rawValue)=\(written)")
        }
        return counts.joined(separator: " ") + " bytes=\(bytes) seconds=\(format(watch.seconds))"
    }
}
