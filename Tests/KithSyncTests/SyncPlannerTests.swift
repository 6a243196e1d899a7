import Testing

@testable import KithSync

/// Every combination of status row × local change × remote change × same content, against
/// the table the planner promises (README "Sync" and the plan of issue 20).
@Suite struct SyncPlannerTests {
    typealias Row = (status: Bool, local: SideChange, remote: SideChange, same: Bool?, action: SyncAction)

    // `same: nil` means the answer does not depend on whether the contents are equal.
    static let table: [Row] = [
        // Never synced: only presence counts (`.changed` reads as created, `.deleted` as absent).
        (false, .unchanged, .unchanged, nil, .nothing),
        (false, .unchanged, .deleted, nil, .nothing),
        (false, .deleted, .unchanged, nil, .nothing),
        (false, .deleted, .deleted, nil, .nothing),
        (false, .created, .unchanged, nil, .pushCreate),
        (false, .created, .deleted, nil, .pushCreate),
        (false, .changed, .unchanged, nil, .pushCreate),
        (false, .changed, .deleted, nil, .pushCreate),
        (false, .unchanged, .created, nil, .pullCreate),
        (false, .deleted, .created, nil, .pullCreate),
        (false, .unchanged, .changed, nil, .pullCreate),
        (false, .deleted, .changed, nil, .pullCreate),
        (false, .created, .created, true, .adopt),
        (false, .created, .created, false, .merge),
        (false, .created, .changed, true, .adopt),
        (false, .created, .changed, false, .merge),
        (false, .changed, .created, true, .adopt),
        (false, .changed, .created, false, .merge),
        (false, .changed, .changed, true, .adopt),
        (false, .changed, .changed, false, .merge),
        // Synced before: `.created` reads as changed.
        (true, .unchanged, .unchanged, nil, .nothing),
        (true, .unchanged, .created, nil, .pullUpdate),
        (true, .unchanged, .changed, nil, .pullUpdate),
        (true, .unchanged, .deleted, nil, .pullDelete),
        (true, .created, .unchanged, nil, .pushUpdate),
        (true, .changed, .unchanged, nil, .pushUpdate),
        (true, .deleted, .unchanged, nil, .pushDelete),
        (true, .deleted, .deleted, nil, .forget),
        (true, .changed, .deleted, nil, .pushCreate),
        (true, .created, .deleted, nil, .pushCreate),
        (true, .deleted, .changed, nil, .pullCreate),
        (true, .deleted, .created, nil, .pullCreate),
        (true, .changed, .changed, true, .adopt),
        (true, .changed, .changed, false, .merge),
        (true, .created, .changed, true, .adopt),
        (true, .created, .changed, false, .merge),
        (true, .changed, .created, true, .adopt),
        (true, .changed, .created, false, .merge),
        (true, .created, .created, true, .adopt),
        (true, .created, .created, false, .merge),
    ]

    static func expected(_ status: Bool, _ local: SideChange, _ remote: SideChange, _ same: Bool) -> SyncAction? {
        table.first { $0.status == status && $0.local == local && $0.remote == remote && ($0.same == nil || $0.same == same) }?.action
    }

    @Test(arguments: [false, true], [false, true])
    func everyCombinationHasItsAction(status: Bool, same: Bool) {
        for local in SideChange.allCases {
            for remote in SideChange.allCases {
                let want = Self.expected(status, local, remote, same)
                #expect(want != nil, "no row for status \(status) local \(local) remote \(remote) same \(same)")
                let got = SyncPlanner.action(hasStatus: status, local: local, remote: remote, sameContent: same)
                #expect(got == want, "status \(status) local \(local) remote \(remote) same \(same)")
            }
        }
    }

    @Test func theTableHasNoOverlappingRows() {
        for (i, a) in Self.table.enumerated() {
            for b in Self.table[(i + 1)...] where a.status == b.status && a.local == b.local && a.remote == b.remote {
                #expect(a.same != nil && b.same != nil && a.same != b.same, "rows \(a) and \(b) overlap")
            }
        }
    }

    /// Nothing is lost: whenever one side holds an edit or a new item, the action carries it to
    /// the other side (or both sides already agree), and a deletion wins only against no edit.
    @Test(arguments: [false, true], [false, true])
    func anEditIsNeverDropped(status: Bool, same: Bool) {
        for local in SideChange.allCases {
            for remote in SideChange.allCases {
                let action = SyncPlanner.action(hasStatus: status, local: local, remote: remote, sameContent: same)
                let localEdit = local == .created || local == .changed
                let remoteEdit = remote == .created || remote == .changed
                if localEdit && remoteEdit {
                    #expect(action == (same ? .adopt : .merge))
                } else if localEdit {
                    #expect(action == .pushCreate || action == .pushUpdate)
                } else if remoteEdit {
                    #expect(action == .pullCreate || action == .pullUpdate)
                } else {
                    #expect(!action.writesRemote || action == .pushDelete)
                    #expect(action != .pullCreate && action != .pushCreate)
                }
            }
        }
    }

    @Test func actionsSayWhichSideTheyWrite() {
        #expect(SyncAction.allCases.filter(\.writesRemote) == [.pushCreate, .pushUpdate, .pushDelete, .merge])
        #expect(SyncAction.allCases.filter(\.writesLocal) == [.pullCreate, .pullUpdate, .pullDelete, .merge])
    }

    @Test func theEmptySideGuard() {
        // First sync: nothing to protect.
        #expect(SyncPlanner.emptySideRefusal(statusCount: 0, localCount: 0, remoteCount: 40) == nil)
        #expect(SyncPlanner.emptySideRefusal(statusCount: 0, localCount: 40, remoteCount: 0) == nil)
        // A wiped journal would delete the whole address book.
        #expect(SyncPlanner.emptySideRefusal(statusCount: 40, localCount: 0, remoteCount: 40) == .localEmptied(items: 40))
        // A recreated collection would delete the whole journal.
        #expect(SyncPlanner.emptySideRefusal(statusCount: 40, localCount: 40, remoteCount: 0) == .remoteEmptied(items: 40))
        // Both emptied: only rows to forget.
        #expect(SyncPlanner.emptySideRefusal(statusCount: 40, localCount: 0, remoteCount: 0) == nil)
        // Some left on each side.
        #expect(SyncPlanner.emptySideRefusal(statusCount: 40, localCount: 1, remoteCount: 39) == nil)
    }
}
