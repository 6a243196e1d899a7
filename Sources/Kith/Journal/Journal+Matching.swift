import GRDB

extension Journal {
    /// People with this email address (case-insensitive), for matching imported cards.
    public func personIDs(email: String) throws -> [Int64] {
        let e = email.kithTrimmed(newlines: false)
        guard !e.isEmpty else { return [] }
        return try read { db in
            try Int64.fetchAll(
                db, sql: "SELECT DISTINCT personId FROM personContact WHERE kind = 'email' AND value = ? COLLATE NOCASE ORDER BY personId",
                arguments: [e])
        }
    }

    /// People whose display name is `name` (case- and diacritic-insensitive, inner spaces
    /// collapsed), by id: for telling the user that a name is already taken.
    public func personIDs(named name: String) throws -> [Int64] {
        let key = NameMatcher.fold(name)
        guard !key.isEmpty else { return [] }
        return try read { db in
            var ids = try Int64.fetchAll(db, sql: "SELECT id FROM person WHERE nameKey = ?", arguments: [key])
            for row in try Row.fetchAll(db, sql: "SELECT id, displayName FROM person WHERE nameKey IS NULL")
            where NameMatcher.fold(row["displayName"] as String) == key { ids.append(row["id"]) }
            return ids.sorted()
        }
    }

    /// People with this phone number, compared by digits only (so `+351 912-345-678` matches
    /// `351912345678`); numbers with fewer than 6 digits match nothing.
    public func personIDs(phone: String) throws -> [Int64] {
        let key = PhoneKey.digits(phone)
        guard key.count >= 6 else { return [] }
        return try read { db in
            try Row.fetchAll(db, sql: "SELECT personId, value FROM personContact WHERE kind = 'phone'")
                .filter { PhoneKey.digits($0["value"]) == key }.map { $0["personId"] as Int64 }
                .reduce(into: [Int64]()) { if !$0.contains($1) { $0.append($1) } }.sorted()
        }
    }

    /// Pairs of people who are likely the same: the same name (case- and
    /// diacritic-insensitive), a shared email or phone, a phone number that ends another
    /// (`similar phone`), or a very similar name with the same birthday. Each pair appears
    /// once, first by id.
    /// - Complexity: O(people²) for the name comparison, O(phones) for the phones.
    public func likelyDuplicates() throws -> [DuplicatePair] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, displayName, birthday FROM person ORDER BY id")
            let people = rows.map {
                (
                    id: $0["id"] as Int64, name: $0["displayName"] as String,
                    key: NameMatcher.fold($0["displayName"]), birthday: $0["birthday"] as String?
                )
            }
            var reasons: [[Int64]: [String]] = [:]
            func add(_ a: Int64, _ b: Int64, _ why: String) {
                let k = [min(a, b), max(a, b)]
                if !(reasons[k]?.contains(why) ?? false) { reasons[k, default: []].append(why) }
            }
            for i in people.indices {
                for j in people.indices where j > i {
                    let a = people[i], b = people[j]
                    if a.key == b.key {
                        add(a.id, b.id, "same name")
                    } else if let bd = a.birthday, bd == b.birthday, NameMatcher.distance(a.key, b.key) <= max(2, a.key.count / 4) {
                        add(a.id, b.id, "similar name and same birthday")
                    }
                }
            }
            var byEmail: [String: [Int64]] = [:], byPhone: [String: [Int64]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT personId, kind, value FROM personContact WHERE kind IN ('email', 'phone')") {
                let id: Int64 = row["personId"], value: String = row["value"]
                if ContactKind(rawValue: row["kind"]) == .email {
                    byEmail[EmailKey.key(value), default: []].append(id)
                } else if PhoneKey.digits(value).count >= 6 {
                    byPhone[PhoneKey.digits(value), default: []].append(id)
                }
            }
            for (groups, why) in [(byEmail, "same email"), (byPhone, "same phone")] {
                for ids in groups.values {
                    let unique = Array(Set(ids)).sorted()
                    for i in unique.indices { for j in unique.indices where j > i { add(unique[i], unique[j], why) } }
                }
            }
            // A number (7 digits at least) that is the end of a longer one: the same phone
            // with and without its country or area code, or two different phones. Import
            // never takes them for one person, so they are listed here to decide.
            // Each number by its ends of 7 digits and more, so that every one is looked up once.
            var byEnd: [String: [String]] = [:]
            for long in byPhone.keys where long.count > 7 {
                for n in 7..<long.count { byEnd[String(long.suffix(n)), default: []].append(long) }
            }
            for (key, shortIDs) in byPhone {
                // A local number's trunk zeros (`0151…`) are not part of the international one.
                let short = String(key.drop { $0 == "0" })
                guard short.count >= 7 else { continue }
                for long in byEnd[short] ?? [] where long != key {
                    let longIDs = byPhone[long] ?? []
                    for a in Set(shortIDs) { for b in Set(longIDs) where a != b { add(a, b, "similar phone") } }
                }
            }
            let names = Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0.name) })
            return reasons.keys.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { k in
                DuplicatePair(
                    first: PersonRef(id: k[0], displayName: names[k[0]] ?? ""),
                    second: PersonRef(id: k[1], displayName: names[k[1]] ?? ""), reasons: reasons[k]!)
            }
        }
    }
}
