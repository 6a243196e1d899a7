import Foundation

/// The name the import's code and tests knew these fields by.
typealias ContactFields = PersonFields

/// A person's fields as an import sees them: the snapshot kept to tell the user's edits
/// from the card's values on re-import, what changed, and the merge of both.
extension PersonFields {
    /// The fields of `person` (what a re-import compares the card with).
    init(person p: Person) { self = p.fields }

    /// The snapshot kept in `personImport`: the JSON that `JSONDecoder` reads back as these
    /// fields, written by hand (a `JSONEncoder` per card was an eighth of an import). The
    /// same fields always give the same text, so a re-import compares snapshots as strings.
    var snapshotJSON: String {
        var o = SnapshotWriter(capacity: 600 + vcardLines.reduce(0) { $0 + $1.utf8.count + 3 } + note.utf8.count)
        for step in Self.steps {
            let fields = Self.plainFields
            switch step {
            case .name:
                o.raw("{\"displayName\":"); o.string(displayName)
                o.raw(",\"name\":{\"family\":"); o.string(name.family)
                o.raw(",\"given\":"); o.string(name.given)
                o.raw(",\"additional\":"); o.string(name.additional)
                o.raw(",\"prefixes\":"); o.string(name.prefixes)
                o.raw(",\"suffixes\":"); o.string(name.suffixes)
                o.raw("}")
            case .nicknames: o.raw(",\"nicknames\":"); o.strings(nicknames)
            case .emails: o.raw(",\"emails\":"); o.labeled(emails)
            case .phones: o.raw(",\"phones\":"); o.labeled(phones)
            case .addresses:
                o.raw(",\"addresses\":[")
                for (i, a) in addresses.enumerated() {
                    o.raw(i == 0 ? "{\"label\":" : ",{\"label\":"); o.string(a.label)
                    o.raw(",\"poBox\":"); o.string(a.poBox)
                    o.raw(",\"extended\":"); o.string(a.extended)
                    o.raw(",\"street\":"); o.string(a.street)
                    o.raw(",\"locality\":"); o.string(a.locality)
                    o.raw(",\"region\":"); o.string(a.region)
                    o.raw(",\"postalCode\":"); o.string(a.postalCode)
                    o.raw(",\"country\":"); o.string(a.country)
                    o.raw("}")
                }
                o.raw("]")
            case .urls: o.raw(",\"urls\":"); o.labeled(urls)
            case .vcardLines: o.raw(",\"vcardLines\":"); o.strings(vcardLines)
            case .plain(let i): fields[i].writeSnapshot(self, &o)
            }
        }
        o.raw("}")
        return String(decoding: o.bytes, as: UTF8.self)
    }

    /// The fields a snapshot holds; nil when it is not one.
    static func fromSnapshot(_ json: String) -> PersonFields? {
        try? JSONDecoder().decode(PersonFields.self, from: Data(json.utf8))
    }

    /// Writes these fields into a draft.
    func apply(to d: inout PersonDraft) { d.fields = self }

    /// The names of the fields that differ, for "updated: email, phone".
    func changes(from o: PersonFields) -> [String] {
        var out: [String] = []
        for step in Self.steps {
            let fields = Self.plainFields
            switch step {
            case .name: if displayName != o.displayName || name != o.name { out.append("name") }
            case .nicknames: if nicknames != o.nicknames { out.append("nicknames") }
            case .emails: if emails != o.emails { out.append("emails") }
            case .phones: if phones != o.phones { out.append("phones") }
            case .addresses: if addresses != o.addresses { out.append("addresses") }
            case .urls: if urls != o.urls { out.append("URLs") }
            case .vcardLines: if vcardLines != o.vcardLines { out.append("kept vCard properties") }
            case .plain(let i): if fields[i].differs(self, o) { out.append(fields[i].label) }
            }
        }
        return out
    }

    /// The fields after a re-import: a field the user left as the last import gave it
    /// follows the card; a field the user changed in Kith stays. With no earlier snapshot
    /// (a person the user made), only empty fields are filled and lists gain new values.
    static func merged(current c: PersonFields, snapshot s: PersonFields?, card n: PersonFields) -> PersonFields {
        var r = c
        func pick<T: Equatable>(_ kp: WritableKeyPath<PersonFields, T>, isEmpty: (T) -> Bool) {
            if let s {
                if c[keyPath: kp] == s[keyPath: kp] { r[keyPath: kp] = n[keyPath: kp] }
            } else if isEmpty(c[keyPath: kp]) {
                r[keyPath: kp] = n[keyPath: kp]
            }
        }
        func list<T: Equatable>(_ kp: WritableKeyPath<PersonFields, [T]>) {
            if let s {
                if c[keyPath: kp] == s[keyPath: kp] { r[keyPath: kp] = n[keyPath: kp] }
            } else {
                for v in n[keyPath: kp] where !r[keyPath: kp].contains(v) { r[keyPath: kp].append(v) }
            }
        }
        pick(\.displayName) { $0.isEmpty }
        pick(\.name) { $0 == PersonName() }
        list(\.nicknames)
        if s == nil {
            // Contact details compare loosely: the same address with another label is the same.
            for v in n.emails where !r.emails.contains(where: { EmailKey.key($0.value) == EmailKey.key(v.value) }) { r.emails.append(v) }
            for v in n.phones
            where !r.phones.contains(where: { p in
                guard let a = PhoneKey.key(p.value), let b = PhoneKey.key(v.value) else { return p.value == v.value }
                return PhoneKey.same(a, b)
            }) { r.phones.append(v) }
        } else {
            list(\.emails)
            list(\.phones)
        }
        list(\.addresses)
        list(\.urls)
        list(\.vcardLines)
        for f in plainFields { f.followCard(&r, c, s, n) }
        return r
    }
}
