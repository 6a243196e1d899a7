// One sync of one account, the whole of it: the HTTP session made here and closed at the
// end (nothing global, so `kith log` never starts an event loop), each of the account's
// collections synced in turn by `SyncEngine`, and one report.
import Kith

/// Syncs a journal's account with its server.
public enum AccountSync {
    /// Syncs every collection of `account` (its address book, then its calendar).
    ///
    /// - Parameters:
    ///   - journal: the journal.
    ///   - account: the account, as the journal holds it.
    ///   - password: the password (from `KITH_SYNC_PASSWORD` or the password command); never
    ///     stored, logged or put in an error.
    ///   - caFile: a PEM file of certificates to trust instead of the system's roots.
    ///   - timeouts: how long to wait for a connection and for each answer.
    ///   - engine: force, dry run and cancellation.
    /// - Returns: what each collection did.
    /// - Throws: `RemoteError` for a server failure (nothing after it is written; the next
    ///   sync resumes), `JournalError.cancelled` when cancelled.
    public static func run(
        journal: Journal, account: SyncAccount, password: String?, caFile: String? = nil, timeouts: DAVTimeouts = .standard, engine: SyncEngine
    ) async throws
        -> SyncReport
    {
        var report = SyncReport(account: account.name, dryRun: engine.dryRun)
        let user = account.user.isEmpty ? nil : account.user
        let collections: [(SyncKind, DAVCollectionKind, String)] = [
            account.addressbookURL.map { (.contacts, .addressBook, $0) }, account.calendarURL.map { (.events, .calendar, $0) },
        ].compactMap { $0 }
        try await DAVSession.with(baseURL: account.url, user: user, password: password, caFile: caFile, timeouts: timeouts) { session in
            for (kind, davKind, url) in collections {
                try engine.cancellation.checkSync()
                let replica = JournalReplica(journal: journal, account: account.name, kind: kind)
                let state = try replica.currentState()
                let versions = kind == .contacts ? [state.vCardVersion] : []
                let remote = DAVCollection(session: session, url: url, kind: davKind, vCardVersions: versions)
                report.collections.append(try await engine.sync(kind: kind, token: state.token, remote: remote, replica: replica))
            }
        }
        return report
    }
}
