import Foundation

/// The name the import's code and tests knew these fields by.
typealias ContactFields = PersonFields

/// A person's fields as an import sees them: what changed, and the merge of the user's
/// edits with a card's values on re-import (the import keeps a ``PersonFieldsDigest`` of
/// what the card gave, to tell the two apart).
extension PersonFields {
    /// The fields of `person` (what a re-import compares the card with).
    init(person p: Person) { self = p.fields }

    /// Writes these fields into a draft.
    func apply(to d: inout PersonDraft) { d.fields = self }

    /// The names of the fields that differ, for "updated: email, phone".
    func changes(from o: PersonFields) -> [String] {
        Self.steps.filter { step in
            switch step {
            case .name: displayName != o.displayName || name != o.name
            case .nicknames: nicknames != o.nicknames
            case .emails: emails != o.emails
            case .phones: phones != o.phones
            case .addresses: addresses != o.addresses
            case .urls: urls != o.urls
            case .vcardLines: vcardLines != o.vcardLines
            case .plain(let i): Self.plainFields[i].differs(self, o)
            }
        }.map(\.label)
    }

    /// The fields after a re-import: a field the user left as the last import gave it
    /// (its hash in `s` is that of the field in `c`) follows the card; a field the user
    /// changed in Kith stays. With no earlier snapshot (a person the user made), only
    /// empty fields are filled and lists gain new values.
    static func merged(current c: PersonFields, snapshot s: PersonFieldsDigest?, card n: PersonFields) -> PersonFields {
        var r = c
        let held = s.map { (now: PersonFieldsDigest(c), then: $0) }
        /// Whether the field holds what the card gave last time; nil without a snapshot.
        func asImported(_ hash: (PersonFieldsDigest) -> UInt64) -> Bool? { held.map { hash($0.now) == hash($0.then) } }
        func pick<T: Equatable>(_ kp: WritableKeyPath<PersonFields, T>, _ hash: KeyPath<PersonFieldsDigest, UInt64>, isEmpty: (T) -> Bool) {
            if asImported({ $0[keyPath: hash] }) ?? isEmpty(c[keyPath: kp]) { r[keyPath: kp] = n[keyPath: kp] }
        }
        func list<T: Equatable>(_ kp: WritableKeyPath<PersonFields, [T]>, _ hash: KeyPath<PersonFieldsDigest, UInt64>) {
            if let same = asImported({ $0[keyPath: hash] }) {
                if same { r[keyPath: kp] = n[keyPath: kp] }
            } else {
                for v in n[keyPath: kp] where !r[keyPath: kp].contains(v) { r[keyPath: kp].append(v) }
            }
        }
        pick(\.displayName, \.displayName) { $0.isEmpty }
        pick(\.name, \.name) { $0 == PersonName() }
        list(\.nicknames, \.nicknames)
        if s == nil {
            // Contact details compare loosely: the same address with another label is the same.
            for v in n.emails where !r.emails.contains(where: { EmailKey.key($0.value) == EmailKey.key(v.value) }) { r.emails.append(v) }
            for v in n.phones
            where !r.phones.contains(where: { p in
                guard let a = PhoneKey.key(p.value), let b = PhoneKey.key(v.value) else { return p.value == v.value }
                return PhoneKey.same(a, b)
            }) { r.phones.append(v) }
        } else {
            list(\.emails, \.emails)
            list(\.phones, \.phones)
        }
        list(\.addresses, \.addresses)
        list(\.urls, \.urls)
        list(\.vcardLines, \.vcardLines)
        for (i, f) in plainFields.enumerated() {
            f.followCard(&r, c, asImported: asImported { $0.plain[i] }, n)
        }
        return r
    }
}
