import Kith

extension Journal {
    /// The person a command-line argument names: `#12` by id (as `kith person list` and
    /// `kith person duplicates` show it), else by name as `resolvePerson` matches it.
    /// An ambiguous name lists the candidates with their ids, so that even people with
    /// the same name can be told apart.
    func person(argument: String) throws -> Person {
        if argument.hasPrefix("#"), let id = Int64(argument.dropFirst()) {
            return try person(id: id)
        }
        return try person(id: personID(argument: argument))
    }

    /// The id of ``person(argument:)``, without reading the rest of the person (for
    /// `--with` on filters and new events). `#12` must name someone.
    func personID(argument: String) throws -> Int64 {
        if argument.hasPrefix("#"), let id = Int64(argument.dropFirst()) {
            return try person(id: id).id
        }
        do {
            return try resolvePersonID(argument)
        } catch JournalError.ambiguousPerson(let name, let candidates) {
            let names = Set(candidates)
            let matches = try people().filter { names.contains($0.displayName) }
            let listed = matches.map { "\"\($0.displayName)\" (#\($0.id))" }.joined(separator: ", ")
            throw UserError("\"\(name)\" could be \(listed)", "give more of the name, or the #id")
        }
    }
}
