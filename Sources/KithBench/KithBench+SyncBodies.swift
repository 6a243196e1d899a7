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

extension KithBench {
    /// `sync-record --journal J --account A --kind contacts|events --bodies DIR --listing FILE
    /// --token T`: records, as a first sync that adopted them would, that the items whose
    /// bodies `sync-bodies` wrote to DIR are on the server: one status row each
    /// (``Journal/recordPushed(account:kind:uid:href:etag:body:stamp:)``) with the href and
    /// ETag of FILE's line for its resource name (`name<TAB>href<TAB>etag`, from a listing of
    /// the server), then the collection's sync token T, with every change up to now checked.
    /// For a server whose listing of 100,000 items takes longer than `kith sync` waits.
    static func syncRecord(_ args: inout BenchArguments) throws -> String {
        let journalPath = try args.required("--journal")
        let account = try args.required("--account")
        let kindText = try args.required("--kind")
        let bodies = URL(fileURLWithPath: try args.required("--bodies"))
        let listing = try args.required("--listing")
        let token = try args.required("--token")
        try args.finish()
        guard let kind = SyncKind(rawValue: kindText) else { throw BenchArguments.UsageError(message: "--kind wants contacts or events") }
        let watch = Stopwatch()
        let journal = try openExisting(journalPath)
        let state = try journal.syncState(account: account, kind: kind, includeStatus: false)
        var uidByName: [String: String] = [:]
        for item in state.created { uidByName[Journal.syncResourceName(uid: item.uid, kind: kind)] = item.uid }
        var recorded = 0, unknown = 0
        for line in try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let uid = uidByName[fields[0]] else {
                unknown += 1
                continue
            }
            let body = try [UInt8](Data(contentsOf: bodies.appendingPathComponent(fields[0])))
            try journal.recordPushed(account: account, kind: kind, uid: uid, href: fields[1], etag: fields[2], body: body)
            recorded += 1
        }
        try journal.setSyncToken(account: account, kind: kind, token: token, checked: state.checked)
        return "recorded=\(recorded) unknown=\(unknown) seconds=\(format(watch.seconds))"
    }
}
