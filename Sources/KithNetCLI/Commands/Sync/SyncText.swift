import Foundation
import Kith
import KithCLI
import KithSync

/// The text of `kith sync`, `kith sync add` and `kith sync status`.
enum SyncText {
    static func report(_ report: SyncReport) -> String {
        var lines: [String] = []
        for c in report.collections {
            let noun = c.kind == .contacts ? "people" : "events"
            let head = "\(report.account) \(noun):"
            if let refused = c.refused {
                switch refused {
                case .localEmptied(let n):
                    lines.append(
                        "\(head) refused: the journal has none of the \(n) \(noun) synced before (kith sync \(report.account) --force deletes them on the server)"
                    )
                case .remoteEmptied(let n):
                    lines.append(
                        "\(head) refused: the server has none of the \(n) \(noun) synced before (kith sync \(report.account) --force deletes them here)")
                }
                continue
            }
            let dry = report.dryRun
            var parts: [String] = []
            func add(_ n: Int, _ done: String, _ planned: String) { if n > 0 { parts.append("\(n) " + (dry ? planned : done)) } }
            add(c.pulled, "pulled", "to pull")
            add(c.pushed, "pushed", "to push")
            add(c.merged, "merged", "to merge")
            add(c.deletedLocally, "deleted here", "to delete here")
            add(c.deletedRemotely, "deleted on the server", "to delete on the server")
            add(c.adopted, "already alike", "already alike")
            lines.append(parts.isEmpty ? "\(head) up to date" : "\(head) \(parts.joined(separator: ", "))")
            if report.dryRun {
                for item in c.plan.prefix(20) { lines.append("  \(phrase(item.action)) \(item.name.map { "\($0) (\(item.uid))" } ?? item.uid)") }
                if c.plan.count > 20 { lines.append("  … and \(c.plan.count - 20) more (--json lists them all)") }
            }
            for conflict in c.conflicts {
                lines.append(
                    "  conflict: \(conflict.item), \(conflict.field): kept \(quoted(conflict.kept)); \(quoted(conflict.lost)) is in the \(conflict.lostKeptIn)")
            }
            if !c.skipped.isEmpty {
                lines.append(
                    "  skipped \(c.skipped.count) server item\(c.skipped.count == 1 ? "" : "s") with no UID or a UID seen twice: \(c.skipped.prefix(3).joined(separator: ", "))"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `2026-11-27 23:10` in the local time zone.
    static func localTime(_ date: Date) -> String {
        let p = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", p.year!, p.month!, p.day!, p.hour!, p.minute!)
    }

    static func phrase(_ action: SyncAction) -> String {
        switch action {
        case .pushCreate: "send new   "
        case .pushUpdate: "send change"
        case .pushDelete: "delete there"
        case .pullCreate: "get new    "
        case .pullUpdate: "get change "
        case .pullDelete: "delete here"
        case .merge: "merge      "
        case .adopt: "record     "
        case .forget: "forget     "
        case .nothing: "nothing    "
        }
    }

    static func quoted(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\"" + (line.count > 60 ? line.prefix(59) + "…" : line) + "\""
    }

    static func added(_ account: SyncAccount, _ found: AccountSetupResult) -> String {
        func line(_ label: String, _ c: ChosenCollection) -> String {
            let how = c.how == "created" ? "created" : c.how == "found" ? "found, named Kith" : "as given"
            return "  \(label) \(c.url) (\(how))"
        }
        return """
            Added sync account \(account.name): \(account.url)\(account.user.isEmpty ? "" : " as \(account.user)")
            The server shows \(found.addressBooksSeen) address book\(found.addressBooksSeen == 1 ? "" : "s") and \(found.calendarsSeen) calendar\(found.calendarsSeen == 1 ? "" : "s").
            \(line("people:", found.addressBook)), vCard \(found.vCardVersion)
            \(line("events:", found.calendar))
            Next: kith sync \(account.name)
            """
    }

    static func status(_ accounts: [SyncStatusJSON]) -> String {
        guard !accounts.isEmpty else { return "No sync account yet: kith sync add NAME --url URL" }
        var lines: [String] = []
        for a in accounts {
            lines.append("\(a.name): \(a.url)\(a.user.isEmpty ? "" : " as \(a.user)")")
            if let ca = a.caFile { lines.append("  trusts the certificates in \(ca)") }
            for c in a.collections {
                let noun = c.kind == "contacts" ? "people" : "events"
                let pending = c.toPush == 0 ? "" : ", \(c.toPush) to send"
                let when = c.syncedAt.map { ", last synced \(localTime($0))" } ?? ", never synced"
                lines.append("  \(noun): \(c.synced) synced\(pending)\(when)  \(c.url)")
            }
            if !a.conflicts.isEmpty {
                let n = a.conflicts.count
                lines.append("  \(n) conflict\(n == 1 ? "" : "s") (a field changed on both sides; the value that lost is in the item's note):")
                for c in a.conflicts.suffix(5) {
                    lines.append("    \(c.at.prefix(10)) \(c.item), \(c.field): kept \(quoted(c.kept)); \(quoted(c.lost)) is in the \(c.keptIn)")
                }
                if n > 5 { lines.append("    … and \(n - 5) older (kith sync status --json lists them all)") }
            }
        }
        return lines.joined(separator: "\n")
    }
}
