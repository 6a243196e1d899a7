import GRDB

extension Journal {
    /// Who knows what: traits whose text or kind name contains every word of `search`
    /// (case- and diacritic-insensitive), optionally of one trait kind and its
    /// subcategories, grouped by person (by name), newest first within each.
    public func traits(search: String? = nil, kind: Int64? = nil) throws -> [PersonTraits] {
        try read { db in
            var whereSQL = "1"
            var args: [(any DatabaseValueConvertible)?] = []
            if let kind {
                let ids = try Journal.subtreeIDs(db, id: Journal.requireCategory(db, id: kind, kind: .trait).id)
                whereSQL = "t.categoryId IN (\(ids.map { _ in "?" }.joined(separator: ",")))"
                args = ids
            }
            var entries = try Journal.traitEntries(db, where: whereSQL, arguments: StatementArguments(args), withPerson: true)
            let words = (search ?? "").split(whereSeparator: { $0.isWhitespace }).map { NameMatcher.fold(String($0)) }
            if !words.isEmpty {
                entries = entries.filter { e in
                    let hay = NameMatcher.fold(e.entry.text + " " + e.entry.category.path)
                    return words.allSatisfy { hay.contains($0) }
                }
            }
            var out: [PersonTraits] = []
            for e in entries {
                if let i = out.firstIndex(where: { $0.person.id == e.person!.id }) { out[i].traits.append(e.entry) }
                else { out.append(PersonTraits(person: e.person!, traits: [e.entry])) }
            }
            return out.sorted {
                let a = NameMatcher.fold($0.person.displayName), b = NameMatcher.fold($1.person.displayName)
                return a != b ? a < b : $0.person.id < $1.person.id
            }
        }
    }
}
