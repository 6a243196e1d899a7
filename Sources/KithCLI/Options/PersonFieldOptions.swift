import ArgumentParser
import Foundation
import Kith

/// Contact fields shared by `add` and `edit`.
struct PersonFieldOptions: ParsableArguments {
    @Option(name: .customLong("in"), help: "The relation category, as Main or Main/Sub.")
    var relation: String?
    @Option(help: "An email address (repeat for several).") var email: [String] = []
    @Option(help: "A phone number (repeat for several).") var phone: [String] = []
    @Option(help: "A nickname (repeat for several).") var nickname: [String] = []
    @Option(parsing: .unconditional, help: "Birthday as YYYY-MM-DD, or --MM-DD without a year.") var birthday: String?
    @Option(help: "Organisation.") var org: String?
    @Option(help: "Job title.") var title: String?
    @Option(help: "A free note.") var note: String?
    @Flag(help: "Keep an e-mail or phone that does not look like one (with a warning) instead of refusing it.")
    var force = false

    /// Whether none of the fields was given (`kith person edit NAME --every 1w` alone).
    var changesNothing: Bool {
        relation == nil && email.isEmpty && phone.isEmpty && nickname.isEmpty && birthday == nil && org == nil && title == nil && note == nil
    }

    /// Refuses (or with --force, warns about) e-mails and phones that do not look like ones.
    func checkContacts() throws {
        let problems =
            email.compactMap { e in ContactCheck.emailProblem(e).map { "\"\(e)\" is not an e-mail address: \($0)" } }
            + phone.compactMap { p in ContactCheck.phoneProblem(p).map { "\"\(p)\" is not a phone number: \($0)" } }
        guard let first = problems.first else { return }
        if force {
            for p in problems { StandardError.warn(p, "kept because of --force") }
        } else {
            throw UserError(first, "correct it, or add --force to keep it as written")
        }
    }

    func birthdayDate() throws -> PartialDate? {
        guard let birthday else { return nil }
        guard let date = PartialDate(birthday) else {
            throw UserError("cannot read the birthday \"\(birthday)\"", "write it as 1990-04-12, or --04-12 without a year")
        }
        return date
    }

    /// The relation category id `--in` names, looked up before any write.
    func relationID(_ journal: Journal) throws -> Int64? {
        try relation.map { try journal.category(kind: .relation, path: $0).id }
    }

    /// Applies the fields to a draft: lists are appended to, the rest replaced.
    func apply(to draft: inout PersonDraft, relationID: Int64?) throws {
        try checkContacts()
        if let relationID { draft.relationID = relationID }
        for e in email where !draft.emails.contains(where: { $0.value == e }) { draft.emails.append(LabeledValue(e)) }
        for p in phone where !draft.phones.contains(where: { $0.value == p }) { draft.phones.append(LabeledValue(p)) }
        for n in nickname where !draft.nicknames.contains(n) { draft.nicknames.append(n) }
        if let date = try birthdayDate() { draft.birthday = date }
        if let org { draft.organization = org }
        if let title { draft.title = title }
        if let note { draft.note = note }
    }
}
