import Foundation
import GRDB

extension Journal {
    /// Lookup tables for matching cards to people, kept current as the file imports.
    struct PersonIndex {
        var byUID: [String: Int64] = [:]
        var byEmail: [String: Int64] = [:]
        var byPhone: [String: Int64] = [:]
        /// Display names by person id, to tell whether an e-mail or phone hit is the same person.
        var names: [Int64: String] = [:]
        /// Local numbers (no country code) by their digits, and international numbers by
        /// their last 7 to 12 digits, so that one matches the end of the other in O(1).
        var localPhones: [String: Int64] = [:]
        /// Made the first time a local number is looked up (most imports have none); until
        /// then the international numbers wait in `pendingIntl`, in order.
        var intlSuffixes: [String: Int64]?
        var pendingIntl: [(key: String, id: Int64)] = []
        /// People by birthday, with their names and folded names (folded once, the first time
        /// a card has that birthday: folding every candidate for every card grew with the book).
        var byBirthday: [String: [(id: Int64, name: String, key: String?)]] = [:]
        /// People imported before from this file, for cards with nothing else to match by;
        /// their folded names are computed the first time such a card comes.
        var sourceNames: [(id: Int64, name: String)] = []
        var bySourceAndName: [String: Int64]?
        /// Category paths resolved so far in this import.
        let categories = CategoryCache()
        let fileName: String
        /// Paths of the `into` and `Imported/<file>` categories, for messages.
        var intoPath = ""
        var fallbackPath = ""

        init(_ db: Database, fileName: String) throws {
            self.fileName = fileName
            // Read straight from SQLite, columns by position: GRDB's rows cost more than the
            // index itself on a re-import of a large book.
            var sourceNames: [(id: Int64, name: String)] = []
            try RawRow.each(
                db, db.cachedStatement(sql: "SELECT p.id, p.displayName FROM personImport i JOIN person p ON p.id = i.personId WHERE i.source = ?"),
                { $0.text(fileName) }
            ) { c in
                sourceNames.append((c.int(0), c.text(1)))
            }
            self.sourceNames = sourceNames
            var byUID: [String: Int64] = [:], names: [Int64: String] = [:], byBirthday: [String: [(id: Int64, name: String, key: String?)]] = [:]
            try RawRow.each(db, db.cachedStatement(sql: "SELECT id, uid, displayName, birthday FROM person"), { _ in }) { c in
                let id = c.int(0)
                byUID[c.text(1)] = id
                names[id] = c.text(2)
                if let b = c.optionalText(3) { byBirthday[b, default: []].append((id, c.text(2), nil)) }
            }
            self.byUID = byUID
            self.names = names
            self.byBirthday = byBirthday
            var contacts: [(id: Int64, email: Bool, value: String)] = []
            try RawRow.each(
                db, db.cachedStatement(sql: "SELECT personId, kind, value FROM personContact WHERE kind IN ('email', 'phone') ORDER BY personId"), { _ in }
            ) { c in
                contacts.append((c.int(0), ContactKind(rawValue: c.text(1)) == .email, c.text(2)))
            }
            for (id, email, v) in contacts {
                if email {
                    let key = EmailKey.key(v)
                    if byEmail[key] == nil { byEmail[key] = id }
                } else if let k = PhoneKey.key(v) {
                    addPhone(k, id)
                }
            }
        }

        mutating func addPhone(_ k: String, _ id: Int64) {
            if byPhone[k] == nil { byPhone[k] = id }
            if k.hasPrefix("+") {
                if intlSuffixes == nil { pendingIntl.append((k, id)) } else { Self.addSuffixes(k, id, to: &intlSuffixes!) }
            } else if localPhones[k] == nil {
                localPhones[k] = id
            }
        }

        static func addSuffixes(_ k: String, _ id: Int64, to map: inout [String: Int64]) {
            let digits = Array(k.utf8.dropFirst())
            for n in 7...12 where digits.count > n {
                let suffix = String(decoding: digits[(digits.count - n)...], as: UTF8.self)
                if map[suffix] == nil { map[suffix] = id }
            }
        }

        /// The person with exactly this phone key (`exact`), else one whose number merely
        /// ends like it: a local number at the end of an international one, or the other way
        /// round. Only an exact one can make a card that person; the other only says that they
        /// may be the same (two numbers that end alike are often different people's).
        mutating func phoneMatch(_ k: String) -> (id: Int64, exact: Bool)? {
            if let id = byPhone[k] { return (id, true) }
            if k.hasPrefix("+") {
                // The end of an international number may be a known local one.
                guard !localPhones.isEmpty else { return nil }
                let digits = Array(k.utf8.dropFirst())
                for n in 7...12 where digits.count > n {
                    if let id = localPhones[String(decoding: digits[(digits.count - n)...], as: UTF8.self)] { return (id, false) }
                }
                return nil
            }
            if intlSuffixes == nil {
                var map: [String: Int64] = [:]
                for p in pendingIntl { Self.addSuffixes(p.key, p.id, to: &map) }
                intlSuffixes = map
                pendingIntl = []
            }
            if let id = intlSuffixes?[k] { return (id, false) }
            return nil
        }

        /// What a card is looked up by, worked out once for both ``match(_:keys:)`` and
        /// ``add(_:_:keys:uid:)`` (lowercasing, phone keys and dates showed in profiles).
        struct Keys {
            /// Lowercased address and the address as written, in the card's order.
            var emails: [(key: String, value: String)] = []
            /// ``PhoneKey`` and the number as written, for numbers that have a key.
            var phones: [(key: String, value: String)] = []
            var birthday: String?

            init(_ f: PersonFields) {
                emails = f.emails.map { (EmailKey.key($0.value), $0.value) }
                phones = f.phones.compactMap { p in PhoneKey.key(p.value).map { ($0, p.value) } }
                birthday = f.birthday?.description
            }
        }

        /// What ``match(_:keys:)`` found: the person a card is and the rule that said so,
        /// or else someone it may be a duplicate of, and why.
        struct Match {
            var person: (id: Int64, rule: MatchRule)?
            var possibleDuplicate: (id: Int64, why: String)?
        }

        /// Whether the person `id` has the card's name (case- and diacritic-insensitive).
        func sameName(_ id: Int64, _ cardKey: String) -> Bool {
            names[id].map { NameMatcher.fold($0) == cardKey } ?? false
        }

        /// The person a card is, and the rule that said so. `keys` is made here when the
        /// UID does not decide (a re-import matches nearly every card by UID alone).
        ///
        /// An e-mail address or a phone number (compared whole, after normalising) makes
        /// the card that person only when the names agree too: a shared family address or
        /// an old number passed on is not the same person. Such a hit, or a number that
        /// merely ends like someone's, is returned as a possible duplicate instead.
        mutating func match(_ c: ImportedContact, keys: inout Keys?) -> Match {
            if let u = c.uid, let id = byUID[u] { return Match(person: (id, .sameUID)) }
            if keys == nil { keys = Keys(c.fields) }
            let k = keys!
            var result = Match()
            var cardKey: String?
            func nameAgrees(_ id: Int64) -> Bool {
                if cardKey == nil { cardKey = NameMatcher.fold(c.fields.displayName) }
                return sameName(id, cardKey!)
            }
            for e in k.emails {
                guard let id = byEmail[e.key] else { continue }
                if nameAgrees(id) { return Match(person: (id, .sameEmail(e.value))) }
                if result.possibleDuplicate == nil { result.possibleDuplicate = (id, "same e-mail \(e.value), another name") }
            }
            for p in k.phones {
                guard let hit = phoneMatch(p.key) else { continue }
                if hit.exact && nameAgrees(hit.id) { return Match(person: (hit.id, .samePhone(p.value))) }
                if result.possibleDuplicate == nil {
                    result.possibleDuplicate = (
                        hit.id,
                        hit.exact
                            ? "same phone \(p.value), another name"
                            : "phone \(p.value) and theirs end alike"
                    )
                }
            }
            if let b = k.birthday, var candidates = byBirthday[b] {
                if candidates.contains(where: { $0.key == nil }) {
                    for i in candidates.indices where candidates[i].key == nil { candidates[i].key = NameMatcher.fold(candidates[i].name) }
                    byBirthday[b] = candidates
                }
                // The last one with that name wins, as it did when this was one dictionary.
                let key = NameMatcher.fold(c.fields.displayName)
                if let hit = candidates.last(where: { $0.key == key }) {
                    return Match(person: (hit.id, .sameNameAndBirthday))
                }
            }
            if c.uid == nil, !sourceNames.isEmpty {
                if bySourceAndName == nil {
                    var map: [String: Int64] = [:]
                    for p in sourceNames { map[NameMatcher.fold(p.name)] = p.id }
                    bySourceAndName = map
                }
                if let id = bySourceAndName?[NameMatcher.fold(c.fields.displayName)] { return Match(person: (id, .sameNameSameFile)) }
            }
            return result
        }

        mutating func add(_ id: Int64, _ c: PersonFields, keys: Keys, uid: String) {
            byUID[uid] = id
            names[id] = c.displayName
            for e in keys.emails where byEmail[e.key] == nil { byEmail[e.key] = id }
            for p in keys.phones { addPhone(p.key, id) }
            if let b = keys.birthday { byBirthday[b, default: []].append((id, c.displayName, nil)) }
        }
    }
}
